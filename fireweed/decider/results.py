"""The shape of a refusal, shared by every decider op that can refuse."""

from __future__ import annotations

from typing import Any


def refused(code: str, message: str, remedy: str, **extra: Any) -> dict[str, Any]:
    """A refusal is an answer, not an error: the front renders it as REFUSED (code) with the remedy."""
    return {"verdict": "refused", "code": code, "message": message, "remedy": remedy, **extra}
