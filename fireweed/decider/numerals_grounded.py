"""Gate 3, ``numerals_grounded``: every number in the claim must be carried by the evidence.

Numbers are compared by value, not by spelling: "4,500" = "4500", "three" = "3", "a dozen" =
"12", "30 June" is carried by "30 June 2024". Identity that changes meaning is kept: "$4,500" is
not "£4,500", "12%" is not "12", "18 km" is not "18 miles", "twice daily" is not "once daily". Dates, amounts,
percentages, ordinals, times, versions and codes ("UN3480") all count. The evidence may carry more
numbers than the claim uses; the claim may not carry one the evidence lacks.

>>> check("Ada Lee paid 4500 dollars.", "Ada Lee paid $4,500 in 2019.").ok
True
>>> check("Ada Lee paid $4,800.", "Ada Lee paid $4,500 in 2019.").detail
'$4,800'
>>> check("Ada Lee paid £4,500.", "Ada Lee paid $4,500 in 2019.").code
'numeral_invented'
>>> check("Ada Lee has three dogs.", "Ada Lee has 3 dogs.").ok
True
>>> check("Ada Lee has a dozen dogs.", "Ada Lee has 3 dogs.").detail
'a dozen'

A count must also count what the evidence says it counts: when the evidence gives the claim's
number to something else and another number to the claim's thing, the number has moved.

>>> check("Ada Lee bought 4 kayaks.", "Ada Lee bought 4 paddles and 2 kayaks.").detail
'4 kayaks'
>>> check("Ada Lee bought 2 kayaks.", "Ada Lee bought 4 paddles and 2 kayaks.").ok
True
>>> check("Ada Lee bought 40 new atlases.", "Ada Lee bought 40 new books, of which 12 were atlases.").detail
'40 new'

A bound of a range is not the value: "between 3 and 5 days" does not say "5 days" (a claim may
state the range, or a bound with the evidence's own "to", "most" or "least" before it).

>>> check("The repair takes 5 days.", "The repair takes between 3 and 5 days.").detail
'5'
>>> check("The repair takes 3-5 days.", "The repair takes 3 to 5 days.").ok
True
>>> check("Sales rose to 25 units.", "Sales rose from 20 to 25 units.").ok
True
"""

from __future__ import annotations

import re

from .text import STOPWORDS, Analysis, Numeral, analyze, numeral_grounded, stem
from .units import DIGITS_ONLY as _DIGITS_ONLY, PER_UNIT as _PER_UNIT, UNITS as _UNIT
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "same_unit_word", "unit_carried", "GATE", "CODE"]

GATE = "numerals_grounded"
CODE = "numeral_invented"


def _counted(a: Analysis, num: Numeral) -> list[tuple[str, ...]]:
    """Stems of the (at most two) words right after a count, in order: what it counts ("4 new oars")."""
    toks = a.tokens
    out: list[tuple[str, ...]] = []
    for i, t in enumerate(toks):
        if t.start < num.end:
            continue
        if a.in_numeral[i] or len(out) == 2 or (i and a.clauses[i] != a.clauses[i - 1]):
            break
        if t.norm in STOPWORDS:
            if out:
                break
            continue
        out.append(tuple(a.stems[i]))
    return out


def _moved(num: Numeral, claim: Analysis, evidence: Analysis) -> bool:
    """Whether the evidence gives this count to another thing, and another count to its thing.

    The thing is the last word counted ("40 new atlases": atlases), so that a word the two
    counts share ("new") does not make them one."""
    if num.kind != "number" or claim.text[num.end:num.end + 1] == "-":
        return False  # "a 13-tonne excavator": a number hyphened to its unit measures, it counts nothing
    if claim.text[max(0, num.start - 2):num.start][:1].isalpha() and claim.text[num.start - 1:num.start] == "-":
        return False  # "TV-4471 fell": a number hyphened to letters before it is part of a name
    words = _counted(claim, num)
    if not words:
        return False
    thing = frozenset(words[-1])

    def counts_it(e: Numeral) -> bool:
        return any(thing.intersection(w) for w in _counted(evidence, e))

    same = [e for e in evidence.numerals if e.kind == "number" and e.value == num.value]
    if not same or any(counts_it(e) for e in same):
        return False
    # "twelve new 300-litre oak barrels": a number joined to its unit by a hyphen measures the
    # thing, it does not count it
    return any(e.kind == "number" and e.value != num.value and evidence.text[e.end:e.end + 1] != "-"
               and counts_it(e) for e in evidence.numerals)


_QUANTITIES = frozenset({"number", "percent", "money"})
_RANGE_GAP = re.compile(r"\s*(?:to|or|and|-|\u2013|\u2014)\s*", re.IGNORECASE)
# Words before a claim's number that state a bound rather than the value: "up to 5", "at
# least 3", "from 20", "rose to 25".
_UPPER_BOUND_WORDS = frozenset({"to", "most", "within"})
_LOWER_BOUND_WORDS = frozenset({"from", "least"})


def _ranges(a: Analysis) -> dict[int, tuple[Numeral, Numeral, bool]]:
    """The evidence's ranges, by each bound's start: (low, high, whether this bound is the high one)."""
    out: dict[int, tuple[Numeral, Numeral, bool]] = {}
    nums = a.numerals
    for lo, hi in zip(nums, nums[1:]):
        if lo.kind not in _QUANTITIES or hi.kind not in _QUANTITIES:
            continue
        gap = a.text[lo.end:hi.start]
        if not _RANGE_GAP.fullmatch(gap):
            continue
        before = a.text[:lo.start].rstrip().lower()
        if gap.strip().lower() == "and" and not before.endswith("between"):
            continue  # "4 paddles and 2 kayaks" is two counts, "between 3 and 5" one range
        if before.endswith("from"):
            continue  # "rose from 20 to 25", "ran from 9 to 11": a change or a span, both ends stated
        out[lo.start] = (lo, hi, False)
        out[hi.start] = (lo, hi, True)
    return out


def _collapsed(num: Numeral, claim: Analysis, evidence: Analysis,
               ranges: dict[int, tuple[Numeral, Numeral, bool]]) -> tuple[Numeral, Numeral] | None:
    """The evidence range whose one bound the claim states as the value, if it does."""
    if num.kind not in _QUANTITIES:
        return None
    carriers = [e for e in evidence.numerals if numeral_grounded(num, (e,))]
    if not carriers or any(e.start not in ranges for e in carriers):
        return None  # the evidence also gives the value on its own
    before = claim.text[:num.start].split()
    last = before[-1].lower() if before else ""
    for e in carriers:
        lo, hi, is_high = ranges[e.start]
        other = lo if is_high else hi
        if any(numeral_grounded(c, (other,)) for c in claim.numerals if c is not num):
            return None  # the claim keeps the range
        if last in (_UPPER_BOUND_WORDS if is_high else _LOWER_BOUND_WORDS):
            return None
    lo, hi, _ = ranges[carriers[0].start]
    return lo, hi


_GLUED = re.compile(r"(?<=\d)[^\W\d_]+$")  # the letters glued to a numeral's digits


def _per_hour(a: Analysis, word: str, end: int) -> tuple[str, int]:
    """``word`` (ending before token ``end``) read on through "/h": "km" of "22 km/h" is "km/h"."""
    toks = a.tokens
    if word == "km" and end < len(toks) and toks[end].norm == "h" and a.text[toks[end - 1].end:toks[end].start] == "/":
        return "km/h", end + 1
    return word, end


def _unit_span(a: Analysis, num: Numeral) -> tuple[tuple[str, str], int, int] | None:
    """The unit right after a count ("22 km/h", "18 miles"), or after a price's "per" ("£8.90 per
    kilo"), and the token range it spans; or None."""
    if num.kind not in ("number", "money"):
        return None
    toks = a.tokens
    own = next((i for i, t in enumerate(toks) if t.start <= num.start < t.end), None)
    if num.kind == "number" and own is not None and len(toks[own].parts) == 2 and "-" in toks[own].text:
        # "a ten-year warranty", "a 5-year guarantee": the unit is the hyphenated word's second part
        unit = _UNIT.get(toks[own].parts[1])
        return (unit, own, own + 1) if unit is not None and toks[own].parts[1] not in _DIGITS_ONLY else None
    glued = _GLUED.search(num.text.casefold()) if num.kind == "number" and own is not None else None
    if glued is not None:
        # "18km", "2.5kg": a unit glued to the digits, inside the numeral's own token
        word, end = _per_hour(a, glued.group(0), own + 1)
        unit = _UNIT.get(word) if word != "s" else None  # "the 1990s", "in his 30s": no seconds
        return (unit, own, end) if unit is not None else None
    k = next((i for i, t in enumerate(toks) if t.start >= num.end), None)
    if k is None or toks[k].start - num.end > 1:
        return None
    if num.kind == "money":
        # what a price is per: "per pound" after a price is a weight, not the currency; "per
        # calendar month" is per month; "per child" is per child, not "per family"
        if toks[k].norm not in ("per", "a", "an") or k + 1 >= len(toks):
            return None
        for j in (k + 1, k + 2):
            if j < len(toks) and toks[j].norm not in _DIGITS_ONLY:
                unit = _PER_UNIT.get(toks[j].norm) or _UNIT.get(toks[j].norm)
                if unit is not None:
                    return ("rate", unit[1]), k, j + 1
            if j == k + 1 and toks[j].norm in STOPWORDS:
                break
        word = toks[k + 1].norm
        if toks[k].norm == "per" and word.isalpha() and word not in STOPWORDS:
            return ("rate", stem(word)), k, k + 2
        return None
    word, end = _per_hour(a, toks[k].norm, k + 1)
    if word in _DIGITS_ONLY and not num.text[-1:].isdigit():
        return None
    if word == "in" and k + 1 < len(toks) and (toks[k + 1].norm in STOPWORDS or toks[k + 1].capitalized
                                               or toks[k + 1].has_digit):
        return None  # "Ewe 317 in the shed", "3 in 10 people": a preposition, not inches
    unit = _UNIT.get(word)
    return (unit, k, end) if unit is not None else None


def _unit_of(a: Analysis, num: Numeral) -> tuple[str, str] | None:
    found = _unit_span(a, num)
    return found[0] if found is not None else None


def unit_of(a: Analysis, num: Numeral) -> tuple[str, str] | None:
    """The unit a count or price is given in ("kW" of "50 kW"), or None."""
    return _unit_of(a, num)


def same_unit_word(word: str, a: Analysis) -> bool:
    """Whether ``a`` has a word for the same unit as ``word`` ("kilo" for "kg")."""
    unit = _UNIT.get(word)
    return unit is not None and any(_UNIT.get(t.norm) == unit for t in a.tokens if t.norm not in _DIGITS_ONLY)


def unit_carried(claim: Analysis, evidence: Analysis, i: int) -> bool:
    """Whether claim token ``i`` is the unit of a count that the evidence gives in that same unit,
    however spelt ("18 km" of "18 kilometres")."""
    for num in claim.numerals:
        found = _unit_span(claim, num)
        if found is not None and found[1] <= i < found[2]:
            return any(numeral_grounded(num, (e,)) and _unit_of(evidence, e) == found[0] for e in evidence.numerals)
    return False


def _with_unit(a: Analysis, num: Numeral) -> str:
    found = _unit_span(a, num)
    return a.text[min(num.start, a.tokens[found[1]].start):a.tokens[found[2] - 1].end] if found is not None else num.text


def _unit_changed(num: Numeral, claim: Analysis, evidence: Analysis) -> Numeral | None:
    """The evidence's same value in another unit of the claim's dimension, if that is all it has."""
    unit = _unit_of(claim, num)
    if unit is None:
        return None
    same = [e for e in evidence.numerals if numeral_grounded(num, (e,))]
    units = [_unit_of(evidence, e) for e in same]
    if not same or any(u is None or u == unit or u[0] != unit[0] for u in units):
        return None
    return same[0]


def _measure_counted(num: Numeral, claim: Analysis, evidence: Analysis) -> Numeral | None:
    """The evidence's measure that a claim's bare count stands for: "300 oak barrels" from
    "twelve 300-litre oak barrels", where every 300 the evidence has is in litres."""
    if num.kind != "number" or _unit_of(claim, num) is not None:
        return None
    nxt = next((t for t in claim.tokens if t.start >= num.end), None)
    if nxt is None or not nxt.norm.isalpha() or nxt.norm in ("to", "and", "or") or nxt.norm in _UNIT \
            or claim.text[num.end:nxt.start].strip():
        return None  # counted: a word right after it ("300 barrels"), not a range's bound ("3-5 days")
    same = [e for e in evidence.numerals if numeral_grounded(num, (e,))]
    if same and all(_unit_of(evidence, e) is not None for e in same):
        return same[0]
    return None


def _said_more_often(num: Numeral, claim: Analysis, evidence: Analysis) -> bool:
    """Whether the claim states this value more times than the evidence, where the evidence has a
    number the claim leaves out: "a rating of 5 out of 5" from "a rating of 4 out of 5"."""
    key = (num.kind, str(num.value))
    mine = sum(1 for n in claim.numerals if (n.kind, str(n.value)) == key)
    theirs = sum(1 for n in evidence.numerals if numeral_grounded(num, [n]))
    if mine <= theirs:
        return False
    return any(not any(numeral_grounded(c, [e]) for c in claim.numerals) for e in evidence.numerals)


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    ev = evidence.numerals
    ranges = _ranges(evidence) if evidence is not claim and len(ev) > 1 else {}
    claim_ranges = _ranges(claim) if ranges and len(claim.numerals) > 1 else {}
    for num in claim.numerals:
        grounded = numeral_grounded(num, ev)
        if not grounded and num.kind == "ordinal" and num.text.lower() == "first" \
                and not any(n.kind == "ordinal" for n in ev):
            # "its first paid pilot", "at the first attempt" where the evidence ranks nothing: a
            # word added that says more, not a number changed
            return GateVerdict.refuse(
                "asserts_more_than_evidence",
                GATE,
                "drop 'first': the evidence does not say it was the first, or quote the sentence that does",
                num.text,
            )
        if not grounded:
            carried = ", ".join(n.text for n in ev) or "none"
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"use the number exactly as the evidence gives it (the evidence carries: {carried}), "
                f"or quote the sentence that carries {num.text}",
                num.text,
            )
        span = _collapsed(num, claim, evidence, ranges) if ranges else None
        if span is not None:
            lo, hi = span
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence gives a range ({evidence.text[lo.start:hi.end]}), not the number {num.text}; "
                "state the range as the evidence does",
                num.text,
            )
        other = _unit_changed(num, claim, evidence) if evidence is not claim else None
        if other is not None:
            given = _with_unit(evidence, other)
            label = _with_unit(claim, num)
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence gives {given}, in another unit; use the number and unit as the evidence gives them",
                label,
            )
        measure = _measure_counted(num, claim, evidence) if evidence is not claim else None
        if measure is not None:
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the evidence gives {_with_unit(evidence, measure)}, a measure; keep its unit with the number",
                num.text,
            )
        low_bound = num.start in claim_ranges and not claim_ranges[num.start][2]  # "3" of "3-5 days"
        if evidence is not claim and _said_more_often(num, claim, evidence):
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"the claim gives {num.text} more often than the evidence, which has another number "
                "where the claim repeats it; use each number as the evidence gives it",
                num.text,
            )
        if evidence is not claim and not low_bound and _moved(num, claim, evidence):
            label = f"{num.text} {' '.join(t.text for t in claim.tokens if t.start >= num.end)[:40]}".strip()
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"in the evidence {num.text} counts something else; give each number to what the "
                "evidence says it counts",
                " ".join(label.split()[:2]),
            )
    return GateVerdict.admit()


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``numeral_invented`` if a claim numeral's value is absent from the evidence."""
    return check_analyzed(analyze(claim), analyze(evidence))
