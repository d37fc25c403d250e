"""Policies a front declares for its own requests: re-admission after an erasure, the read audit.

They are read from the environment of `fireweed serve` (set by whoever configures the agent's MCP
server, as the tenant is) and sent in the connection's hello. The backend is shared by every front
of a store and is started by whichever comes first, so its own environment must not decide them:
one tenant's choice would otherwise apply to another's requests.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from fireweed.shared.errors import ConfigError

READMISSION_ENV = "FIREWEED_READMISSION"  # review (default) | agent
READ_AUDIT_ENV = "FIREWEED_READ_AUDIT"  # off (default) | fingerprint | text
DEFAULTS: dict[str, str] = {"readmission": "review", "read_audit": "off"}
_ORDER: dict[str, tuple[str, ...]] = {"readmission": ("review", "agent"), "read_audit": ("off", "fingerprint", "text")}
_ALLOWED: dict[str, frozenset[str]] = {key: frozenset(values) for key, values in _ORDER.items()}

_current: ContextVar[dict[str, str]] = ContextVar("fireweed_policy", default=DEFAULTS)


def from_environment(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The policy a front declares, from its environment; unset or empty means the default.

    Raises ConfigError for a value it does not know: these are compliance settings, and a
    misspelt one taken as the default would fail open (`fingreprint` auditing nothing) unseen."""
    out = dict(DEFAULTS)
    for key, env in (("readmission", READMISSION_ENV), ("read_audit", READ_AUDIT_ENV)):
        raw = environ.get(env, "")
        value = raw.strip().lower()
        if not value:
            continue
        if value not in _ALLOWED[key]:
            allowed = ", ".join(f"{v} (the default)" if v == DEFAULTS[key] else v for v in _ORDER[key])
            raise ConfigError(f"{env} must be one of {allowed}; got {raw!r}")
        out[key] = value
    return out


def checked(declared: Any) -> dict[str, str]:
    """A declared policy with every field known and allowed (defaults elsewhere).

    Lenient on purpose: this reads the hello of any front, including one from before
    fronts refused unknown values, and the decider must not refuse that front's connection."""
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
