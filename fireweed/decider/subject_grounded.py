"""Gate 1, ``subject_grounded``: the claim's subject must be named in the evidence.

A pronoun in the evidence does not ground a named subject (we cannot know who "he" is), and a
different person does not ground it either; nor is a claim whose subject is "he", "she", "it" or
"they" grounded by the same pronoun, since it names no one (nor "his", "her", "its" or "their"
before the subject's noun: "Her collie found the hiker" is nobody's collie). A name is matched word for word (case,
accents and a possessive 's aside); a leading title or article may be added or dropped ("Captain
Ada Lee" / "Ada Lee"). Later clauses after ";" or ", and" are checked too when their subject is a
name.

>>> check("Ada Lee joined Acme.", "Ada Lee joined Acme in 2019.").ok
True
>>> check("Ada Lee should rest.", "He should rest.").code
'unknown_subject'
>>> check("He should rest.", "He should rest.").code
'unknown_subject'
>>> check("Ben Lee joined Acme.", "Ada Lee joined Acme.").detail
'Ben Lee'
>>> check("In 2019, Captain Ada Lee joined Acme.", "Ada Lee joined Acme in 2019.").ok
True
>>> check("Ada Lee sold the house.", "Ada Lee's agent sold the house.").code
'unknown_subject'
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import (
    ARTICLES,
    AUXILIARIES,
    MODALS,
    NUMBER_WORDS,
    POSSESSIVE_DETERMINERS,
    PREPOSITIONS,
    PRONOUN_GROUPS,
    STOPWORDS,
    SUBJECT_PRONOUNS,
    TITLES,
    Analysis,
    NameSpan,
    Subject,
    Token,
    analyze,
    fold,
    stems_of,
    subject_of,
    without_posts,
)
from .lexicon import BE_FORMS, MONTHS, WEEKDAYS, is_verb, past_form, people_noun, role_word
from .name_spans import guess_kind
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "subject_binding", "claim_subject", "Binding", "GATE", "CODE"]

GATE = "subject_grounded"
CODE = "unknown_subject"
TRANSPOSED = "relation_transposed"  # order_preserved.CODE (that module imports this one)


def _find_seq(seq: list[str], key: tuple[str, ...]) -> list[int]:
    k = len(key)
    if not k:
        return []
    first = key[0]  # compared alone first: most positions fail it, with no slice made
    return [i for i in range(len(seq) - k + 1) if seq[i] == first and tuple(seq[i:i + k]) == key]


def name_occurrences(name: NameSpan, evidence: Analysis) -> list[int]:
    """Token indices in ``evidence`` where ``name``'s key occurs word for word."""
    return _find_seq([t.norm for t in evidence.tokens], name.key)


def _possessed_head(claim: Analysis, k: int) -> Token | None:
    """The first content word at or after token ``k`` ("Ada's older sister" → "older")."""
    toks = claim.tokens
    while k < len(toks) and (toks[k].norm in STOPWORDS or claim.in_numeral[k]):
        k += 1
    return toks[k] if k < len(toks) else None


def _content_run(a: Analysis, k: int, limit: int = 3, chain: bool = False) -> set[str]:
    """Stems of the run of content words starting at or after token ``k``; with ``chain``, the
    possessives from there and the first thing they own ("grandmother's version")."""
    toks = a.tokens
    while k < len(toks) and (toks[k].norm in STOPWORDS or a.in_numeral[k]):
        k += 1
    out: set[str] = set()
    while k < len(toks) and len(out) < limit and toks[k].norm not in STOPWORDS and not a.in_numeral[k]:
        out.update(a.stems[k])
        if toks[k].possessive != chain:
            break  # a possessive ends the run; in a chain, the first thing owned does
        k += 1
    return out


def _possessed_grounded(claim: Analysis, name: NameSpan, evidence: Analysis, occ: list[int]) -> bool:
    """Whether what the claim says "X's ..." about is what the evidence is about.

    Where the evidence also says "X's ...", the two possessed phrases must share a word ("X's new
    bike" / "X's bike"); otherwise the claim's possessed noun must occur in the evidence at all
    ("X's son lives with X" / "X lives with his son").
    """
    last = len(name.key) - 1
    ev_owned = [i for i in occ if evidence.tokens[i + last].possessive]
    if ev_owned:
        claim_run = _content_run(claim, name.last + 1)
        # through a chain ("X's grandmother's version"): which owner the claim gives the thing to
        # is the order gate's to check (a link dropped from the chain), not an unknown subject
        return any(claim_run & (_content_run(evidence, i + last + 1) | _content_run(evidence, i + last + 1, 5, chain=True))
                   for i in ev_owned)
    head = _possessed_head(claim, name.last + 1)
    return head is None or bool(set(stems_of(head.norm)) & evidence.stem_set)


def _remedy_for(label: str) -> str:
    return (
        f"quote the sentence of the source that names {label} as the subject, "
        "or make the claim's subject the one the evidence names"
    )


def _check_subject(subj: Subject, claim: Analysis, evidence: Analysis) -> GateVerdict | None:
    if subj.kind == "name" and subj.name is not None:
        occ = name_occurrences(subj.name, evidence)
        if not occ:
            bare = without_posts(subj.name.key)
            if bare is None or not _find_seq([t.norm for t in evidence.tokens], bare):
                return GateVerdict.refuse(CODE, GATE, _remedy_for(subj.name.text), subj.name.text)
            roles = subj.name.key[:len(subj.name.key) - len(bare)]
            given = [t.text for t in evidence.tokens if t.norm in roles]
            if given:  # the evidence names the person, and gives the role to someone else
                return GateVerdict.refuse(
                    TRANSPOSED, GATE,
                    f"in the evidence '{given[0]}' is not {' '.join(subj.name.text.split()[len(roles):])}'s "
                    "role; give each person the role the evidence gives them",
                    subj.name.text,
                )
            return None  # a role the evidence does not give at all: the predicate gate's to refuse
        if not subj.name.possessive:
            # "Ada's agent sold it" does not say Ada sold it: if every mention is a possessor,
            # the evidence's subject is someone else.
            last = len(subj.name.key) - 1
            owned = {
                evidence.keys[i + last + 1] for i in occ if i + last + 1 < len(evidence.tokens)
            }
            # If the claim mentions what the evidence says the subject owns, the roles are
            # swapped rather than the subject unknown; the order gate reports that.
            if all(evidence.tokens[i + last].possessive for i in occ) and not (owned & claim.stem_set) \
                    and not _pronoun_for(evidence, subj.name.key):
                return GateVerdict.refuse(
                    CODE,
                    GATE,
                    f"the evidence names {subj.name.text} only as the owner of something else; "
                    "make the claim's subject what the evidence says did it",
                    subj.name.text,
                )
        if subj.name.possessive:
            head = _possessed_head(claim, subj.name.last + 1)
            if head is not None and not _possessed_grounded(claim, subj.name, evidence, occ):
                label = f"{subj.name.text}'s {head.text}"
                return GateVerdict.refuse(CODE, GATE, _remedy_for(label), label)
        return None
    if subj.kind == "pronoun":
        if unnamed_pronoun_subject(claim, subj):
            # "She had two nappy changes" quoted from "She had two nappy changes, ...": the same
            # pronoun in the evidence still names no one, and a memory of "she" is of nobody
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the claim's subject is the pronoun '{subj.text}', which names no one; "
                "name the subject as the evidence or its source names it",
                subj.text,
            )
        group = PRONOUN_GROUPS.get(subj.token.norm)
        if any(t.norm == subj.token.norm for t in evidence.tokens):
            return None
        if group is not None and subj.token.norm not in SUBJECT_PRONOUNS \
                and any(PRONOUN_GROUPS.get(t.norm) == group for t in evidence.tokens):
            # "her van" for "her van": the same person's pronoun in another case. Not for a subject:
            # "She celebrated ..." is not grounded by "Mrs Achebe celebrated her birthday", whose
            # only pronoun is the owner's
            return None
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"the claim's subject is the pronoun '{subj.text}', which the evidence does not use; "
            "name the subject exactly as the evidence names it",
            subj.text,
        )
    if not (set(stems_of(subj.token.norm)) & evidence.stem_set):
        if manner_adverb(subj.token.norm):
            # "a deliberately cut section": a word of manner added before the subject's noun says
            # more about it, which the predicate gate refuses; the subject is still the section
            return None
        return GateVerdict.refuse(CODE, GATE, _remedy_for(f"'{subj.text}'"), subj.text)
    return None


# nouns that end in -ly, which may head a subject ("the family", "a rally")
_LY_NOUNS = frozenset("family assembly supply reply ally belly bully jelly rally lily holly italy july butterfly "
                      "monopoly anomaly homily folly gully dolly tally lolly fly ply".split())


# the owner's pronoun of a subject names no one either: "Her collie found the hiker" is nobody's collie
_THIRD_PERSON = frozenset({"he", "she", "it", "they", "his", "her", "its", "their"})
# "It rained all night", "It seems the tickets ...": an "it" that stands for no one
_EXPLETIVE_IT_NEXT: frozenset[str] = frozenset({"rained", "rains", "snowed", "snows", "seems", "seemed", "appears",
                                               "appeared"})


def unnamed_pronoun_subject(a: Analysis, subj: Subject, forms: frozenset[str] = _THIRD_PERSON) -> bool:
    """Whether the claim's subject is a pronoun of ``forms`` that no name before it in the claim can
    stand behind ("She found ..."), not one after a name ("Before Ada left, she ...") nor the "it"
    of the weather. The gate asks it of the third person only ("I think Priya plays chess" is a
    speaker's hedge, which the firewall, asking it of every pronoun, holds for review)."""
    n = subj.token.norm
    if subj.kind != "pronoun" or n not in forms:
        return False
    if n == "it" and subj.index + 1 < len(a.tokens) and a.tokens[subj.index + 1].norm in _EXPLETIVE_IT_NEXT:
        return False
    return not any(span.first < subj.index for span in a.names if not span.ambiguous)


def manner_adverb(word: str) -> bool:
    """A word in -ly that modifies rather than names ("deliberately", "badly", "elderly"), not a noun
    in -ly ("family", "assembly", "supply")."""
    return len(word) > 4 and word.endswith("ly") and word not in _LY_NOUNS


_HAVE_FORMS: frozenset[str] = frozenset({"has", "have", "had"})
# A verb may be a stopword only as a form of "have" ("Tobiah has a wrist injury").
_NOT_A_VERB: frozenset[str] = STOPWORDS - _HAVE_FORMS
_AFTER_HAVE: frozenset[str] = ARTICLES | {"no"}
# Words skipped between a subject and its verb ("Ada has already left").
_ADVERB_LIKE: frozenset[str] = frozenset(
    {"now", "also", "still", "already", "just", "then", "soon", "often", "always", "never",
     "recently", "later", "once", "again", "finally", "first", "only", "even", "not", "yet", "ever"}
)


@dataclass(frozen=True, slots=True)
class Binding:
    """The claim's subject is not, in the evidence, the one who does the claim's verb.

    ``actor`` is who the evidence has doing it (nearest name or pronoun in subject position
    before the verb), ``actor_in_claim`` whether the claim mentions that actor too (then the
    roles are swapped rather than the subject unknown).
    """

    subject: str
    verb: str
    actor: str | None
    actor_in_claim: bool


def _before_span(toks: tuple[Token, ...], i: int) -> str:
    """The word before the name starting at token ``i``, skipping titles and articles."""
    j = i - 1
    while j >= 0 and (toks[j].norm in TITLES or toks[j].norm in ARTICLES) and toks[j].capitalized:
        j -= 1
    if j > 0 and toks[j].norm.isdigit() and toks[j - 1].norm in PREPOSITIONS and not toks[j + 1].sentence_initial:
        j -= 1  # "at 14 Cedar Court": a house number between the preposition and the street
    return toks[j].norm if j >= 0 else ""


# words that take some of what follows "of the": "several of the Kestrel vans broke down"
_PARTITIVES = frozenset("some several many most all each any none few both half one two three part rest".split())


def _subject_position(toks: tuple[Token, ...], i: int, width: int, verb: int,
                      clauses: tuple[int, ...] | None = None) -> bool:
    """Whether the mention at token ``i`` can be the one doing the verb at token ``verb``.

    Possessors and objects of prepositions cannot; "by X" can only for that very verb ("Acme,
    founded by Ada" has Ada founding, not whatever Acme does next).
    """
    if toks[i + width - 1].possessive:
        return False
    if i + width < len(toks) and toks[i + width].norm in ("who", "which", "that"):
        return True  # "... to Ada, who thanked them": Ada is the relative clause's subject
    if clauses is not None and 0 < i < len(clauses) and clauses[i - 1] != clauses[i] \
            and _verb_next_to(toks, i + width, verb):
        # "After the Trust awarded a grant of £700, Kwame raised ...", "Because trade has picked
        # up, the centre will close ...": a name that opens the clause of its verb is its subject,
        # whatever ends the clause before
        return True
    before = _before_span(toks, i)
    if before in ("the", "a", "an") and i >= 2 and is_verb(toks[i - 2].norm) and toks[i - 2].norm not in AUXILIARIES \
            and i + width < verb and not toks[i + width].capitalized and toks[i + width].norm not in _AGENT_STOPS:
        # "leads the Temperate House section and reports to ...": a name inside a verb's object
        # only says which section; the object is not who does the next verb
        return False
    if before in ("the", "a", "an") and toks[i].capitalized:
        j = i - 1
        while j >= 0 and toks[j].norm != before:
            j -= 1
        prep = toks[j - 1].norm if j >= 1 else ""
        partitive = prep == "of" and j >= 2 and (toks[j - 2].norm in _PARTITIVES or toks[j - 2].norm.isdigit())
        if prep in PREPOSITIONS and prep != "by" and prep not in _CONJUNCTION_PREPS and not partitive \
                and j >= 2 and toks[j - 2].capitalized:
            # "Judge Farida Rahimi from the Wessex Horticultural Guild assessed": a body named after
            # a name says where that one is from, and is no more the doer with its article than
            # without ("feedback on the Halden & Vos range, which will launch" is not judged here)
            return False
    if before == "by":
        j = i - 1
        while j >= 0 and toks[j].norm != "by":
            j -= 1
        return j > 0 and stems_of(toks[j - 1].norm)[:1] == stems_of(toks[verb].norm)[:1]
    if before in _CONJUNCTION_PREPS and _verb_next_to(toks, i + width, verb):
        return True  # "paged after Priya Raghunathan slipped": a clause opens, she is its subject
    return before not in PREPOSITIONS


def _verb_next_to(toks: tuple[Token, ...], end: int, verb: int) -> bool:
    """Only auxiliaries, negation and adverbs stand between a mention ending before ``end`` and the verb."""
    return verb >= end and all(
        toks[k].norm in AUXILIARIES or toks[k].norm in MODALS or toks[k].norm in ("not", "never")
        or toks[k].norm in _ADVERB_LIKE or toks[k].norm.endswith("ly") for k in range(end, verb))


# prepositions that also open a clause, whose subject then follows them ("after Ada left")
_CONJUNCTION_PREPS = frozenset({"after", "before", "since", "until", "till", "as", "once"})


# Words that end the stretch in which a passive participle's "by" agent can stand: a new clause
# or a second verb ("was lent to Acme and returned by courier": courier did not lend it).
_AGENT_STOPS: frozenset[str] = frozenset(
    {"and", "but", "or", "nor", "who", "whom", "whose", "which", "that", "where", "because",
     "while", "whereas", "although", "though", "since", "when", "after", "before", "if",
     "unless", "until"}
) | AUXILIARIES | MODALS


def _shares_be(a: Analysis, k: int) -> bool:
    """Whether the participle at ``k`` follows "and" or "or" after a passive participle of the
    same sentence with nothing named between ("was drained ... and refilled")."""
    toks = a.tokens
    if k < 2 or toks[k - 1].norm not in ("and", "or") or not past_form(toks[k].norm):
        return False
    if k + 1 < len(toks) and (toks[k + 1].norm in ARTICLES or toks[k + 1].norm in POSSESSIVE_DETERMINERS):
        return False  # an object after it makes it active: "was serviced and passed its brake test"
    for j in range(k - 2, max(-1, k - 14), -1):
        t = toks[j]
        if t.capitalized and not t.sentence_initial and t.norm not in MONTHS and t.norm not in WEEKDAYS \
                or t.norm in SUBJECT_PRONOUNS or t.norm in (";", ":"):
            return False  # (a name may be the next verb's subject; a month names no one)
        if past_form(t.norm) and _be_before(toks, j):
            return True
    return False


def _be_before(toks: tuple[Token, ...], k: int) -> bool:
    """Whether a form of "be" stands before token ``k``, past adverbs ("was not yet hired")."""
    j = k - 1
    while j >= 0:
        if toks[j].norm in _ADVERB_LIKE or toks[j].norm.endswith("ly"):
            j -= 1
        elif toks[j].norm == "longer" and j > 0 and toks[j - 1].norm == "no":
            j -= 2  # "is no longer closed"
        else:
            break
    return j >= 0 and toks[j].norm in BE_FORMS


def _set_off_participle(a: Analysis, k: int) -> bool:
    """ "Ada's chronometer, made in 1868 by Pellow & Sons, ...": a past participle that opens a
    phrase set off by a comma may be a passive without its "be" (a reduced relative clause)."""
    toks = a.tokens
    if not (k > 0 and "," in a.text[toks[k - 1].end:toks[k].start] and past_form(toks[k].norm)):
        return False
    return not _after_apposition(a, k)


def _after_apposition(a: Analysis, k: int) -> bool:
    """Whether the comma before token ``k`` closes a short phrase set off after a name ("Amelia
    Tan, aged 14, won ...", "Amelia Tan, a pupil, won ...") or a name set off after its noun
    ("The customer, Mr Gideon Abernethy, paid ..."): then ``k`` is the name's own verb."""
    toks = a.tokens
    # (a post with its place runs long: "Halvard Ostermoor, the farm manager at Brackwater Shoals
    # Oyster Company, walked ...")
    for j in range(k - 1, max(0, k - 12), -1):
        if "," in a.text[toks[j - 1].end:toks[j].start]:  # the comma that opens the phrase
            if any(sp.first == j and sp.last == k - 1 for sp in a.names):
                return True  # "The customer, Mr Gideon Abernethy, paid ...": the phrase is the name
            after_name = any(sp.last == j - 1 for sp in a.names)
            return after_name and not any(past_form(t.norm) and t.norm != "aged" for t in toks[j:k])
    return False


def passive_voice(a: Analysis, k: int) -> tuple[bool, bool]:
    """The voice of the word at token ``k``: ``(passive, with_agent)``.

    A word is a passive participle when "by" follows it at once ("the gallery, run by Ada") or
    when a form of "be" stands before it ("was hired", "has been treated", not "is leading").
    It has an agent when that "by" follows at once, or, after "be", later in its own clause,
    before any new clause or second verb ("was treated for a cut hand by Ada"; not "by noon",
    "by 6 votes", "by using"). Only this one word carries the voice, never its whole clause.
    Both gates read the voice here: the subject binding compares ``passive``, the order gate
    flips its expected order on ``with_agent`` (an agentless passive names no doer to swap).
    """
    toks = a.tokens
    norm = toks[k].norm
    if norm in _ADVERB_LIKE or (norm.endswith("ly") and len(norm) > 3):
        return False, False  # "was collected early by her aunt": an adverb is no participle
    if _by_follows(a, k) is not None:
        return True, True
    if toks[k].norm.endswith("ing"):
        return False, False
    if not _be_before(toks, k) and _shares_be(a, k):
        # "was drained on 2 July ... and refilled within 11 hours": the second participle shares
        # the first one's "be"; "was shot-blasted and coated with epoxy by Sevenford Coatings" has
        # its agent later in the clause
        return True, passive_agent_at(a, k) is not None
    if not _be_before(toks, k):
        # set off without "be", it is read as passive only with its agent: "the chronometer, made
        # in 1868 by Pellow & Sons"; "Ada, born in 1950, joined" stays as it was read
        set_off = _set_off_participle(a, k) and passive_agent_at(a, k) is not None
        return set_off, set_off
    if not (past_form(norm) or norm.endswith(("ed", "en", "wn", "ne"))) and (
            role_word(norm) or k + 1 < len(toks) and role_word(toks[k + 1].norm)):
        return False, False  # "to be stage manager": a post after "be" is no participle
    by = passive_agent_at(a, k)
    return True, by is not None


# the particle of a phrasal verb, which may stand between a participle and its "by"
_PARTICLES = frozenset("up out off down over away back through".split())
# means and channels a bare "by" names ("confirmed by phone", "sent by courier"): how, not who
_MEANS = frozenset("""phone telephone email e-mail post letter text message fax radio video hand courier
    car bus coach train rail road air sea boat ferry bike bicycle foot cheque card cash transfer""".split())


def _by_follows(a: Analysis, k: int) -> int | None:
    """The index of a "by" right after the word at ``k`` (or after its particle: "carried out by")
    that may name a doer: not when a number or a time follows ("extended by 4 years", "finish by
    31 March"), nor after a noun that a preposition governs; after a participle or another word
    ("a claim by Ewan") otherwise."""
    toks = a.tokens
    j = k + 1
    if j < len(toks) and toks[j].norm in _PARTICLES and not toks[k].norm.endswith("ing"):
        j += 1
    if j >= len(toks) or toks[j].norm != "by":
        return None
    if j + 1 < len(toks) and toks[j + 1].norm in _MEANS and not toks[j + 1].capitalized:
        return None
    if j + 1 < len(toks) and (a.in_numeral[j + 1] or toks[j + 1].has_digit or toks[j + 1].norm in NUMBER_WORDS) \
            and not (j + 2 < len(toks) and not toks[j + 1].has_digit and role_word(toks[j + 2].norm)) \
            and not _counted_people(a, j + 1):
        return None  # ("treated by first aider Ji-woo Baek": a word of number inside a role is no amount)
    if past_form(toks[k].norm):
        return j
    # a noun that a preposition governs is no doer: "towed into Porthkerris harbour by the Morwenna
    # Grace", "his contract with the orchestra by 4 years"; "a claim by Ewan Castellanos" is one
    i = k - 1
    while i >= 0 and (toks[i].capitalized and not toks[i].sentence_initial or toks[i].norm in ARTICLES
                      or toks[i].norm in POSSESSIVE_DETERMINERS):
        i -= 1
    if i >= 0 and toks[k].norm not in PREPOSITIONS and toks[i].norm in PREPOSITIONS:
        return None
    return j


def _counted_people(a: Analysis, k: int) -> bool:
    """Whether the number at ``k`` counts people, so that "by" before it names doers: "by two
    volunteers" (not "by 4 years", "by 12%")."""
    toks = a.tokens
    j = k + 1
    while j < len(toks) and a.in_numeral[j]:
        j += 1
    return j < len(toks) and people_noun(toks[j].norm)


def passive_agent_at(a: Analysis, k: int) -> int | None:
    """The token index of the "by" that names the agent of the passive participle at ``k``
    (see :func:`passive_voice`), or None."""
    toks = a.tokens
    norm = toks[k].norm
    if norm in _ADVERB_LIKE or (norm.endswith("ly") and len(norm) > 3):
        return None  # an adverb is no participle (see passive_voice)
    n = len(toks)
    at_once = _by_follows(a, k)
    if at_once is not None:
        return at_once
    if toks[k].norm.endswith("ing") or not (_be_before(toks, k) or _set_off_participle(a, k) or _shares_be(a, k)):
        return None
    clause = a.clauses[k]
    for j in range(k + 1, n - 1):
        t = toks[j]
        if a.clauses[j] != clause:
            break
        if t.norm in ("and", "or") and past_form(toks[j + 1].norm) and not toks[j + 1].norm.endswith("ing"):
            continue  # "were photographed and catalogued by Ada": one agent for both participles
        if t.norm in ("and", "or") and toks[j - 1].has_digit and toks[j + 1].has_digit:
            continue  # "harvested on 25 and 26 June by the well-boat": a list of numbers, no new clause
        if t.norm in ("and", "or") and _nouns_to_by(a, j + 1, clause):
            continue  # "banned from the yard and arena by Ingrid Solberg": two nouns, no new clause
        if t.norm in _AGENT_STOPS and not a.in_numeral[j] and not (t.capitalized and not t.sentence_initial):
            break  # "may" in "in May" and "Will" in a name are no second verb
        if past_form(t.norm) and toks[j - 1].norm not in ("and", "or") and _by_follows(a, j) is not None:
            break  # "walked the trestles and counted bags torn by the storm": the storm tore, not walked
        if t.norm == "by":
            nxt = toks[j + 1]
            if nxt.norm in _MEANS and not nxt.capitalized:
                continue  # "was sent by post by the clerk": the means, then the doer
            if a.clauses[j + 1] == clause and (not a.in_numeral[j + 1] or _counted_people(a, j + 1)) \
                    and not nxt.norm.endswith("ing"):
                return j
            break
    return None


def _nouns_to_by(a: Analysis, k: int, clause: int) -> bool:
    """Whether the words from ``k`` up to a "by" in the same clause are a plain noun phrase: lower-
    case nouns, articles, and an amount after "of", no verb or name among them ("arena by", "a
    refund of £40 by")."""
    toks = a.tokens
    for j in range(k, min(len(toks), k + 6)):
        t = toks[j]
        if a.clauses[j] != clause:
            return False
        if t.norm == "by":
            return j > k
        if t.norm == "of" and j > k or a.in_numeral[j] and (j == k or toks[j - 1].norm in ("of", "-")) or "-" in t.norm:
            continue  # (a count may open the phrase: "and one free service wash by")
        if t.norm not in ARTICLES and not (t.norm.isalpha() and not t.capitalized and t.norm not in STOPWORDS
                                           and (not is_verb(t.norm) or toks[j - 1].norm in ARTICLES)):
            return False  # (after an article a verb's form is a noun: "a refund")
    return False


def _passive_at(a: Analysis, k: int) -> bool:
    """Whether the verb at token ``k`` is a passive participle ("was hired", "hired by")."""
    return passive_voice(a, k)[0]


# The firewall, this gate and the binding below all ask for the subject of the same claim's
# Analysis. An Analysis is immutable and subject_of is pure (its Subject is frozen), so the last
# answer is reused when asked about the very same object (identity: no hashing of an analysis).
_last_subject: tuple[Analysis, Subject | None] | None = None


def claim_subject(a: Analysis) -> Subject | None:
    """:func:`~fireweed.decider.text.subject_of` an analysed text from its first token."""
    global _last_subject
    last = _last_subject
    if last is not None and last[0] is a:
        return last[1]
    found = subject_of(a.text, list(a.tokens), list(a.names), numerals=list(a.numerals))
    _last_subject = (a, found)
    return found


# judge asks for the binding of the same pair of analyses twice (this gate, then the order gate).
# An Analysis is immutable and the result is a frozen Binding (or None), so the last answer is
# reused when both arguments are the very same objects (identity: no hashing of whole analyses).
_last_binding: tuple[Analysis, Analysis, Binding | None] | None = None


def subject_binding(claim: Analysis, evidence: Analysis) -> Binding | None:
    """A :class:`Binding` when the evidence gives the claim's verb to someone other than its subject.

    The claim's subject X (for "Ada's son ..." the son) and its verb V (the first content word
    after X, past auxiliaries and adverbs) are located in the evidence. If every mention of X before
    V is a possessor or the object of a preposition, or X only comes after V (and not as "V by X"),
    X did not do V there. A voice change ("Ada was hired by Acme" / "Acme hired Ada") is skipped.
    """
    if claim is evidence:
        # A text never gives its own verb to someone else: as its own evidence, the verb's one
        # occurrence is the claim's own, and _subject_binding, which has just required the claim's
        # mention of its subject before it to be in subject position, stops there with None.
        return None
    global _last_binding
    last = _last_binding
    if last is not None and last[0] is claim and last[1] is evidence:
        return last[2]
    found = _subject_binding(claim, evidence)
    _last_binding = (claim, evidence, found)
    return found


def _subject_binding(claim: Analysis, evidence: Analysis) -> Binding | None:
    toks = claim.tokens
    subj = claim_subject(claim)
    if subj is None or subj.kind == "pronoun":
        return None
    ev_toks = evidence.tokens
    label = subj.text
    if subj.kind == "name" and subj.name is not None and not subj.name.possessive:
        after = subj.name.last + 1
        seq = subj.name.key
        person = None
        if after + 1 < len(toks) and not toks[after].capitalized and role_word(toks[after].norm) \
                and not is_verb(toks[after].norm) and claim.clauses[after] == claim.clauses[after - 1]:
            person = next((s for s in claim.names if s.first == after + 1
                           and claim.clauses[s.first] == claim.clauses[after]), None)
        if person is not None:
            # "Rovers striker Tobias Rennick saved ...": the name says whose striker, and the
            # subject is the person the role is given to
            label, seq, after = person.text, person.key, person.last + 1
        elif _name_modifies(claim, after):
            # "The Glen Arrow team airlifted ...": the name only says which team; the subject
            # is the team, and the evidence must have that team do it
            label = f"{subj.name.text} {toks[after].text}"
            seq = seq + (toks[after].norm,)
            after += 1
        width = len(seq)
        occ = _find_seq([t.norm for t in ev_toks], seq)
        subject_keys = seq
    else:
        head_at = subj.index
        if subj.kind == "name" and subj.name is not None:
            head_at = subj.name.last + 1
            while head_at < len(toks) and (toks[head_at].norm in STOPWORDS or claim.in_numeral[head_at]):
                head_at += 1
            if head_at >= len(toks):
                return None
            label = f"{subj.name.text}'s {toks[head_at].text}"
        mods: list[str] = []
        if subj.kind == "noun":
            head_at, mods = _noun_head(claim, head_at)
            label = " ".join(t.text for t in toks[subj.index:head_at + 1])
        head = toks[head_at]
        if head.possessive:
            return None
        after = head_at + 1
        width = 1
        key = claim.keys[head_at]
        occ = [i for i, x in enumerate(evidence.keys) if x == key and _has_modifiers(evidence, i, mods)]
        subject_keys = (key,)
    k = after
    while k < len(toks) and (toks[k].norm in AUXILIARIES or toks[k].norm in MODALS
                             or toks[k].norm in _ADVERB_LIKE or toks[k].norm.endswith("ly")):
        k += 1
    if k > after and k < len(toks) and toks[k - 1].norm in _HAVE_FORMS and toks[k].norm in _AFTER_HAVE:
        k -= 1  # "Tobiah has a wrist injury": "has" is the verb, not an auxiliary
    if k >= len(toks) or claim.clauses[k] != claim.clauses[subj.index] or toks[k].norm in _NOT_A_VERB:
        return None
    if claim.in_numeral[k] or any(s.first <= k <= s.last for s in claim.names):
        return None
    if k + 1 < len(toks) and (toks[k + 1].norm in AUXILIARIES or toks[k + 1].norm in MODALS):
        return None  # "the 24 perimeter lights will be replaced": "lights" ends the subject, no verb
    x_at = after - width
    if not _subject_position(toks, x_at, width, k):
        return None  # the claim's own subject is not in subject position; nothing to compare
    verb = claim.keys[k]
    ev_verbs = [i for i, x in enumerate(evidence.keys) if x == verb]
    if not ev_verbs or not occ:
        return None
    v = ev_verbs[0] if len(ev_verbs) == 1 else _occurrence_by_object(claim, k, evidence, ev_verbs)
    if v is None:
        return None
    if _passive_at(claim, k) != _passive_at(evidence, v):
        # A voice change keeps the doer only as the passive's "by" agent: "the set was built by
        # students" has students, not the designer named before, building it.
        bound = _agent_binding(claim, evidence, k, v, label, subject_keys)
        if bound is None and not _passive_at(claim, k) and passive_agent_at(evidence, v) is None \
                and any(i < v for i in occ) and all(i > v or ev_toks[i + width - 1].possessive for i in occ):
            # "Ada Obi's van was repaired" names no one who repaired it, and Ada only as its owner
            return Binding(label, toks[k].text, None, False)
        return bound
    for i in occ:
        if i < v and _subject_position(ev_toks, i, width, v, evidence.clauses) and not _in_closed_relative(evidence, i, v) \
                and not _rival_between(evidence, i + width, v) and not _object_does(evidence, i + width, v) \
                and not _inserted_agent(evidence, i, i + width - 1, v) and not _addressed(evidence, i, width, v):
            return None
        if i > v and "by" in (ev_toks[j].norm for j in range(v + 1, i)) and i - v <= 4:
            return None  # passive agent: "run by Ada" still has Ada doing it
    actor, actor_in_claim = _actor(claim, evidence, v)
    if actor is not None and actor.lower() in ("he", "she") and subj.kind == "name" and occ \
            and _only_person_before(evidence, subject_keys, v):
        # "Ewan's workshop sold out, so he will run a second one": the pronoun can only be Ewan
        return None
    return Binding(label, toks[k].text, actor, actor_in_claim)


def _pronoun_for(evidence: Analysis, key: tuple[str, ...]) -> bool:
    """Whether a "he" or "she" in the evidence can only stand for the person with ``key``."""
    return any(t.norm in ("he", "she") and _only_person_before(evidence, key, j) for j, t in enumerate(evidence.tokens))


def _only_person_before(evidence: Analysis, key: tuple[str, ...], v: int) -> bool:
    """Whether the name with ``key`` is the only person the evidence names before token ``v``."""
    people = {s.key for s in evidence.names if s.last < v and len(s.key) >= 2 and guess_kind(s.text) == "person"}
    return people == {key}


def _name_modifies(a: Analysis, k: int) -> bool:
    """Whether the word at ``k``, right after a name, is the noun the name modifies: a plain
    lower-case word that is no verb, itself followed by a verb ("the Glen Arrow team airlifted")."""
    toks = a.tokens
    if k + 1 >= len(toks) or a.clauses[k] != a.clauses[k - 1] or a.clauses[k + 1] != a.clauses[k]:
        return False
    t, nxt = toks[k], toks[k + 1].norm
    if t.capitalized or t.possessive or not t.norm.isalpha() or t.norm in STOPWORDS or is_verb(t.norm) \
            or t.norm.endswith(("ed", "ing")):
        return False
    return is_verb(nxt) or nxt.endswith("ed") and len(nxt) > 4 or nxt in AUXILIARIES or nxt in MODALS


def _noun_head(a: Analysis, k: int) -> tuple[int, list[str]]:
    """The head of a common-noun subject that starts at token ``k``, and the keys of the words
    before it: "the principal conductor tuned ..." has the head "conductor", modified by
    "principal". The subject runs on over role nouns ("leader", "pharmacist") that are no verb."""
    toks = a.tokens
    head = k
    while head + 1 < len(toks) and a.clauses[head + 1] == a.clauses[k]:
        t = toks[head + 1]
        if t.possessive or t.capitalized or a.in_numeral[head + 1] or t.norm.endswith("ed") \
                or not role_word(t.norm) or is_verb(t.norm):
            break
        head += 1
    mods = [a.keys[j] for j in range(k, head) if toks[j].norm not in STOPWORDS]
    return head, mods


def _has_modifiers(a: Analysis, i: int, mods: list[str]) -> bool:
    """Whether the noun at token ``i`` carries each of ``mods`` among the three words before it
    in its clause: the claim's "team leader" is not the evidence's "deputy leader"."""
    if not mods:
        return True
    near = {a.keys[j] for j in range(max(0, i - 3), i) if a.clauses[j] == a.clauses[i]}
    return all(m in near for m in mods)


# Words that end a passive's "by" agent: "by the coastguard helicopter after ...", "by a
# contractor working for ..." (and "hired by ..."), "by Ada and built by students".
_AGENT_ENDS: frozenset[str] = frozenset({"and", "or", "but", "after", "before", "while", "when", "because",
                                         "who", "which", "that"})


def _agent_binding(claim: Analysis, evidence: Analysis, k: int, v: int, label: str,
                   subject_keys: tuple[str, ...]) -> Binding | None:
    """A :class:`Binding` when the claim makes its subject the doer of an active verb ``k`` that
    the evidence has as a passive ``v`` whose "by" agent is someone else; None when the claim is
    the passive one, the passive names no agent, or the agent is the claim's subject."""
    if _passive_at(claim, k) or not subject_keys:
        return None
    by = passive_agent_at(evidence, v)
    if by is None:
        return None
    toks = evidence.tokens
    agent: list[int] = []
    j = by + 1
    while j < len(toks) and evidence.clauses[j] == evidence.clauses[by] and len(agent) < 6:
        t = toks[j]
        # ("by Kessler Engineering", "by Fatima Al-Sayed": an -ing or -ed word inside a name is no
        # participle that ends it)
        if t.norm in _AGENT_ENDS or (t.norm in PREPOSITIONS and t.norm != "of") \
                or t.norm.endswith("ing") and not (t.capitalized and agent) \
                or (agent and len(t.norm) > 4 and t.norm.endswith("ed") and not t.capitalized) \
                or not any(ch.isalnum() for ch in t.norm):
            break
        agent.append(j)
        j += 1
    if not agent:
        return None
    if j < len(toks) and evidence.text[toks[agent[-1]].end:toks[j].start].strip() == "," \
            and not any(toks[x].capitalized for x in agent):
        # "by their campsite owner, Morag Lennox.": a description, then the name it describes
        named = j
        while named < len(toks) and toks[named].capitalized and named - j < 4:
            named += 1
        rest = evidence.text[toks[named - 1].end:toks[named].start if named < len(toks) else len(evidence.text)]
        if named > j and (named == len(toks) or rest.strip() in (".", ";", ",")):
            agent.extend(range(j, named))  # the name ends the sentence or is set off: an apposition
    norms = [toks[j].norm for j in agent]
    keys = [evidence.keys[j] for j in agent]
    width = len(subject_keys)
    for seq in (norms, keys):
        if any(tuple(seq[x:x + width]) == subject_keys for x in range(len(seq) - width + 1)):
            return None
    words = [toks[j].text for j in agent]
    mentioned = any(evidence.keys[j] in claim.keys for j in agent if toks[j].norm not in STOPWORDS)
    return Binding(label, claim.tokens[k].text, " ".join(words), mentioned)


_RELATIVES: frozenset[str] = frozenset({"who", "whose", "whom", "which", "where"})
# Words after which a name starts a clause of its own: "..., and Dmitri plays the oboe".
_CLAUSE_OPENERS: frozenset[str] = frozenset(
    {"and", "but", "while", "whereas", "whilst", "yet", "so", "then", "although", "though", "because",
     "since", "when", "after", "before", "that", "which", "whom"}
)


def _in_closed_relative(a: Analysis, i: int, v: int) -> bool:
    """Whether token ``i`` sits in a relative clause that ends before token ``v``
    ("Agnes, whose coach is Ruairi, won": Ruairi did not win)."""
    c = a.clauses[i]
    if c == a.clauses[v]:
        return False
    first = i
    while first > 0 and a.clauses[first - 1] == c:
        first -= 1
    return a.tokens[first].norm in _RELATIVES


def _rival_between(a: Analysis, start: int, v: int) -> bool:
    """Whether another name opens a clause of its own between ``start`` and the verb at ``v``
    ("Lina conducts the orchestra and Dmitri plays the oboe": Lina does not play it). A name
    coordinated with the first one ("Ada and Ben founded Acme") is no rival: nothing but names
    and "and" stand between them."""
    toks = a.tokens
    for span in a.names:
        if span.first < start or span.last >= v or toks[span.last].possessive:
            continue
        rel = span.last + 1
        if rel < v and toks[rel].norm in ("who", "that") and a.clauses[rel] == a.clauses[v] \
                and a.clauses[rel] != a.clauses[span.last]:
            # "... instead of Ngozi Halloran, who has a wrist injury": the relative clause set off
            # after a name is that name's, wherever the name stands
            return True
        if _in_closed_relative(a, span.first, v) or not _subject_position(toks, span.first, span.last - span.first + 1, v):
            continue
        if _joined_to_a_prepositions_name(a, span.first, start):
            continue
        j = span.first - 1
        while j >= start and (toks[j].norm in TITLES or toks[j].norm in ARTICLES) and toks[j].capitalized:
            j -= 1
        lead = span.first
        opens = _opens_clause(a, j, start, span.first)
        if not opens and _verb_next(a, span.last + 1, v):
            # "..., and (the senior) conservator Mireille Osagie-Hart restored it": one or two
            # lowercase role words (and an article) before a name that the verb follows at once
            # belong to the subject phrase, so the clause opens before them. A verb before a
            # name ("and met Ben, then ...") is not followed by the claim's verb.
            r = j
            while not opens and r > j - 2 and _role_word(a, r, start):
                k = r - 1
                while k >= start and (toks[k].norm in ARTICLES or toks[k].norm in POSSESSIVE_DETERMINERS):
                    k -= 1
                if _opens_clause(a, k, start, r):
                    opens, lead = True, k + 1
                r -= 1
        if not opens:
            continue
        in_names = [False] * (lead - start)
        for other in a.names:
            for t in range(max(other.first, start), min(other.last + 1, lead)):
                in_names[t - start] = True
        if any(not in_names[t - start] and toks[t].norm not in STOPWORDS for t in range(start, lead)):
            return True
    return False


def _joined_to_a_prepositions_name(a: Analysis, first: int, start: int) -> bool:
    """Whether the name at ``first`` is joined by "and" to a name that a preposition governs,
    inside a phrase set off by commas ("Desmond Oduya, purchasing manager at Fenwick and Oduya
    Builders, ordered ..."): the two are one object of that preposition, not a subject of their
    own."""
    toks = a.tokens
    span = next((s for s in a.names if s.first == first), None)
    if span is None or span.last + 1 >= len(toks) or "," not in a.text[toks[span.last].end:toks[span.last + 1].start] \
            or "," not in a.text[toks[max(0, start - 1)].end:toks[first].start]:
        return False
    j = first - 1
    if j - 1 < start or toks[j].norm not in ("and", "&") or not toks[j - 1].capitalized:
        return False
    j -= 1
    while j > start and toks[j - 1].capitalized and a.clauses[j - 1] == a.clauses[first]:
        j -= 1
    return j - 1 >= start and toks[j - 1].norm in PREPOSITIONS and toks[j - 1].norm != "by"


# words that open a letter or a message to the name after them
_SALUTATIONS: frozenset[str] = frozenset({"hi", "hello", "hey", "dear", "morning", "afternoon", "evening", "thanks"})


def _addressed(a: Analysis, i: int, width: int, v: int) -> bool:
    """Whether the name at token ``i`` is spoken to, not of, before the verb at ``v``: after a
    greeting ("Hi Ottilie Marchbanks, the board has approved your request"), or set off by a comma
    before a phrase of its own that runs to the verb without closing ("Ottilie, the board has
    approved ..."; "Ottilie, the treasurer, has approved" is an apposition, and Ottilie approved)."""
    toks = a.tokens
    end = i + width
    if end >= v or a.text[toks[end - 1].end:toks[end].start].strip() != ",":
        return False
    # (the greeting may have been read as the name's first word: "Hi Ottilie Marchbanks")
    opener = i if toks[i].norm in _SALUTATIONS and width > 1 else i - 1
    if opener >= 0 and toks[opener].norm in _SALUTATIONS and (opener == 0 or toks[opener].sentence_initial):
        return True
    if toks[end].norm not in ARTICLES and toks[end].norm not in POSSESSIVE_DETERMINERS:
        return False
    # the phrase after the comma must reach the verb with no second comma, no clause break and no
    # relative ("Lucan, a student who works at the farm": the student is Lucan, and works there)
    return all(a.clauses[t] == a.clauses[v] and toks[t].norm not in _RELATIVES and toks[t].norm != "that"
               for t in range(end, v)) \
        and "," not in a.text[toks[end].start:toks[v].start]


def _object_does(a: Analysis, start: int, v: int) -> bool:
    """Whether a name between ``start`` and the verb at ``v`` is the verb's own doer: the object
    right before "for V-ing" or "to V" ("praised driver Priya for stopping the bus": Priya stopped
    it; "paid Ben to paint the fence"). After a preposition it is no object ("wrote to Ben to
    complain": the writer complains)."""
    toks = a.tokens
    if v < 2 or toks[v - 1].norm not in ("for", "to"):
        return False
    if toks[v - 1].norm == "for" and not toks[v].norm.endswith("ing"):
        return False
    for span in a.names:
        if span.first >= start and span.last == v - 2 and not toks[span.last].possessive:
            return _before_span(toks, span.first) not in PREPOSITIONS
    return False


def _opens_clause(a: Analysis, j: int, start: int, first: int) -> bool:
    """Whether a phrase starting at token ``first`` opens a clause: nothing of the span from
    ``start`` before it, a clause opener ("and", "while") or punctuation at token ``j``."""
    return j < start or a.tokens[j].norm in _CLAUSE_OPENERS or a.clauses[j] != a.clauses[first]


def _role_word(a: Analysis, j: int, start: int) -> bool:
    """Whether token ``j`` may be a lowercase role noun before a name ("conservator", "nurse")."""
    if j < start:
        return False
    t = a.tokens[j]
    return (not t.capitalized and t.norm.isalpha() and t.norm not in STOPWORDS
            and not a.in_numeral[j] and not t.possessive)


def _verb_next(a: Analysis, k: int, v: int) -> bool:
    """Whether only auxiliaries, modals and adverbs stand from token ``k`` to the verb at ``v``."""
    toks = a.tokens
    if k > v or a.clauses[k - 1] != a.clauses[v]:
        return False
    return all(toks[t].norm in AUXILIARIES or toks[t].norm in MODALS or toks[t].norm in _ADVERB_LIKE
               or toks[t].norm.endswith("ly") for t in range(k, v))


def _occurrence_by_object(claim: Analysis, k: int, evidence: Analysis, ev_verbs: list[int]) -> int | None:
    """Of several occurrences of the claim's verb in the evidence, the one followed by the claim's
    object ("teaches chemistry and ... teaches physics"); None when none or several fit."""
    toks = claim.tokens
    obj: set[str] = set()
    j = k + 1
    while j < len(toks) and claim.clauses[j] == claim.clauses[k] and len(obj) < 3:
        if toks[j].norm not in STOPWORDS:
            obj.update(claim.stems[j])
        j += 1
    if not obj:
        return None
    scores: list[tuple[int, int]] = []
    for n, v in enumerate(ev_verbs):
        end = ev_verbs[n + 1] if n + 1 < len(ev_verbs) else len(evidence.tokens)
        found = {x for t in range(v + 1, end) if evidence.clauses[t] == evidence.clauses[v] for x in evidence.stems[t]}
        scores.append((len(obj & found), v))
    scores.sort(reverse=True)
    if scores[0][0] == 0 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
        return None
    return scores[0][1]


def _actor(claim: Analysis, evidence: Analysis, v: int) -> tuple[str | None, bool]:
    """Who the evidence has doing the verb at token ``v``, and whether the claim mentions them."""
    ev_toks = evidence.tokens
    claim_seq = [t.norm for t in claim.tokens]
    best: tuple[int, str, bool] | None = None
    for span in evidence.names:
        if span.last < v and _subject_position(ev_toks, span.first, span.last - span.first + 1, v, evidence.clauses) \
                and not _in_closed_relative(evidence, span.first, v) and not _inserted_agent(evidence, span.first, span.last, v) \
                and not _addressed(evidence, span.first, span.last - span.first + 1, v):
            if best is None or span.last > best[0]:
                bare = without_posts(span.key)  # "Podiatrist Eluned Pryderi" is in a claim as Eluned Pryderi
                best = (span.last, span.text,
                        bool(_find_seq(claim_seq, span.key) or bare is not None and _find_seq(claim_seq, bare)))
    for j in range(v - 1, -1, -1):
        if ev_toks[j].norm in SUBJECT_PRONOUNS:
            if best is None or j > best[0]:
                best = (j, ev_toks[j].text, False)
            break
    if best is not None:
        return best[1], best[2]
    subj = subject_of(evidence.text, list(ev_toks), list(evidence.names), numerals=list(evidence.numerals))
    if subj is None or subj.index >= v:
        return None, False
    word = subj.token
    if subj.kind == "name" and subj.name is not None and subj.name.possessive:
        head = _possessed_head(evidence, subj.name.last + 1)
        if head is None:
            return None, False
        word = head
    elif subj.kind == "name" and subj.name is not None:
        span = subj.name
        if _addressed(evidence, span.first, span.last - span.first + 1, v):
            # the one spoken to is not the doer: the phrase after the comma is ("the board")
            j = v - 1
            while j > span.last and (ev_toks[j].norm in AUXILIARIES or ev_toks[j].norm in MODALS
                                     or ev_toks[j].norm in _ADVERB_LIKE):
                j -= 1
            if j <= span.last:
                return None, False
            phrase = evidence.text[ev_toks[span.last + 1].start:ev_toks[j].end]
            return phrase, bool(set(stems_of(ev_toks[j].norm)) & claim.stem_set)
        return subj.text, bool(_find_seq(claim_seq, span.key))
    return word.text, bool(set(stems_of(word.norm)) & claim.stem_set)


def _inserted_agent(evidence: Analysis, first: int, last: int, v: int) -> bool:
    """Whether the name is the "by" agent of a phrase set off by commas before the verb at ``v``:
    "Tarrow's coxed four, stroked by club captain Declan Fairweather, won" has the four winning,
    not Declan."""
    toks = evidence.tokens
    if "," not in evidence.text[toks[last].end:toks[v].start]:
        return False
    j = first - 1
    while j >= 0 and first - j <= 3 and not toks[j].capitalized and toks[j].norm != "by" \
            and toks[j].norm.isalpha():
        j -= 1  # a role before the name: "by club captain"
    return j > 0 and toks[j].norm == "by" and "," in evidence.text[:toks[j].start]


def _name_after_role(claim: Analysis, subj: Subject | None) -> NameSpan | None:
    """The name in a subject such as "Nurse specialist Felicity Amadi" or "Research assistant
    Pavel Strand": the subject found is a lone capitalised role word (a title, or a single word
    capitalised only because it starts the sentence), and after one or two lowercase words of
    the same clause a name follows. None otherwise."""
    if subj is None or subj.kind != "name" or subj.name is None or subj.name.possessive:
        return None
    span = subj.name
    if not (span.ambiguous or all(t in TITLES for t in span.tokens)):
        return None
    toks = claim.tokens
    k = span.last + 1
    while k < len(toks) and k - span.last <= 2 and not toks[k].capitalized \
            and toks[k].norm.isalpha() and toks[k].norm not in STOPWORDS \
            and claim.clauses[k] == claim.clauses[span.last]:
        k += 1
    if k == span.last + 1 or k - span.last > 3:
        return None
    return next((s for s in claim.names if s.first == k and claim.clauses[k] == claim.clauses[span.last]), None)


def _later_clause_starts(claim: Analysis) -> list[int]:
    """Token indices that start a new main clause: after ';' or after ', and'/', but'."""
    text = fold(claim.text)
    toks = claim.tokens
    out: list[int] = []
    for i in range(1, len(toks)):
        gap = text[toks[i - 1].end:toks[i].start]
        if ";" in gap:
            out.append(i)
        elif "," in gap and toks[i].norm in ("and", "but") and i + 1 < len(toks):
            out.append(i + 1)
    return out


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    toks = list(claim.tokens)
    names = list(claim.names)
    subj = claim_subject(claim)
    if subj is not None:
        refusal = _check_subject(subj, claim, evidence)
        if refusal is not None:
            return refusal
    named = _name_after_role(claim, subj)
    if named is not None and not name_occurrences(named, evidence):
        return GateVerdict.refuse(CODE, GATE, _remedy_for(named.text), named.text)
    bound = subject_binding(claim, evidence)
    if bound is not None and not bound.actor_in_claim:
        who = f"'{bound.actor}'" if bound.actor else "someone else"
        return GateVerdict.refuse(
            CODE,
            GATE,
            f"in the evidence {who}, not '{bound.subject}', is the one who '{bound.verb}'; quote "
            f"the sentence that says {bound.subject} did it, or make {who} the subject",
            bound.subject,
        )
    for start in _later_clause_starts(claim):
        later = subject_of(claim.text, toks, names, start=start, numerals=list(claim.numerals))
        if later is not None and later.kind == "name" and later.index >= start:
            refusal = _check_subject(later, claim, evidence)
            if refusal is not None:
                return refusal
    stranger = _person_not_in_evidence(claim, evidence)
    if stranger is not None:
        return GateVerdict.refuse(CODE, GATE, _remedy_for(stranger.text), stranger.text)
    return GateVerdict.admit()


def _person_not_in_evidence(claim: Analysis, evidence: Analysis) -> NameSpan | None:
    """A person the claim names anywhere (as object, agent, apposition or owner) whom the evidence
    does not name: every person a claim names becomes one of the memory's subjects, so the evidence
    must name them too ("phoned Iolanthe Varga" from "phoned her", "Anouk Verhagen-Sibley" from
    "Anouk Verhagen-Selby", "Bramble's vaccination" from "Pilot's"). A name counts as named when
    the evidence has it whole (titles aside) or every word of it capitalised somewhere."""
    have = {t.norm for t in evidence.tokens if t.capitalized}
    for span in claim.names:
        if span.ambiguous or span.sentence_initial and len(span.tokens) < 2:
            continue
        if len(span.tokens) < 2 and not span.possessive:
            continue  # a lone capitalised word may be anything; "Bramble's" is someone's
        if len(span.tokens) >= 2 and guess_kind(span.text) != "person":
            continue
        key = without_posts(span.key) or span.key or span.tokens  # a role the claim adds is the predicate gate's
        if not all(w in have for w in key) and not name_occurrences(span, evidence):
            return span
    return None


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``unknown_subject`` unless the claim's subject is named in the evidence."""
    return check_analyzed(analyze(claim), analyze(evidence))
