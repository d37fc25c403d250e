"""The verdict every grounding gate returns: admitted, or refused with a code and a remedy.

Gates never raise; a refusal is data the MCP front renders for the agent.

>>> GateVerdict.admit().ok
True
>>> v = GateVerdict.refuse("numeral_invented", "numerals_grounded", "use 23", "25")
>>> (v.ok, v.code, v.detail)
(False, 'numeral_invented', '25')
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GateVerdict", "REFUSAL_CODES"]

# The four grounding codes plus the two for inputs that could not be judged at all.
REFUSAL_CODES: frozenset[str] = frozenset(
    {
        "unknown_subject",
        "relation_transposed",
        "numeral_invented",
        "asserts_more_than_evidence",
        "invalid_input",
        "gate_error",
    }
)


@dataclass(frozen=True)
class GateVerdict:
    """Outcome of one gate (or of :func:`fireweed.decider.write_gate.judge`).

    ``ok`` admits. On refusal ``code`` is the typed reason, ``gate`` the module that decided,
    ``remedy`` tells the agent what to do next and ``detail`` names the offending term (the
    invented numeral, the added word, the subject that is not in the evidence).
    """

    ok: bool
    code: str | None
    gate: str | None
    remedy: str
    detail: str

    @classmethod
    def admit(cls) -> "GateVerdict":
        if cls is GateVerdict:
            return _ADMIT  # frozen and always equal: one shared instance (each judge makes five)
        return cls(ok=True, code=None, gate=None, remedy="", detail="")

    @classmethod
    def refuse(cls, code: str, gate: str, remedy: str, detail: str) -> "GateVerdict":
        return cls(ok=False, code=code, gate=gate, remedy=remedy, detail=detail)

    def as_dict(self) -> dict[str, object]:
        """Plain-JSON form for messages between processes."""
        return {
            "ok": self.ok,
            "code": self.code,
            "gate": self.gate,
            "remedy": self.remedy,
            "detail": self.detail,
        }


_ADMIT = GateVerdict(ok=True, code=None, gate=None, remedy="", detail="")
