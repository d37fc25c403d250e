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
"""

from __future__ import annotations

from .text import Analysis, analyze, numeral_grounded
from .verdicts import GateVerdict

__all__ = ["check", "check_analyzed", "GATE", "CODE"]

GATE = "numerals_grounded"
CODE = "numeral_invented"


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
    return GateVerdict.admit()


def check(claim: str, evidence: str) -> GateVerdict:
    """Refuse with ``numeral_invented`` if a claim numeral's value is absent from the evidence."""
    return check_analyzed(analyze(claim), analyze(evidence))
