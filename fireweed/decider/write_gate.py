"""The write gate: run the four grounding gates in order and return the first refusal.

Order is subject → order → numerals → predicate, so the most specific diagnosis wins: a claim about
the wrong person is reported as ``unknown_subject`` even though its words also differ.

>>> judge("In 2019, Ada Lee joined Acme.", "Ada Lee joined Acme in 2019 as a designer.").ok
True
>>> judge("Ada Lee joins Acme", "Ada Lee joined Acme in 2019 as a designer.").ok
True
>>> judge("Acme joined Ada Lee.", "Ada Lee joined Acme in 2019.").code
'relation_transposed'
>>> judge("Ada Lee joined Acme in 2018.", "Ada Lee joined Acme in 2019.").code
'numeral_invented'
>>> judge("He joined Acme.", "Ada Lee joined Acme.").ok
False
"""

from __future__ import annotations

from typing import Callable

from . import numerals_grounded, order_preserved, predicate_grounded, subject_grounded
from .text import Analysis, analyze
from .verdicts import GateVerdict

__all__ = ["judge", "judge_analyzed", "GATES"]

GATES: tuple[tuple[str, Callable[[Analysis, Analysis], GateVerdict]], ...] = (
    (subject_grounded.GATE, subject_grounded.check_analyzed),
    (order_preserved.GATE, order_preserved.check_analyzed),
    (numerals_grounded.GATE, numerals_grounded.check_analyzed),
    (predicate_grounded.GATE, predicate_grounded.check_analyzed),
)


def judge_analyzed(claim: Analysis, evidence: Analysis) -> GateVerdict:
    """:func:`judge` on texts already analysed with :func:`fireweed.decider.text.analyze`."""
    for name, gate in GATES:
        try:
            verdict = gate(claim, evidence)
        except Exception as exc:  # noqa: BLE001 - a gate bug must refuse, never crash the decider
            return GateVerdict.refuse(
                "gate_error",
                name,
                "the claim could not be checked; rephrase it closer to the evidence's own words",
                f"{type(exc).__name__}",
            )
        if not verdict.ok:
            return verdict
    return GateVerdict.admit()


def judge(claim: str, evidence: str) -> GateVerdict:
    """Admit ``claim`` only if ``evidence`` grounds it; otherwise the first gate's refusal.

    Never raises. Non-string input is refused with ``invalid_input``; an empty claim asserts
    nothing and passes the gates (the firewall rejects it).
    """
    if not isinstance(claim, str) or not isinstance(evidence, str):
        return GateVerdict.refuse(
            "invalid_input",
            "input",
            "send the claim and the evidence as text",
            f"claim is {type(claim).__name__}, evidence is {type(evidence).__name__}",
        )
    if claim.strip() and not evidence.strip():
        return GateVerdict.refuse(
            subject_grounded.CODE,
            subject_grounded.GATE,
            "quote the sentence of the source that supports the claim as evidence",
            "empty evidence",
        )
    try:
        ca, ea = analyze(claim), analyze(evidence)
    except Exception as exc:  # noqa: BLE001 - same reason as above
        return GateVerdict.refuse(
            "gate_error", "input", "the text could not be read; send plain text", type(exc).__name__
        )
    return judge_analyzed(ca, ea)
