"""What a count counts: "how many" is answered only by a number standing before the counted noun that
is the asked subject's own, not a count of another thing, a limit, a plan, things lacking or a place."""

from __future__ import annotations

from collections.abc import Callable

from fireweed.decider.facts import CHANGE_VERBS, REPORTING_STEMS
from fireweed.decider.grounding import ClaimIndex
from fireweed.decider.lexicon import (AUXILIARIES, BE_FORMS, MONTHS, PREPOSITIONS, STOPWORDS, WEEKDAYS, is_number,
                                      is_verb, people_noun, stem)
from fireweed.decider.text import CARDINAL_WORDS
from fireweed.decider.question import DETERMINERS, LIGHT_VERBS, Question, Word
from fireweed.decider.recall_checks.grounded import _asked_name, _grounded, _inflected_verb
from fireweed.decider.recall_checks.places import _HOLDING


def _counted_only(ci: ClaimIndex, head: Word) -> bool:
    """Whether every mention of the plural noun in the claim only counts it ("the 3 IP addresses"),
    with no name, code or list after it to say which ones."""
    if not head.text.endswith("s"):
        return False
    names = {sp.first for sp in ci.spans}
    lower = ci.lower
    spots = [p for p in ci.positions(head.concepts) if stem(lower[p]) == head.stem]
    for p in spots:
        # a plain count, not a time or a model number inside a name ("the 07:15 sailings", "Coles 4038")
        counted = any((w.isdigit() or w in CARDINAL_WORDS) and k not in ci.named
                      for k, w in enumerate(lower[max(0, p - 3):p], start=max(0, p - 3)))
        after = lower[p + 1:p + 3]
        said = after[:1] in ([":"], ["("], ["-"]) or after[:1] and after[0][:1].isdigit() or p + 1 in names \
            or after[:1] == [","] and p + 2 in names  # "two apprentice advisors, Callum Reid and ..."
        if not counted or said:
            return False
    return bool(spots)


def _count_before(ci: ClaimIndex, head: Word) -> bool:
    """A cardinal within three words before the counted noun ("2,340 spectators", "18 of them
    refrigerated units", "three regional titles")."""
    lower = ci.lower
    for p in ci.positions(head.concepts):
        first, dash, _ = lower[p].partition("-")
        if dash and first.isalpha() and first not in _COUNT_WORDS \
                and not {stem(lower[p]), stem(lower[p].rpartition("-")[2])} & head.concepts:
            continue  # "3,412 bed-nights" counts nights, not beds
        if dash and (first in _COUNT_WORDS or first.isdigit()) and first not in ("a", "an", "no"):
            return True  # "a six-berth boat", "a 72-seat coach": the count is joined to what it counts
        for i in range(max(0, p - 4), p):
            w = lower[i]
            if not (w in _COUNT_WORDS or (w.replace(",", "").replace(".", "").isdigit() and not w.endswith(("st", "nd", "rd", "th")))):
                continue
            if i + 1 < p and lower[i + 1] == "-" and i + 2 != p:
                continue  # "a two-bedroom flat" counts bedrooms, not flats
            if w in ("a", "an") and "of" in lower[i + 1:p]:
                continue  # "a bulk order of frames" is one order, of frames uncounted
            if any(x in _COUNT_BREAKS for x in lower[i + 1:p]):
                continue  # "a bedbug infestation in rooms 3 and 5": the count is the infestation's
            if w[:1].isdigit() and (lower[i + 1] in MONTHS or i > 0 and lower[i - 1] in MONTHS):
                continue  # "returns on 12 March with new episodes": a day of a date counts nothing
            return True
        if _number_of_set(lower, p):
            return True
    return False


_COUNT_WORDS: frozenset[str] = frozenset(CARDINAL_WORDS).difference(("zero", "nought", "nil")) | frozenset(
    "dozen hundred thousand a an several no twin twins triplets quadruplets".split())

_COUNT_BREAKS = frozenset({"in", "at", "on", "to", "for", "from", "with", "by", "into", "across"})
_SET_TO = frozenset({"to", "is", "was", "are", "were", "at"})


def _number_of_set(lower: list[str], p: int) -> bool:
    """ "increased the number of bait stations at the warehouse to 36", "the total of entries was
    212": the noun at ``p`` is counted by "the number of" before it and a value set after it."""
    if not any(lower[i] in _COUNT_NOUNS and lower[i + 1] == "of" for i in range(max(0, p - 4), p - 1)):
        return False
    for k in range(p + 1, min(len(lower), p + 12)):
        if lower[k] in (".", ";", ","):
            return False
        if lower[k - 1] in _SET_TO and lower[k].replace(",", "").isdigit():
            return True
    return False


_COUNT_NOUNS = frozenset({"number", "total", "count", "tally"})


def _cardinal(w: str) -> bool:
    return w.replace(",", "").isdigit() or w in _COUNT_WORDS and w not in ("a", "an", "no")


def _noun_counted(ci: ClaimIndex, noun: Word) -> bool:
    """Whether the claim gives the noun a count: a number shortly before it ("40 kayaks", "40
    single and double kayaks"), or one right after it ("kayaks: 40"); a claim that does not name
    the noun may count it in other words, which is not for this test to judge."""
    lower = ci.lower
    spots = ci.positions(noun.concepts)
    if not spots or noun.stem in _FREQ_HEADS:
        return True  # ("how many times a day": "twice daily" counts them in a word)
    for p in spots:
        if _counted_compound(lower[p]) is not None:
            return True  # "the six-berth boat": the count joined to the noun
        before = lower[max(0, p - 4):p]
        if any(_cardinal(w) or is_number(w) for w in before) or any(w in _COUNT_NOUNS for w in before):
            return True  # "40 kayaks", "42.6 megalitres", "the number of bait stations ... to 36"
        if any(is_number(w) for w in lower[p + 1:p + 3]):
            return True
    return False


_FREQ_HEADS = frozenset(stem(w) for w in ("times", "occasions"))

_TIMES_STEM = stem("times")


def _counted_compound(w: str) -> tuple[int, str] | None:
    """The count and the noun stem of a hyphened counted word ("one-day", "3-night"), else None."""
    num, dash, noun = w.partition("-")
    if not dash or not noun.isalpha():
        return None
    value = int(num) if num.isdigit() else CARDINAL_WORDS.get(num)
    return (value, stem(noun)) if value is not None else None


def _count_is_the_subjects(q: Question, ci: ClaimIndex, subjects: list[str], required: list[str]) -> bool:
    """A count may stand for the question's verb only when the claim is about the asked subject
    first ("one point behind the Heather rink" counts the Osprey rink's games) and every other verb
    of the question is in the claim ("how many parcels were lost when the van caught fire" is not
    answered by "broke down with 57 parcels on board")."""
    if required and subjects:
        # a claim that reports what its second name does is about that name, and not about the one
        # who reports it: "Delphine Ormsby announced that Inkwell & Ormsby Press will buy a guillotine
        # for 4,750 pounds"
        doer = subjects[1] if len(subjects) > 1 and _reports_second_name(ci) else subjects[0]
        if doer not in required:
            return False
    lower = [t.text.lower() for t in q.tokens]
    # the question's own words of doing, not a noun after a preposition ("write off as beyond repair")
    doing = frozenset(w.stem for w in q.words if not (w.index > 0 and lower[w.index - 1] in PREPOSITIONS))
    if q.head_word is not None and not _count_is_said_of(ci, q.head_word, {sp.key for sp in q.spans}, doing):
        return False
    thing = _verb_object(q)
    if thing is not None and not _grounded(ci, thing):
        return False  # "how many children attended the club's summer holiday sessions": which event
    # ("how many crews did it beat to win the division": the event a purpose names is one too, but
    # not a "to" of the verb's own, as in "how many people came to hear the orchestra")
    own_to = q.verb_word.index + len(q.verb_word.text.split()) - 1 if q.verb_word is not None else -1
    return all(_grounded(ci, w) for w in q.soft
               if _inflected_verb(w.text) or q.hole == "number" and w.index > 0 and lower[w.index - 1] == "to"
               and w.index - 1 != own_to and is_verb(w.text.lower()) and w.stem not in LIGHT_VERBS)


def _reports_second_name(ci: ClaimIndex) -> bool:
    """The claim's second name opens the clause its first name reports: "Ada announced that Acme
    will ...", "Ada confirmed that the Acme board had ..."."""
    spans = sorted(ci.spans, key=lambda sp: sp.first)
    if len(spans) < 2:
        return False
    lower = ci.lower
    k = spans[1].first - 1
    while k >= 0 and lower[k] in ("the", "a", "an"):
        k -= 1
    return k >= 1 and lower[k] == "that" and stem(lower[k - 1]) in REPORTING_STEMS and spans[0].last <= k - 1


# words that open a time after a verb ("this season", "last year", "every morning")
_TIME_OPENERS = frozenset("this last next each every today yesterday tomorrow tonight".split())
# words that open a clause after a verb's object
_CLAUSE_WORDS = frozenset("when while whose who which that where why how if because and or but".split())


def _verb_object(q: Question) -> Word | None:
    """The last noun of the phrase right after the question's verb, up to a preposition or a
    clause: "sessions" of "attended the club's summer holiday sessions"; None when a preposition
    or nothing follows the verb."""
    if q.verb_word is None:
        return None
    lower = [t.text.lower() for t in q.tokens]
    soft = {w.index: w for w in q.soft}
    k = q.verb_word.index + len(q.verb_word.text.split())
    last = None
    while k < len(lower) and lower[k] not in PREPOSITIONS and lower[k] not in _CLAUSE_WORDS and lower[k].isalnum() \
            or k < len(lower) and lower[k] == "'s":
        if k in soft and is_verb(lower[k]):
            if last is None:
                return None  # "came to hear the orchestra": a verb, not an object
            break  # "the blood bank hold": the object ended at the next verb
        if lower[k] in _TIME_OPENERS or lower[k] in MONTHS or lower[k] in WEEKDAYS:
            break  # "raise this lambing season": a time, not what was raised
        if k in soft:
            last = soft[k]
        k += 1
    return last


def _count_position(lower: list[str], p: int) -> int | None:
    """Where the number counting the noun at ``p`` stands, within three words before it."""
    for k in range(p - 1, max(-1, p - 4), -1):
        if lower[k][:1].isdigit() or lower[k] in CARDINAL_WORDS:
            return k
    return None


def _count_is_said_of(ci: ClaimIndex, noun: Word, asked: set[str], asked_words: frozenset[str] = frozenset()) -> bool:
    """Whether some count of the noun in the claim is what its subject has or does: not the place
    of an event ("foulbrood was confirmed in one colony"), not another name's in a reported clause
    ("Kenji reported that the Millbrook apiary holds 19 colonies"), not what an act the question
    does not name is being done to ("finished repairing the three canoes"), not the new size
    of another thing ("increased the order to 4,200 copies"), and not the subject of a verb the
    question does not ask ("two nurses were off sick")."""
    lower = ci.lower
    mine = [sp for sp in ci.spans if _asked_name(sp.key, asked)]
    found = False
    for p in ci.positions(noun.concepts):
        k = _count_position(lower, p)
        if k is None:
            continue  # no count of this noun here
        found = True
        j = k - 1
        while j >= 0 and (lower[j] in _ABOUT or lower[j] in ("the", "an")):
            j -= 1
        if j >= 0 and lower[j] in _PLACING_PREPS and mine and k < mine[0].first:
            continue  # (after the name it may be how the subject's own are split: "in three parties")
        if j >= 1 and lower[j].endswith("ing") and _inflected_verb(lower[j]) and stem(lower[j]) not in _HOLDING \
                and stem(lower[j]) not in asked_words and (stem(lower[j - 1]) in _ASPECT_VERBS or lower[j - 1] in BE_FORMS):
            # the count is what another act is being done to: "finished repairing the three canoes"
            # (not "thanked them for diverting 1,240 tonnes", the very act in other words)
            continue
        if k > 0 and lower[k - 1] == "to" and lower[k - 2:k - 1] != ["up"] and _changed_other(lower, k - 1, noun):
            continue  # the new size of another thing: "increased the order for it to 4,200 copies"
        if p + 1 < len(lower) and _modifies_next(lower, p):
            continue  # the count is of the noun after it: "three abandoned lobster creels" counts creels
        if p + 2 < len(lower) and (lower[p + 1] in BE_FORMS or lower[p + 1] in AUXILIARIES) \
                and not any(stem(w) in asked_words for w in lower[p + 2:p + 4]):
            continue  # the counted ones do something of their own: "confirmed that two nurses were off sick"
        that = next((t for t in range(k - 1, -1, -1) if lower[t] == "that"), None)
        if that is not None and mine and mine[0].last <= that and any(
                that < sp.first and sp.last <= k and sp.prep is None and not sp.possessive
                and not _asked_name(sp.key, asked) for sp in ci.spans):
            continue
        return True
    return not found


# verbs that say how far along an act is ("has finished repairing", "started servicing")
_ASPECT_VERBS = frozenset(stem(w) for w in ("finish", "start", "begin", "began", "stop", "complete", "continue", "resume"))

# prepositions that make a count the place of what happens ("confirmed in one colony")
_PLACING_PREPS = frozenset({"in", "at", "on", "inside", "within"})


def _changed_other(lower: list[str], to: int, noun: Word) -> bool:
    """Whether the "to" at ``to`` ends a change of some other thing than the counted noun: "raised
    the order to 4,200 copies" sizes an order, where "raised the number of stations to 36" and
    "cut its fleet of kayaks to 30" size the noun itself."""
    v = next((i for i in range(to - 1, max(-1, to - 8), -1) if stem(lower[i]) in CHANGE_VERBS), None)
    if v is None:
        return False
    changed = [w for w in lower[v + 1:to] if w.isalpha() and w not in STOPWORDS and w not in DETERMINERS]
    if not changed or stem(changed[0]) in noun.concepts or changed[0] == noun.text.lower() or changed[0] in _COUNT_NOUNS:
        return False
    return not any(stem(w) == noun.stem for w in changed)


def _modifies_next(lower: list[str], p: int) -> bool:
    """The word at ``p`` is a noun in the singular before a plural noun it modifies ("lobster
    creels", "apple trees"), so a count before it counts the next noun."""
    w, nxt = lower[p], lower[p + 1]
    return not w.endswith(("s", "ing", "ed")) and nxt.isalpha() and nxt.endswith("s") and not nxt.endswith("ss") \
        and nxt not in STOPWORDS and nxt not in PREPOSITIONS and nxt not in BE_FORMS and nxt not in AUXILIARIES \
        and not is_verb(nxt)


_PEOPLE_HEADS = frozenset({"person", "people", "persons"})
_ABOUT = frozenset("up to about around roughly some nearly almost over more than fewer less just only a total of".split())


def _people_counted(ci: ClaimIndex, verbs: list[Word]) -> bool:
    """A count the claim gives of people: a cardinal before a noun for people ("1,130 visitors",
    "twelve learners") or, when the question's verb is the claim's, straight after it, as a
    capacity is said ("sleeps up to six", "seats 24"): the verb, or with none found, the question's
    other words ("how many people can sleep on it")."""
    lower = ci.lower

    def people(w: str) -> bool:
        return people_noun(w) or stem(w) in _PEOPLE_HEADS

    for k, w in enumerate(lower[:-1]):
        if (_cardinal(w) or w.split("-")[0] in CARDINAL_WORDS) and people(lower[k + 1]):
            return True
    return any(_count_after(lower, p, people) for v in verbs for p in ci.positions(v.concepts))


def _count_after(lower: list[str], p: int, counted: Callable[[str], bool] | None = None) -> bool:
    """A bare count straight after the verb at p, as a capacity is said ("sleeps up to six", "seats
    24"); with `counted`, a noun after the count must be one it accepts ("has twelve easels")."""
    k = p + 1
    while k < len(lower) and lower[k] in _ABOUT:
        k += 1
    if k >= len(lower) or not (_cardinal(lower[k]) or lower[k] in CARDINAL_WORDS):
        return False
    after = lower[k + 1] if k + 1 < len(lower) else "."
    return not after.isalpha() or after in STOPWORDS or (counted is not None and counted(after))


def _capacity_unsaid(q: Question, ci: ClaimIndex) -> bool:
    """ "how many cars can the MV Corran Bay carry" asks what it can hold: a count of cars met once
    ("a queue of 31 cars") says nothing of that unless the claim speaks of holding or a limit."""
    lower = [t.text.lower() for t in q.tokens]
    if not ({"can", "could"} & set(lower[:q.verb_word.index] if q.verb_word is not None else ())):
        return False
    return not (ci.stems & _HOLDING_WORDS)


_HOLDING_WORDS = frozenset(stem(w) for w in "capacity hold take carry seat sleep accommodate fit room space "
                                               "maximum max limit up".split())


def _bound_only(ci: ClaimIndex, head: Word) -> bool:
    """Whether every number the claim gives the noun is a limit ("may borrow up to 25 books", "no
    more than 12 guests"): a limit says how many may be, not how many there are."""
    lower = ci.lower
    counted = [p - 1 for p in ci.positions(head.concepts) if p > 0 and is_number(lower[p - 1])]
    return bool(counted) and all(
        lower[k - 2:k] in (["up", "to"], ["at", "most"], ["maximum", "of"]) or (k > 0 and lower[k - 1] in (
            "than", "maximum", "max", "max.")) for k in counted)


# words before a count that say the things counted are not there ("missing three pieces")
_LACKING = frozenset({"missing", "lacks", "lack", "lacking", "lacked", "without", "short"})


def _counts_only_lacking(ci: ClaimIndex, q: Question, exclude: set[str]) -> bool:
    """Whether every count of the asked noun in the claim is of things lacking, and the question
    asks of no lack itself."""
    if any(t.text.lower() in _LACKING or t.text.lower() in ("lost", "missed") for t in q.tokens):
        return False
    numbers = ci.types.get("number", set()) - set(exclude)
    at = [k for k, w in enumerate(ci.lower) if w in numbers and k + 1 < len(ci.lower)
          and stem(ci.lower[k + 1]) == q.head_word.stem]
    return bool(at) and all(k > 0 and ci.lower[k - 1] in _LACKING for k in at)


# words that open a condition: what a count after them says may never come to pass
_CONDITIONS = frozenset({"if", "unless", "provided", "providing", "once"})


def _counts_only_conditional(ci: ClaimIndex, q: Question, exclude: set[str]) -> bool:
    """Whether every count in the claim stands in a condition ("will run the course if at least
    five people enrol"): a number that must be reached is not one there is. A question that asks
    the condition itself ("how many must enrol") is not refused."""
    if any(t.text.lower() in _CONDITIONS or t.text.lower() in ("must", "need", "needs", "needed") for t in q.tokens):
        return False
    lower = ci.lower
    numbers = ci.types.get("number", set()) - set(exclude)
    at = [k for k, w in enumerate(lower) if w in numbers]

    def conditional(k: int) -> bool:
        for j in range(k - 1, max(-1, k - 6), -1):
            if lower[j] in _CONDITIONS:
                return True
            if lower[j] in (",", ";", ".", "and", "but", "because"):
                return False
        return False

    return bool(at) and all(conditional(k) for k in at)


# what a score is counted in: "won the Open class with 91 points"
_SCORE_UNITS = frozenset({"points", "point", "pts", "marks", "goals", "runs"})
_RESULT_HEADS = frozenset(stem(w) for w in ("score", "scoreline", "result"))


_COUNT_ADDERS = frozenset({"more", "extra", "further", "additional", "fewer"})


def _only_counts(ci: ClaimIndex, exclude: set[str]) -> bool:
    """Every number of the claim counts the word after it ("19 Black Forest cuckoo clocks"), or it
    has none."""
    numbers = ci.types.get("number", set()) - set(exclude)
    for k, w in enumerate(ci.lower):
        if w in numbers:
            j = k + 1
            while j < len(ci.lower) and ci.lower[j] in _COUNT_ADDERS:
                j += 1  # "two more hours", "three extra staff": still a count of hours, of staff
            nxt = ci.lower[j] if j < len(ci.lower) else ""
            if not nxt.isalpha() or nxt in STOPWORDS:
                return False
    return True


_VALUE = stem("value")
