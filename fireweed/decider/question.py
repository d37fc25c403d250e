"""Read a question into what it names, what it asks for, and what else it says.

A question is a claim with a hole in it. This module finds, deterministically:

* the names it mentions (``spans``), each with the preposition before it, so
  "in Oslo" (a setting) can be told from the asked-about subject;
* the *hole*: what kind of value would answer it (a person for "who", a date
  for "when", a number for "how many", money for "how much ... cost", a place
  for "where", a reason for "why", ...);
* the *demand head*: the word the hole is about ("which **squad**", "what is
  her **dose**", "how many **engineers**") and the main *verb* ("did she
  **leave**"). Both must be grounded by a stored claim about the subject;
* the other content words (``soft``), which rank candidates and must partly
  match when nothing else anchors the question;
* numbers (which must appear in the answer) and time qualifiers ("now",
  "before", "first").

>>> q = analyse("Which squad does Ada Obi lead now?")
>>> (q.kind, q.head, q.verb, q.present)
('which', 'squad', 'lead', True)
>>> q = analyse("How many engineers are in Ada Obi's squad?")
>>> (q.hole, q.head)
('number', 'engineer')
>>> analyse("When did Ada Obi leave Acme?").hole, analyse("When did Ada Obi leave Acme?").verb_word.text
('date', 'leave')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from fireweed.decider.facts import ORDINAL_ENDS, values_of
from fireweed.decider.lexicon import (
    AUXILIARIES,
    BE_FORMS,
    MONTHS,
    NEGATIONS,
    PREPOSITIONS,
    SAME_FORM_PARTICIPLES,
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
from fireweed.decider.name_spans import Span, add_known_spans, find_spans, guess_kind
from fireweed.decider.relations import lexicon
from fireweed.decider.text import CARDINAL_WORDS, MODALS

__all__ = ["Question", "analyse", "TYPE_NOUNS", "LIGHT_VERBS", "SETTING_PREPS", "PLACING_VERBS", "DETERMINERS",
           "past_marker_at"]

# nouns for a sum of money ("how big a deposit")
_SUM_NOUNS = frozenset(stem(w) for w in (
    "deposit fine rent fare bill loan grant wage payment refund donation bonus premium tip fee price cost "
    "budget salary sum charge debt award payout pension allowance").split())
WH = frozenset({"who", "whom", "whose", "what", "which", "when", "where", "why", "how"})
# wh-words that open a relative clause after a comma (", who examined the chairlift,")
_RELATIVE_WH = frozenset({"who", "whom", "whose", "which", "where", "when"})
# nouns that say what kind of value is asked for, rather than naming a thing the claim must mention
TYPE_NOUNS: dict[str, str] = {
    stem(k): v
    for k, v in {
        "time": "clock", "date": "date", "day": "day", "evening": "day", "morning": "day", "afternoon": "day",
        "night": "day", "year": "year", "month": "date", "week": "date",
        "price": "money", "cost": "money", "rate": "rate", "colour": "colour", "color": "colour", "fee": "money", "sum": "money", "budget": "money", "balance": "money", "charge": "money",
        "salary": "money", "wage": "money", "fare": "money", "quote": "money", "quotation": "money",
        "money": "money", "funding": "money", "funds": "money", "amount": "amount", "figure": "amount", "value": "amount", "total": "amount",
        "number": "number", "count": "number", "capacity": "number", "size": "number", "quantity": "number",
        "population": "number", "percentage": "percent", "proportion": "percent", "share": "percent",
        "dimension": "measure", "measurement": "measure", "level": "measure", "concentration": "measure", "dose": "dose", "dosage": "dose", "weight": "mass", "tonnage": "mass", "temperature": "temp", "distance": "distance",
        "power": "power", "wattage": "power", "volume": "measure", "speed": "speed",
        "duration": "duration", "length": "duration", "age": "age", "notice": "duration", "period": "duration",
        "deadline": "date", "rank": "role", "occupation": "role", "profession": "role",
        "name": "name", "title": "title", "role": "role", "job": "role", "position": "role", "trade": "role", "post": "role",
        "vocation": "role",
        "result": "any", "outcome": "any", "score": "number", "tally": "number", "status": "any", "detail": "any", "details": "any",
        "reason": "reason", "cause": "reason", "purpose": "purpose",
        "restriction": "constraint", "rule": "constraint", "limit": "constraint", "condition": "constraint",
        "requirement": "constraint", "limitation": "constraint",
        "place": "place", "location": "place", "venue": "place", "address": "place", "whereabouts": "place",
        "town": "place", "city": "place", "village": "place", "country": "place", "county": "place",
        "region": "place", "district": "place", "suburb": "place", "neighbourhood": "place", "island": "place",
        "company": "org", "firm": "org", "business": "org", "organisation": "org", "organization": "org",
        "corporation": "org", "body": "org", "agency": "org", "club": "org", "team": "org",
    }.items()
}
# verbs that carry no relation of their own ("what does she do", "put a figure on")
# nouns that name no kind of thing: "which part did she replace" asks only what she replaced
_GENERIC_THINGS = frozenset(stem(w) for w in ("part", "component", "item", "thing", "object"))
# nouns for what someone is to do, which name no kind of act ("job" only where it is no trade)
_TASK_NOUNS = frozenset(stem(w) for w in ("task", "duty", "assignment", "action", "chore", "job"))
_JOB = stem("job")
# words before "job" that keep it a trade ("her current job", "his day job")
_TRADE_JOB = frozenset("current new old previous former first last main day usual regular permanent temporary "
                       "full-time part-time 's".split())


def _job_as_task(lower: list[str], k: int) -> bool:
    """Whether the "job" at ``k`` is a piece of work rather than a trade: a noun of the work
    before it ("repair job") or a time it is done in after it ("job during harvest")."""
    before = lower[k - 1] if k > 0 else ""
    after = lower[k + 1] if k + 1 < len(lower) else ""
    return after == "during" or (before.isalpha() and before not in _TRADE_JOB and before not in STOPWORDS
                                 and before not in _PRESENT and before not in _PAST)


_HOLD = stem("hold")
_SPEND = stem("spend")
_WANT = stem("want")
_GIVE = stem("give")
# kinds of value one gives by stating them
_GIVEN_VALUES = frozenset({"money", "reason", "amount", "number", "percent", "measure", "rate", "date", "duration"})
_USE = stem("use")
LIGHT_VERBS = frozenset(stem(w) for w in "be do have get take put go happen mean".split())
# a name after one of these is the setting of the question, not its subject
SETTING_PREPS = frozenset({"in", "at", "into", "from", "to", "near", "during", "on", "aboard", "inside", "outside", "across", "within", "around"})
# (what happened "in the end" is what the last word on it says, as for what is so now)
# ("what did she most recently prescribe" asks the last word on it, as "latest" does)
_PRESENT = frozenset({"now", "currently", "current", "still", "latest", "today", "presently", "nowadays", "moment", "new",
                      "finally", "eventually", "ultimately", "recent", "recently"})
# words that stress a question's truth or spread it over a whole ("actually in stock", "sold across
# the five shows"), which no claim needs to say
_EMPHASIS = frozenset({"actually", "really", "truly", "indeed", "exactly", "precisely", "across", "throughout"})
_PAST = frozenset({"before", "previously", "formerly", "prior", "originally", "initially", "former", "previous", "earlier", "first"})
_NOW_ONLY = frozenset({"now", "currently", "presently", "nowadays"})
_UNABLE = frozenset({"unable"})
_WHEN_ADVERBS = frozenset("now currently still today presently nowadays previously formerly originally initially then".split())
_HOW = {
    "many": "number", "much": "amount", "long": "duration", "old": "age", "high": "measure", "tall": "measure",
    "big": "measure", "large": "measure", "far": "distance", "fast": "speed", "often": "frequency",
    "deep": "measure", "heavy": "mass", "soon": "date", "late": "lateness", "early": "lateness", "wide": "measure",
    "quickly": "duration", "frequently": "frequency", "regularly": "frequency",
}
_CHANGE_BY = frozenset(stem(w) for w in "raise cut".split())
_MONEY_VERBS = frozenset(stem(w) for w in "cost pay charge raise spend earn sell buy price worth fund award owe bill fetch".split())
_COMPASS = frozenset("north south east west northeast northwest southeast southwest north-east north-west south-east south-west "
                     "up down upstream downstream inland offshore".split())
_SUM_VERBS = frozenset(stem(w) for w in "cost pay charge spend earn owe".split())
_NAMING = frozenset(stem(w) for w in "call name title entitle".split())
_ABOUT = (("what", "do", "you", "know", "about"), ("tell", "me", "about"), ("what", "is", "known", "about"), ("who", "is"))


_GROUP_PREFIXES = frozenset({"R:", "S:", "D:"})
_ADVERB_PARTICLES = frozenset({"up", "down", "off", "out", "away", "back"})


@dataclass
class Word:
    """One content word of the question: its stem, its concepts, and where it was."""

    stem: str
    text: str
    index: int

    @property
    def concepts(self) -> frozenset[str]:
        """Stem plus relation/synonym group ids (a phrase also keeps its first word's concepts;
        a listed verb-and-adverb phrase only the first word itself)."""
        lx = lexicon()
        if " " in self.stem:
            own = lx.concepts_of(self.stem)
            parts = self.text.lower().split()
            if parts[-1] in _ADVERB_PARTICLES and any(c[:2] in _GROUP_PREFIXES for c in own):
                # a verb and an adverb the lexicon lists mean the phrase, and the verb only as that
                # word: "giving up" is met by "quit" and by "gave", never by "supply", a synonym of
                # giving (a preposition keeps the verb's sense: "moved to" is met by "increased to")
                return own | {stem(parts[0])}
            if (parts[0] in PREPOSITIONS or parts[0] in STOPWORDS) and parts[0] not in _ADVERB_PARTICLES:
                # "in charge of": the phrase's first word is no verb to meet ("In 2024"); "out of
                # service" keeps its particle, which "taken out of service" has
                return own
            return own | lx.concepts_of(parts[0])
        return lx.asked_concepts(self.text)


@dataclass
class Question:
    """The reading of one question (see the module docstring)."""

    text: str
    tokens: list[Token]
    spans: list[Span]
    kind: str
    hole: str | None = None
    head: str | None = None
    head_word: Word | None = None
    head_of: Word | None = None
    verb: str | None = None
    verb_word: Word | None = None
    soft: list[Word] = field(default_factory=list)
    numbers: frozenset[str] = frozenset()
    present: bool = False
    past: bool = False
    negated: bool = False
    prep: str | None = None
    extra_holes: list[str] = field(default_factory=list)
    about: bool = False
    words: list[Word] = field(default_factory=list)
    subject_words: list[Word] = field(default_factory=list)
    # "Bramble the springer spaniel": what the question says the named one is, which a claim must not contradict
    apposition: list[Word] = field(default_factory=list)
    # words written in front of a known name the question's name resolved to ("Smoked Old Sorrel"
    # for the known "Old Sorrel"): part of the name as asked, so a claim must say them
    name_extras: list[str] = field(default_factory=list)
    # the entities a question sends something to ("deliver to the Halden Building"), set with its names
    destinations: list[str] = field(default_factory=list)
    subject_named: bool = False
    head_of_possessed: bool = False
    # the verb asked is an act someone wants done ("did he want her to order"), not one done
    wanted: bool = False
    # it asks for a day of the week ("which day of the week", "what weekday"), which a date is not
    weekday: bool = False


# Spelled-out counts a question may state ("who adopted five cats"); "one" is left out, since
# "which one" and "one of" state no number.
_COUNT_WORDS: frozenset[str] = frozenset(CARDINAL_WORDS).difference(("zero", "nought", "nil", "one")) | {"dozen"}


def _is_verbish(w: str) -> bool:
    return len(w) > 4 and w.endswith(("ed", "ing")) and stem(w) != w


def _ordinal_first(lower: list[str], k: int) -> bool:
    """ "first" before a noun ("her first Messier object", "the first eight") ranks a thing; only
    before a verb ("who first commanded") or alone does it ask about an earlier state."""
    if lower[k] != "first" or k + 1 >= len(lower):
        return False
    nxt = lower[k + 1]
    # before a noun ("her first object", "won first prize", "a signed first edition", "meals in
    # its first year"); "at first" and "first" before a verb ask about an earlier state
    if not nxt.isalpha() or is_verb(nxt) or nxt in AUXILIARIES or nxt in STOPWORDS or k == 0:
        return False
    if lower[k - 1] in _DETS | {"'s"} or nxt in _RANKED_NOUNS:
        return True
    return lower[k - 1] not in ("at", "was", "were", "is", "are") and not verbal(nxt)


# What an ordinal ranks without a determiner: "won first prize", "took second place".
_RANKED_NOUNS = frozenset("prize place position division class round team choice language".split())


def past_marker_at(lower: list[str], k: int) -> bool:
    """Whether the word at ``k`` asks about an earlier state ("previously", "first" before a verb);
    not "first" ranking a noun ("the first eight") nor "before" opening a clause."""
    return lower[k] in _PAST and not _ordinal_first(lower, k) and not _before_clause(lower, k)


def _before_clause(lower: list[str], k: int) -> bool:
    """ "before it was shut down", "before quitting": "before" opening a clause dates the event; it
    does not ask for an earlier state ("her dose before the increase", "where did he work before")."""
    if lower[k] != "before" or k + 1 >= len(lower):
        return False
    nxt = lower[k + 1]
    return nxt in _PRONOUNS or (nxt.endswith("ing") and len(nxt) > 4)


def _finite_verb(w: str) -> bool:
    """A known verb in a finite form that is no base form: "makes", "made", "won" (not "make")."""
    return is_verb(w) and (w.endswith("s") and not w.endswith("ss") or stem(w) != w or w in _PARTICIPLES)


def _bare_verb(w: str) -> bool:
    """A verb in its base form ("score", "win"), which a noun may share; not "scores", "won", "ran"."""
    s = stem(w)
    return not w.endswith(("s", "ed", "ing")) and w not in _PARTICIPLES and (s == w or s == w[:-1] and w.endswith("e"))


def verbal(w: str) -> bool:
    """A known verb, or an unknown word with a verb's ending ("discharged")."""
    return is_verb(w) or (w.endswith("ed") and _is_verbish(w))


_PRICE_VERBS = frozenset(stem(w) for w in "cost charge fetch".split())
_NOUN_MARKERS = frozenset("the a an its their his her our your my 's this that".split())


def analyse(text: str, known: Callable[[str], bool] | None = None, name_keys: Callable[[str], bool] | None = None,
            plain: frozenset[str] = frozenset()) -> Question:
    """Read a question (never raises; odd input gives a Question with kind "empty"). The spans
    whose keys are in ``plain`` are read as ordinary words, not names."""
    text = normalize(text if isinstance(text, str) else "")[:2000]
    # "who is going to teach": the future, an auxiliary like "will", not the phrase "go to" (visit)
    text = _GOING_TO.sub(_will, text)
    # "scanned so far", "has she these days": a phrase that means "now" is read as "now"
    text = _NOW_PHRASES.sub("now", text)
    # "at the same survey last year": a time before now, asked as "previously" is
    text = _LAST_PERIOD.sub("previously", text)
    # "her job title", "his job role": the job, not a title of a work
    text = _JOB_TITLE.sub(lambda m: m.group(1), text)
    # "what does Ada do for a living" asks for her occupation, in the words such a question uses
    text = _FOR_A_LIVING.sub(lambda m: f"{m.group(1)} {'was' if m.group(2).lower() == 'did' else 'is'} "
                             f"{m.group(3)}'s occupation", text)
    # "what stopped the bakery from supplying croissants" asks why it could not
    text = _STOPPED_FROM.sub(lambda m: f"why {'was' if m.group(1).lower() in _PAST_STOPS else 'is'} "
                             f"{m.group(2)} unable to {m.group(3)}", text)
    # "which night of the week": a day of the week is a day ("week" names no thing to ground)
    # "will buses run starting on 4 March": a phrase that dates the question, no verb of it
    text = _STARTING_ON.sub("from", text)
    weekday = bool(_OF_THE_WEEK.search(text)) or bool(_WEEKDAY_WORD.search(text))
    text = _OF_THE_WEEK.sub(lambda m: m.group(1), text)
    # "what is her module called": the name of her module, asked as "what is the name of" asks it
    text = _CALLED.sub(lambda m: f"{m.group(1)} {m.group(2)} the name of {m.group(3)}?", text)
    tokens = tokenize(text)
    spans = find_spans(tokens, known)
    lower = [t.text.lower() for t in tokens]
    n = len(lower)
    # names typed in lower case: look known multi-word names up directly
    if name_keys is not None:
        spans = add_known_spans(tokens, spans, name_keys)
        spans = _split_at_known_name(text, tokens, spans, name_keys)
    spans = _titles_joined(tokens, spans)
    spans = [sp for sp in spans if not _describing_word(sp, spans, tokens)]
    if plain:
        spans = [sp for sp in spans if sp.key not in plain]
    q = Question(text=text, tokens=tokens, spans=spans, kind="empty", weekday=weekday)
    if not any(any(c.isalnum() for c in w) for w in lower):
        return q
    in_span = {k for s in spans for k in range(s.first, s.last)}
    lx = lexicon()
    stems = [stem(w) for w in lower]
    # multi-word phrases ("in charge of", "stand in", "turn up") act as one word
    phrase_at: dict[int, tuple[int, str]] = {}
    for a, b, key in lx.phrases_in(stems):
        if key.startswith("be ") and lower[a] not in BE_FORMS and not past_form(lower[a]):
            continue  # "the admission price at the lighthouse": "be priced at" wants the participle
        if not any(k in in_span for k in range(a, b)):
            phrase_at[a] = (b, key)

    words: list[Word] = []
    i = 0
    while i < n:
        if i in phrase_at:
            b, key = phrase_at[i]
            words.append(Word(key, " ".join(lower[i:b]), i))
            i = b
            continue
        w = lower[i]
        noun = w in _NOUN_AFTER_DET and i > 0 and lower[i - 1] in _DETS  # "on the till", "a will", "the mine"
        if i in in_span or (w in STOPWORDS and not noun) or w in WH or not any(c.isalpha() for c in w) or is_number(w) \
                or w in _NOW_ONLY or w in _UNABLE or w in _EMPHASIS \
                or w == "due" and i + 2 < n and lower[i + 1] == "to" and (lower[i + 2] == "be" or is_verb(lower[i + 2])) \
                or w == "once" and i + 1 < n and (lower[i + 1] in _PRONOUNS or lower[i + 1] in _DETS) \
                or w == "according" and i + 1 < n and lower[i + 1] == "to" \
                or w == "supposed" and i + 1 < n and lower[i + 1] == "to" \
                or w in ("get", "gets", "got", "getting") and i + 1 < n \
                and (past_form(lower[i + 1]) and lower[i + 1].endswith(("ed", "en", "t")) or lower[i + 1] in _PARTICIPLES):
            # ("what is the set budget now": "now" says when, which q.present keeps, and is no noun;
            # "unable to" says "not", which q.negated keeps; "due to be moved" says only that it
            # was planned, as "going to" does; "once it had been moved" opens a clause as "when" does; "according to" only says who says so; "supposed to" says a duty, as "have to" does; "get hurt" is a passive)
            i += 1
            continue
        words.append(Word(stems[i], w, i))
        i += 1
    q.words = words
    # a clock time in words ("half past six") is read whole, its hour not as a count
    clock_words = {k for k in range(n - 2) if lower[k] in ("half", "quarter") and lower[k + 1] in ("past", "to")
                   for k in (k, k + 1, k + 2)}
    valued = [k for k, t in enumerate(tokens) if k not in in_span and (
        k in clock_words or is_number(t.text) or t.text.lower() in MONTHS or t.text.lower() in WEEKDAYS
        or t.text.lower() in _COUNT_WORDS)]
    # read each run of neighbours on its own: "the first 24 days of March" holds no date "24 March"
    # (but "the 24th of March" does)
    ends = [k for k in range(1, n - 1) if lower[k] in ORDINAL_ENDS and k - 1 in valued
            and (lower[k + 1] in MONTHS or lower[k + 1] == "of" and k + 2 < n and lower[k + 2] in MONTHS)]
    valued += ends + [k + 1 for k in ends if lower[k + 1] == "of"]
    valued.sort()
    runs: list[list[Token]] = []
    for k in valued:
        if runs and k - 1 in valued:
            runs[-1].append(tokens[k])
        else:
            runs.append([tokens[k]])
    q.numbers = frozenset().union(*(values_of(run) for run in runs))
    q.numbers = frozenset(
        v for v in q.numbers
        if ((v[:1].isdigit() or v[:1] in "£$€¥") and not re.fullmatch(r"\d+m", v)) or v.rstrip("s") in _WEEKDAY_SINGULAR
    )
    q.present = any(w in _PRESENT for w in lower)
    q.past = any(past_marker_at(lower, k) for k in range(len(lower))) or ("used" in lower and "to" in lower)
    q.negated = any(w in NEGATIONS or w in _UNABLE for w in lower)
    by_index = {wd.index: wd for wd in words}

    # generic "what do you know about X" / "tell me about X" / "who is X?" (a bare name)
    for pat in _ABOUT:
        if tuple(lower[: len(pat)]) == pat:
            rest = [k for k in range(len(pat), n) if any(c.isalnum() for c in lower[k])]
            if rest and all(k in in_span for k in rest):
                q.kind = "about"
                q.about = True
                q.hole = "any"
                return q

    wh = next((k for k in range(n) if lower[k] in WH), None)
    first = next((k for k in range(n) if any(c.isalnum() for c in lower[k])), 0)
    if wh is None or (lower[first] in AUXILIARIES and first < wh):
        q.kind = "yesno" if lower[first] in AUXILIARIES or lower[first] in ("can", "could") else "keyword"
        if wh is not None:
            # "did it move, and if so to what date?"
            q.extra_holes.append(_type_after(lower, stems, wh))
        joined = None
        if q.kind == "keyword":
            last = next((wd for wd in reversed(words)), None)
            if last is not None and last.stem in TYPE_NOUNS:
                q.hole = TYPE_NOUNS[last.stem]
                q.head_word = last
                q.head = last.stem
                # "fete date and time": a kind of value joined to it by "and" is asked too
                joined = by_index.get(last.index - 2) if last.index >= 2 and lower[last.index - 1] == "and" else None
                if joined is not None and joined.stem in TYPE_NOUNS:
                    q.extra_holes.append(TYPE_NOUNS[joined.stem])
                else:
                    joined = None
            elif last is not None and last.index >= 2 and lower[last.index - 1] == "of" \
                    and (kind := by_index.get(last.index - 2)) is not None and kind.stem in TYPE_NOUNS:
                # "car park number of spaces": the kind of value is asked, of the noun after it
                q.hole = TYPE_NOUNS[kind.stem]
                q.head_word, q.head, q.head_of = kind, kind.stem, last
        q.soft = [wd for wd in words if wd is not q.head_word and wd is not joined]
        return q

    whw = lower[wh]
    q.kind = whw if whw != "whom" else "who"
    if wh > 0 and lower[wh - 1] in PREPOSITIONS:
        q.prep = lower[wh - 1]
    else:
        tail = [w for w in lower if any(c.isalnum() for c in w)]
        if tail and tail[-1] in PREPOSITIONS:
            q.prep = tail[-1]
    span_at = {k: s for s in spans for k in range(s.first, s.last)}
    consumed: set[int] = {wh}
    named_box: list[bool] = []
    apposition_box: list[Word] = []

    def is_stop(k1: int) -> bool:
        w = lower[k1]
        return (
            w in AUXILIARIES or w in PREPOSITIONS or w in WH or w in _SUBORD
            or w in ("?", ",", ".", ";", "and", "or", "that", "if") or not any(c.isalnum() for c in w)
        )

    def past_dets(k0: int) -> int:
        """The first index from k0 that is not a determiner."""
        while k0 < n and lower[k0] in _DETS:
            k0 += 1
        return k0

    def _rate_then_aux(k1: int) -> bool:
        """A phrase naming no relation ("a month") and an auxiliary straight after it."""
        if k1 not in phrase_at or phrase_at[k1][1] in lx.relation_of:
            return False
        b = phrase_at[k1][0]
        return b < n and lower[b] in AUXILIARIES

    def np_from(k0: int) -> tuple[list[Word], int]:
        """Content words of a noun phrase from k0; names inside it are modifiers ("the Acme report")."""
        got: list[Word] = []
        k1 = k0
        while k1 < n:
            w = lower[k1]
            if w in _DETS or w in _PRESENT_ADJ:
                k1 += 1
                continue
            if k1 in span_at:
                s = span_at[k1]
                nxt = s.last
                if nxt < n and nxt in by_index and not is_stop(nxt) and lower[nxt] != "'s" \
                        and not (got and not _finite_verb(got[-1].text) and _finite_verb(lower[nxt])):
                    # (after a noun, a name and its verb open a clause: "the walker Joaquín
                    # Ibarra helped rescue")
                    k1 = nxt
                    continue
                break
            if k1 in phrase_at:
                b, key = phrase_at[k1]
                if key in lx.relation_of or k1 not in by_index or (got and _rate_then_aux(k1)):
                    break
                got.append(by_index[k1])
                k1 = b
                continue
            if k1 not in by_index or is_stop(k1):
                break
            nxt = lower[k1 + 1] if k1 + 1 < n else "?"
            if _is_verbish(w) and (k1 + 1 >= n or (is_stop(k1 + 1) and nxt not in AUXILIARIES) or nxt in _DETS):
                break
            if got and (_finite_verb(w) or w.endswith("ed") and len(w) > 4 and not is_verb(w)) \
                    and (nxt in _DETS or k1 + 1 in span_at or tokens[k1 + 1].text[:1].isupper()) \
                    and not _rate_then_aux(k1 + 1):
                # "which company makes the battery": a finite verb with its object ends the wh-phrase;
                # a capitalised object is a name even where no span was found ("assessed Captain")
                # (but "how many day passes a month does ...": a rate after it, then the auxiliary)
                break
            if got and got[-1].text.endswith("s") and not got[-1].text.endswith("ss") and is_verb(w) \
                    and not w.endswith(("s", "ed", "ing")) \
                    and (nxt in _DETS or nxt in _VERB_PREPS or k1 + 1 in span_at):
                # "which supermarkets deliver to the pantry": a plural noun, then a verb that agrees
                # with it and goes on with its object or a preposition
                break
            got.append(by_index[k1])
            k1 += 1
        return got, k1

    def skip_subject(k0: int, base_verb: bool = False) -> tuple[int, list[Word]]:
        """Skip the subject after an auxiliary: a name (and what it possesses) or a noun phrase."""
        k1 = past_dets(k0)
        possessed: list[Word] = []
        if k1 < n and k1 in span_at:
            named_box.append(True)
        def _ends_phrase(k2: int) -> bool:
            nxt = lower[k2 + 1] if k2 + 1 < n else "?"
            return k2 + 1 >= n or is_stop(k2 + 1) or nxt in _DETS or k2 + 1 in span_at

        def verb_here(k2: int) -> bool:
            if k2 not in by_index or not verbal(lower[k2]):
                return False
            nxt = lower[k2 + 1] if k2 + 1 < n else "?"
            return k2 + 1 >= n or is_stop(k2 + 1) or nxt in _DETS or nxt in _ADV or k2 + 1 in span_at \
                or nxt == "as" \
                or (stem(lower[k2]) in _ING_TAKERS and nxt.endswith("ing") and verbal(nxt))
            # ("why was he sacked as manager"; "did the ice plant stop producing flake ice": a verb
            # that takes an -ing act ends the subject, where "plant" before it does not)

        if k1 < n and lower[k1] in _PRONOUNS:
            return k1 + 1, possessed
        if k1 < n and k1 in span_at:
            k1 = span_at[k1].last
            while k1 + 1 < n and lower[k1] in ("and", "&") and k1 + 1 in span_at:
                k1 = span_at[k1 + 1].last  # "did Ada Obi and Bo Rees climb": two names, one subject
            if k1 < n and lower[k1] == "'s":
                k1 += 1
            elif k1 < n and (k1 in phrase_at or (k1 in by_index and (
                (base_verb and (is_verb(lower[k1]) or _ends_phrase(k1))) or (verbal(lower[k1]) and verb_here(k1))
            ))):
                # a name followed by a verb: the verb is the predicate
                return k1, possessed
            if k1 < n and lower[k1] in ("the", "a", "an"):
                # "Bramble the springer spaniel": an apposition says who the name is, not what it has
                j = k1 + 1
                while j < n and j in by_index and not is_stop(j) and not verb_here(j):
                    apposition_box.append(by_index[j])
                    j += 1
                return k1, possessed
            while k1 < n and not is_stop(k1) and k1 not in span_at and k1 not in phrase_at:
                if lower[k1] in _WHEN_ADVERBS or lower[k1] == "as":
                    # "what is Bo's dose now": the adverb ends the noun phrase, as "as" does
                    # ("his annual salary as senior lock keeper": the salary is asked)
                    break
                if verb_here(k1) and (possessed or lower[k1 - 1] != "'s") and (
                        base_verb or not _bare_verb(lower[k1])):
                    # after "what was Ada's ...", a bare "score" is the noun ("her final score against
                    # Bo"); only "did"/"will" take a bare verb ("what did Ada's team win")
                    break
                if k1 in by_index:
                    possessed.append(by_index[k1])
                k1 += 1
                if k1 + 1 < n and lower[k1] == "'s" and possessed and k1 + 1 in by_index:
                    # "the Little Wrens sponsored walk's total": the walk is the possessor, and
                    # what it possesses comes after
                    possessed = []
                    k1 += 1
            while k1 + 1 < n and lower[k1] == "of" and k1 + 1 in span_at:
                k1 = span_at[k1 + 1].last
            return k1, possessed
        while k1 < n and (not is_stop(k1) or (lower[k1] == "'s" and possessed)) and k1 not in phrase_at:
            if lower[k1] == "'s":
                # "the insurer's assessor": the possessor is not the head
                k1 += 1
                continue
            if k1 in span_at:
                k1 = span_at[k1].last
                continue
            if verb_here(k1) and possessed or lower[k1] in _WHEN_ADVERBS:
                break
            if k1 in by_index:
                possessed.append(by_index[k1])
            k1 += 1
        if possessed and k1 + 1 < n and lower[k1] in PREPOSITIONS and lower[k1] != "to" and k1 + 1 in span_at:
            # "the postponed fixture against Ashling Cove Juniors (will be replayed)": a name the
            # subject noun is said of belongs to the subject
            k1 = span_at[k1 + 1].last
        return k1, possessed

    head_word: Word | None = None
    k = wh + 1
    if whw == "how":
        nxt = lower[k] if k < n else ""
        q.hole = _HOW.get(nxt, "any")
        if nxt in _HOW:
            consumed.add(k)
            k += 1
        if nxt == "far" and (lower[k:k + 2] == ["in", "advance"] or lower[k:k + 1] in (["ahead"], ["beforehand"])):
            # "how far in advance must a slot be booked": a time before, not a distance
            q.hole = "duration"
            for _ in range(2 if lower[k] == "in" else 1):
                consumed.add(k)
                k += 1
        elif nxt == "far" and k < n and lower[k] in _COMPASS:
            # "how far north of the boundary": the direction says which way the distance runs,
            # and it is no verb
            consumed.add(k)
            k += 1
        elif nxt.isalpha() and any(c.startswith("D:") for c in lx.concepts_of(stem(nxt))) \
                and k + 1 < n and lower[k + 1] in AUXILIARIES:
            # "how humid should the room be": a quality asked as its measure, named by its noun
            # ("humidity between 40 and 50 per cent"); the adjective is what is measured, no verb
            q.hole = "measure"
            head_word = Word(stem(nxt), nxt, k)
            consumed.add(k)
            k += 1
        if nxt in ("many", "much"):
            if k < n and lower[k] == "of":
                k += 1
                while k < n and (lower[k] in _DETS or is_number(lower[k])):
                    k += 1
            np, k = np_from(k)
            if np:
                head_word = np[-1]
            if nxt == "much" and head_word is not None and head_word.text == "time":
                # "how much time did it take": a duration, with no noun the claim must have
                q.hole = "duration"
                consumed.add(head_word.index)
                head_word = None
        if nxt == "much" and q.hole != "duration":
            stems_here = {wd.stem.split()[0] for wd in words}  # "pay for" is paying
            if stem("weigh") in stems_here:
                q.hole = "mass"
            elif stems_here & _MONEY_VERBS and not (wh > 0 and lower[wh - 1] == "by" and stems_here & _CHANGE_BY):
                # ("by how much will they raise the wall": the size of a change, in any unit)
                q.hole = "money"
        if nxt in ("big", "large", "high", "small") and k + 1 < n and lower[k] in ("a", "an") \
                and stem(lower[k + 1]) in _SUM_NOUNS:
            # "how big a deposit has he paid": the size of a sum is an amount of money, and the
            # sum named is the head the claim must have
            q.hole = "money"
            head_word = Word(stem(lower[k + 1]), lower[k + 1], k + 1)
            consumed.update((k, k + 1))
            k += 2
        if nxt in ("high", "big", "large", "far", "heavy", "deep", "wide", "tall") and k < n and lower[k] in AUXILIARIES:
            # "how high was her blood pressure": the measured thing is the head
            _, poss = skip_subject(k + 1)
            if poss:
                head_word = poss[-1]
    elif whw in ("what", "which", "whose"):
        if k < n and lower[k] in ("other", "another"):
            k += 1  # "which other languages": the noun after it is the head
        np, k2 = np_from(k)
        if np:
            head_word = np[-1]
            k = k2
            if k < n and lower[k] == "of":
                np2, k3 = np_from(k + 1)
                if np2:
                    q.head_of = np2[-1]
                    k = k3
            elif k < n and lower[k] in AUXILIARIES and stem(lower[k]) == "be":
                # "what colour is Sam's van": the van is what the colour is of
                kk = past_dets(k + 1)
                if kk < n and kk in span_at and span_at[kk].last < n and lower[span_at[kk].last] == "'s":
                    _, poss = skip_subject(kk)
                    if poss:
                        q.head_of = poss[-1]
                        q.head_of_possessed = True
        elif k < n and lower[k] in AUXILIARIES and stem(lower[k]) == "be":
            kk = past_dets(k + 1)
            if kk < n and kk in span_at:
                end_k, poss = skip_subject(kk)
                if poss:
                    head_word = poss[-1]
                    k = end_k
            else:
                np, k2 = np_from(kk)
                if np and k2 + 1 < n and lower[k2] == "'s" and k2 + 1 in by_index:
                    # "what is the parish clerk's name": the name is asked for, the clerk's
                    np2, k3 = np_from(k2 + 1)
                    if np2:
                        q.head_of, q.head_of_possessed = np[-1], True
                        np, k2 = np2, k3
                if np:
                    head_word = np[-1]
                    k = k2
                    if k < n and lower[k] == "of":
                        kk = past_dets(k + 1)
                        if kk < n and kk in span_at:
                            _, poss = skip_subject(kk)
                            if poss:
                                q.head_of = poss[-1]
                                q.head_of_possessed = True  # "the registration of Ada's van"
                        else:
                            np2, _ = np_from(kk)
                            if np2:
                                q.head_of = np2[-1]
        if head_word is not None and q.head_of is not None and (head_word.stem in _CLASSIFIERS or (
                head_word.stem in _MAKER_KINDS and head_word.index + 1 < n and lower[head_word.index + 1] == "of")):
            # "what kind of cuisine": the cuisine is asked for
            head_word, q.head_of = q.head_of, None
        if head_word is not None and head_word.stem in TYPE_NOUNS:
            q.hole = TYPE_NOUNS[head_word.stem]
            if q.hole == "clock" and head_word.text == "time" and head_word.index > 0 \
                    and (head_word.index - 1 in by_index and lower[head_word.index - 1] not in WH
                         or lower[head_word.index - 1] in _OWNERS):
                # "Ysolde's backstroke time", "the start time": a noun before "time" may make it a
                # time taken or a time of day, so either answers; so may an owner ("Oriel's time
                # at the 10K", "her time"), whose time is most often the time she took
                q.hole = "time"
            if q.hole == "clock" and wh > 0 and lower[wh - 1] == "in" and head_word.index + 1 < n \
                    and lower[head_word.index + 1] in AUXILIARIES:
                # "in what time did he win": the time taken, not the time of day ("at what time");
                # "time" names the hole and is no word the claim must have
                q.hole = "duration"
                consumed.add(head_word.index)
                head_word = None
        if q.hole == "title" and head_word is not None and any(
                sp.possessive and sp.last + 1 == head_word.index and guess_kind(sp.text) == "person" for sp in q.spans):
            q.hole = "role"  # "Dr Folasade Adebayo-Lind's title": a person's title is her post
        if whw == "whose":
            q.hole = "person"  # "whose birthday is she celebrating": the owner, by name
        if q.hole is None:
            q.hole = "thing"
    elif whw == "who":
        q.hole = "person"
        if k < n and lower[k] in AUXILIARIES and stem(lower[k]) == "be":
            kk = k + 1
            while kk < n and lower[kk] in _WHEN_ADVERBS:
                kk += 1  # "who is now going to conduct": the adverb is no head noun
            kk = past_dets(kk)
            if kk < n and kk in span_at:
                end_k, poss = skip_subject(kk)
                if poss:
                    head_word = poss[-1]
            elif kk < n and kk not in phrase_at and not _is_verbish(lower[kk]):
                np, _ = np_from(kk)
                if np:
                    head_word = np[-1]
    elif whw == "when":
        q.hole = "date"
    elif whw == "where":
        q.hole = "place"
    elif whw == "why":
        q.hole = "reason"

    subject_box: list[Word] = []
    named_box.clear()
    verb = _main_verb(lower, words, by_index, span_at, phrase_at, wh, head_word, consumed, skip_subject, subject_box)
    q.subject_words = [w for w in subject_box if w is not head_word and w.text not in _PRESENT
                       and not _title_before_name(w, tokens, span_at)]
    q.subject_named = bool(named_box)
    q.apposition = list(apposition_box)
    if whw == "where" and verb is not None and verb.stem in PLACING_VERBS:
        q.hole = "ordinal"  # "where did she finish in the sculls": a placing, not a place
    if verb is not None and verb.stem in _NAMING and q.hole in ("thing", None):
        q.hole = "title"
        verb = None
    if verb is not None and verb.stem == _USE and verb.index + 2 < n and lower[verb.index + 1] == "to" \
            and verb.index + 2 in by_index and is_verb(lower[verb.index + 2]):
        # "which microphones did he use to record the drums": what was done with them is asked
        # ("recorded the drums with Coles 4038 microphones"); "use" is only how it is put
        consumed.add(verb.index)
        consumed.add(verb.index + 1)
        verb = by_index[verb.index + 2]
    spent = _spent_time_end(lower, verb.index) if verb is not None and verb.stem == _SPEND else None
    if spent is not None:
        # "what did she spend the morning repairing": the time is given, the act after it is asked,
        # and what is asked is what it was done to, no sum of money
        for k2 in range(verb.index, spent):
            consumed.add(k2)
        if q.hole == "money" and q.kind in ("what", "which"):
            q.hole = "thing"
        verb = by_index.get(spent, verb)
    if verb is not None and verb.stem == _SPEND and verb.index + 1 < n and lower[verb.index + 1].endswith("ing") \
            and verb.index + 1 in by_index and (is_verb(lower[verb.index + 1]) or len(lower[verb.index + 1]) > 5
                                                and not lower[verb.index + 1].endswith("thing")):
        # (any -ing word there is the act: "spend rolling the square", though "roll" is more often a noun)
        # "how long will she spend training the bakers": the time is spent on the act after it
        consumed.add(verb.index)
        verb = by_index[verb.index + 1]
    if verb is not None and verb.stem == _GIVE and verb.text.lower() in ("give", "gave", "gives") and head_word is not None \
            and TYPE_NOUNS.get(head_word.stem) in _GIVEN_VALUES and any(sp.last <= verb.index for sp in q.spans) \
            and not any(verb.index < sp.first <= verb.index + 2 for sp in q.spans):
        # "what price did Halden Roofing give for the roof", "what reason did they give": to give a
        # value is only to state it ("quoted £4,850", "citing their office move"), when no one it
        # is given to is named ("what deadline did she give the library" keeps its verb). An act
        # it is given for is the verb asked ("give for supporting the application").
        consumed.add(verb.index)
        k2 = verb.index + 1
        verb = None
        if k2 + 1 < n and lower[k2] == "for" and lower[k2 + 1].endswith("ing") and k2 + 1 in by_index:
            verb = by_index[k2 + 1]
    if verb is not None and verb.stem == _WANT:
        # "by what date does she want a camera installed", "which workbooks did he want her to
        # order": the act wanted is the verb asked; that it was wanted, a claim must say too
        for k2 in range(verb.index + 1, min(n, verb.index + 8)):
            w2 = lower[k2]
            if w2 in ("?", ",", ";") or w2 in WH:
                break
            if k2 in by_index and k2 not in span_at and w2 not in BE_FORMS and lower[k2 - 1] not in _DETS and (
                    lower[k2 - 1] == "to" or past_form(w2) or w2 in SAME_FORM_PARTICIPLES):
                consumed.add(verb.index)
                q.wanted = True
                verb = by_index[k2]
                break
    if verb is not None and (verb.stem in LIGHT_VERBS or verb is head_word):
        verb = None
    if verb is not None and head_word is not None and head_word.stem in _GENERIC_THINGS and q.hole == "thing" \
            and head_word.stem not in TYPE_NOUNS and not (head_word.index + 1 < n and lower[head_word.index + 1] == "of"):
        # "which part did she replace on bus 3047" asks what she replaced: any part the claim
        # names as replaced is one ("which part of the roof" keeps its head)
        consumed.add(head_word.index)
        head_word = None
    if verb is None and head_word is not None and q.spans and head_word.stem == _JOB and _job_as_task(lower, head_word.index):
        q.hole = "thing"  # "her job during harvest", "his repair job on 14 January": a task, not a trade
    if verb is None and head_word is not None and head_word.stem in _TASK_NOUNS and q.hole == "thing" and q.spans:
        # "what is Ravi's task during the first week" asks what he will do then, as "what will Ravi
        # do during the first week" does: a task is any act of his
        consumed.add(head_word.index)
        head_word = None
    if verb is not None and verb.stem == _HOLD and head_word is not None and TYPE_NOUNS.get(head_word.stem) == "role":
        consumed.add(verb.index)  # "what position does she hold" asks her role, as "... does she have"
        verb = None
    if q.hole == "thing" and head_word is None:
        # "what did the auto-injectors (that he dispensed) cost": a price is asked for
        # ("the cost of" after a determiner is a noun, and a head noun would have been taken)
        if any(wd.stem in _PRICE_VERBS and (wd.index == 0 or lower[wd.index - 1] not in _NOUN_MARKERS) for wd in words):
            q.hole = "money"
    event = None if q.hole != "thing" or head_word is not None or verb is None or wh != 0 or verb.index != 1 \
        or verb.stem != stem("cause") else \
        next((wd for wd in words if wd.index > verb.index and lower[wd.index - 1] in ("to", "be")), None)
    if event is not None:
        # "what caused the lifeboat to be withdrawn" asks why it was withdrawn: the verb after
        # "to" is the event. ("What caused the fault" stays a thing: a claim giving the fault
        # as a reason does not say what caused it.)
        q.hole = "reason"
        consumed.add(verb.index)
        verb = event
    if q.kind == "what" and head_word is None and q.hole == "thing" and verb is not None \
            and verb.stem.split()[0] in _SUM_VERBS and wh + 1 < n and lower[wh + 1] in AUXILIARIES:
        # "what will the council pay for it", "what did the repair cost": the object of paying or
        # costing is a sum ("what did she buy" stays a thing)
        q.hole = "money"
    if verb is not None and " " not in verb.stem:
        verb = _split_phrasal(verb, words, lower, consumed)
    q.head_word = head_word
    q.head = head_word.stem if head_word else None
    q.verb_word = verb
    q.verb = verb.stem if verb else None
    # "and at what dose" / "and how long did the sessions take": more holes
    for k3 in range(wh + 1, n):
        if lower[k3] in WH and lower[k3 - 1] in ("and", "at", "to", "in", "for", ",", "so") \
                and not (lower[k3 - 1] == "," and lower[k3] in _RELATIVE_WH):
            # (", who examined the chairlift," opens a relative clause, which asks nothing)
            q.extra_holes.append(_type_after(lower, stems, k3))
            consumed.add(k3)
            if k3 + 1 < n and lower[k3] == "how" and lower[k3 + 1] in _HOW:
                consumed.add(k3 + 1)
    taken = {id(x) for x in (head_word, verb) if x is not None}
    q.soft = [
        wd
        for wd in words
        if id(wd) not in taken and wd.index not in consumed and wd.text not in _PRESENT and wd.text not in _PAST
        and not (wd.stem in TYPE_NOUNS and any(wd.index > c for c in consumed if c != wh) and wd.index - 1 in consumed)
        and not _title_before_name(wd, tokens, span_at)
    ]
    return q


_SPLIT_PARTICLES = frozenset("back away up out off down".split())


def _split_phrasal(verb: Word, words: list[Word], lower: list[str], consumed: set[int]) -> Word:
    """ "send the cases back", "turn a load away": a particle after the verb's object makes the
    listed phrase ("send back", "turn away"), which the particle alone does not name."""
    lx = lexicon()
    for k in range(verb.index + 2, min(len(lower), verb.index + 7)):
        w = lower[k]
        if w in _SPLIT_PARTICLES:
            key = lx.phrases.get((verb.stem, stem(w)))
            if key is None:
                return verb
            consumed.update((k, verb.index))
            return Word(key, f"{verb.text} {w}", verb.index)
        if w in PREPOSITIONS or w in WH or w in AUXILIARIES or not any(c.isalnum() for c in w):
            return verb  # the object ended without a particle
    return verb


def _title_before_name(wd: Word, tokens: list[Token], span_at: dict[int, Span]) -> bool:
    """ "what did vet Emrys Lowe recommend": an occupation written in lower case straight before a
    full name identifies the one asked about; it is no word the claim must repeat."""
    k = wd.index
    if " " in wd.stem or not tokens[k].text.islower() or not role_word(tokens[k].text):
        return False
    span = span_at.get(k + 1)
    return span is not None and len(span.text.split()) >= 2


_FOR_A_LIVING = re.compile(r"\b(what)\s+(does|do|did)\s+(.+?)\s+do\s+for\s+(?:a\s+living|work)\b", re.IGNORECASE)
_GOING_TO = re.compile(r"\b(?:(?:am|is|are|was|were)\s+)?(?:(now|still|also|currently|then)\s+)?going to (\w+)(?=(\s+\S+)?)",
                       re.IGNORECASE)


def _split_at_known_name(text: str, tokens: list, spans: list[Span], is_key: Callable[[str], bool]) -> list[Span]:
    """Cut a run of capitals that names nothing known where a known name ends: "Ilse Kavanagh
    Norwegian class times" is Ilse Kavanagh and the word "Norwegian" (a keyword query has no
    lower-case word between them). What is left is a name of its own when two words or more."""
    out: list[Span] = []
    for s in spans:
        if len(s.tokens) < 3 or s.quoted or s.last - s.first != len(s.tokens) or is_key(s.key):
            out.append(s)
            continue
        for k in range(len(s.tokens) - 1, 1, -1):
            if is_key(" ".join(s.tokens[:k])):
                cut = s.first + k
                out.append(replace(s, last=cut, end=tokens[cut - 1].end, text=text[s.start:tokens[cut - 1].end],
                                   tokens=s.tokens[:k], possessive=False))
                if len(s.tokens) - k >= 2:
                    out.append(replace(s, first=cut, start=tokens[cut].start, text=text[tokens[cut].start:s.end],
                                       tokens=s.tokens[k:], prep=None, honorific=False))
                break
        else:
            out.append(s)
    return out


_LAST_PERIOD = re.compile(r"\blast (?:year|month|week|season|summer|winter|spring|autumn|term)\b", re.IGNORECASE)
_JOB_TITLE = re.compile(r"\b(jobs?)\s+(?:title|role)s?\b", re.IGNORECASE)
_STOPPED_FROM = re.compile(r"^\s*what\s+(stopped|prevented|kept|stops|prevents|keeps|is stopping|is preventing)\s+(.+?)"
                           r"\s+from\s+(\w+ing)\b", re.IGNORECASE)
_PAST_STOPS = frozenset({"stopped", "prevented", "kept"})
_STARTING_ON = re.compile(r"\b(?:starting|beginning|commencing)\s+(?:on|from)\b", re.IGNORECASE)
_WEEKDAY_WORD = re.compile(r"\bweek-?days?\b", re.IGNORECASE)
_OF_THE_WEEK = re.compile(r"\b((?:day|night|evening|morning|afternoon)s?)\s+of\s+the\s+week\b", re.IGNORECASE)
# "what is Ada's boat called", "what was the ferry named": a thing named by the question, then the
# naming verb; not "what is she called" (a pronoun alone has no noun to name)
_CALLED = re.compile(r"^\s*(what)\s+(is|was|are|were)\s+((?:the|a|an|his|her|their|its|our|my|your|this|that)\s+\S.*?"
                     r"|\S.*?'s\s+\S.*?)\s+(?:called|named|titled)\s*\?*\s*$", re.IGNORECASE)
_NOW_PHRASES = re.compile(r"(?<!\bup )\b(?:so far|to date|as of now|at present|at the moment|right now|these days)\b",
                          re.IGNORECASE)


def _describing_word(sp: Span, spans: list[Span], tokens: list[Token]) -> bool:
    """ "Rajah the Sumatran tiger": one capitalised word between "<name> the" and a noun in lower
    case describes the noun of an apposition; it names nothing the answer must also name."""
    k = sp.first
    if sp.last - k != 1 or k < 2 or tokens[k - 1].text.lower() != "the" or k + 1 >= len(tokens):
        return False
    nxt = tokens[k + 1].text
    return any(o.last == k - 1 for o in spans) and nxt.isalpha() and nxt.islower() and nxt not in STOPWORDS


def _will(m: re.Match[str]) -> str:
    """ "is (now) going to conduct the concert" -> "will (now) conduct the concert": a known verb, or
    a word followed by a determiner or a name as only a verb is ("going to school the pony" is rare)."""
    word, after = m.group(2), (m.group(3) or "").strip()
    verb = word.lower() in ("be", "have") or is_verb(word.lower()) or (
        word.islower() and (after.lower() in _DETS or after[:1].isupper()))
    if not verb:
        return m.group(0)
    return "will " + (m.group(1) + " " if m.group(1) else "") + word
_VERB_PREPS = frozenset({"to", "at", "in", "on", "for", "from", "with", "by", "into", "onto", "near"})
_OWNERS = frozenset({"'s", "his", "her", "their", "my", "your", "our"})
_DETS = frozenset({"the", "a", "an", "his", "her", "their", "its", "our", "my", "your", "this", "these", "those"})
DETERMINERS = _DETS  # for the read gate, which reads the phrases a question's words stand in
_WEEKDAY_SINGULAR = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())
_SUBORD = frozenset({"while", "when", "because", "whereas", "although", "though", "unless", "whether", "once"})
_PRONOUNS = frozenset({"it", "he", "she", "they", "we", "you", "i", "there"})
_PRESENT_ADJ = frozenset({"new", "current", "latest", "present"})
_CLASSIFIERS = frozenset(stem(w) for w in "kind type sort form variety category".split())
# words for a maker's kind: with "of" they ask a kind of the noun after ("what make of boiler");
# "what model is her boiler" asks the model itself, a name in front of the thing
_MAKER_KINDS = frozenset(stem(w) for w in "make brand model style".split())
PLACING_VERBS = frozenset(stem(w) for w in "finish come place rank".split())  # "where did she finish": a placing


_TIME_SPENT_OPENERS = frozenset("the a an all whole entire several two three four five".split())
_SPAN_OF_TIME = frozenset("morning afternoon evening night day days week weeks weekend hour hours minute minutes "
                          "month months shift".split())


def _spent_time_end(lower: list[str], at: int) -> int | None:
    """Where the act starts after "spend" and a time spent ("spent the morning repairing", "spent
    two hours raking"): the index of its -ing word, or None when no time stands between."""
    k = at + 1
    while k < len(lower) and k - at <= 3 and (lower[k] in _TIME_SPENT_OPENERS or lower[k].isdigit()):
        k += 1
    if k == at + 1 or k >= len(lower) or lower[k] not in _SPAN_OF_TIME:
        return None
    k += 1
    return k if k < len(lower) and lower[k].endswith("ing") and len(lower[k]) > 4 else None


def _titles_joined(tokens: list[Token], spans: list[Span]) -> list[Span]:
    """ "Parish clerk Imogen Obi", "Kitchen porter Sam Lee": a capitalised word or two, an occupation
    in lower case, then a name. The capitals open the title, they are no name of their own, so the
    title joins the name's span (its match tokens stay the name's), as an honorific does."""
    out: list[Span] = []
    k = 0
    while k < len(spans):
        sp = spans[k]
        nxt = spans[k + 1] if k + 1 < len(spans) else None
        if nxt is not None and sp.last - sp.first <= 2 and not (sp.possessive or sp.quoted):
            between = [t.text for t in tokens[sp.last:nxt.first]]
            # a verb's base form with an agent's ending ("what did Ada Lee offer Raj") is no title
            if 1 <= len(between) <= 2 and all(w.isalpha() and w.islower() for w in between) and role_word(between[-1]) \
                    and not is_verb(between[-1]):
                out.append(replace(nxt, first=sp.first, start=sp.start, prep=sp.prep,
                                   text=f"{sp.text} {' '.join(between)} {nxt.text}"))
                k += 2
                continue
        out.append(sp)
        k += 1
    return out


def _type_after(lower: list[str], stems: list[str], k: int) -> str:
    w = lower[k]
    nxt = lower[k + 1] if k + 1 < len(lower) else ""
    if w == "how":
        return _HOW.get(nxt, "any")
    if w in ("what", "which") and stems[k + 1 : k + 2] and stems[k + 1] in TYPE_NOUNS:
        return TYPE_NOUNS[stems[k + 1]]
    return {"when": "date", "where": "place", "who": "person", "why": "reason"}.get(w, "any")


def _main_verb(lower: list[str], words: list[Word], by_index: dict[int, Word], span_at: dict[int, Span],
               phrase_at: dict[int, tuple[int, str]], wh: int, head: Word | None, consumed: set[int],
               skip_subject: Callable[..., tuple[int, list[Word]]], subject_box: list[Word] | None = None) -> Word | None:
    """The question's predicate: after an auxiliary and the subject, or right after "who"/the head noun."""
    n = len(lower)
    k = wh + 1
    while k in consumed:
        k += 1
    if head is not None:
        k = max(k, head.index + (len(head.text.split()) if " " in head.stem else 1))
    if head is not None or lower[wh + 1:wh + 2] == ["far"] and k == wh + 3 and lower[wh + 2] in _COMPASS:
        # "which school in Leith did ...": a modifier after the head noun (or after "how far north")
        while k < n and lower[k] in PREPOSITIONS and lower[k] not in ("to",):
            k += 1
            while k < n and (lower[k] in _DETS or k in span_at or is_number(lower[k])
                             or (lower[k] in ("and", "&") and k + 1 in span_at and k - 1 not in by_index
                                 and lower[span_at[k + 1].last:span_at[k + 1].last + 1] in ([a] for a in AUXILIARIES if a != "'s"))
                             or (k in by_index and (not is_verb(lower[k]) or lower[k - 1] in _DETS or lower[k - 1] in PREPOSITIONS))):
                k = span_at[k].last if k in span_at else k + 1
    while k in phrase_at and phrase_at[k][1] not in lexicon().relation_of:
        k = phrase_at[k][0]  # "how many meals a day can she eat": "a day" qualifies the head
    aux = None
    # ("how many volunteers actually turned up": a word of stress stands before the verb)
    while k < n and (lower[k] in AUXILIARIES or lower[k] in _ADV or lower[k] in _EMPHASIS):
        if lower[k] in AUXILIARIES and aux is None:
            aux = stem(lower[k])
        k += 1
    if aux is None:
        # "who commands the ship", "which team won": right after the wh-phrase comes the verb
        if k in phrase_at or k in by_index:
            return by_index.get(k)
        return None
    if aux in MODALS and k + 1 < n and k in by_index and k not in span_at and lower[k] not in _DETS \
            and lower[k] not in _PRONOUNS and (is_verb(lower[k]) or lower[k + 1] in _DETS or k + 1 in span_at):
        # "who will captain the ladies' section", "how many people can sleep on it": a verb straight
        # after the modal, with its object after it, where a subject would be followed by its verb
        return by_index[k]
    # "who is understudying Perpetua Ossai", "who is coaching Ada": after "is", an -ing word with
    # its object named or determined after it is the verb, known to the lexicon or not
    progressive = aux == "be" and k in by_index and k not in span_at and lower[k].endswith("ing") \
        and len(lower[k]) > 5 and k + 1 < n and (k + 1 in span_at or lower[k + 1] in _DETS)
    if not (progressive or k in by_index and is_verb(lower[k]) and (_is_verbish(lower[k]) or lower[k] in _PARTICIPLES)) \
            and k not in phrase_at:
        k, subj = skip_subject(k, aux != "be")
        if subject_box is not None:
            subject_box.extend(subj)
    infinitive = False
    while k < n and (lower[k] in AUXILIARIES or lower[k] in _ADV):
        if lower[k] == "to" or lower[k] == "will" and aux == "be":
            # "is she going to sell the van", read as "is she will sell": the verb after is bare
            infinitive = True
        if stem(lower[k]) in ("do", "have") and (k + 1 >= n or lower[k + 1] in PREPOSITIONS or lower[k + 1] in ("?", ".")):
            # "what does she do for a living": the verb is "do" itself
            return None
        k += 1
    participle_only = aux == "be" and not infinitive

    def _bare_verb_after(k2: int) -> bool:
        j = k2 + 1
        if j < n and lower[j] in PREPOSITIONS and lower[j] != "to":
            # the subject's own modifier naming a place or a body: "the Flex plan at Kestrel Loft"
            # (not "charge for the piano visit", where the last noun is the preposition's own)
            j += 1
            while j < n and lower[j] in _DETS:
                j += 1
            if j not in span_at:
                return False
            j = span_at[j].last
            while j < n and j in by_index and j not in span_at and not is_verb(lower[j]):
                j += 1  # "at Leith gym": the name's own noun
        if j + 1 < n and j in by_index and lower[j].endswith("s") and not is_verb(lower[j]):
            j += 1  # "do Glen Ardle work parties finish": the noun the first word modifies, then the verb
        return j < n and j in by_index and j not in span_at and lower[j] not in _DETS \
            and is_verb(lower[j]) and _bare_verb(lower[j])

    for k2 in range(k, n):
        if lower[k2] in ("?", ",", ";", "and", "when", "while", "that", "if", "after", "before", "since") or lower[k2] in WH:
            break
        if k2 in span_at:
            continue
        wd = by_index.get(k2)
        if wd is None:
            continue
        if " " in wd.stem:
            if wd.stem in lexicon().relation_of:
                return wd
            continue  # "a day", "per week": a phrase that names no relation is no verb
        if k2 > 0 and lower[k2 - 1] in _DETS and k2 != k:
            continue  # "on the till at the launch": a word after a determiner is a noun
        if progressive and k2 == k:
            return wd
        if verbal(lower[k2]) or (k2 == k and (aux in ("do", "will", "can", "shall", "may", "would", "could", "should", "must")
                                              or infinitive and (is_verb(lower[k2]) or lower[k2 - 1] == "will"))):
            if aux == "do" and _bare_verb(lower[k2]) and lower[k2] not in _LINKING and _bare_verb_after(k2):
                # "does the Flex plan (at Kestrel Loft) include": after "does" the verb is bare, and a
                # bare verb after another means the first ends the subject as a noun
                continue
            if participle_only and not (_is_verbish(lower[k2]) or lower[k2] in _PARTICIPLES):
                return None
            return wd
        if participle_only and k2 == k:
            return None
    return None


# verbs that take another act in its -ing form ("stop producing", "start selling")
_ING_TAKERS = frozenset(stem(w) for w in "stop start begin finish keep quit resume continue cease avoid".split())
# Verbs whose complement says what the subject is: "did she become head chef" (no noun "become")
_LINKING = frozenset({"become", "remain", "stay", "seem"})
# Function words that are nouns after a determiner: "on the till", "her will", "the mine"
_NOUN_AFTER_DET = frozenset({"till", "will", "mine", "inside", "outside", "past"})
_ADV = frozenset({"not", "n't", "to", "now", "still", "currently", "also", "being", "been", "already", "ever", "never", "first", "just"})
_PARTICIPLES = frozenset(
    "held made led taken sold bought paid sent built written given shown known seen left found kept lent meant done gone won lost told".split()
) | SAME_FORM_PARTICIPLES
