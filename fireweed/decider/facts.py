"""Parse a claim into a Fact: who it is about, which relation it states, and what it says.

A Fact is a shallow, deterministic reading of one English sentence:

* ``spans``: the names in it, in order; ``subject`` indexes the grammatical
  subject (the first name outside a leading prepositional phrase, or the
  possessor in "Ada Obi's deadline is ...").
* ``predicate``: the canonical relation word (via relations.json and the
  inflection stemmer: "manages", "heads" and "runs" all give "lead").
* ``relation``: ``predicate`` joined with the head noun of its object
  ("lead:team"), or the possessed noun for a possessive subject
  ("deadlin", a stem). Two claims with the same subject and relation, and different
  objects, are one fact changing over time.
* ``objects``: stems of the content words after the predicate, and
  ``values``: normalised numerals, amounts, dates and clock times.
* ``update``: the predicate is a change verb ("increased", "moved",
  "extended") whose object names an attribute ("dose") that had a value.

>>> f = parse_claim("Ada Obi now leads the mobile team.")
>>> (f.subject_name, f.predicate, f.relation)
('Ada Obi', 'lead', 'lead:team')
>>> parse_claim("Ada Obi's thesis deadline is 30 June 2024.").relation
'deadlin'
>>> parse_claim("Dr. Ken Li increased Ada Obi's dose to 10 mg.").update
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from fireweed.decider.lexicon import (
    AUXILIARIES,
    MONTHS,
    NEGATIONS,
    PREPOSITIONS,
    STOPWORDS,
    WEEKDAYS,
    Token,
    is_number,
    is_verb,
    normalize,
    past_form,
    role_word,
    stem,
    tokenize,
)
from fireweed.decider.name_spans import Span, add_known_spans, find_spans
from fireweed.decider.subject_grounded import claim_subject
from fireweed.decider.text import CARDINAL_WORDS, MODALS, analyze
from fireweed.decider.relations import lexicon

__all__ = ["COPULAS", "Fact", "parse_claim", "values_of", "content_stems", "normalize_claim", "CHANGE_VERBS", "resulting_state",
           "states_a_post", "reported_update", "REPORTING_STEMS"]

_ADVERBS = frozenset(
    """now also already still just recently currently previously formerly newly again then soon later
    once twice first finally initially originally usually often always never since meanwhile""".split()
)
_DETERMINERS = frozenset("a an the this that these those his her its their our my your some any each every all".split())
CHANGE_VERBS: frozenset[str] = frozenset(
    stem(w)
    for w in """increase decrease raise lower reduce cut change move switch update extend shorten
    postpone delay bring push adjust replace swap double halve boost drop upgrade downgrade
    reschedule relocate transfer""".split()
)
_PUNCT = frozenset(",;:.!?()[]\"'")


@dataclass
class Fact:
    """The shallow reading of a claim (see the module docstring)."""

    claim: str
    tokens: list[Token]
    spans: list[Span]
    subject: int | None
    predicate: str
    relation: str
    objects: frozenset[str]
    values: frozenset[str]
    negated: bool
    update: bool
    attribute: str | None = None
    stems: list[str] = field(default_factory=list)
    # the values an update says it replaced: "moved from 21 March to 2 May" replaces 21 March
    replaced: frozenset[str] = frozenset()
    # the relations named by the words before an owned noun: {"teach"} for "Ada's personal
    # training sessions", whose change is a change of when she trains
    owned_acts: frozenset[str] = frozenset()
    # an owned thing moved to another time or place ("Ada's sessions will move to Fridays")
    rescheduled: bool = False
    # the names the claim says it holds in place of ("will lead the Heron group instead of the
    # Otter group"): a claim of the same relation with one of them is replaced, not joined
    forgone: frozenset[str] = frozenset()
    # the values it holds in place of ("will sample on Thursdays instead of Tuesdays")
    forgone_values: frozenset[str] = frozenset()

    @property
    def subject_name(self) -> str | None:
        """Surface text of the grammatical subject, if the claim names one."""
        if self.subject is None:
            return None
        return self.spans[self.subject].text

    def ordered_spans(self) -> list[Span]:
        """The spans with the grammatical subject first."""
        if self.subject is None:
            return list(self.spans)
        return [self.spans[self.subject]] + [s for i, s in enumerate(self.spans) if i != self.subject]


_FORGOING = frozenset({("instead", "of"), ("rather", "than")})
_SCOPE_ENDS = frozenset({",", ";", ".", "and", "but", "while", "because"})


def _forgone_ranges(lower: list[str]) -> list[tuple[int, int]]:
    """The token ranges of the few words after each "instead of" or "rather than"."""
    out = []
    for i in range(len(lower) - 1):
        if (lower[i], lower[i + 1]) in _FORGOING:
            end = next((k for k in range(i + 2, min(len(lower), i + 8)) if lower[k] in _SCOPE_ENDS), min(len(lower), i + 8))
            out.append((i + 2, end))
    return out


def _forgone_names(spans: list[Span], lower: list[str]) -> frozenset[str]:
    """Keys of the names that stand in the few words after "instead of" or "rather than"."""
    return frozenset(sp.key for start, end in _forgone_ranges(lower) for sp in spans if sp.first >= start and sp.last <= end)


def _forgone_values(tokens: list[Token], lower: list[str]) -> frozenset[str]:
    """The values that stand in the few words after "instead of" or "rather than"."""
    return frozenset(v for start, end in _forgone_ranges(lower) for v in values_of(tokens[start:end]))


def _replaced_values(tokens: list[Token], lower: list[str]) -> frozenset[str]:
    """The values between "from" and "to" of an update ("from 21 March to 2 May", "from £20 to £25")."""
    out: set[str] = set()
    for i, w in enumerate(lower):
        if w != "from":
            continue
        end = next((k for k in range(i + 1, min(len(lower), i + 8)) if lower[k] == "to"), None)
        if end is not None:
            out |= values_of(tokens[i + 1:end])
    return frozenset(out)


# A change of state told by the event that made it: a move to a place ends where one lived, and a
# promotion ends the post one held. Surface stems, not relation groups: the groups also hold
# "switch", "port" and "transfer", which do not say where anyone lives.
_RESIDENCE_MOVES = frozenset(stem(w) for w in "move relocate emigrate".split())
_RANK_CHANGES = frozenset(stem(w) for w in "promote demote".split())
_RESCHEDULES = frozenset(stem(w) for w in "move shift switch rebook reschedule rearrange".split())
# a verb done again that replaces what was done before: "rebooked onto the sunrise flight" is a new
# booking in place of the old one, of the same relation
_AGAIN_VERBS = {stem(w): w[2:] for w in "rebook reschedule rearrange reassign reallocate".split()}
_MOVE_PARTICLES = frozenset("back away house abroad home permanently".split())
COPULAS = frozenset("is was are were".split())


def time_kinds(values: frozenset[str]) -> set[str]:
    """Which kinds of time a claim's values give: "day" (a weekday), "date" (a month), "clock"."""
    out: set[str] = set()
    for v in values:
        if v in WEEKDAYS or v.rstrip("s") in WEEKDAYS:
            out.add("day")
        elif v.endswith("m") and v.split(" ")[-1][:-1].isdigit():
            out.add("date")
        elif any(c in v for c in ":.") and v.replace(":", "").replace(".", "").isdigit():
            out.add("clock")
    return out


def value_kinds(values: frozenset[str]) -> set[str]:
    """Which kinds of value a claim's values give: the kinds of time, "money", "number". A
    value of one kind is never replaced by a value of another ("214 spaces", "free until 07:00")."""
    out: set[str] = set()
    for v in values:
        kinds = time_kinds(frozenset({v}))
        if kinds:
            out |= kinds
        elif v[:1].isdigit():
            out.add("number")
        elif any(c.isdigit() for c in v) and not v[:1].isalpha():
            out.add("money")
    return out


def numbered_kinds(f: Fact) -> dict[str, str]:
    """The kind word of each numbered name in a claim beside its name ("Zone C", "Route 3",
    "Bay 12": zone, route, bay): one of a series, which a move to another of them leaves."""
    out: dict[str, str] = {}
    for sp in f.spans:
        words = sp.key.split(" ")
        if len(words) == 2 and words[0].isalpha() and len(words[1]) <= 3 and words[1].isalnum() \
                and (words[1].isdigit() or len(words[1]) == 1):
            out[sp.key] = words[0]
    return out


# Verbs of moving to another one of a kind ("moves to the day shift"), as the relation lexicon keys them
SWITCH_VERBS = frozenset({"migrate", "move", "switch", "transfer"})


def moved_from(f: Fact) -> frozenset[str]:
    """The names a claim says its subject was moved away from: "moved from Strongroom 2 to
    Strongroom 4" → {"strongroom 2"}."""
    lower = [t.lower for t in f.tokens]
    starts = {sp.first: sp.key for sp in f.spans}
    out = set()
    for k, w in enumerate(lower[:-2]):
        if w == "from" and k > 0 and lexicon().relation_key(lower[k - 1]) in SWITCH_VERBS:
            j = k + 1 + (lower[k + 1] == "the")
            if j in starts:
                out.add(starts[j])
    return frozenset(out)


def resulting_state(f: Fact) -> str | None:
    """The one-at-a-time state a claim's event leaves its subject in: "live" after a move to a
    named place ("has moved to Tromso"), "be" after a promotion or demotion to a post ("was
    promoted to senior analyst"), "switch" after a move to another one of a kind ("moves to the
    day shift"); otherwise None. Kept on the Fact: a remember asks it once per
    earlier claim it is compared with."""
    cached = f.__dict__.get("_resulting_state", _UNREAD)
    if cached is not _UNREAD:
        return cached  # type: ignore[no-any-return]
    state = _resulting_state(f)
    object.__setattr__(f, "_resulting_state", state)
    return state


_UNREAD = object()


def _resulting_state(f: Fact) -> str | None:
    verb, _, noun = f.relation.partition(":")
    if noun and verb in SWITCH_VERBS:
        return "switch"  # "moves to the day shift": now on that one of the kind, no longer the other
    lower = [t.lower for t in f.tokens]
    at = _span_at(f.spans)
    subject = f.spans[f.subject] if f.subject is not None else None
    for i, w in enumerate(lower):
        s = stem(w)
        if s in _RESIDENCE_MOVES:
            k = i + 1
            while k < len(lower) and lower[k] in _MOVE_PARTICLES:
                k += 1
            if k + 1 < len(lower) and lower[k] == "to" and (k + 1) in at and at[k + 1] is not subject:
                return "live"
        elif s in _RANK_CHANGES and i + 1 < len(lower) and lower[i + 1] in ("to", "as"):
            return "be"
    return None


REPORTING_STEMS: frozenset[str] = frozenset(stem(w) for w in "report say confirm announce state note explain write warn".split())


def opening_name(f: Fact) -> str | None:
    """The lower-cased first word of a claim that opens it as a name no span holds ("Bramble
    weighed 21.4 kg"), or None.

    A single capitalised word at the start of a sentence may be any word, so name finding takes it
    for a name only once the store knows it. The write gate reads the claim's subject more fully:
    when that subject is this one word, and a verb follows it at once, the claim is about it, and
    the memory must be filed under it (and go when it is erased), whatever came first."""
    toks = f.tokens
    if len(toks) < 2 or any(s.first == 0 for s in f.spans):
        return None
    word, nxt = toks[0].text, toks[1].text.lower()
    if not (word.isalpha() and word[:1].isupper() and word[1:].islower()):
        return None
    low = word.lower()
    # a word the lexicon knows, or a post's plural, is a common noun ("Police closed the road",
    # "Volunteers planted 40 trees"); a bare singular post is a surname ("Baker signed it")
    if low in STOPWORDS or stem(low) in lexicon().concepts or low.endswith(("ly", "ing")) \
            or low.endswith("s") and role_word(low[:-1]):
        return None
    # and a verb agreeing with one subject follows: "Bramble weighed", "Priya leads", not "Court hire at"
    if not (nxt in AUXILIARIES or nxt in MODALS or past_form(nxt) and (is_verb(nxt) or nxt.endswith("ed"))
            or nxt.endswith("s") and is_verb(nxt)):
        return None
    subj = claim_subject(analyze(f.claim))
    if subj is None or subj.kind != "name" or subj.name is None or subj.name.first != 0 or len(subj.name.tokens) != 1:
        return None
    return low


def reported_update(f: Fact) -> Fact | None:
    """The update a claim reports ("Ottilie reported that the rent for 41 Gorse Hill Road will rise
    to £1,235"): the "that" clause after a reporting verb, read as a claim of its own, when it
    changes an attribute's value; otherwise None."""
    lower = [t.lower for t in f.tokens]
    for i, w in enumerate(lower):
        if stem(w) not in REPORTING_STEMS:
            continue
        j = next((k for k in range(i + 1, min(len(lower) - 1, i + 5)) if lower[k] == "that"), None)
        if j is None:
            continue
        inner = parse_claim(f.claim[f.tokens[j + 1].start:])
        return inner if inner.update and inner.attribute and inner.values else None
    return None


def states_a_post(f: Fact) -> bool:
    """Whether a copular claim names a post its subject holds ("is a junior analyst", "was the
    head of sales"), not a quality ("is tall"): a promotion ends the first, never the second."""
    lower = [t.lower for t in f.tokens]
    start = f.spans[f.subject].last if f.subject is not None else 0
    k = next((i for i in range(start, len(lower)) if lower[i] in COPULAS), None)
    return k is not None and k + 1 < len(lower) and lower[k + 1] in ("a", "an", "the")


def normalize_claim(claim: str) -> str:
    """Case-, space- and end-punctuation-insensitive form, used to spot an identical claim."""
    text = normalize(claim).lower().strip()
    text = re.sub(r"[\s.!;:,]+$", "", text)
    text = re.sub(r"\s+", " ", text)
    return text


_NUM_WORDS: dict[str, int] = {**CARDINAL_WORDS, "hundred": 100, "dozen": 12}


def _norm_number(text: str) -> str:
    t = text.replace(",", "")
    if t[:1] in "£$€¥":
        return t
    if len(t) == 5 and t[0] == "0" and t[2] == ":" and t.replace(":", "").isdigit():
        return t[1:]  # "09:15" is "9:15"
    return t.lstrip("0") or "0" if t.isdigit() else t


def _clock_in_words(texts: list[str], i: int) -> str | None:
    """ "half past six" -> "6:30", "quarter past six" -> "6:15", "quarter to seven" -> "6:45",
    read at the first word of the phrase; None elsewhere."""
    lw = texts[i].lower()
    if lw not in ("half", "quarter") or i + 2 >= len(texts) or texts[i + 1].lower() not in ("past", "to"):
        return None
    hour_word = texts[i + 2].lower()
    hour = _NUM_WORDS.get(hour_word) if hour_word in _NUM_WORDS else (int(hour_word) if hour_word.isdigit() else None)
    if not isinstance(hour, int) or not 1 <= hour <= 12:
        return None
    if texts[i + 1].lower() == "past":
        return f"{hour}:{'30' if lw == 'half' else '15'}"
    return None if lw == "half" else f"{hour - 1 if hour > 1 else 12}:45"


# the letters the tokenizer splits off an ordinal ("30th" is "30", "th")
ORDINAL_ENDS = frozenset({"st", "nd", "rd", "th"})


def values_of(tokens: list[Token]) -> frozenset[str]:
    """Normalised numerals in a token list: "4,500" and "4500" give the same value; a day number
    followed by a month gives "30 june"; a weekday plural gives its singular."""
    out: set[str] = set()
    texts = [t.text for t in tokens]
    told: set[int] = set()  # the hour of a clock time in words, read with its phrase
    for i, w in enumerate(texts):
        lw = w.lower()
        clock = _clock_in_words(texts, i)
        if clock is not None:
            out.add(clock)
            told.add(i + 2)
            continue
        if i in told:
            continue
        if is_number(w):
            out.add(_norm_number(w))
            j = i + 1
            if texts[j:j + 1] and texts[j].lower() in ORDINAL_ENDS:
                j += 1  # "30th", read as "30" and "th"
                if texts[j:j + 1] == ["of"]:
                    j += 1
            if j < len(texts) and texts[j].lower() in MONTHS:  # "30 June", "the 30th of June"
                out.add(f"{_norm_number(w)} {MONTHS[texts[j].lower()]}m")
        elif lw in MONTHS and lw != "may":
            out.add(f"{MONTHS[lw]}m")
        elif lw in WEEKDAYS:
            out.add(lw.rstrip("s") if lw.endswith("days") else lw)
        elif lw in _NUM_WORDS:
            out.add(str(_NUM_WORDS[lw]))
        elif "-" in lw and lw.split("-")[0] in _NUM_WORDS:
            out.add(str(_NUM_WORDS[lw.split("-")[0]]))
    return frozenset(out)


def content_stems(tokens: list[Token], skip: set[int] | None = None) -> list[str]:
    """Stems of the content words (not stopwords, punctuation or numbers), in order."""
    out: list[str] = []
    for i, t in enumerate(tokens):
        if skip and i in skip:
            continue
        lw = t.text.lower()
        if lw in STOPWORDS or not any(map(str.isalpha, lw)) or is_number(lw):
            continue
        out.append(stem(lw))
    return out


def _span_at(spans: list[Span]) -> dict[int, Span]:
    at: dict[int, Span] = {}
    for s in spans:
        for k in range(s.first, s.last):
            at[k] = s
    return at


_SUBORDINATORS = frozenset("because since although though while whereas when once unless if".split())


_PLACING_PREPS = frozenset({"of", "at", "from", "in"})


def _verb_follows(lower: list[str], k: int) -> bool:
    """Whether the words at ``k`` go on with a verb group ("has been moved", "will give", "said"),
    so that a phrase ending before ``k`` was set between the subject and its verb."""
    return k < len(lower) and (lower[k] in AUXILIARIES or _looks_verb(lower[k]))


def _after_bare_appositive(lower: list[str], k: int, at: dict[int, Span]) -> int | None:
    """Where the verb starts after "the" + names and plain nouns at ``k`` ("the Sumatran tiger
    weighed"), or None: only a noun phrase of at most four words ended by a verb counts."""
    if k >= len(lower) or lower[k] != "the":
        return None
    j, nouns = k + 1, 0
    while j < len(lower) and j - k <= 5:
        if j in at:
            j = at[j].last
            continue
        w = lower[j]
        if nouns and (w in AUXILIARIES or w in MODALS or past_form(w)):
            return j
        if not (w.isalpha() and w not in STOPWORDS and not _looks_verb(w)):
            return None
        nouns += 1
        j += 1
    return None


def _verb_after_named_nouns(lower: list[str], k: int, at: dict[int, Span]) -> int | None:
    """Where a verb group starts after one or two plain nouns at ``k`` ("music library moved to",
    "staff are paid"), or None. A bare present verb ("sells", "heads") looks like a noun, so only
    an auxiliary or a past form that a preposition, a determiner or the end follows counts, never
    a past form that goes on as a modifier ("sells repaired bikes")."""
    for j in (k + 1, k + 2):
        between = lower[k:j]
        if j >= len(lower) or not all(w.isalpha() and w not in STOPWORDS and not _looks_verb(w)
                                      and w not in AUXILIARIES for w in between):
            return None
        if any(i in at for i in range(k, j)):
            return None
        w = lower[j]
        if w in AUXILIARIES:
            return j
        if past_form(w) and (j + 1 >= len(lower) or lower[j + 1] in PREPOSITIONS
                             or lower[j + 1] in _DETERMINERS or lower[j + 1] in _PUNCT):
            return j
    return None


def parse_claim(claim: str, known: Callable[[str], bool] | None = None,
                name_keys: Callable[[str], bool] | None = None) -> Fact:
    """Read a claim (never raises; an empty or odd claim gives an empty Fact).

    ``known`` tells whether a lower-cased word belongs to a known name (so a
    sentence-initial "Zentrix" can be one); ``name_keys`` whether a lower-cased
    word sequence is a known full name (so "priya raman" is one).
    """
    text = normalize(claim if isinstance(claim, str) else "")[:20_000]
    tokens = tokenize(text)
    spans = find_spans(tokens, known)
    if name_keys is not None:
        spans = add_known_spans(tokens, spans, name_keys)
    n = len(tokens)
    lower = [t.text.lower() for t in tokens]
    stems = [stem(w) for w in lower]
    at = _span_at(spans)
    lx = lexicon()

    # skip a leading adverbial ("From 8 January, ...", "On 24 April the ...")
    start = 0
    if n and lower[0] in _SUBORDINATORS:
        # "Because Dr Vale is on leave, Ada's check-up has moved to ...": a leading subordinate
        # clause, ended by its comma, holds no subject of the sentence
        comma = next((k for k in range(2, min(n, 30)) if lower[k] == ","), None)
        if comma is not None:
            start = comma + 1
    elif n and lower[0] in PREPOSITIONS:
        comma = next((k for k in range(1, min(n, 10)) if lower[k] == ","), None)
        if comma is not None:
            start = comma + 1
        else:
            k = 1
            while k < n and (is_number(lower[k]) or lower[k] in MONTHS or lower[k] in WEEKDAYS):
                k += 1
            start = k
    subject: int | None = None
    for idx, s in enumerate(spans):
        if s.first >= start and s.prep is None:
            subject = idx
            break
    if subject is None and spans:
        subject = 0

    # find the predicate after the subject
    pos = start
    possessed: list[int] = []
    owned = False  # the subject owns the noun before it ("the rent for X"), as a possessive would
    nouns = _owned_nouns(lower, start, spans[subject]) if subject is not None and not spans[subject].possessive else None
    if nouns:
        # "The monthly rent for 41 Gorse Hill Road is £1,150" says what "41 Gorse Hill Road's
        # monthly rent" does: the name owns the noun before the preposition
        possessed, owned, pos = nouns, True, spans[subject].last
    elif subject is not None and (spans[subject].first <= start + 3
                                  or spans[subject].possessive and _owned_nouns(lower, start, spans[subject])):
        # "The reinstallation of the St Wendreda's east window has been moved ...": what is moved
        # is the name's own noun, as when the claim opens with the name
        s = spans[subject]
        pos = s.last
        # "The Quayside shop's monthly rent rose ...": the name's own noun, then its possessive
        named_noun = not s.possessive and pos + 1 < n and lower[pos + 1] == "'s" and lower[pos].isalpha() \
            and lower[pos] not in STOPWORDS and not _looks_verb(lower[pos])
        if named_noun:
            pos += 1
            owned = True
        elif not s.possessive and (k := _after_bare_appositive(lower, pos, at)) is not None:
            # "Rajah the Sumatran tiger weighed 142 kg": "the ..." says what the name is, unset off
            # by commas; the verb after it is the name's
            pos = k
        elif not s.possessive and (k := _verb_after_named_nouns(lower, pos, at)) is not None:
            # "The Saltmarsh Choral Society music library moved to Room 4": a name used as a
            # modifier owns the nouns that follow it, as "the Society's music library" would
            possessed, owned, pos = list(range(pos, k)), True, k
        if s.possessive or named_noun:
            pos += 1
            while pos < n and lower[pos] not in AUXILIARIES and lower[pos] not in PREPOSITIONS and lower[pos] not in _PUNCT and pos not in at:
                if possessed and past_form(lower[pos]):
                    break  # "Ada's monthly rent rose to £900": a verb in the past ends what she owns
                if lower[pos] not in _DETERMINERS:
                    possessed.append(pos)
                pos += 1
    else:
        # a common-noun subject ("The committee approved ..."): skip its words
        while pos < n and lower[pos] in _DETERMINERS:
            pos += 1
        while pos < n and lower[pos] not in AUXILIARIES and lower[pos] not in _PUNCT and not _looks_verb(lower[pos]) and pos not in at:
            possessed.append(pos)
            pos += 1

    # "Ada Obi of Acme Labs said ...", "Curator Ada Obi of the Heritage Museum will give ...",
    # "Ada's talk at Kilbrannock Library has been moved ...": a name that says where or whose the
    # subject is, is not the predicate
    while pos + 1 < n and lower[pos] in _PLACING_PREPS:
        k = pos + 1
        while k < n and lower[k] in ("the", "a", "an"):
            k += 1
        if k not in at or (lower[pos] != "of" and not _verb_follows(lower, at[k].last)):
            break
        pos = at[k].last
    # a bracket after the subject: "The Marlowe Estate Papers (MS 412) are stored ..."
    if pos < n and lower[pos] == "(":
        close = next((k for k in range(pos + 1, min(n, pos + 12)) if lower[k] == ")"), None)
        if close is not None:
            pos = close + 1
    # an appositive: ", aged 67," or ", who has ... ,"
    if pos < n and lower[pos] == ",":
        close = next((k for k in range(pos + 1, min(n, pos + 16)) if lower[k] == ","), None)
        if close is not None:
            pos = close + 1
    negated = False
    copula = False
    be_to = False  # "is to eat", "are to take": be + to + verb states what is to be done
    while pos < n and (lower[pos] in AUXILIARIES or lower[pos] in _ADVERBS or lower[pos] in NEGATIONS or lower[pos] == "to" or lower[pos].endswith("ly") and len(lower[pos]) > 4):
        if lower[pos] in NEGATIONS:
            negated = True
        if stem(lower[pos]) == "be":
            copula = True
        elif lower[pos] == "to" and copula:
            be_to = True
        pos += 1
    predicate = ""
    verb_at: int | None = None
    head: str | None = None
    obj_start = pos
    if pos < n and pos not in at and lower[pos] not in STOPWORDS and any(map(str.isalpha, lower[pos])):
        if copula and not be_to and not _looks_verb(lower[pos]):
            predicate = "be"
            head = _np_head(lower, pos, at)
            obj_start = pos
        else:
            again = _AGAIN_VERBS.get(stems[pos])
            predicate = lx.relation_key(again if again is not None else lower[pos])
            verb_at = pos
            obj_start = pos + 1
            # "stand in", "in charge of": a phrase starting here
            for a, b, key in lx.phrases_in(stems[pos : pos + 4]):
                if a == 0:
                    predicate = lx.relation_key(key)
                    obj_start = pos + b
                break
            head = _np_head(lower, obj_start, at)
    elif copula:
        predicate = "be"
        head = _np_head(lower, pos, at)
    rank = _ORDINALS.get(head) if head else None
    if rank is not None:
        head = None  # "ranked fourth": the place is the value, the relation is the ranking
    if possessed and subject is not None and (spans[subject].possessive or owned):
        relation = stem(lower[possessed[-1]])
    elif predicate:
        relation = f"{predicate}:{stem(head)}" if head else predicate
    else:
        relation = "state"
    skip = {k for s in spans for k in range(s.first, s.last)}
    objects = frozenset(content_stems(tokens[obj_start:], {k - obj_start for k in skip if k >= obj_start}))
    values = values_of(tokens)
    if rank is not None:
        values = values | {f"#{rank}"}
    negated = negated or not NEGATIONS.isdisjoint(lower)
    thing_owned = bool(possessed) and subject is not None and (spans[subject].possessive or owned)
    # "Ada's training sessions will move to Fridays": a thing that moves is rescheduled or
    # relocated, which changes its value (a person who moves is a resulting state); what changes
    # is the owned thing's, not "Fridays"
    rescheduled = thing_owned and bool(values) and verb_at is not None and stems[verb_at] in _RESCHEDULES
    update = stem(predicate) in CHANGE_VERBS or predicate in ("increase", "decrease", "move", "postpone") or rescheduled \
        or (verb_at is not None and stems[verb_at] in _AGAIN_VERBS)
    if rescheduled:
        head = lower[possessed[-1]]
    owned_acts = frozenset(lx.relation_key(lower[k]) for k in possessed[:-1]
                           if len(lower[k]) > 4 and lower[k].endswith("ing")) if thing_owned else frozenset()
    attribute = stem(head) if update and head else None
    if update and attribute is None and thing_owned:
        attribute = stem(lower[possessed[-1]])  # "Whimbrel's relaunch has been moved": the relaunch's date
    replaced = _replaced_values(tokens, lower) if update else frozenset()
    return Fact(
        claim=text,
        tokens=tokens,
        spans=spans,
        subject=subject,
        predicate=predicate,
        relation=relation,
        objects=objects,
        values=values,
        negated=negated,
        update=update,
        attribute=attribute,
        stems=stems,
        replaced=replaced,
        owned_acts=owned_acts,
        rescheduled=rescheduled,
        forgone=_forgone_names(spans, lower),
        forgone_values=_forgone_values(tokens, lower) if "instead" in lower or "rather" in lower else frozenset(),
    )


def _owned_nouns(lower: list[str], start: int, span: Span) -> list[int]:
    """The noun phrase of "the N for/of NAME" opening a clause at ``start``, where NAME is
    ``span`` (at most three words before the preposition, none a verb); [] when it is not one."""
    k = start
    while k < span.first and lower[k] in _DETERMINERS:
        k += 1
    nouns: list[int] = []
    while k < span.first and lower[k] not in ("for", "of") and len(nouns) < 3:
        if not lower[k].isalpha() or lower[k] in STOPWORDS or _looks_verb(lower[k]):
            return []
        nouns.append(k)
        k += 1
    if not nouns or k >= span.first or lower[k] not in ("for", "of"):
        return []
    k += 1
    while k < span.first and lower[k] in _DETERMINERS:
        k += 1
    return nouns if k == span.first else []


_ORDINALS = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(), 1)}


def _looks_verb(w: str) -> bool:
    return w.endswith(("ed", "ing")) and len(w) > 4 or w in ("has", "have", "had")


def _np_head(lower: list[str], pos: int, at: dict[int, Span]) -> str | None:
    """The last word of the noun phrase starting at pos (before a preposition, comma, value or verb-ish word)."""
    n = len(lower)
    k = pos
    # an entity as the direct object: skip it and its possessive
    while k < n and k in at:
        k = at[k].last
        if k < n and lower[k] == "'s":
            k += 1
    head = None
    while k < n:
        w = lower[k]
        if w in _DETERMINERS or w in _ADVERBS:
            k += 1
            continue
        if k in at and head is None and at[k].last < n and lower[at[k].last] == "'s":
            k = at[k].last + 1  # "raised the Meridian Quartet's fee": the owner's name, then the head
            continue
        if w in PREPOSITIONS or w in _PUNCT or w in STOPWORDS or is_number(w) or k in at:
            break
        if head is not None and w.endswith("ing"):
            break
        head = w
        k += 1
    return head
