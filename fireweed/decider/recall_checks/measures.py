"""Measures: a length, a size, a length of time or an age must be the asked thing's own, standing by its
noun, and a bound, an average or a unit the question asks for must be the claim's too."""

from __future__ import annotations

from fireweed.decider.facts import COPULAS
from fireweed.decider.grounding import CLOCK_RE, ClaimIndex, age_clause, is_measure_unit, year_of_origin
from fireweed.decider.lexicon import AUXILIARIES, BE_FORMS, PREPOSITIONS, is_verb, past_form, stem
from fireweed.decider.units import unit_word
from fireweed.decider.text import NUMBER_WORDS
from fireweed.decider.question import DETERMINERS, Question, Word
from fireweed.decider.recall_checks.grounded import _asked_name
from fireweed.decider.recall_checks.kinds import _digit_at
from fireweed.decider.recall_checks.times import _CHANGED_TO


def _measured(ci: ClaimIndex, noun: Word, stated: frozenset[str] = frozenset()) -> bool:
    """Whether a number stands with the noun: before it in its phrase ("a 6-metre campervan", "a 50
    sq ft indoor unit"), or in the few words after it ("the tower, 40 metres tall", "is 6 m long").
    A number the question itself ``stated`` is a label, not a measure ("how big is plot 22")."""
    lower = ci.lower
    if stated:
        lower = ["" if w in stated or w.replace(",", "") in stated else w for w in lower]
    # (a name that is only of the noun's kind is not it: "Juniper" is a tree, and also a falcon)
    for p in [p for p in ci.positions(noun.concepts) if p not in ci.named or stem(ci.lower[p]) == noun.stem]:
        k = p - 1
        while k >= 0 and p - k <= 6 and lower[k] not in (",", ";", ".") and (lower[k] not in PREPOSITIONS or lower[k] == "of") \
                and not (is_verb(lower[k]) and not lower[k][:1].isdigit() and not _bare_modifier(lower[k])):
            # (inside the noun's own phrase, "14.2 metres of track", "a 1.2 metre stainless steel
            # repair clamp": "at 4:40 pm from an oak tree" gives the oak no size)
            if any(c.isdigit() for c in lower[k]):
                return True
            k -= 1
        k = _digit_at(lower, p, 5)
        if k is not None and not CLOCK_RE.match(lower[k]) and not _CHANGED_TO.search(" ".join(lower[p + 1:k + 1]) + " to") \
                and not _says_how_far(lower, k) or _measure_predicated(lower, p):
            # (not a level the noun changed to, "the summit pound fell to 38 cm below normal", nor
            # how far away it is, "an oak tree 1.8 kilometres north-east of the field")
            return True
    return False


def _name_measured(ci: ClaimIndex, key: str) -> bool:
    """Whether a number stands with the named thing: in the few words after the name ("the
    Duncarrow Cliffs rise 120 feet") or just before it, in its phrase ("the 40-metre Kestrel")."""
    lower = ci.lower
    for sp in ci.spans:
        if sp.key != key:
            continue
        if _digit_at(lower, sp.last - 1, 5) is not None:
            return True
        k = sp.first - 1
        while k >= 0 and sp.first - k <= 3 and lower[k] not in PREPOSITIONS and lower[k] not in (",", ";", "."):
            if any(c.isdigit() for c in lower[k]):
                return True
            k -= 1
    return False


def _bare_modifier(w: str) -> bool:
    """A verb's base form, which inside a noun phrase modifies the noun ("repair clamp", "service
    van"); not a form that says something happened ("fitted", "repairs", "is")."""
    return not w.endswith(("ed", "ing", "s")) and w not in BE_FORMS and w not in AUXILIARIES and not past_form(w)


def _says_how_far(lower: list[str], k: int) -> bool:
    """The number at ``k`` and its unit say how far off something is: "1.8 kilometres north-east
    of", "300 metres from", "2 miles away"."""
    k += 1
    while k < len(lower) and is_measure_unit(lower[k]):
        k += 1
    return k < len(lower) and (lower[k] in _HOW_FAR or lower[k].split("-")[0] in _COMPASS)


_COMPASS = frozenset("north south east west northeast northwest southeast southwest".split())
_HOW_FAR = frozenset("from away off offshore inland upstream downstream beyond short".split())


def _measure_predicated(lower: list[str], p: int) -> bool:
    """The noun is the subject of "is/was <number>": "the bund on the upper bench was only 0.9 metres
    high", past a modifier of the noun but not past a verb or a comma."""
    k = p + 1
    while k < len(lower) and k - p <= 8 and lower[k] not in (",", ";", "."):
        if lower[k] in COPULAS or stem(lower[k]) in _LEVEL_VERBS:
            # "humidity in the Palm House averaged 74 percent", "the level stood at 3 metres"
            k += 1
            while k < len(lower) and (lower[k] in _APPROX or lower[k] == "at"):
                k += 1
            return k < len(lower) and any(c.isdigit() for c in lower[k])
        if is_verb(lower[k]):
            return False
        k += 1
    return False


_APPROX = frozenset("only just about around roughly nearly almost under over exactly some".split())
# verbs that state a measure's level as "is" does
_LEVEL_VERBS = frozenset(stem(w) for w in ("average", "measure", "stand", "peak", "total"))

# the "how" words whose measure is a length
_EXTENTS = frozenset({"deep", "wide", "tall"})

_MEASURE_HEADS = frozenset(stem(w) for w in "size weight length height width depth capacity speed".split())


def _measured_stuff(q: Question) -> list[Word]:
    """The words after "of" that follow a unit the question counts in ("how many kilograms of
    tinned fish", "how many hours of overtime"): what is measured."""
    head = q.head_word
    if q.kind != "how" or head is None or not is_measure_unit(head.text):
        return []
    toks = q.tokens
    if head.index + 1 >= len(toks) or toks[head.index + 1].text.lower() != "of":
        return []
    soft = {w.index: w for w in q.soft}
    out: list[Word] = []
    k = head.index + 2
    while k < len(toks) and (k in soft or toks[k].text.lower() in DETERMINERS):
        if k in soft:
            out.append(soft[k])
        k += 1
    return out


def _owned_after(q: Question, w: Word) -> Word:
    """The noun a possessive hands the word on to: "journey" of "the length of RRV-14's journey"."""
    toks = q.tokens
    if w.index + 1 < len(toks) and toks[w.index + 1].text.lower() == "'s":
        return next((o for o in q.soft if o.index == w.index + 2), w)
    return w


_LENGTH = stem("length")


def _length_stated(ci: ClaimIndex) -> bool:
    """A distance followed by "long" ("is 58 feet long", "a path 3 km long")."""
    lower, lengths = ci.lower, ci.types.get("distance", set())
    return any(w == "long" and k >= 2 and f"{lower[k - 2].replace(',', '')} {lower[k - 1]}" in lengths
               for k, w in enumerate(lower))


_LASTING = frozenset({"last", "lasts", "lasted", "lasting", "long", "runs", "run", "ran", "takes", "took", "take"})


def _lasts_near(ci: ClaimIndex, noun: Word) -> bool:
    """A length of time stands by the noun: within three words of it, names not counted ("a 10-day
    course", "booked Kingfisher Lass for seven nights"), or the claim says how long it lasts."""
    if _LASTING & set(ci.lower):
        return True
    at = ci.positions(noun.concepts)
    timed = [k for k, w in enumerate(ci.lower) if any(c.isdigit() for c in w) or w.split("-")[0] in NUMBER_WORDS]
    named = ci.named

    def apart(a: int, b: int) -> int:  # words between, a name counted as none ("booked Kingfisher Lass for seven")
        lo, hi = min(a, b), max(a, b)
        return sum(1 for k in range(lo + 1, hi) if k not in named) + 1

    def governed(p: int) -> bool:  # "refilled the pound from the Ravensike feeder over three hours"
        k = p - 1
        while k >= 0 and (k in named or ci.lower[k] in DETERMINERS):
            k -= 1
        return k >= 0 and ci.lower[k] in _FROM_TO

    # a time after a noun a preposition governs is the verb's (the refilling took three hours)
    return any(p != k and apart(p, k) <= 3 and not (k > p and governed(p)) for p in at for k in timed)


_FROM_TO = frozenset({"from", "to", "into", "via", "through", "onto"})


def _time_positions(ci: ClaimIndex) -> list[int]:
    """Where the claim's lengths of time stand: the positions of their numbers."""
    times = {v.split(" ")[0] for v in ci.types.get("duration", set())}
    return [k for k, w in enumerate(ci.lower) if w.replace(",", "") in times or w.split("-")[0] in times]


def _owner_far_from_time(q: Question, ci: ClaimIndex) -> bool:
    """Whether the question's possessor is named in the claim with no length of time beside it
    (within three words, or a verb of lasting)."""
    owner = next((s for s in q.spans if s.possessive), None)
    if owner is None or _LASTING & set(ci.lower):
        return False
    mine = [sp for sp in ci.spans if _asked_name(sp.key, {owner.key})]
    timed = _time_positions(ci)
    return bool(mine) and not any(sp.first - 3 <= k < sp.last + 3 for sp in mine for k in timed)


def _times_for_acts(ci: ClaimIndex) -> bool:
    """Whether every length of time in the claim is how long an act lasts, after "for" ("hired for
    seven nights", "booked for the next three weeks"), and nothing in it lasts or runs."""
    if _LASTING & set(ci.lower):
        return False
    timed = _time_positions(ci)
    return bool(timed) and all("for" in ci.lower[max(0, k - 3):k] for k in timed)


def _age_beside(ci: ClaimIndex, q_spans: set[str], nouns: list[Word]) -> bool:
    """Whether an age in the claim stands beside one of the asked names: "Ada Obi, aged 71,", "Ada
    Obi, a 58-year-old postman", "the 58-year-old Ada Obi", "Whimbrel was built in 1962"."""
    lower = ci.lower
    # only a number can be an age or a year of origin ("his left thumb" dates nothing)
    ages = [k for k, w in enumerate(lower) if (any(c.isdigit() for c in w) or w.split("-")[0] in NUMBER_WORDS) and (
        (k > 0 and lower[k - 1] in ("aged", "age")) or lower[k + 1:k + 3] in (["-", "year-old"], ["-", "years-old"])
        or lower[k + 1:k + 3] == ["years", "old"] or w.endswith(("-year-old", "-years-old"))
        or year_of_origin(lower, k) or age_clause(lower, k))]
    if not ages:
        return True  # an age word the index found some other way: not ours to judge here
    for sp in ci.spans:
        if sp.key not in q_spans:
            continue
        for k in ages:
            if sp.last <= k <= sp.last + 4 and "." not in lower[sp.last:k] and not sp.possessive:
                return True  # "Ada Obi, aged 71,"; not "Ada Obi's three-year-old dog", the dog's age
            between = lower[k + 1:sp.first]
            if sp.first - 4 <= k < sp.first and not any(w in (",", ";", ".") or is_verb(w) for w in between):
                return True  # "the 58-year-old Ada Obi", not "Selwyn, aged 71, beat Ola"
    # "how old is the consumer unit at 12 Tenter Row" <- "at 12 Tenter Row ... its consumer unit,
    # which dates from 1989": the asked thing, named by a noun rather than a name
    for w in nouns:
        for p in ci.positions(w.concepts):
            if any(p < k <= p + 6 and "." not in lower[p:k] and not any(p < sp.first < k for sp in ci.spans)
                   for k in ages):
                return True
    return False


# a value asked as a bound or an average, and the words or phrases a claim says it with
_EXTREMES: dict[str, str] = {"maximum": "most", "max": "most", "highest": "most", "peak": "most", "upper": "most",
                             "minimum": "least", "min": "least", "lowest": "least",
                             "average": "mean", "mean": "mean"}
_EXTREME_SAID: dict[str, tuple[tuple[str, ...], ...]] = {
    "most": (("maximum",), ("max",), ("max.",), ("highest",), ("peak",), ("peaked",), ("peaks",), ("top",),
             ("upper",), ("up", "to"), ("at", "most"), ("limited", "to"), ("limit",), ("capped",), ("cap",),
             ("more", "than"), ("exceed",), ("exceeds",), ("above",), ("over",)),
    "least": (("minimum",), ("min",), ("min.",), ("lowest",), ("at", "least"), ("less", "than"), ("fewer", "than"),
              ("below",), ("under",)),
    "mean": (("average",), ("averaged",), ("averages",), ("averaging",), ("mean",)),
}


def _extreme_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """The question's word of a bound or an average ("maximum", "lowest", "average") when the claim
    says its value without any such word: a reading it once took is not its limit."""
    lower = ci.lower
    for w in q.soft:
        kind = _EXTREMES.get(w.text.lower())
        if kind is None:
            continue
        if not any(lower[i:i + len(m)] == list(m) for m in _EXTREME_SAID[kind] for i in range(len(lower))):
            return w.text
    return None


# Units of energy and power, which a keyword query may ask by ("generation kWh"), besides those the
# numeral gate knows.
_POWER_UNITS = frozenset({"kwh", "mwh", "gwh", "wh", "kw", "mw", "gw", "watts", "kilowatts", "megawatts"})


# the words that make a length unit an area or a volume, with the ways a claim may write them
_AREA_WORDS = {"square": frozenset({"square", "sq", "m²", "m2", "sqm", "km²", "km2", "ft²", "acres", "acre", "hectares", "hectare", "ha"}),
               "cubic": frozenset({"cubic", "m³", "m3", "cu"})}


def _unit_not_given(q: Question, ci: ClaimIndex, after_in: bool = False) -> str | None:
    """A unit the query names ("kWh", "km", "litres") that the claim does not give in that unit;
    with `after_in`, only a unit the value is asked in ("how long is the climb in metres")."""
    for k, t in enumerate(q.tokens):
        w = t.text.lower()
        if after_in and (k == 0 or q.tokens[k - 1].text.lower() != "in"):
            continue
        if w in _AREA_WORDS and k + 1 < len(q.tokens) and unit_word(q.tokens[k + 1].text.lower()) is not None:
            # "in square metres": an area or a volume, which a length or another unit is not
            if not (_AREA_WORDS[w] & set(ci.lower)):
                return t.text
            continue
        unit = unit_word(w)
        if (unit is None or unit[0] == "time") and w not in _POWER_UNITS:
            continue  # ("opening hours", "booking day": a time unit names a kind of time, asked as such)
        if not any(x == w or (unit is not None and unit_word(x) == unit) for x in ci.lower):
            return t.text
    return None
