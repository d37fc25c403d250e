"""Gate 3, ``numerals_grounded``: every number in the claim must be carried by the evidence.

Numbers are compared by value, not by spelling: "4,500" = "4500", "three" = "3", "a dozen" =
"12", "30 June" is carried by "30 June 2024". Identity that changes meaning is kept: "$4,500" is
not "£4,500", "12%" is not "12", "twice daily" is not "once daily". Dates, amounts,
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
"""

from __future__ import annotations

from .text import STOPWORDS, Analysis, Numeral, analyze, numeral_grounded
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "GATE", "CODE"]

GATE = "numerals_grounded"
CODE = "numeral_invented"


def _counted(a: Analysis, num: Numeral) -> frozenset[str]:
    """Stems of the (at most two) words right after a count: what it counts ("4 new oars")."""
    toks = a.tokens
    out: set[str] = set()
    taken = 0
    for i, t in enumerate(toks):
        if t.start < num.end:
            continue
        if a.in_numeral[i] or taken == 2 or (i and a.clauses[i] != a.clauses[i - 1]):
            break
        if t.norm in STOPWORDS:
            if taken:
                break
            continue
        out.update(a.stems[i])
        taken += 1
    return frozenset(out)


def _moved(num: Numeral, claim: Analysis, evidence: Analysis) -> bool:
    """Whether the evidence gives this count to another thing, and another count to its thing."""
    if num.kind != "number":
        return False
    thing = _counted(claim, num)
    if not thing:
        return False
    same = [e for e in evidence.numerals if e.kind == "number" and e.value == num.value]
    if not same or any(_counted(evidence, e) & thing for e in same):
        return False
    return any(e.kind == "number" and e.value != num.value and _counted(evidence, e) & thing
               for e in evidence.numerals)


def check_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`check` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    ev = evidence.numerals
    for num in claim.numerals:
        if not numeral_grounded(num, ev):
            carried = ", ".join(n.text for n in ev) or "none"
            return GateVerdict.refuse(
                CODE,
                GATE,
                f"use the number exactly as the evidence gives it (the evidence carries: {carried}), "
                f"or quote the sentence that carries {num.text}",
                num.text,
            )
        if evidence is not claim and _moved(num, claim, evidence):
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
