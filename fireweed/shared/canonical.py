"""Canonical JSON: the one byte serialisation that gets hashed or signed.

Ledger payloads are hashed into the chain and certificates are signed, so the
same value must always give the same bytes, and a verifier written in another
language must be able to reproduce them. The form is::

    json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

encoded as UTF-8, over a deliberately small value space:

* ``None``, ``bool``, ``int``, ``str``, ``list``/``tuple`` and ``dict`` with
  ``str`` keys, exact types only (no subclasses such as enums besides bool);
* no floats at all (their text form is not portable, and NaN/Infinity are not
  JSON): use integers or strings;
* integers within +-(2**53 - 1), the range every JSON parser reads exactly;
* strings must be encodable as UTF-8 (no lone surrogates).

Anything else raises ``TypeError`` (wrong type) or ``ValueError`` (right type,
unrepresentable value) rather than being coerced, because a silent coercion
(``{1: "a"}`` becoming ``{"1": "a"}``) would let two different values hash the
same. Object keys are ordered by Unicode code point (Python's ``sort_keys``),
which differs from RFC 8785's UTF-16 order only for keys mixing astral-plane
characters with U+E000..U+FFFF; Fireweed's keys are ASCII.

>>> canonical_json({"b": 1, "a": [True, None, "é"]})
b'{"a":[true,null,"\\xc3\\xa9"],"b":1}'
"""

from __future__ import annotations

import json

__all__ = ["canonical_json", "MAX_SAFE_INT", "MAX_DEPTH"]

MAX_SAFE_INT = 2**53 - 1
MAX_DEPTH = 64


def _check(value: object, path: str, depth: int, active: set[int]) -> None:
    if depth > MAX_DEPTH:
        raise ValueError(f"canonical_json: nesting deeper than {MAX_DEPTH} at {path}")
    t = type(value)
    if value is None or t is bool or t is str:
        if t is str:
            try:
                value.encode("utf-8")  # type: ignore[union-attr]
            except UnicodeEncodeError as exc:
                raise ValueError(f"canonical_json: string at {path} is not valid UTF-8 text") from exc
        return
    if t is int:
        if not -MAX_SAFE_INT <= value <= MAX_SAFE_INT:  # type: ignore[operator]
            raise ValueError(f"canonical_json: integer at {path} is outside +-(2**53-1)")
        return
    if t is float:
        raise TypeError(f"canonical_json: float at {path} ({value!r}); use an int or a str")
    if t is list or t is tuple or t is dict:
        if id(value) in active:
            raise ValueError(f"canonical_json: circular reference at {path}")
        active.add(id(value))
        try:
            if t is dict:
                for k, v in value.items():  # type: ignore[union-attr]
                    if type(k) is not str:
                        raise TypeError(
                            f"canonical_json: non-string key {k!r} ({type(k).__name__}) at {path}"
                        )
                    _check(k, f"{path}.<key>", depth + 1, active)
                    _check(v, f"{path}.{k}", depth + 1, active)
            else:
                for i, v in enumerate(value):  # type: ignore[arg-type]
                    _check(v, f"{path}[{i}]", depth + 1, active)
        finally:
            active.discard(id(value))
        return
    raise TypeError(f"canonical_json: unsupported type {t.__name__} at {path}")


def _plain(value: object, depth: int) -> bool:
    """True if `value` is in the value space, without building error paths.

    Strings are not checked here: a lone surrogate fails the final UTF-8
    encode. A cycle shows up as nesting beyond MAX_DEPTH. Any doubt sends the
    caller to `_check`, which finds the exact path and raises."""
    if depth > MAX_DEPTH:
        return False
    t = type(value)
    if t is str or value is None or t is bool:
        return True
    if t is int:
        return -MAX_SAFE_INT <= value <= MAX_SAFE_INT  # type: ignore[operator]
    if t is dict:
        for k, v in value.items():  # type: ignore[attr-defined]
            if type(k) is not str or not _plain(v, depth + 1):
                return False
        return True
    if t is list or t is tuple:
        for v in value:  # type: ignore[attr-defined]
            if not _plain(v, depth + 1):
                return False
        return True
    return False


# One encoder for every call: json.dumps with these arguments builds an identical one each time,
# which cost about as much as encoding a short string.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def canonical_json(obj: object) -> bytes:
    """Serialise ``obj`` to canonical JSON bytes (see the module docstring).

    Raises ``TypeError`` for floats (NaN and infinities included), non-``str``
    keys and unsupported types; ``ValueError`` for out-of-range integers, lone
    surrogates, cycles and excessive nesting.
    """
    # Every hashed, sealed or signed value passes here, so the common case takes the cheap
    # check; only a value that fails it pays for `_check`'s error paths.
    if _plain(obj, 0):
        text = _ENCODER.encode(obj)
        try:
            return text.encode("utf-8")
        except UnicodeEncodeError:
            pass
    _check(obj, "$", 0, set())
    raise ValueError("canonical_json: value outside the canonical value space")  # pragma: no cover
