"""Prices, sums and rates: a sum raised, valued, left over or part of a grant is no price, a price is
of what the question's act or thing is, and a value per period or per unit is neither a whole sum nor
a price for another period."""

from __future__ import annotations

from fireweed.decider.grounding import CLOCK_RE, ClaimIndex, is_measure_unit, money_token
from fireweed.decider.lexicon import MONTHS, STOPWORDS, WEEKDAYS, is_verb, stem
from fireweed.decider.text import CARDINAL_WORDS
from fireweed.decider.question import DETERMINERS, LIGHT_VERBS, Question, Word
from fireweed.decider.recall_checks.counts import _cardinal
from fireweed.decider.recall_checks.grounded import _OFTEN, _asked_name, _grounded, _said_only_where
from fireweed.decider.recall_checks.times import _YEAR_WORD

_PRICE_VERBS = frozenset(stem(w) for w in ("cost", "charge", "price", "quote"))
# money someone earns, and the words that say it is earned
_PAY_NOUNS = frozenset(stem(w) for w in ("salary", "wage", "wages", "pay", "paid", "earn", "earnings", "income",
                                         "stipend", "pension", "allowance", "earns", "earned"))
# a value asked as the ordinary one, and words that mark a claim's value as not that
_USUAL = frozenset({"normal", "usual", "standard", "regular", "ordinary", "full"})
_ALTERED = frozenset({"reduced", "discounted", "temporary", "temporarily", "concessionary", "promotional",
                      "introductory", "interim", "special", "cut-price", "half-price"})
# words that state a sum as what something costs
_PRICE_WORDS = frozenset(stem(w) for w in ("cost", "costs", "charge", "price", "fee", "rate", "tariff", "quote"))
_PAYING_VERBS = frozenset(stem(w) for w in ("pay", "spend"))
# prices that may be set as a share of a sum rather than a sum
_SHARE_PRICES = frozenset(stem(w) for w in ("fee", "charge", "levy", "commission", "rate", "tax", "royalty"))
_PURCHASE = frozenset({"R:buy", "R:pay", "R:rent"})
_PRICE_NOUNS = frozenset(stem(w) for w in ("cost", "price", "fee", "fare", "charge"))

# Verbs whose object is money come in, not a price paid: "the appeal raised £7,850, enough to replace
# the desk" does not say what the desk costs
_GATHERING = frozenset(stem(w) for w in ("raise", "collect", "donate", "earn", "receive", "pledge", "win", "save"))


def _money_gathered(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is the object of a verb of gathering money."""
    return _every_sum_after(ci, _GATHERING, 2)


# Verbs that put a worth on a thing: "valued the letters at £48,000" says what they are worth, not a
# fee anyone charged
_VALUING = frozenset(stem(w) for w in ("value", "revalue", "estimate", "assess", "appraise", "insure", "worth"))


def _money_valued(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is a worth put on a thing by a verb of valuing."""
    return _every_sum_after(ci, _VALUING, 7)


def _sum_positions(lower: list[str]) -> list[int]:
    """Where the claim states a sum of money ("£1,950", "$40")."""
    return [i for i, w in enumerate(lower) if w[:1] in "£$€¥" and any(c.isdigit() for c in w)]


def _every_sum_after(ci: ClaimIndex, verbs: frozenset[str], reach: int) -> bool:
    """Whether the claim states a sum, and one of ``verbs`` stands within ``reach`` words before each."""
    lower = ci.lower
    sums = _sum_positions(lower)
    return bool(sums) and all(any(stem(lower[j]) in verbs for j in range(max(0, i - reach), i)) for i in sums)


def _sums_are_parts_of(ci: ClaimIndex, q: Question) -> str | None:
    """The asked word that every sum of the claim is a part of ("£1,950 of the Sallowby grant had
    been spent" is some of the grant, not its amount), unless the question asks for a part ("how
    much of the grant"); None otherwise."""
    low_q = [t.text.lower() for t in q.tokens]
    if "of" in low_q[:4]:
        return None
    lower = ci.lower
    asked = {w.stem for w in q.words}
    sums = _sum_positions(lower)
    whole = None
    for i in sums:
        j = i + 1
        if j >= len(lower) or lower[j] != "of":
            return None
        j += 1
        k = j
        while j < len(lower) and (lower[j] in DETERMINERS or any(sp.first == j for sp in ci.spans)):
            j = next((sp.last for sp in ci.spans if sp.first == j), j + 1)
        if j == k or j >= len(lower) or stem(lower[j]) not in asked:
            return None  # ("£1,500 of diesel": a sum of some stuff is what it is worth, not a part)
        whole = lower[j]
    return whole


# nouns that name a sum as what something cost ("a total of £2,940", "a bill of £86")
_COST_NAMES = _PRICE_NOUNS | _PRICE_WORDS | frozenset(stem(w) for w in (
    "total", "bill", "sum", "amount", "invoice", "quotation", "outlay", "spend", "expenditure", "levy",
    "subscription", "rent", "toll", "premium", "wage", "salary"))


def _sums_named_otherwise(ci: ClaimIndex) -> bool:
    """Whether every sum the claim states is named as something else than a cost ("a balance of
    £2,940 after the purchase of two extractors" is what was left, not what they cost)."""
    lower = ci.lower
    sums = _sum_positions(lower)
    return bool(sums) and all(i >= 2 and lower[i - 1] == "of" and lower[i - 2].isalpha()
                              and stem(lower[i - 2]) not in _COST_NAMES for i in sums)


_GENERIC_SUMS = _PRICE_NOUNS | _PRICE_WORDS | frozenset(stem(w) for w in ("total", "sum", "amount", "figure", "value"))


def _sums_of_another(ci: ClaimIndex, q: Question) -> str | None:
    """A noun of the question that the claim says away from every sum, when each sum is named as
    something the question does not ask ("paid the electricity bill of £148 ... has not paid the
    April rent" gives the bill, not the rent); None otherwise. A sum named by a word of price
    ("at a cost of £4,000") is of whatever the claim prices."""
    lower = ci.lower
    sums = _sum_positions(lower)
    asked = {w.stem for w in q.words}
    naming: set[int] = set()
    for i in sums:
        if not (i >= 2 and lower[i - 1] == "of" and lower[i - 2].isalpha()):
            return None
        noun = stem(lower[i - 2])
        if noun in asked or noun in _GENERIC_SUMS:
            return None
        # the name and the words just before it ("the electricity bill")
        naming |= set(range(max(0, i - 5), i))
    if not sums:
        return None
    nouns = [w for w in (q.head_word, *q.subject_words, *q.soft)
             if w is not None and w is not q.verb_word and not is_verb(w.text.lower())]
    return _said_only_where(ci, nouns, lambda p: p not in naming)


_ON_TOP = frozenset({"plus", "excluding", "exclusive"})


def _priced_apart(ci: ClaimIndex, q: Question) -> str | None:
    """A noun of the question that the claim says only in a phrase added after a sum ("85 pounds
    plus parts", "£400 excluding VAT"): what comes on top is not in the sum, and has no price
    told."""
    lower = ci.lower
    apart: set[int] = set()
    for k, w in enumerate(lower):
        if w in _ON_TOP and k > 0 and (money_token(lower[k - 1]) or k > 1 and is_measure_unit(lower[k - 1])
                                       and any(c.isdigit() for c in lower[k - 2])):
            j = k + 1
            while j < len(lower) and j - k <= 4 and (lower[j].isalpha() or lower[j] == "-") \
                    and lower[j] not in STOPWORDS:  # ("plus VAT to clean the roof": the clean is priced)
                apart.add(j)
                j += 1
    if not apart:
        return None
    return _said_only_where(ci, (q.head_word, *q.soft), lambda p: p in apart)


def _price_stated(ci: ClaimIndex) -> bool:
    """ "a price of £6,800", "at a cost of £1,450": a price set for a thing (not "parking fees" earned)."""
    return any(stem(w) in _PRICE_NOUNS and ci.lower[p + 1] == "of" for p, w in enumerate(ci.lower[:-1]))


def _price_for_payer(ci: ClaimIndex, q: Question) -> bool:
    """ "how much do members pay" <- "fuel costs £0.87 a litre for members": a price the claim states
    with a verb, for whoever the question says pays it (its subject, in plain words after "for")."""
    lower = ci.lower
    if not q.subject_words or not any(stem(w) in _PRICE_VERBS and lower[p + 1][:1] in "£$€¥"
                                      for p, w in enumerate(lower[:-1])):
        return False
    fors = [p for p, w in enumerate(lower) if w == "for"]
    return all(any(f < p for f in fors for p in ci.positions(w.concepts)) for w in q.subject_words)


def _purpose_at(q: Question) -> int | None:
    """The index of the "to" of a purpose after the question's price verb ("what does Ada charge
    to clean a terrace"), or None."""
    if q.verb_word is None or q.verb_word.stem not in _PRICE_VERBS:
        return None
    lower = [t.text.lower() for t in q.tokens]
    # "to tune a harpsichord": a word between "to" and a determiner is a verb, known or not
    return next((i for i in range(q.verb_word.index + 1, len(lower) - 1)
                 if lower[i] == "to" and (is_verb(lower[i + 1]) or lower[i + 2:i + 3] and lower[i + 2] in DETERMINERS)), None)


def _prices_the_asked(q: Question, ci: ClaimIndex, act: Word, q_spans: set[str]) -> bool:
    """Whether a claim that states a price prices what the question's act is done to: "what does it
    charge to tune a harpsichord" needs the harpsichord, and "what did the kiln cost to buy" the
    kiln itself, not "the kiln's thermocouple"."""
    done_to = [w for w in q.soft if w.index > act.index]
    if done_to:
        return all(_grounded(ci, w) for w in done_to)
    lower = ci.lower
    for sp in ci.spans:
        if not _asked_name(sp.key, q_spans):
            continue
        k = sp.last
        while k < len(lower) and k - sp.last < 3 and lower[k] != "'s" and lower[k].isalpha() and lower[k] not in STOPWORDS:
            k += 1  # "the Tregarn kiln's thermocouple": the name's own noun may come before the possessive
        if k < len(lower) and lower[k] == "'s":
            return False
    return True


def _priced_act(q: Question) -> Word | None:
    """The purpose verb a price is asked for: "deliver" of "what did they charge to deliver it"."""
    i = _purpose_at(q)
    act = None if i is None else next((w for w in q.words if w.index == i + 1), None)
    # "to put a new windscreen in" names no act of its own ("replaced for £412")
    return None if act is None or act.stem in LIGHT_VERBS else act


def _priced_thing(q: Question) -> Word | None:
    """The noun a price is asked for after a purpose verb: "how much does it cost to use the
    refurbished sauna", "what does Ada charge to clean a two-bedroom terrace" (the sauna, the
    terrace); None when the question has no "to <verb> <noun>" after its price verb."""
    i = _purpose_at(q)
    lower = [t.text.lower() for t in q.tokens]
    if i is None and q.verb_word is not None and (q.verb_word.stem in _PRICE_VERBS
                                                  or q.verb_word.stem == _PAY_FOR and q.head_word is None):
        # "what did Harbour Hydraulics charge for labour on the repair": what is charged for, and
        # "what did the smokehouse pay for hake": what is paid for
        i = _for_after_verb(q, lower)
        i = None if i is None else i - 1  # the thing then starts two after, as after "to <verb>"
    if i is None:
        return None
    by_index = {w.index: w for w in q.words}
    last = None
    for j in range(i + 2, len(lower)):
        if lower[j] in _PURPOSE_ENDS or not any(c.isalnum() for c in lower[j]):
            break
        if j in by_index:
            last = by_index[j]
    return last


_PURPOSE_ENDS = frozenset({"at", "in", "on", "for", "from", "with", "by", "during", "per", "each"})

_PAY_FOR = " ".join(stem(w) for w in ("pay", "for"))


def _charged_for_act(q: Question) -> Word | None:
    """The act a price verb charges for, as a verb in -ing after "for": "quote for fitting the
    kitchen" (fitting)."""
    if q.verb_word is None or q.verb_word.stem not in _PRICE_VERBS:
        return None
    lower = [t.text.lower() for t in q.tokens]
    k = _for_after_verb(q, lower)
    if k is None or k + 1 >= len(lower) or not lower[k + 1].endswith("ing"):
        return None
    return next((w for w in q.soft if w.index == k + 1), None)


def _for_after_verb(q: Question, lower: list[str]) -> int | None:
    """Where "for" stands within three words after the question's verb ("charge for labour",
    "quote for fitting"), or None."""
    if q.verb_word is None:
        return None
    v = q.verb_word.index
    return next((k for k in range(v + 1, min(v + 4, len(lower))) if lower[k] == "for"), None)


def _variant_unsaid(q: Question, ci: ClaimIndex) -> str | None:
    """The first word of a "for a/an ..." phrase right after the question's head noun ("the stall fee
    for a double pitch") when none of the phrase's words is in the claim."""
    head = q.head_word
    if head is None:
        return None
    low = [t.text.lower() for t in q.tokens]
    k = head.index + 1
    if low[k:k + 2] not in (["for", "a"], ["for", "an"]):
        return None
    said = {w.index: w for w in q.words}
    phrase = []
    j = k + 2
    while j in said:
        phrase.append(said[j])
        j += 1
    if phrase and not any(_grounded(ci, w) for w in phrase):
        return phrase[0].text
    return None


def _for_another(q: Question, ci: ClaimIndex) -> str | None:
    """The first word of a question's "for ..." phrase when none of its words is in the claim and
    the claim has a "for" phrase of its own that names a thing: "what brine strength has she set for
    salmon" is not answered by "set the brine strength for haddock", which is for another fish."""
    low = [t.text.lower() for t in q.tokens]
    said = {w.index: w for w in q.words}
    for k, w in enumerate(low):
        if w != "for":
            continue
        j = k + 1
        while j < len(low) and low[j] in ("a", "an", "the"):
            j += 1
        phrase = []
        while j in said:
            phrase.append(said[j])
            j += 1
        if phrase and not any(_grounded(ci, x) for x in phrase):
            # the claim's own "for" must be said of what the question asks ("signed for the crates"
            # is another verb's)
            asked = {p for x in (q.head_word, q.verb_word) if x is not None for p in ci.positions(x.concepts)}
            if asked and _names_a_thing_for(ci.lower, asked):
                return phrase[0].text
            # or the claim's noun is named by a word of its own in front: "the charge for late
            # cancellations" is not "the check-up fee"
            q_stems = {x.stem for x in q.words}
            if q.head_word is not None and any(
                    p > 0 and ci.lower[p - 1].replace("-", "").isalpha() and ci.lower[p - 1] not in STOPWORDS
                    and stem(ci.lower[p - 1]) not in q_stems and p - 1 not in ci.named
                    for p in ci.positions(q.head_word.concepts)):
                return phrase[0].text
    return None


def _names_a_thing_for(lower: list[str], after: set[int]) -> bool:
    """Whether a text has "for", within three words after one of the positions ``after``, before a
    word (after any article) that names a thing, not a number, a time or a price ("for haddock",
    "for the Tuesday run"; not "for 45 minutes", "for £200")."""
    for k, w in enumerate(lower[:-1]):
        if w != "for" or not any(0 < k - p <= 3 for p in after):
            continue
        j = k + 1
        while j < len(lower) - 1 and lower[j] in ("a", "an", "the"):
            j += 1
        x = lower[j]
        if x.isalpha() and x not in STOPWORDS and x not in CARDINAL_WORDS and x not in MONTHS \
                and x not in WEEKDAYS and _period_unit(x) is None:
            return True
    return False


# the periods a price may be for, and words that name one
_PERIODS = frozenset("minute hour day night week fortnight month quarter year term season session".split())
_PERIOD_WORDS = {"overnight": "night", **_OFTEN}


def _periods_asked(q: Question) -> set[str]:
    """The periods a question prices by: a word for one ("overnight", "weekly") or one said as a
    text prices by it ("per night", "for two weeks")."""
    low = [t.text.lower() for t in q.tokens]
    return {_PERIOD_WORDS[w] for w in low if w in _PERIOD_WORDS} | _periods_priced(low)


def _periods_priced(lower: list[str]) -> set[str]:
    """The periods a text prices by: a period after a count or after "per", "a", "each" ("for up
    to four hours", "£9 a night", "per week")."""
    out = set()
    for k in range(1, len(lower)):
        unit, before = _period_unit(lower[k]), lower[k - 1]
        if unit is not None and (before in ("per", "a", "an", "each", "every", "one") or _cardinal(before)
                                 or before in CARDINAL_WORDS):
            out.add(unit)
    return out


def _period_unit(word: str) -> str | None:
    """The period a word names, singular ("weeks" → "week"), or None."""
    unit = word[:-1] if word.endswith("s") and word[:-1] in _PERIODS else word
    return unit if unit in _PERIODS else None


def _rates_said(lower: list[str]) -> set[str]:
    """The periods a text gives a rate by: "per hour", "a week", "each day", "every month", or a
    word for one ("weekly", "daily"); not a count of periods ("across the two days")."""
    out = {_OFTEN[w] for w in lower if w in _OFTEN}
    for k in range(1, len(lower)):
        unit = _period_unit(lower[k])
        if unit is not None and lower[k - 1] in ("per", "a", "an", "each", "every"):
            out.add(unit)
    return out


def _rates_asked(q: Question) -> set[str]:
    """The periods a question asks a rate by ("how many keys per hour", "each week", "weekly")."""
    return _rates_said([t.text.lower() for t in q.tokens])


# sums and sizes held or given as a whole, which an amount per unit does not state
_WHOLES = frozenset(stem(w) for w in ("budget", "balance", "funding", "funds", "total", "sum", "grant", "loan",
                                      "debt", "donation", "deposit", "bill", "payout", "award", "capacity", "size",
                                      "population", "stock"))


def _per_unit_only(lower: list[str], money: bool) -> bool:
    """Every sum of money (or every number) the text gives is one per unit: "£22 per hour", "£4 a
    head", "£9 each", "2,500 cubic metres a day"."""
    at = [k for k, w in enumerate(lower) if (money_token(w) if money else any(c.isdigit() for c in w)
                                             and not _part_of_date(lower, k) and not CLOCK_RE.match(w))]
    return bool(at) and all(_per_unit_at(lower, k) for k in at)


def _part_of_date(lower: list[str], k: int) -> bool:
    """ "9 August", "August 9", "2024": a number that tells a day or a year, not a size."""
    return bool(_YEAR_WORD.match(lower[k])) or k + 1 < len(lower) and lower[k + 1] in MONTHS \
        or k > 0 and lower[k - 1] in MONTHS


def _per_unit_at(lower: list[str], k: int) -> bool:
    """The value at ``k`` is given per unit, past the words of its own unit ("metres", "cubic")."""
    k += 1
    while k < len(lower) and (is_measure_unit(lower[k]) or lower[k] in ("cubic", "square")):
        k += 1
    return k < len(lower) and (lower[k] in ("per", "each", "apiece", "/")
                               or lower[k] in ("a", "an") and k + 1 < len(lower) and lower[k + 1] in _UNITS_PRICED)


# what "£4 a ..." prices by (not "£40 a month" alone: a period is a unit too)
_UNITS_PRICED = _PERIODS | frozenset("head person ticket place seat unit kilo kg litre pitch plot night go session".split())


def _rate_of(q: Question) -> Word | None:
    """The act a rate asked is of, named just before it: "germination rate", "response rate",
    "hire rate" (not "hourly rate" or "current rate", which say how or when)."""
    head = q.head_word
    if head is None or head.stem != _RATE or head.index == 0:
        return None
    before = next((w for w in q.soft if w.index == head.index - 1), None)
    if before is None or " " in before.text:
        return None
    w = before.text.lower()
    acts = w.endswith(("tion", "sion", "ment", "ance", "ence", "ing")) or is_verb(w)
    return before if acts and not w.endswith("ly") else None


_RATE = stem("rate")


def _period_asked_in(q: Question) -> Word | None:
    """The period a question asks within: "week" of "in its first week of trading", "month" of
    "during the month of May"; None when it names none."""
    lower = [t.text.lower() for t in q.tokens]
    soft = {w.index: w for w in q.soft}
    for k, w in enumerate(lower):
        if w not in ("in", "during", "over", "within"):
            continue
        for j in range(k + 1, min(k + 5, len(lower))):
            unit = lower[j][:-1] if lower[j].endswith("s") else lower[j]
            if unit in _PERIODS and j in soft:
                return soft[j]
            if lower[j] not in DETERMINERS and lower[j] not in _ORDINAL_WORDS and lower[j] not in ("its", "their", "his", "her"):
                break
    return None


_ORDINAL_WORDS = frozenset("first second third fourth fifth last final opening next previous past".split())


def _per_only(ci: ClaimIndex, w: Word) -> bool:
    """The claim has the noun only as what a value is counted per ("£2.65 per loaf")."""
    at = ci.positions(w.concepts)
    return bool(at) and all(p > 0 and ci.lower[p - 1] in ("per", "each", "a") for p in at)


def _as_unit_only(ci: ClaimIndex, w: Word) -> bool:
    """Whether the claim has ``w`` only as the unit of a number: "24 hours' notice" has no opening
    hours, though it says "hours"."""
    pos = ci.positions(w.concepts)
    measured = {v for k in _UNIT_KINDS for v in ci.types.get(k, ())}
    return bool(pos) and all(p > 0 and f"{ci.lower[p - 1]} {ci.lower[p]}" in measured or _per_unit_word(ci, p)
                             for p in pos)


def _per_unit_word(ci: ClaimIndex, p: int) -> bool:
    """The word at ``p`` is the unit a value is given per: "£44 an hour", "3 tablets per day"."""
    return p > 1 and " ".join(ci.lower[p - 2:p + 1]) in ci.types.get("rate", ())


_UNIT_KINDS = ("duration", "distance", "mass", "temp", "dose", "age")
