"""The curated relation table: equivalents meet, different relations do not, antonyms contradict."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fireweed.decider.lexicon import stem
from fireweed.decider.relations import _PATH, lexicon, load


@pytest.mark.parametrize(
    "a, b",
    [
        ("joined", "hired"),
        ("joins", "joining"),
        ("leads", "runs"),
        ("led", "heads"),
        ("manages", "manager"),
        ("managed", "leads"),
        ("lives", "resides"),
        ("living", "staying"),
        ("left", "quit"),
        ("quit", "resigned"),
        ("bought", "purchased"),
        ("fixed", "repaired"),
    ],
)
def test_equivalent_predicates_meet(a: str, b: str) -> None:
    assert lexicon().same(a, b)


@pytest.mark.parametrize(
    "a, b",
    [("joined", "left"), ("leads", "lives"), ("bought", "sold"), ("hired", "quit"), ("wrote", "finished")],
)
def test_different_predicates_do_not_meet(a: str, b: str) -> None:
    assert not lexicon().same(a, b)


def test_relation_key_is_canonical_for_every_inflection() -> None:
    lx = lexicon()
    for w in ("manage", "manages", "managed", "managing", "manager", "heads", "runs", "ran", "oversees"):
        assert lx.relation_key(w) == "lead", w
    for w in ("resides", "lived", "stays"):
        assert lx.relation_key(w) == "live", w


def test_multi_word_entries_are_found_in_a_stem_sequence() -> None:
    lx = lexicon()
    stems = [stem(w) for w in "who is in charge of the team".split()]
    hits = lx.phrases_in(stems)
    assert hits and hits[0][0] == 2 and lx.relation_key(hits[0][2]) == "lead"
    stems = [stem(w) for w in "she started at the firm".split()]
    assert any(lx.relation_key(k) == "join" for _, _, k in lx.phrases_in(stems))


def test_start_alone_is_not_joining() -> None:
    # "started at" is joining; "started him on a drug" is not
    assert not lexicon().same("started", "joined")


def test_antonyms_contradict_both_ways() -> None:
    lx = lexicon()
    assert lx.contradicts("rejected", "approved")
    assert lx.contradicts("approve", "turned down") or lx.contradicts("turn down", "approve")
    assert lx.contradicts("failed", "passed")
    assert not lx.contradicts("joined", "approved")


def test_table_is_well_formed(tmp_path: Path) -> None:
    data = json.loads(_PATH.read_text(encoding="utf-8"))
    for section in ("relations", "synonyms", "antonyms"):
        assert isinstance(data[section], list) and data[section]
        for row in data[section]:
            assert all(isinstance(w, str) and w == w.strip() and w for w in row), row
    for row in data["antonyms"]:
        assert len(row) == 2
    # a copy loads to the same index
    p = tmp_path / "r.json"
    p.write_text(_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    assert load(p).relation_key("heads") == "lead"


def test_unknown_words_fall_back_to_their_stem() -> None:
    lx = lexicon()
    assert lx.relation_key("zorbles") == stem("zorbles")
    assert lx.concepts_of("") == frozenset({""})


def test_module_examples_hold() -> None:
    import doctest

    from fireweed.decider import relations

    assert doctest.testmod(relations).failed == 0


def test_a_word_in_both_groups_of_a_pair_of_opposites_is_neither_ones_opposite() -> None:
    from fireweed.decider.relations import lexicon

    lx = lexicon()
    assert lx.contradicts("lose", "beat") and lx.contradicts("beat", "lost")
    assert lx.contradicts("raise", "lower")  # "change" holds both, but each has its own side
    assert not lx.contradicts("defeat", "beat")  # "defeat" is a way to beat and to lose
