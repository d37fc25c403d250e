"""Policies a front declares for its own requests: re-admission after an erasure, the read audit.

They are read from the environment of `fireweed serve` (set by whoever configures the agent's MCP
server, as the tenant is) and sent in the connection's hello. The backend is shared by every front
of a store and is started by whichever comes first, so its own environment must not decide them:
one tenant's choice would otherwise apply to another's requests.
"""

from __future__ import annotations

import os
from contextvars import ContextVar
from typing import Any

READMISSION_ENV = "FIREWEED_READMISSION"  # review (default) | agent
READ_AUDIT_ENV = "FIREWEED_READ_AUDIT"  # off (default) | fingerprint | text
DEFAULTS: dict[str, str] = {"readmission": "review", "read_audit": "off"}
_ALLOWED: dict[str, frozenset[str]] = {
    "readmission": frozenset({"review", "agent"}),
    "read_audit": frozenset({"off", "fingerprint", "text"}),
}

_current: ContextVar[dict[str, str]] = ContextVar("fireweed_policy", default=DEFAULTS)


def from_environment(environ: Any = os.environ) -> dict[str, str]:
    """The policy a front declares, from its environment; an unknown value reads as the default."""
    return checked({"readmission": environ.get(READMISSION_ENV, ""), "read_audit": environ.get(READ_AUDIT_ENV, "")})


def checked(declared: Any) -> dict[str, str]:
    """A declared policy with every field known and allowed (defaults elsewhere)."""
    out = dict(DEFAULTS)
    if isinstance(declared, dict):
        for key, allowed in _ALLOWED.items():
            value = declared.get(key)
            if isinstance(value, str) and value.strip().lower() in allowed:
                out[key] = value.strip().lower()
    return out


def use(policy: dict[str, str]) -> None:
    """Make ``policy`` the one the current request (and the tasks it starts) runs under."""
    _current.set(policy)


def current(key: str) -> str:
    return _current.get().get(key, DEFAULTS[key])
