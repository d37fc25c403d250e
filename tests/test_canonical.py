"""canonical_json: exact bytes, and refusal of anything that would not round-trip."""

from __future__ import annotations

import enum
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fireweed.shared.canonical import (
    MAX_DEPTH,
    MAX_SAFE_INT,
    _check,
    _plain,
    canonical_json,
)


def test_exact_bytes() -> None:
    value = {"z": 1, "a": {"y": [True, False, None], "b": "é ☃ 𝄞"}, "m": -7, "": ""}
    expected = '{"":"","a":{"b":"é ☃ 𝄞","y":[true,false,null]},"m":-7,"z":1}'.encode("utf-8")
    assert canonical_json(value) == expected
    # Negative control: the default json.dumps form differs (spaces, escapes, order).
    assert json.dumps(value).encode() != expected


def test_key_order_independent_of_insertion() -> None:
    assert canonical_json({"b": 1, "a": 2}) == canonical_json({"a": 2, "b": 1}) == b'{"a":2,"b":1}'
    assert canonical_json({"a": 1}) != canonical_json({"a": 2})


def test_utf8_not_escaped_but_controls_are() -> None:
    assert canonical_json("é") == b'"\xc3\xa9"'
    assert canonical_json("a\nb\"\\") == b'"a\\nb\\"\\\\"'
    assert canonical_json("\x00") == b'"\\u0000"'


def test_top_level_scalars_and_tuples() -> None:
    assert canonical_json(None) == b"null"
    assert canonical_json(0) == b"0"
    assert canonical_json(True) == b"true"
    assert canonical_json((1, "a")) == canonical_json([1, "a"]) == b'[1,"a"]'


@pytest.mark.parametrize("bad", [1.0, 0.5, math.nan, math.inf, -math.inf, -0.0])
def test_floats_rejected(bad: float) -> None:
    with pytest.raises(TypeError):
        canonical_json(bad)
    with pytest.raises(TypeError):
        canonical_json({"nested": [1, {"x": bad}]})


@pytest.mark.parametrize("key", [1, 1.5, None, True, b"k", ("t",)])
def test_non_str_keys_rejected(key: object) -> None:
    with pytest.raises(TypeError):
        canonical_json({key: "v"})
    # Control: the same value under a str key is fine.
    assert canonical_json({"k": "v"}) == b'{"k":"v"}'


def test_int_key_would_collide_without_the_check() -> None:
    # Why non-str keys are refused: json.dumps would silently make these equal.
    assert json.dumps({1: "a"}) == json.dumps({"1": "a"})
    with pytest.raises(TypeError):
        canonical_json({1: "a"})


class Colour(enum.IntEnum):
    RED = 1


class Name(str):
    pass


@pytest.mark.parametrize("bad", [b"bytes", bytearray(b"x"), {1, 2}, object(), Colour.RED, Name("x"), 1j])
def test_other_types_rejected(bad: object) -> None:
    with pytest.raises(TypeError):
        canonical_json([bad])


def test_integer_range() -> None:
    assert canonical_json(MAX_SAFE_INT) == str(MAX_SAFE_INT).encode()
    assert canonical_json(-MAX_SAFE_INT) == str(-MAX_SAFE_INT).encode()
    with pytest.raises(ValueError):
        canonical_json(MAX_SAFE_INT + 1)
    with pytest.raises(ValueError):
        canonical_json({"n": -(MAX_SAFE_INT + 1)})


def test_lone_surrogate_rejected() -> None:
    with pytest.raises(ValueError):
        canonical_json({"s": "\ud800"})
    with pytest.raises(ValueError):
        canonical_json({"\udfff": 1})


def test_cycles_and_depth() -> None:
    a: list = []
    a.append(a)
    with pytest.raises(ValueError):
        canonical_json(a)
    deep: object = "x"
    for _ in range(100):
        deep = [deep]
    with pytest.raises(ValueError):
        canonical_json(deep)
    # Control: the same object twice (not a cycle) is fine.
    shared = {"a": 1}
    assert canonical_json([shared, shared]) == b'[{"a":1},{"a":1}]'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-MAX_SAFE_INT, MAX_SAFE_INT) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_round_trip_is_a_fixed_point(value: object) -> None:
    out = canonical_json(value)
    parsed = json.loads(out.decode("utf-8"))
    assert parsed == value
    assert canonical_json(parsed) == out


def _nest(inner: object, levels: int, as_dict: bool = False) -> object:
    for _ in range(levels):
        inner = {"k": inner} if as_dict else [inner]
    return inner


@pytest.mark.parametrize("as_dict", [False, True])
@pytest.mark.parametrize("inner", ["x", 1, None, [], {}, 2**53, 1.5, {1: "a"}])
def test_cheap_check_agrees_with_the_full_one_at_the_depth_limit(inner: object, as_dict: bool) -> None:
    for levels in (MAX_DEPTH - 2, MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1):
        value = _nest(inner, levels, as_dict)
        try:
            _check(value, "$", 0, set())
            accepted = True
        except (TypeError, ValueError):
            accepted = False
        assert _plain(value, 0) is accepted, (inner, levels, as_dict)


any_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats() | st.text(max_size=3)
    | st.binary(max_size=2) | st.tuples(st.integers(0, 3)),
    lambda children: st.lists(children, max_size=4) | st.tuples(children, children)
    | st.dictionaries(st.text(max_size=3) | st.integers(0, 3), children, max_size=4),
    max_leaves=30,
)


@settings(max_examples=500, deadline=None)
@given(any_values)
def test_cheap_check_agrees_with_the_full_one(value: object) -> None:
    try:
        _check(value, "$", 0, set())
        accepted = True
    except (TypeError, ValueError):
        accepted = False
    if accepted:
        assert _plain(value, 0)
        assert canonical_json(value) == json.dumps(value, sort_keys=True, separators=(",", ":"),
                                                   ensure_ascii=False, allow_nan=False).encode("utf-8")
    else:
        assert not _plain(value, 0)  # (st.text makes no lone surrogates, which only the final encode catches)
        with pytest.raises((TypeError, ValueError)):
            canonical_json(value)
