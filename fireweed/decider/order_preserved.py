"""Gate 2, ``order_preserved``: who-did-what-to-whom must run the way the evidence runs.

The claim's words are aligned to the evidence by stem. A transposition is a pair of participants
A and B with a word R between them in the claim (A … R … B) that the evidence has the other way
round (B … R … A), as in "Acme joined Ada Lee" against "Ada Lee joined Acme". Moving a whole
clause or adverbial ("In 2019, Ada Lee joined Acme") never produces that pattern, so it passes.

Participants are names (and object pronouns that point back to a name in the claim: "Ada's son
lives with her"), and, inside one clause, any content word or number; an -ed/-ing word is an
event that may move freely, unless a determiner or possessive makes it a noun ("the painting"). A passive on one side only
("Acme hired Ada" / "Ada was hired by Acme", "Ada was hired in May by Acme") flips the expected
order, and only for its "by" agent: an agentless passive ("the painting was lent to Acme") names no
doer, and "the painting was lent to the museum by Acme" does not have the museum lending it. The
voice is a property of the verb alone (see :func:`.subject_grounded.passive_voice`).

A second check binds the claim's subject to its verb: if the evidence mentions the subject only
after that verb (and not as "by X"), the evidence says someone else did it.

>>> check("In 2019, Ada Lee joined Acme.", "Ada Lee joined Acme in 2019.").ok
True
>>> check("Acme joined Ada Lee.", "Ada Lee joined Acme in 2019.").code
'relation_transposed'
>>> check("Ada Lee was hired by Acme.", "Acme hired Ada Lee.").ok
True
>>> check("The coach thanked Ada Lee.", "Ada Lee thanked the coach.").code
'relation_transposed'
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable

from dataclasses import dataclass

from .text import (
    ARTICLES,
    DEMONSTRATIVES,
    NEGATIONS,
    OBJECT_PRONOUNS,
    POSSESSIVE_DETERMINERS,
    PREPOSITIONS,
    STOPWORDS,
    Analysis,
    NameSpan,
    Token,
    WEEKDAYS,
    analyze,
    opening_clause_end,
    stem,
)
from .lexicon import BE_FORMS, is_verb, past_form, role_word
from .subject_grounded import manner_adverb, passive_agent_at, passive_voice, subject_binding
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "GATE", "CODE"]

GATE = "order_preserved"
CODE = "relation_transposed"

# Prepositions that carry direction or place one thing relative to another, so "from A to B"
# vs "from B to A" and "an urn beside the awl" vs "an awl beside the urn" are caught.
_RELATIONAL_PREPS: frozenset[str] = frozenset(
    {"to", "from", "by", "for", "with", "than", "into", "onto", "toward", "towards", "against",
     "beside", "behind", "above", "below", "beneath", "underneath", "under", "inside", "outside",
     "opposite", "alongside", "atop", "near"}
)


# Not frozen: _units builds one per word of both texts, a frozen __init__ costs twice as much, and
# units are private to this module and never changed after they are made.
@dataclass(slots=True)
class _Unit:
    key: str
    index: int  # token index (first token of a name)
    clause: int
    entity: bool
    label: str
    participant: bool = True  # may play A or B in a transposition


# Words after which an -ed/-ing word is a noun ("the painting", "her drawing", "Ada's recording"),
# not a participle. "that" is left out: it is as often a relative or a complementiser ("the firm
# that hired Ada").
_DETERMINERS: frozenset[str] = (ARTICLES | DEMONSTRATIVES | POSSESSIVE_DETERMINERS) - {"that"}


def _event_like(toks: tuple[Token, ...], i: int) -> bool:
    """Participles name events, not participants: "asked ... after finding" may reorder freely.

    An -ed/-ing word right after a determiner or a possessive is a noun ("lent the painting"),
    and a noun is a participant like any other content word.
    """
    norm = toks[i].norm
    if not (len(norm) > 4 and norm.endswith(("ed", "ing"))):
        return False
    if i > 0 and (toks[i - 1].norm in _DETERMINERS or toks[i - 1].possessive):
        return False
    return True


def _unit_clauses(a: Analysis) -> list[int]:
    """The analysis's clause numbers, with a name set off by commas after a noun ("the driver,
    Tomasz Wierzbicki, will call") counted in the clause around it: an apposition is no clause."""
    ids = list(a.clauses)
    toks = a.tokens
    for span in a.names:
        f, last = span.first, span.last
        if f < 1 or last + 1 >= len(toks) or ids[f] == ids[f - 1] or ids[last + 1] == ids[last]:
            continue  # not set off on both sides
        if any(ids[k] != ids[f] for k in range(f, last + 1)) or (f > 1 and ids[f - 2] != ids[f - 1]):
            continue
        if a.text[toks[f - 1].end:toks[f].start].strip() != "," or a.text[toks[last].end:toks[last + 1].start].strip() != ",":
            continue
        if toks[f - 1].capitalized or toks[f - 1].norm in STOPWORDS:
            continue  # after a name ("Ada, Bo, and Cy") or a function word: a list, not an apposition
        host, after = ids[f - 1], ids[last + 1]
        for k in range(f, len(ids)):
            if ids[k] == after and k > last:
                ids[k] = host  # the clause goes on after the apposition...
            elif k <= last:
                ids[k] = host  # ...and the apposition is in it
            else:
                break
    _skip_relative_asides(a, ids)
    return ids


def _skip_relative_asides(a: Analysis, ids: list[int]) -> None:
    """Count the words after a relative clause set off by commas in the clause it interrupts: in
    "the van's owner, who was driving, exchanged details with Marguerite" the owner and Marguerite
    are one clause's participants; the relative clause stays a clause of its own."""
    toks = a.tokens

    def comma_before(k: int) -> bool:
        return a.text[toks[k - 1].end:toks[k].start].strip() == ","

    for k in range(1, len(toks)):
        if toks[k].norm not in ("who", "which", "whose") or not comma_before(k) or ids[k] == ids[k - 1]:
            continue
        m = next((j for j in range(k + 2, len(toks)) if ids[j] != ids[k]), None)
        if m is None or not comma_before(m) or toks[m].norm in ("and", "but", "or", "so", "while"):
            continue  # not closed by a comma, or what follows is a clause joined on, not the rest
        host, after = ids[k - 1], ids[m]
        for j in range(m, len(ids)):
            if ids[j] != after:
                break
            ids[j] = host


_WISHING_MODALS = frozenset({"would", "'d", "should"})
# a third person's subject and object forms: one participant either way
_PERSON_OF = {"he": "m", "him": "m", "she": "f", "her": "f", "they": "pl", "them": "pl"}


def _units(a: Analysis, resolve_pronouns: bool) -> list[_Unit]:
    toks = a.tokens
    by_first = {s.first: s for s in a.names}
    clauses = _unit_clauses(a)
    covered: set[int] = set()
    num_at: dict[int, str] = {}
    starts = [t.start for t in toks] if a.numerals else []
    for num in a.numerals:
        # Only the tokens around the numeral: scanning every token for every numeral was
        # quadratic (2 s for a legal claim of a few hundred numbers).
        k = max(bisect_right(starts, num.start) - 1, 0)
        while k > 0 and toks[k - 1].end > num.start:
            k -= 1  # the first half of a contraction starts where the second does
        label = f"#{num.kind}:{num.value!r}:{num.currency}"
        while k < len(toks) and toks[k].start < num.end:
            if num.start < toks[k].end:
                covered.add(k)
                num_at.setdefault(k, label)
            k += 1
    units: list[_Unit] = []
    last_name: tuple[str, str] | None = None
    i = 0
    while i < len(toks):
        t = toks[i]
        if i in by_first:
            span = by_first[i]
            key = "N:" + " ".join(span.key)
            units.append(_Unit(key, i, clauses[i], True, span.text))
            last_name = (key, span.text)
            i = span.last + 1
            continue
        if i in covered:
            if i in num_at and (i == 0 or num_at.get(i - 1) != num_at[i]):
                units.append(_Unit(num_at[i], i, clauses[i], False, t.text))
            i += 1
            continue
        if i > 0 and toks[i - 1].start == t.start and toks[i - 1].norm != t.norm:
            i += 1  # second half of a contraction
            continue
        n = t.norm
        if n in _PERSON_OF and (n != "her" or i + 1 >= len(toks) or toks[i + 1].norm in STOPWORDS
                                or not toks[i + 1].norm.isalpha()):
            # a pronoun keeps its side of the verb, whoever it stands for: "so that the basses
            # could hear her" is not "so that she could hear the basses" ("her horn" is no
            # participant)
            units.append(_Unit("PR:" + _PERSON_OF[n], i, clauses[i], False, t.text))
        if resolve_pronouns and last_name and n in OBJECT_PRONOUNS and n not in ("it", "you"):
            nxt = toks[i + 1].norm if i + 1 < len(toks) else ""
            if n != "her" or not nxt or nxt in STOPWORDS:
                units.append(_Unit(last_name[0], i, clauses[i], True, t.text))
            i += 1
            continue
        if n in _RELATIONAL_PREPS:
            units.append(_Unit("P:" + n, i, clauses[i], False, t.text))
        elif n in WEEKDAYS and len(n) > 5:  # (not "sat", "sun", "wed": words too)
            # "On Monday Bartek fitted ...": a day is when, and moves as a time does
            units.append(_Unit("#date:" + n, i, clauses[i], False, t.text, False))
        elif n not in STOPWORDS and n not in NEGATIONS or n == "like" and i > 0 and toks[i - 1].norm in _WISHING_MODALS:
            # ("would like" is a verb of wanting, whose two sides may not be swapped: "Greta would
            # like Dario to bring the stamp"; "like" alone is a preposition)
            units.append(_Unit("W:" + a.keys[i], i, clauses[i], False,
                               t.text, not _event_like(toks, i)))
        i += 1
    return units


def _evidence_positions(claim_units: list[_Unit], ev_units: list[_Unit]) -> dict[str, int]:
    """Evidence token index for each claim key that occurs exactly once in the evidence."""
    where: dict[str, list[int]] = {}
    for u in ev_units:
        where.setdefault(u.key, []).append(u.index)
    said: dict[str, int] = {}
    for u in claim_units:
        said[u.key] = said.get(u.key, 0) + 1
    out: dict[str, int] = {}
    for u in claim_units:
        if u.key in out:
            continue
        hits = where.get(u.key)
        if hits is not None and u.key.startswith("W:") and said[u.key] > len(hits):
            continue  # "driver ... will drive" against one "drive": which of the two it is, is unknown
        if hits is None and u.key.startswith("N:"):
            # A shorter claim name ("Lee") may sit inside a longer evidence name ("Ada Lee").
            words = u.key[2:].split(" ")
            hits = [
                ev.index
                for ev in ev_units
                if ev.key.startswith("N:") and _contains(ev.key[2:].split(" "), words)
            ]
        if hits and len(set(hits)) > 1 and u.key.startswith("N:"):
            # A name said once and reached again through a pronoun ("Ludovica will be assisted by
            # Cormac, who has danced with her"): the pronoun may stand for either name, so the
            # name's own mention is where it is
            named = {ev.index for ev in ev_units if ev.key == u.key and ev.label.lower() not in OBJECT_PRONOUNS}
            if len(named) == 1:
                hits = list(named)
        if hits and len(set(hits)) == 1:
            out[u.key] = hits[0]
    return out


def _contains(hay: list[str], needle: list[str]) -> bool:
    k = len(needle)
    return any(hay[i:i + k] == needle for i in range(len(hay) - k + 1))


def _voice(a: Analysis, index: int) -> int:
    """0 active, 1 passive without its agent ("was lent to Acme"), 2 passive with the agent
    named ("was hired by Acme", "was treated for a cut by Ada")."""
    passive, agent = passive_voice(a, index)
    return 2 if agent else 1 if passive else 0


# What may stand between a post's holder and the post: "Ada, the coach of Bo", "Ada is now the
# coach of Bo", "Ada was Bo's coach".
_HOLDER_LINKS = ARTICLES | frozenset({"is", "was", "are", "were", "now", "also", "still", "be", "been", "became", "becomes", "remains",
                                      "will", "would", "shall"})
_PERSONAL_POSSESSIVES = frozenset({"his", "her", "their"})


def _plain_noun(t: Token) -> bool:
    return t.norm.isalpha() and t.norm not in STOPWORDS and not t.capitalized and not t.possessive


def _post_noun(t: Token) -> bool:
    """A word that may name a post: a plain word that is a role or no verb ("captain", "understudy";
    not "beat" in "Marlpit Green's captain beat Barnaby")."""
    return _plain_noun(t) and (role_word(t.norm) or not is_verb(t.norm))


# A text's posts: the post word's key -> (holder, owner, the post's last token)
_Posts = dict[str, tuple[NameSpan, NameSpan, int]]


def _post_pairs(a: Analysis) -> _Posts:
    """Who holds a post and whose post it is, by the post word's key, in the forms that say it
    of two names: "O's R, H", "his R H" (his: the name before), "H, the R of O", "H is the R of
    O", "H is O's R". The post is the noun R ("coach", "understudy", "best man"); the value is
    (holder, owner, R's token index)."""
    toks = a.tokens
    spans = sorted(a.names, key=lambda sp: sp.first)
    ending = {sp.last: sp for sp in spans}
    starting = {sp.first: sp for sp in spans}
    out: _Posts = {}

    def owner_at(j: int, holder: NameSpan) -> NameSpan | None:
        """The name whose post begins after token ``j``: a possessive name ending there, or the
        last name before a possessive pronoun there that stands for someone (not one after an
        article: "the Ballymore performance")."""
        sp = ending.get(j)
        if sp is not None and sp.possessive:
            return sp
        if 0 <= j < len(toks) and toks[j].norm in _PERSONAL_POSSESSIVES:
            before = [sp for sp in spans if sp.last < j and sp is not holder and not sp.possessive
                      and not (sp.first > 0 and toks[sp.first - 1].norm in ARTICLES)]
            return before[-1] if before else None
        return None

    def holder_before(r_first: int) -> NameSpan | None:
        """The name whose post is the one starting at ``r_first``: before it, with only a comma, a
        copula and articles between ("Ada, the coach of", "Ada is now the coach of")."""
        k = r_first - 1
        while k >= 0 and toks[k].norm in _HOLDER_LINKS:
            k -= 1
        sp = ending.get(k)
        if sp is None or sp.possessive or k < 0:
            return None
        # something must link them: "Marlpit Green captain" is a name used as a modifier
        return sp if k < r_first - 1 or "," in a.text[toks[k].end:toks[r_first].start] else None

    def put(post: range, holder: NameSpan | None, owner: NameSpan | None) -> None:
        if holder is not None and owner is not None and holder.key != owner.key:
            for r in post:  # each word of "best man" stands for the post
                out[a.keys[r]] = (holder, owner, post[-1])

    for sp in spans:
        k = sp.first - 1  # "O's R, H" / "his R H": the holder right after the post (tokens hold no commas)
        if k >= 1 and _post_noun(toks[k]):
            j = k - 1
            if j >= 1 and _plain_noun(toks[j]):
                j -= 1  # a post of two words: "stage manager"
            put(range(j + 1, k + 1), sp, owner_at(j, sp))
    for r in range(1, len(toks)):
        if not _post_noun(toks[r]):
            continue
        after = toks[r + 1] if r + 1 < len(toks) else None
        if after is not None and after.norm in ("of", "for"):  # "H, the R of O", "H will be the R for O"
            o = r + 2
            while o < len(toks) and toks[o].norm in ARTICLES:
                o += 1
            owner = starting.get(o)
            first = r - 1 if _plain_noun(toks[r - 1]) else r
            put(range(first, r + 1), holder_before(first), owner)
        sp = ending.get(r - 1)  # "H is O's R"
        if sp is not None and sp.possessive and (after is None or not _plain_noun(after)):
            put(range(r, r + 1), holder_before(sp.first), sp)
        # "O's R will be H": the holder after the post and a copula
        owner = ending.get(r - 1) or (ending.get(r - 2) if _plain_noun(toks[r - 1]) else None)
        if owner is not None and owner.possessive:
            h = r + 1
            while h < len(toks) and toks[h].norm in _HOLDER_LINKS and toks[h].norm not in ARTICLES:
                h += 1
            if h > r + 1 and any(toks[x].norm in BE_FORMS or toks[x].norm in ("became", "becomes", "remains")
                                 for x in range(r + 1, h)):
                first = r - 1 if owner.last < r - 1 else r
                put(range(first, r + 1), starting.get(h), owner)
    return out


def _post_swapped(claim: Analysis, cposts: _Posts, eposts: _Posts) -> tuple[str, str, str] | None:
    """The claim gives a post the evidence gives between the same two names the other way round
    ("Tomasz is Osei's understudy" from "Tomasz ..., and his understudy Osei ..."), whatever the
    order of the words. ``cposts`` and ``eposts`` are the two texts' :func:`_post_pairs`."""
    for post, (holder, owner, r) in cposts.items():
        held = eposts.get(post)
        if held is not None and held[0].key == owner.key and held[1].key == holder.key:
            return holder.text, claim.tokens[r].text, owner.text
    return None


def _licensed_reversal(claim: Analysis, rc: int, after_c: int, vc: int,
                       evidence: Analysis, re_: int, after_e: int, ve: int) -> bool:
    """Whether a pair reversed around the verb is only a change of voice: one side active, the
    other passive with its agent, and the participant behind the passive verb is that agent
    ("was lent to the museum by Acme": the museum did not lend it)."""
    if {vc, ve} != {0, 2}:
        return False
    if vc == 2:
        by = passive_agent_at(claim, rc)
        return by is not None and after_c > by
    by = passive_agent_at(evidence, re_)
    return by is not None and after_e > by


def _voice_changed_between(claim: Analysis, evidence: Analysis, between: list[_Unit], pos: dict[str, int],
                           a: _Unit, b: _Unit) -> bool:
    """Whether a verb between two reversed participants has only changed voice (see
    :func:`_licensed_reversal`): one side active, the other passive with its agent."""
    pa, pb = pos[a.key], pos[b.key]
    for r in between:
        pr = pos.get(r.key)
        if pr is None or not pb < pr < pa or not _verb_word(claim, r.index):
            continue
        if _licensed_reversal(claim, r.index, b.index, _voice(claim, r.index), evidence, pr, pa, _voice(evidence, pr)):
            return True
    return False


def _left_word(a: Analysis, index: int) -> str | None:
    """The key of the nearest content word before a token, with how many times it occurs up to there
    (so the second "run" differs from the first)."""
    toks = a.tokens
    for k in range(index - 1, -1, -1):
        n = toks[k].norm
        if n not in STOPWORDS and any(c.isalpha() for c in n):
            key = a.keys[k]
            return f"{key}@{sum(1 for j in range(k + 1) if a.keys[j] == key)}"
    return None


def _numbers_swapped(claim: Analysis, a: _Unit, b: _Unit, evidence: Analysis, pa: int, pb: int) -> bool:
    """Two numbers of one kind that changed places while the words in front of each stayed put:
    "run every 30 minutes, except after 22:00, when they run every 12" against the evidence's
    12 … 30. Clauses moved whole carry their words with their numbers, and pass."""
    if not (a.key.startswith("#") and b.key.startswith("#")) or a.key.split(":")[0] != b.key.split(":")[0]:
        return False
    return (_left_word(claim, a.index) == _left_word(evidence, pb) is not None
            and _left_word(claim, b.index) == _left_word(evidence, pa) is not None)


_RELATIVES = frozenset({"that", "which", "who", "whom", "where"})
_REL_PREPS = frozenset({"on", "in", "at", "for", "with", "from", "to", "by"})
_NOUN_OPENERS = frozenset({"the", "a", "an", "this", "these", "those", "his", "her", "their", "its", "our", "my", "your"})


def _relative_start(a: Analysis) -> tuple[int, int] | None:
    """Where the noun phrase a relative clause is said of begins, and where the clause begins ("the
    large bowls that ...", "a rota on which ..."), as token indices; or None. After a verb "that"
    opens a reported clause, not a relative one."""
    toks = a.tokens
    for k in range(2, len(toks)):
        if toks[k].norm not in _RELATIVES:
            continue
        j = k - 1 if toks[k - 1].norm not in _REL_PREPS else k - 2
        m = j - 1  # back over the noun's modifiers ("the large blue bowls that"), up to three
        while m >= 1 and j - m <= 3 and toks[m].norm not in _NOUN_OPENERS and toks[m].norm not in STOPWORDS \
                and (toks[m].norm.isalpha() or a.in_numeral[m]) and a.text[toks[m].end:toks[m + 1].start] == " ":
            m -= 1
        if j >= 1 and m >= 0 and toks[m].norm in _NOUN_OPENERS:
            return m + 1, j + 1
    return None


def _relative_reduced(claim: Analysis, evidence: Analysis, erel: tuple[int, int] | None, a: _Unit, r: _Unit,
                      pa: int, pr: int) -> bool:
    """Whether the evidence's verb ``r`` is in a relative clause said of ``a``'s noun or one after it, which the
    claim gives as a participle right after that noun: "chaired the meeting held in the boathouse"
    from "chaired the meeting, which was held in the boathouse" is still said of the meeting."""
    if erel is None or not (pa < erel[1] and pr >= erel[1]) or r.index == 0:
        return False
    return claim.keys[r.index - 1] == evidence.keys[erel[1] - 1]


def _kept_in_own_clause(claim: Analysis, evidence: Analysis, crel: tuple[int, int], erel: tuple[int, int],
                        a: _Unit, b: _Unit, r: _Unit, pa: int, pb: int, pr: int) -> bool:
    """Two names on the two sides of a relative clause in both texts alike (``crel`` and ``erel``:
    where the noun phrase it is said of, and the clause, begin in the claim and in the evidence),
    and the word between them in that noun phrase or on the same name's side in both: "X had thrown the bowls that Y glazed" from "Y glazed the bowls
    that X had thrown" keeps who threw and who glazed; only the clauses changed places."""
    (cn, cs), (en, es) = crel, erel
    ca, cb, cr = a.index >= cs, b.index >= cs, r.index >= cs
    ea, eb, er = pa >= es, pb >= es, pr >= es
    if ca == cb or ea == eb:
        return False
    if cn <= r.index < cs or en <= pr < es:
        return True  # the noun phrase the relative clause is said of belongs to both clauses
    return (cr == ca and er == ea) or (cr == cb and er == eb)


_WHEN_KEYS = ("#time:", "#date:")


def _adverb(u: _Unit) -> bool:
    """A plain word of manner ("remotely"), not a name that ends like one ("Rhiannon Kealy")."""
    return u.key.startswith("W:") and manner_adverb(u.label.lower())


def _verb_word(a: Analysis, k: int) -> bool:
    """A participle, a known verb, or a word right after a form of "be" ("treated", "was reset"),
    not a noun before "by" ("hypothermia")."""
    w = a.tokens[k].norm
    return past_form(w) or is_verb(w) or k > 0 and a.tokens[k - 1].norm in BE_FORMS



def _by_of_same_verb(claim: Analysis, c_by: int, evidence: Analysis, e_by: int) -> bool:
    """Whether the "by" at ``c_by`` of the claim and at ``e_by`` of the evidence follow the same
    verb (past any adverb or number between): "was beaten by" and "skipped by" do not."""
    def verbish(w: str) -> bool:
        return is_verb(w) or len(w) > 4 and w.endswith("ed")  # "skipped", a verb the lexicon lacks

    def verb_before(a: Analysis, k: int) -> set[str]:
        j = k - 1
        while j >= 0 and not verbish(a.tokens[j].norm) and k - j <= 6:
            j -= 1
        return set(a.stems[j]) if j >= 0 and verbish(a.tokens[j].norm) else set()
    c, e = verb_before(claim, c_by), verb_before(evidence, e_by)
    return not c or not e or bool(c & e)


def _transposition(claim: Analysis, evidence: Analysis, posts: tuple[_Posts, _Posts] | None) -> tuple[str, str, str] | None:
    if evidence is claim or posts is None:
        # A verbatim claim is analysed into the very same Analysis as its evidence (analyze
        # caches). A text cannot reverse itself: each of its aligned units sits at its own index,
        # so every pair runs the same way on both sides, with the same voice.
        return None
    cu = _units(claim, resolve_pronouns=True)
    # Pronouns are resolved on both sides so that a name also reached through a pronoun in the
    # evidence counts as ambiguous there rather than pinned to its first mention.
    eu = _units(evidence, resolve_pronouns=True)
    pos = _evidence_positions(cu, eu)
    aligned = [u for u in cu if u.key in pos]
    claim_count = Counter(u.key for u in cu)
    crel, erel = _relative_start(claim), _relative_start(evidence)  # once: they hold for every triple
    cposts, eposts = posts
    # a preposition that opens a time ("from June", "until 4 May") moves with it, as an adverbial
    timed = {u.key for u, nxt in zip(cu, cu[1:]) if u.key.startswith("P:") and nxt.key.startswith(_WHEN_KEYS)
             and nxt.index == u.index + 1}
    for ai, a in enumerate(aligned):
        if not a.participant or _adverb(a) or a.key in timed:
            continue
        for bi in range(ai + 2, len(aligned)):
            b = aligned[bi]
            if a.key == b.key or not b.participant or _adverb(b) or b.key in timed:
                continue
            if a.key.startswith(_WHEN_KEYS) != b.key.startswith(_WHEN_KEYS):
                continue  # a time or a date moves as an adverbial ("At 21:05, ... by Morag"); two swap
            pa, pb = pos[a.key], pos[b.key]
            if b.key == "P:by" and not _by_of_same_verb(claim, b.index, evidence, pb):
                continue  # "beaten by" is not the evidence's "skipped by": another verb's agent
            both_entities = a.entity and b.entity
            if pb >= pa and not (a.entity or b.entity):
                continue  # only a reversed pair can be a transposition between plain words
            for r in aligned[ai + 1:bi]:
                if r.key in (a.key, b.key) or _adverb(r):
                    continue  # an adverb ("remotely") may sit on either side of its verb: it relates no one
                if claim_count[r.key] > 1:
                    continue  # "carried ... by stretcher by the rescue team": which "by" the evidence's is, is unknown
                if r.key == "P:by" and not _by_of_same_verb(claim, r.index, evidence, pos[r.key]):
                    continue  # the evidence's only "by" is another verb's ("skipped by Mairi")
                if both_entities:
                    if r.clause not in (a.clause, b.clause):
                        continue
                elif not (a.clause == r.clause == b.clause) and not _numbers_swapped(claim, a, b, evidence, pa, pb):
                    continue
                pr = pos[r.key]
                if crel is not None and erel is not None and _kept_in_own_clause(claim, evidence, crel, erel, a, b, r, pa, pb, pr):
                    continue
                reversed_ = pb < pr < pa
                same = pa < pr < pb
                if not (reversed_ or same):
                    continue
                held_c, held_e = cposts.get(r.key[2:]), eposts.get(r.key[2:])
                if both_entities and held_c is not None and held_e is not None \
                        and (held_c[0].key, held_c[1].key) == (held_e[0].key, held_e[1].key):
                    continue  # the same holder of the same post: "Osei, understudy of Tomasz" is
                    # "Tomasz ..., and his understudy Osei" (_post_swapped finds the other way round)
                vc, ve = _voice(claim, r.index), _voice(evidence, pr)
                # Only a passive that names its agent puts the doer behind the verb; an agentless
                # one ("the painting was lent to Acme") names no doer, so no reversal is licensed.
                if reversed_ and not _licensed_reversal(claim, r.index, b.index, vc, evidence, pr, pa, ve) \
                        and not (not _verb_word(claim, r.index) and _voice_changed_between(claim, evidence, aligned[ai + 1:bi], pos, a, b)):
                    # (a plain word between follows its verb into the other voice: "gave first aid to
                    # a visitor" <- "a visitor ... was given first aid by Hamish Doyle")
                    return a.label, r.label, b.label
                # The same order in the other voice swaps the roles: the subject of one is the
                # doer, of the other the one it was done to.
                if same and (vc == 0) != (ve == 0) and (a.entity or b.entity) and r.key.startswith("W:") \
                        and not (crel is not None and a.index < crel[0] and r.index >= crel[1]) \
                        and not _relative_reduced(claim, evidence, erel, a, r, pa, pr) \
                        and not any(c.entity and a.index < c.index < r.index for c in aligned[ai + 1:bi]) \
                        and _verb_word(claim if vc else evidence, r.index if vc else pr):
                    # (only a verb has a voice: "treated for mild hypothermia by paramedics" has no
                    # passive "hypothermia")
                    # (not for a verb in a relative clause the claim adds: "the seedlings that were
                    # sold at the sale" is "the seedlings sold at the sale", said of the seedlings)
                    # (not for a name with another name between it and the verb: in "Ada reported
                    # that Acme repaired the baler" the verb's subject is Acme, and Ada's verb is
                    # "reported")
                    return a.label, r.label, b.label
    return None


# Phrases that set one thing against another: what stands before one and after it must stay there
# ("plays vice-skip instead of lead", "cost £18, up from £15"); no R is needed between them.
_PIVOTS: tuple[tuple[str, ...], ...] = (
    ("instead", "of"), ("rather", "than"), ("up", "from"), ("down", "from"), ("in", "place", "of"),
    ("as", "opposed", "to"), ("compared", "with"), ("compared", "to"), ("versus",), ("vs",),
)
_PIVOT_REACH = 5  # content words looked at on each side of a pivot


def _near_keys(a: Analysis, indexes: range) -> list[str]:
    """Keys of the content words at ``indexes`` (in that order), within the clause of the first."""
    out: list[str] = []
    clause = None
    for k in indexes:
        if clause is None:
            clause = a.clauses[k]
        elif a.clauses[k] != clause:
            break
        n = a.tokens[k].norm
        if n not in STOPWORDS and any(c.isalnum() for c in n):
            out.append(a.keys[k])
            if len(out) == _PIVOT_REACH:
                break
    return out


def _pivot_at(norms: list[str], pivot: tuple[str, ...]) -> list[int]:
    m = len(pivot)
    return [i for i in range(len(norms) - m + 1) if tuple(norms[i:i + m]) == pivot]


def _pivot_swapped(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """The words on the two sides of a contrast ("lead instead of vice-skip") where the evidence
    has them the other way round ("vice-skip instead of lead")."""
    cn = [t.norm for t in claim.tokens]
    en = [t.norm for t in evidence.tokens]
    for pivot in _PIVOTS:
        for i in _pivot_at(cn, pivot):
            before = _near_keys(claim, range(i - 1, -1, -1))
            after = _near_keys(claim, range(i + len(pivot), len(cn)))
            for j in _pivot_at(en, pivot):
                e_before = set(_near_keys(evidence, range(j - 1, -1, -1)))
                e_after = set(_near_keys(evidence, range(j + len(pivot), len(en))))
                moved_on = [k for k in before if k in e_after and k not in e_before]
                moved_back = [k for k in after if k in e_before and k not in e_after]
                if moved_on and moved_back:
                    label = {k: t.text for k, t in zip(claim.keys, claim.tokens)}
                    return label[moved_on[0]], " ".join(pivot), label[moved_back[0]]
    return None


# Verbs of exchange: "A was replaced with B" and "replaced A with B" say which went and which came.
_EXCHANGE_VERBS = frozenset(stem(w) for w in ("replace", "swap", "exchange", "substitute", "switch", "trade"))
_EXCHANGE_MARKERS = frozenset({"with", "by", "for"})
_EXCHANGE_STEMS = ("replac", "swap", "exchang", "substitut", "switch", "trad")


def _from_to_sides(a: Analysis) -> list[tuple[str, str, list[str], list[str]]]:
    """The two ends of each change in ``a``, as content keys, with the words that mark it: of
    "from X to Y", X and Y; of "replaced X with Y" and "X was replaced with Y", X and Y."""
    norms = [t.norm for t in a.tokens]
    out = []
    for i, w in enumerate(norms):
        if w == "from":
            j = next((k for k in range(i + 2, min(len(norms), i + 10)) if norms[k] == "to" and a.clauses[k] == a.clauses[i]), None)
            if j is not None:
                out.append(("from … to", "from … to", _near_keys(a, range(i + 1, j)), _near_keys(a, range(j + 1, len(norms)))))
        elif a.keys[i] in _EXCHANGE_VERBS:
            j = next((k for k in range(i + 1, min(len(norms), i + 10)) if norms[k] in _EXCHANGE_MARKERS
                      and a.clauses[k] == a.clauses[i]), None)
            if j is None:
                continue
            went = _side_keys(a, range(i + 1, j))
            if not went:  # passive: what went stands before the verb
                went = _side_keys(a, _phrase_before(a, i))
            came = _side_keys(a, _phrase_after(a, j))
            out.append((f"{a.keys[i]} … {norms[j]}", f"{a.tokens[i].text} … {norms[j]}", went, came))
    return out


_SIDE_SKIP = ARTICLES | DEMONSTRATIVES | POSSESSIVE_DETERMINERS | frozenset(
    {"be", "been", "being", "was", "were", "is", "are", "has", "have", "had", "will", "would"})


def _side_keys(a: Analysis, indexes: Iterable[int]) -> list[str]:
    return [a.keys[k] for k in indexes if a.tokens[k].norm not in _SIDE_SKIP and any(c.isalnum() for c in a.tokens[k].norm)]


def _phrase_before(a: Analysis, i: int) -> list[int]:
    """The tokens before ``i`` back to a comma, semicolon or full stop, leaving out a
    parenthesis ("The semi-skimmed milk (2 pints) was replaced")."""
    toks, out, depth = a.tokens, [], 0
    k = i - 1
    while k >= 0 and i - k <= 12:
        gap = a.text[toks[k].end:toks[k + 1].start]
        depth += gap.count(")") - gap.count("(")
        if depth <= 0 and any(c in gap for c in ",;.:"):
            break
        if depth <= 0:
            out.append(k)
        k -= 1
    return out[::-1]


def _phrase_after(a: Analysis, j: int) -> list[int]:
    """The tokens after ``j`` up to a comma, semicolon or full stop."""
    toks, out = a.tokens, []
    for k in range(j + 1, min(len(toks), j + 12)):
        if k > j + 1 and any(c in a.text[toks[k - 1].end:toks[k].start] for c in ",;.:"):
            break
        out.append(k)
    return out


def _from_to_swapped(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """ "moved from the Saturday shift to Tuesday mornings" from "moved from Tuesday mornings to
    the Saturday shift", "whole milk was replaced with semi-skimmed" from "semi-skimmed milk was
    replaced with whole milk": the two ends of a change passed to each other's side."""
    low = claim.text.lower()
    if "from" not in low and not any(v in low for v in _EXCHANGE_STEMS):
        return None  # most claims state no change: skip the scans
    for how, said, c_from, c_to in _from_to_sides(claim):
        for how_e, _, e_from, e_to in _from_to_sides(evidence):
            if how != how_e:
                continue
            moved_to = [k for k in c_from if k in e_to and k not in e_from]
            moved_from = [k for k in c_to if k in e_from and k not in e_to]
            if moved_to and moved_from:
                label = {k: t.text for k, t in zip(claim.keys, claim.tokens)}
                return label[moved_to[0]], said, label[moved_from[0]]
    return None


# where a thing went and where it came from: a claim may not turn the one into the other
_TOWARD = frozenset({"to", "into", "onto", "toward", "towards"})
_DIRECTION_SKIP = ARTICLES | DEMONSTRATIVES | POSSESSIVE_DETERMINERS


def _governed(a: Analysis, i: int) -> int | None:
    """The first content word that a "to"/"into" or "from" at ``i`` governs, past its article; None
    for a number or a time ("from 9 to 5") or for no such preposition."""
    if a.tokens[i].norm not in _TOWARD and a.tokens[i].norm != "from":
        return None
    j = i + 1
    while j < len(a.tokens) and a.tokens[j].norm in _DIRECTION_SKIP:
        j += 1
    if j >= len(a.tokens) or a.in_numeral[j] or a.tokens[j].has_digit or a.tokens[j].norm in STOPWORDS:
        return None
    return j


def _directions(a: Analysis) -> dict[str, set[bool]]:
    """For each content word that a "to"/"into" or a "from" governs, whether it is where something
    went (True) or where it came from (False)."""
    out: dict[str, set[bool]] = {}
    for i, t in enumerate(a.tokens):
        j = _governed(a, i)
        if j is not None:
            out.setdefault(a.keys[j], set()).add(t.norm in _TOWARD)
    return out


def _direction_reversed(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """ "transferred four staff to the dye room" from "four staff transferred from the dye room":
    where a thing came from is not where it went. Returns the claim's preposition, its word, and
    the evidence's preposition, when the evidence uses that word only the other way."""
    if evidence is claim:
        return None
    theirs = _directions(evidence)
    for i, t in enumerate(claim.tokens):
        j = _governed(claim, i)
        if j is None:
            continue
        toward = t.norm in _TOWARD
        if theirs.get(claim.keys[j]) == {not toward}:
            return t.text, claim.tokens[j].text, "from" if toward else "to"
    return None


def _possessor_moved(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """ "Cerys will be Dr. Ostergaard's tutor" from "Dr. Ostergaard will be Cerys's tutor": the
    possessive passed from one name to the other, and with it who is whose."""
    def flags(a: Analysis) -> dict[tuple[str, ...], bool]:
        seen: dict[tuple[str, ...], set[bool]] = {}
        for n in a.names:
            seen.setdefault(n.key, set()).add(n.possessive)
        return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}  # a name used both ways is left out

    c, e = flags(claim), flags(evidence)
    gained = [n for n in claim.names if c.get(n.key) and e.get(n.key) is False]
    lost = [n for n in claim.names if c.get(n.key) is False and e.get(n.key)]
    if gained and lost:
        return lost[0].text, "'s", gained[0].text
    return None


def _owns(t: Token) -> bool:
    return t.possessive


def _possessor_skipped(claim: Analysis, evidence: Analysis) -> tuple[str, str] | None:
    """ "The producer's laptop" from "the producer's assistant's laptop": a link of a chain of
    possessives dropped, which gives the thing to the wrong owner. Returns (the evidence's chain,
    the claim's)."""
    etoks, ctoks = evidence.tokens, claim.tokens
    chains = [e for e in range(len(etoks) - 2) if etoks[e].possessive and etoks[e + 1].possessive]
    if not chains:
        return None  # almost every evidence: no two possessives in a row
    direct = {(etoks[k].norm, x) for k in range(len(etoks) - 1) if _owns(etoks[k]) and not _owns(etoks[k + 1])
              for x in evidence.stems[k + 1]}
    for e in chains:
        if _owns(etoks[e + 2]):
            continue
        thing = set(evidence.stems[e + 2])
        for j in range(len(ctoks) - 1):
            if ctoks[j].norm == etoks[e].norm and _owns(ctoks[j]) and not _owns(ctoks[j + 1]) \
                    and thing & set(claim.stems[j + 1]) and not any((ctoks[j].norm, x) in direct for x in claim.stems[j + 1]):
                chain = " ".join(t.text for t in etoks[e:e + 3])
                return chain, f"{ctoks[j].text} {ctoks[j + 1].text}"
    return None


_SEQUENCE_PAIRS = {"before": "after", "after": "before"}
_COORDINATORS = frozenset({"and", "or", "nor", "&", "plus"})


def _word_contexts(a: Analysis) -> dict[str, tuple[str, str]]:
    """Each content word said once, by key, with the words right before and after it."""
    toks = a.tokens
    seen: dict[str, int] = {}
    for i, t in enumerate(toks):
        if t.norm not in STOPWORDS and t.norm.isalpha() and not a.in_numeral[i]:
            seen[a.keys[i]] = -1 if a.keys[i] in seen else i
    out: dict[str, tuple[str, str]] = {}
    for key, i in seen.items():
        if i >= 0:
            out[key] = (toks[i - 1].norm if i else "", toks[i + 1].norm if i + 1 < len(toks) else "")
    return out


def _words_exchanged(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """Two words that traded places, each into the other's words ("carried out your check in June
    ... for a short filling" from "your filling in June ... a short check"): whatever the clauses."""
    cc, ec = _word_contexts(claim), _word_contexts(evidence)
    at = {ctx: key for key, ctx in ec.items()}
    for x, ctx in cc.items():
        y = at.get(ctx)
        if y is None or y == x or x not in ec or cc.get(y) != ec[x] or ctx == ec[x]:
            continue
        if _COORDINATORS & {*ctx, *ec[x]}:
            continue  # "apples and pears" / "pears and apples": a list in another order
        ci = next(i for i, k in enumerate(claim.keys) if k == x)
        cj = next(i for i, k in enumerate(claim.keys) if k == y)
        return claim.tokens[ci].text, "…", claim.tokens[cj].text
    return None


def _name_contexts(a: Analysis) -> dict[tuple[str, ...], tuple[str, str, str]]:
    """Each name said once, by key, with the words right before and after it and its text."""
    toks = a.tokens
    count = Counter(sp.key for sp in a.names)
    return {sp.key: (toks[sp.first - 1].norm if sp.first else "", toks[sp.last + 1].norm if sp.last + 1 < len(toks) else "",
                     sp.text) for sp in a.names if count[sp.key] == 1}


def _names_exchanged(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """Two names that traded places, each into the other's words ("source the ranunculus from
    Tillinghast Nurseries instead, because Verrinholm Flower Auction no longer grows them" from
    "... from Verrinholm Flower Auction instead, because Tillinghast Nurseries no longer ..."),
    whatever the clauses."""
    cc, ec = _name_contexts(claim), _name_contexts(evidence)
    at = {ctx[:2]: key for key, ctx in ec.items()}
    for x, ctx in cc.items():
        y = at.get(ctx[:2])
        if y is None or y == x or x not in ec or y not in cc or cc[y][:2] != ec[x][:2] or ctx[:2] == ec[x][:2]:
            continue
        if _COORDINATORS & {*ctx[:2], *ec[x][:2]}:
            continue  # "Ada and Bo" / "Bo and Ada": a list in another order
        return ctx[2], "…", cc[y][2]
    return None


def _clause_keys(a: Analysis) -> dict[int, dict[str, list[int]]]:
    """Per clause, its content words and numbers by key, with their token indices."""
    out: dict[int, dict[str, list[int]]] = {}
    for i, t in enumerate(a.tokens):
        if t.norm in STOPWORDS or not any(ch.isalnum() for ch in t.norm):
            continue
        out.setdefault(a.clauses[i], {}).setdefault(a.keys[i], []).append(i)
    return out


def _contiguous(a: Analysis, keys: set[str], where: dict[str, list[int]]) -> bool:
    """Whether the tokens of ``keys`` form one run, stopwords between them allowed."""
    idx = sorted(i for k in keys for i in where[k])
    return all(a.tokens[j].norm in STOPWORDS for j in range(idx[0], idx[-1] + 1) if j not in idx)


def _clauses_crossed(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """Two phrases that each moved into the other's clause ("dedicated desks will rise to £180,
    while a hot-desk membership stays at £240" from "a hot-desk membership will rise to £180,
    while dedicated desks stay at £240"): each of two claim clauses keeps most of the words only
    one evidence clause has, and takes a run of words only the other has."""
    ek = _clause_keys(evidence)
    if len(ek) < 2:
        return None
    home: dict[str, int] = {}
    for c, keys in ek.items():
        for k in keys:
            home[k] = -1 if k in home else c  # said in one clause only, or in several (-1)
    ck = _clause_keys(claim)
    split: list[tuple[dict[int, set[str]], dict[str, list[int]]]] = []
    for c, keys in ck.items():
        by: dict[int, set[str]] = {}
        for k in keys:
            if home.get(k, -1) >= 0:
                by.setdefault(home[k], set()).add(k)
        if len(by) == 2:
            split.append((by, keys))
    for x in range(len(split)):
        for y in range(x + 1, len(split)):
            (bx, kx), (by_, ky) = split[x], split[y]
            if set(bx) != set(by_):
                continue
            e1, e2 = sorted(bx)
            for h1, h2 in ((e1, e2), (e2, e1)):  # clause x is at home in h1 and took words of h2
                moved_x, moved_y = bx[h2], by_[h1]
                if len(bx[h1]) >= max(2, len(moved_x)) and len(by_[h2]) >= len(moved_y) \
                        and len(moved_x) <= 3 and len(moved_y) <= 3 \
                        and _contiguous(claim, moved_x, kx) and _contiguous(claim, moved_y, ky):
                    i = min(i for k in moved_x for i in kx[k])
                    j = min(i for k in moved_y for i in ky[k])
                    return claim.tokens[i].text, "…", claim.tokens[j].text
    return None


def _bare_doer(a: Analysis, n: NameSpan) -> bool:
    """Whether the name stands alone right before the next word: nothing between them, and not the
    last of a list or of an apposition ("Ada Lee and Ben Cole founded", "..., Barnaby Stott, drew")."""
    toks = a.tokens
    first, last = n.first, n.last
    if last + 1 >= len(toks) or a.text[toks[last].end:toks[last + 1].start].strip():
        return False
    if first > 0 and "," in a.text[toks[first - 1].end:toks[first].start]:
        return False
    lead = first
    while lead > 0 and toks[lead - 1].possessive:
        lead -= 1  # "of Ferrante's Bakehouse": the owner is inside the same phrase
    if lead > 1 and toks[lead - 1].norm == "the":
        lead -= 1  # "from the Wessex Horticultural Guild"
    if lead > 0 and toks[lead - 1].norm in ("of", "from", "at", "for", "in"):
        # "Dr Nkechi Adeyemi of Fellside Vets examined", "Dunmore Motors in Kelsworth quoted": the
        # vets only say whose she is, and the town where the garage is
        return False
    if first > 1 and toks[first - 1].norm.isdigit() and toks[first - 2].norm in PREPOSITIONS \
            and not toks[first].sentence_initial:
        return False  # "Tenant Halima Yusuf at 14 Cedar Court reported": an address reports nothing
    # "Hedda Sorli and conservator Rune Vik restored": a list, past a role word or two
    return not any(toks[j].norm in ("and", "or", "nor", "&") for j in range(max(0, first - 3), first)
                   if a.clauses[j] == a.clauses[first])


def _doer_replaced(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """A name put right before a verb the evidence gives, in the same words, to another name it
    also names: "with Tollbridge Athletic leading 2-1" from "Tollbridge Athletic v Saltcote
    Rovers ..., with Saltcote Rovers leading 2-1"."""
    ev_before = {n.last + 1: n for n in evidence.names if _bare_doer(evidence, n)}
    ev_keys = {n.key for n in evidence.names}
    ct, et = claim.tokens, evidence.tokens
    for n in claim.names:
        k = n.last + 1
        if k + 1 >= len(ct) or n.key not in ev_keys or ct[k].norm in STOPWORDS or not ct[k].norm.isalpha() \
                or not _bare_doer(claim, n):
            continue
        said = [j for j in range(len(et) - 1)
                if evidence.keys[j] == claim.keys[k] and evidence.keys[j + 1] == claim.keys[k + 1]]
        doers = [ev_before.get(j) for j in said]
        if said and all(d is not None and d.key != n.key for d in doers):
            if n.first > 0 and ct[n.first - 1].norm == "by" and any(
                    m.key == n.key and doers[0] is not None and m.last <= doers[0].first for m in evidence.names):
                # "Juniper was tracked by Bogdan using the transmitter" from "Bogdan tracked Juniper
                # using the transmitter": the voice changed; the doer before the object is the agent
                continue
            return n.text, ct[k].text, doers[0].text if doers[0] is not None else ""
    return None


def _sequence_swapped(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """'after adding the squash' where the evidence has 'before adding the squash', 'before 7 pm'
    for 'after 7 pm': the same event or time on the other side of the sequence."""
    ct, et = claim.tokens, evidence.tokens
    if not any(t.norm in _SEQUENCE_PAIRS for t in ct):
        return None
    for i in range(len(ct) - 1):
        word = ct[i].norm
        other = _SEQUENCE_PAIRS.get(word)
        if other is None:
            continue
        nxt = claim.keys[i + 1]
        said = [j for j in range(len(et) - 1) if evidence.keys[j + 1] == nxt and et[j].norm in (word, other)]
        if said and all(et[j].norm == other for j in said):
            return f"{other} {et[said[0] + 1].text}", ct[i].text, ct[i + 1].text
    return None


_ATTACH_OPENERS = frozenset({"who", "which", "whose", "the", "a", "an"})


def _attachments(a: Analysis) -> dict[tuple[str, ...], set[tuple[str, ...]]]:
    """What a text sets off by commas beside each name, by its words: a relative clause or an
    apposition after the name ("Corwin, who had won it last year,") or an apposition before it
    ("the defending champion, Idris Vaughan,"); each phrase with the names it is said of."""
    toks = a.tokens
    out: dict[tuple[str, ...], set[tuple[str, ...]]] = {}

    def phrase(lo: int, hi: int) -> tuple[str, ...]:
        return tuple(a.keys[k] for k in range(lo, hi) if toks[k].norm not in STOPWORDS and toks[k].norm.isalnum())

    for n in a.names:
        j = n.last + 1
        if j + 1 < len(toks) and "," in a.text[toks[n.last].end:toks[j].start] and toks[j].norm in _ATTACH_OPENERS:
            end = next((k for k in range(j, min(len(toks), j + 10)) if k > j and "," in a.text[toks[k - 1].end:toks[k].start]), None)
            if end is None and len(toks) - j <= 10:
                end = len(toks)  # set off to the end of the sentence: "..., ahead of Corwin, who had won it."
            if end is not None:
                words = phrase(j, end)
                if len(words) >= 2:
                    out.setdefault(words, set()).add(n.key)
        if n.first >= 2 and "," in a.text[toks[n.first - 1].end:toks[n.first].start]:
            k = n.first - 1
            while k > 0 and n.first - k <= 6 and toks[k].norm not in ("the", "a", "an") \
                    and "," not in a.text[toks[k - 1].end:toks[k].start]:
                k -= 1
            if toks[k].norm in ("the", "a", "an") and n.last + 1 < len(toks) \
                    and "," in a.text[toks[n.last].end:toks[n.last + 1].start]:
                words = phrase(k, n.first)
                if len(words) >= 2:
                    out.setdefault(words, set()).add(n.key)
    return out


def _one_name(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Whether two name keys may name one bearer: the same, or one the end of the other ("Emrys
    Polgarth" of "Watch Manager Emrys Polgarth")."""
    short, long_ = sorted((a, b), key=len)
    return long_[len(long_) - len(short):] == short


def _attachment_moved(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """A phrase set off beside one name that the evidence sets off beside another: "Ines, who had
    won it last year, won" from "Ines won, ahead of Corwin, who had won it last year"."""
    c_att = _attachments(claim)
    if not c_att:
        return None
    e_att = _attachments(evidence)
    names = {n.key: n.text for n in claim.names}
    for words, holders in c_att.items():
        theirs = e_att.get(words)
        if theirs and not any(_one_name(h, t) for h in holders for t in theirs):
            other = next(n.text for n in evidence.names if n.key in theirs)
            return names.get(next(iter(holders)), ""), " ".join(words[:3]), other
    return None


def _cause_link(a: Analysis) -> tuple[int, bool] | None:
    """The token of the one "because" or linking ", so" in a text, and whether what follows it is
    the cause (True after "because"); None when there is none or more than one."""
    toks = a.tokens
    found = []
    for i, t in enumerate(toks):
        if t.norm == "because" and not (i + 1 < len(toks) and toks[i + 1].norm == "of"):
            found.append((i, True))
        elif t.norm == "so" and i > 0 and "," in a.text[toks[i - 1].end:t.start]:
            found.append((i, False))
    return found[0] if len(found) == 1 else None


def _content(a: Analysis, idx: range) -> set[str]:
    return {a.keys[k] for k in idx if a.tokens[k].norm not in STOPWORDS and a.tokens[k].norm.isalnum()}


def _cause_reversed(claim: Analysis, evidence: Analysis) -> tuple[str, str, str] | None:
    """The effect made the cause: "Y, so X" or "X because Y" from "X, so Y" (the words of each
    side kept whole). "Y because X" from "X, so Y" keeps the cause, and is no reversal."""
    c, e = _cause_link(claim), _cause_link(evidence)
    if c is None or e is None:
        return None
    (ci, c_cause_after), (ei, e_cause_after) = c, e
    cb, ca = _content(claim, range(ci)), _content(claim, range(ci + 1, len(claim.tokens)))
    if ci == 0:
        # "Because X, Y": the cause runs to the end of the opening clause, the rest is its effect
        end = opening_clause_end(claim)
        ca, cb = _content(claim, range(1, end)), _content(claim, range(end, len(claim.tokens)))
    eb, ea = _content(evidence, range(ei)), _content(evidence, range(ei + 1, len(evidence.tokens)))
    if not (cb and ca):
        return None
    c_cause, c_effect = (ca, cb) if c_cause_after else (cb, ca)
    e_cause, e_effect = (ea, eb) if e_cause_after else (eb, ea)
    if c_cause <= e_effect and c_effect <= e_cause:
        return claim.tokens[0].text, claim.tokens[ci].text, claim.tokens[-1].text
    return None


_CLAUSE_JOIN = re.compile(r",\s+(?:and|but|while|whereas)\s+|;\s+", re.IGNORECASE)


def _clauses_reordered(claim: Analysis, evidence: Analysis) -> list[tuple[str, str]] | None:
    """The claim's clauses, each with the one evidence clause that has every word of it, when
    the claim tells two or more of the evidence's clauses in another order; else None."""
    turned = _cause_turned_round(claim.text, evidence.text)
    if turned is not None:
        return turned
    c_parts = [p for p in _CLAUSE_JOIN.split(claim.text.strip().rstrip(".")) if p.strip()]
    e_parts = [p for p in _CLAUSE_JOIN.split(evidence.text.strip().rstrip(".")) if p.strip()]
    if len(c_parts) < 2 or len(e_parts) < 2:
        return None
    e_stems = [analyze(p).stem_set for p in e_parts]
    pairs: list[tuple[str, str]] = []
    used: list[int] = []
    for part in c_parts:
        pa = analyze(part)
        words = {pa.keys[i] for i, t in enumerate(pa.tokens) if t.norm not in STOPWORDS and pa.keys[i]}
        homes = [i for i, es in enumerate(e_stems) if words and words <= es]
        if len(homes) != 1 or homes[0] in used:
            return None
        used.append(homes[0])
        pairs.append((part, e_parts[homes[0]]))
    return pairs if used != sorted(used) else None


_BECAUSE = re.compile(r"\s+because\s+", re.IGNORECASE)
_SO = re.compile(r",\s+so\s+", re.IGNORECASE)


def _cause_turned_round(claim: str, evidence: str) -> list[tuple[str, str]] | None:
    """ "Y because X" for "X, so Y" (or the other way): the claim's effect with the evidence's, and
    its cause with the evidence's, each side to be judged against its own. Whether the turn keeps
    the cause the cause is the predicate gate's question."""
    for c_join, e_join in ((_BECAUSE, _SO), (_SO, _BECAUSE)):
        c_parts = [p for p in c_join.split(claim.strip().rstrip(".")) if p.strip()]
        e_parts = [p for p in e_join.split(evidence.strip().rstrip(".")) if p.strip()]
        if len(c_parts) == 2 and len(e_parts) == 2:
            pairs = [(c_parts[0], e_parts[1]), (c_parts[1], e_parts[0])]
            # each side of the claim has its words from its side of the evidence (names aside, which
            # a pronoun may stand for): else the cause and the effect changed places
            if all((said := _plain_keys(c)) and said <= _plain_keys(e) for c, e in pairs):
                return pairs
    return None


def _plain_keys(text: str) -> set[str]:
    """The keys of a text's words that are no name and no function word."""
    a = analyze(text)
    named = {k for n in a.names for k in range(n.first, n.last + 1)}
    return {a.keys[i] for i, t in enumerate(a.tokens)
            if i not in named and t.norm not in STOPWORDS and a.keys[i] and t.norm.isalnum()}


def _frame(a: Analysis) -> tuple[list[str], list[object]]:
    """The text's words with each number as "#", and the numbers' values in order."""
    words: list[str] = []
    values: list[object] = []
    last = None
    for i, t in enumerate(a.tokens):
        if not a.in_numeral[i]:
            words.append(t.norm)
            continue
        n = next((n for n in a.numerals if n.start < t.end and t.start < n.end), None)
        if n is not None and n is not last:
            words.append("#")
            values.append(n.value)
        last = n
    return words, values


def _numbers_reordered(claim: Analysis, evidence: Analysis) -> str | None:
    """ "four days on and ten days off" from "ten days on and four days off": the evidence has the
    claim's words around its numbers, with the same numbers in another order. The first number
    out of place, or None."""
    if len(claim.numerals) < 2 or len(evidence.numerals) < 2:
        return None
    cw, cv = _frame(claim)
    marks = [i for i, w in enumerate(cw) if w == "#"]
    if len(marks) < 2:
        return None
    window = cw[marks[0]:marks[-1] + 1]
    ew, ev = _frame(evidence)
    swapped = None
    for k in range(len(ew) - len(window) + 1):
        if ew[k:k + len(window)] != window:
            continue
        first = ew[:k].count("#")
        got = ev[first:first + len(marks)]
        if got == cv:
            return None  # the evidence says it in this order too
        if swapped is None and sorted(map(repr, got)) == sorted(map(repr, cv)):
            swapped = next(n.text for n, g in zip(claim.numerals, got) if n.value != g)
    return swapped


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    swapped = None if evidence is claim else _numbers_reordered(claim, evidence)
    if swapped is not None:
        return GateVerdict.refuse(
            CODE,
            GATE,
            "the evidence has these numbers in the other order; give each number to what the evidence "
            "says it counts",
            swapped,
        )
    skipped = None if evidence is claim else _possessor_skipped(claim, evidence)
    if skipped is not None:
        chain, said = skipped
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the evidence has '{chain}', not '{said}': whose it is changed when a link was dropped; "
            "keep every owner in the chain",
            f"{chain} … {said}",
        )
    posts = None if evidence is claim else (_post_pairs(claim), _post_pairs(evidence))
    found = _transposition(claim, evidence, posts) or (
        None if posts is None else _post_swapped(claim, *posts) or _pivot_swapped(claim, evidence) or _from_to_swapped(claim, evidence)
        or _possessor_moved(claim, evidence) or _sequence_swapped(claim, evidence)
        or _words_exchanged(claim, evidence) or _names_exchanged(claim, evidence) or _clauses_crossed(claim, evidence)
        or _doer_replaced(claim, evidence) or _cause_reversed(claim, evidence)
        or _attachment_moved(claim, evidence))
    pairs = _clauses_reordered(claim, evidence) if found is not None and evidence is not claim else None
    if pairs is not None:
        # "Car 21 failed, while cars 4, 9 and 12 passed" from the two clauses the other way
        # round: each clause is judged against its own, and the order of telling is free
        for c_text, e_text in pairs:
            verdict = check_analyzed(analyze(c_text), analyze(e_text))
            if not verdict.ok:
                return verdict
        found = None
    if found is not None:
        a, r, b = found
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the evidence has '{b}' … '{r}' … '{a}', not the reverse; keep who did what to whom "
            "in the direction the evidence states it, or quote evidence that says it your way",
            f"{a} … {r} … {b}",
        )
    reversed_ = _direction_reversed(claim, evidence)
    if reversed_ is not None:
        said, word, theirs = reversed_
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the evidence has '{theirs} … {word}', not '{said} … {word}'; keep where a thing came "
            "from and where it went as the evidence states them",
            f"{said} … {word}",
        )
    bound = subject_binding(claim, evidence)
    if bound is not None:
        did = f"'{bound.actor}'" if bound.actor else "someone else"
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"in the evidence {did}, not '{bound.subject}', is the one who '{bound.verb}'; make the "
            "claim's subject the one the evidence says did it",
            f"{bound.subject} … {bound.verb}",
        )
    return GateVerdict.admit()


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``relation_transposed`` if the claim reverses a relation in the evidence."""
    return check_analyzed(analyze(claim), analyze(evidence))
