"""Safe names: what every process accepts as a source id, tenant or entity id."""

from __future__ import annotations

import pytest

from fireweed.shared.names import (
    BadName,
    validate_entity_id,
    validate_source_id,
    validate_tenant,
)


@pytest.mark.parametrize(
    "name",
    ["a", "report-2024_q3.v2", "doc:42", "A.b_c-d:e", "x" * 128, "trailing.", "9lives", "a..b"],
)
def test_source_id_accepts(name: str) -> None:
    assert validate_source_id(name) == name


@pytest.mark.parametrize(
    "name, reason",
    [
        ("../../etc/passwd", "path_separator"),
        ("a/b", "path_separator"),
        ("/abs", "path_separator"),
        ("a\\b", "path_separator"),
        ("..\\..\\win", "path_separator"),
        ("", "empty"),
        (".hidden", "leading_dot"),
        (".", "leading_dot"),
        ("..", "leading_dot"),
        ("x" * 129, "too_long"),
        ("a\x00b", "control_character"),
        ("line\nbreak", "control_character"),
        ("tab\there", "control_character"),
        ("esc\x1b[31m", "control_character"),
        ("del\x7f", "control_character"),
        ("c1\x85", "control_character"),
        ("ls\u2028", "control_character"),
        ("has space", "bad_character"),
        ("semi;colon", "bad_character"),
        ("star*", "bad_character"),
        ("caf\u00e9", "bad_character"),
        ("\u0430pple", "bad_character"),  # Cyrillic a: a look-alike of "apple"
        ("$(rm)", "bad_character"),
        ("a%2fb", "bad_character"),
    ],
)
def test_source_id_rejects(name: str, reason: str) -> None:
    with pytest.raises(BadName) as info:
        validate_source_id(name)
    assert info.value.reason == reason
    assert info.value.kind == "source_id"
    assert isinstance(info.value, ValueError)
    assert "not one safe name" in str(info.value)


def test_message_escapes_control_characters() -> None:
    with pytest.raises(BadName) as info:
        validate_source_id("evil\x1b[2Jname")
    msg = str(info.value)
    assert "\x1b" not in msg and "\\x1b" in msg


def test_message_for_traversal_is_clear() -> None:
    with pytest.raises(BadName, match=r"source_id '\.\./\.\./etc/passwd' is not one safe name: .*path separator"):
        validate_source_id("../../etc/passwd")


@pytest.mark.parametrize("bad", [None, 42, b"bytes", ["a"]])
def test_non_strings(bad: object) -> None:
    with pytest.raises(BadName) as info:
        validate_source_id(bad)  # type: ignore[arg-type]
    assert info.value.reason == "not_a_string"
    with pytest.raises(BadName):
        validate_tenant(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["acme", "team_1", "A-b_C", "-", "x" * 64, "0"])
def test_tenant_accepts(name: str) -> None:
    assert validate_tenant(name) == name


@pytest.mark.parametrize(
    "name, reason",
    [
        ("", "empty"),
        ("x" * 65, "too_long"),
        ("a.b", "bad_character"),
        ("a:b", "bad_character"),
        (".a", "leading_dot"),
        ("a/b", "path_separator"),
        ("a\\b", "path_separator"),
        ("a b", "bad_character"),
        ("a\nb", "control_character"),
        ("t\u00e9", "bad_character"),
    ],
)
def test_tenant_rejects(name: str, reason: str) -> None:
    with pytest.raises(BadName) as info:
        validate_tenant(name)
    assert info.value.reason == reason
    assert info.value.kind == "tenant"


def test_entity_id_same_rules_as_source_id() -> None:
    assert validate_entity_id("ent_3f9a:01") == "ent_3f9a:01"
    for bad in ("", "../x", ".x", "a b", "x" * 129):
        with pytest.raises(BadName) as info:
            validate_entity_id(bad)
        assert info.value.kind == "entity_id"
