"""Validation of names that cross a trust boundary and may end up in paths.

Source ids, tenants and entity ids arrive from agents (over MCP) and from
operators, and they are used as keys in the ledger and in file names (key
files, certificates). Each must therefore be exactly one safe name: no path
separators, no control characters, no leading dot (hidden files, ``.`` and
``..``), bounded length, ASCII only (so two visually identical names can
never be two different ids). Every process validates with these same
functions, so a name accepted by one is accepted by all.

>>> validate_source_id("report-2024_q3.v2:draft")
'report-2024_q3.v2:draft'
>>> try:
...     validate_source_id("../../etc/passwd")
... except BadName as exc:
...     print(exc.reason, "|", exc)
path_separator | source_id '../../etc/passwd' is not one safe name: it contains a path separator '/'
"""

from __future__ import annotations

import functools
import re
import unicodedata

__all__ = [
    "BadName",
    "operator_text_problem",
    "validate_source_id",
    "validate_tenant",
    "validate_entity_id",
    "SOURCE_ID_MAX",
    "TENANT_MAX",
    "ENTITY_ID_MAX",
]

SOURCE_ID_MAX = 128
TENANT_MAX = 64
ENTITY_ID_MAX = 128

_SAFE_NAME = re.compile(r"[A-Za-z0-9._:\-]+")
_TENANT = re.compile(r"[A-Za-z0-9_\-]+")


class BadName(ValueError):
    """A name that is not one safe name.

    ``kind`` is what was being validated (``"source_id"``, ``"tenant"``,
    ``"entity_id"``) and ``reason`` a short machine-readable code
    (``"empty"``, ``"too_long"``, ``"control_character"``,
    ``"path_separator"``, ``"leading_dot"``, ``"bad_character"``,
    ``"not_a_string"``) so a typed error reply can carry it.
    """

    def __init__(self, kind: str, value: object, reason: str, detail: str) -> None:
        self.kind = kind
        self.reason = reason
        self.value = value
        super().__init__(f"{kind} {_show(value)} is not one safe name: {detail}")


def _show(value: object) -> str:
    # repr() escapes control characters, so a hostile name cannot inject
    # terminal escapes or fake log lines through our error message.
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _validate(s: object, kind: str, max_len: int, pattern: re.Pattern[str], allowed: str) -> str:
    if not isinstance(s, str):
        raise BadName(kind, s, "not_a_string", f"expected a string, got {type(s).__name__}")
    if not s:
        raise BadName(kind, s, "empty", "it is empty")
    if len(s) > max_len:
        raise BadName(kind, s, "too_long", f"it is {len(s)} characters long (at most {max_len})")
    for ch in s:
        if ord(ch) < 0x20 or 0x7F <= ord(ch) < 0xA0 or ch in "\u2028\u2029":
            raise BadName(kind, s, "control_character", f"it contains the control character {ch!r}")
    for sep in ("/", "\\"):
        if sep in s:
            raise BadName(kind, s, "path_separator", f"it contains a path separator {sep!r}")
    if s.startswith("."):
        raise BadName(kind, s, "leading_dot", "it starts with a dot")
    if not pattern.fullmatch(s):
        bad = next(ch for ch in s if not pattern.fullmatch(ch))
        raise BadName(kind, s, "bad_character", f"it contains {bad!r}; allowed are {allowed}")
    return s


# Names are checked on every key lookup and every sealed field; a valid name is
# remembered (an invalid one raises, and lru_cache never caches a raise).
@functools.lru_cache(maxsize=1 << 16)
def _valid(s: str, kind: str) -> str:
    if kind == "tenant":
        return _validate(s, "tenant", TENANT_MAX, _TENANT, "ASCII letters, digits, _ and -")
    if kind == "entity_id":
        return _validate(s, "entity_id", ENTITY_ID_MAX, _SAFE_NAME, "ASCII letters, digits and . _ - :")
    return _validate(s, "source_id", SOURCE_ID_MAX, _SAFE_NAME, "ASCII letters, digits and . _ - :")


def _checked(s: object, kind: str) -> str:
    if type(s) is str:
        return _valid(s, kind)
    return _valid.__wrapped__(s, kind)  # type: ignore[arg-type]  # not hashable, or a str subclass: never cached


def validate_source_id(s: str) -> str:
    """Return ``s`` if it is a valid source id, else raise :class:`BadName`.

    Allowed: 1-128 ASCII letters, digits and ``. _ - :``, not starting with a dot.
    """
    return _checked(s, "source_id")


def validate_tenant(s: str) -> str:
    """Return ``s`` if it is a valid tenant name, else raise :class:`BadName`.

    Allowed: 1-64 ASCII letters, digits, ``_`` and ``-``.
    """
    return _checked(s, "tenant")


def validate_entity_id(s: str) -> str:
    """Return ``s`` if it is a valid entity id, else raise :class:`BadName`.

    Same alphabet as a source id; an entity id tags its key record in the keyring.
    """
    return _checked(s, "entity_id")


# Characters that change how a recorded line reads when it is shown later: C0 and C1 controls
# (terminal escapes, newlines that forge a second line), DEL, the Unicode line and paragraph
# separators, and the bidirectional marks, embeddings, overrides and isolates.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def operator_text_problem(value: str) -> str | None:
    """Why ``value`` cannot be recorded as an operator's --by or --note, or None if it can.

    Both are written into the ledger for good (--by into the hash chain itself) and printed
    to terminals later, so they must be one visible line: no control characters, and not
    empty or only whitespace. The reason names a character by its code point, never raw.

    >>> operator_text_problem("Ana Ops") is None
    True
    >>> operator_text_problem("EVIL" + chr(10) + "FAKE LINE")
    'it contains the control character U+000A'
    """
    if not value.strip():
        return "it is empty or only whitespace"
    for ch in value:
        if ch in _BIDI or unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            return f"it contains the control character U+{ord(ch):04X}"
    return None
