"""A tombstone holds against every spelling of the erased name, and stops nothing else."""

from __future__ import annotations

from fw import text_of

from fireweed.decider.forget_ops import _name_candidates


def _remember(front, claim: str) -> dict:
    return front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]


def test_case_and_spacing_variants_of_an_erased_name_are_not_stored(front):
    assert _remember(front, "Priya Raman joined Globex in 2021.")["verdict"] == "admitted"
    assert _remember(front, "Dana Whitlock joined Globex in 2020.")["verdict"] == "admitted"
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    for claim in ["PRIYA RAMAN joined Globex in 2021.", "priya raman joined Globex in 2021.",
                  "Globex hired PRIYA  RAMAN in 2021."]:
        r = front.call("remember", {"claim": claim, "evidence": claim})
        assert r["structuredContent"].get("code") == "previously_erased", (claim, text_of(r))
    # the positives over the same store: other people, and the erased name's words used apart
    assert _remember(front, "DANA WHITLOCK leads the Globex sales team.")["verdict"] == "admitted"
    assert _remember(front, "Omar Raman joined Globex in 2022.")["verdict"] == "admitted"


def test_candidates_cover_word_runs_but_a_lower_case_single_word_only_as_part_of_a_run():
    names = {n.casefold() for n in _name_candidates("The cafe sold a biscuit to PRIYA RAMAN's sister.")}
    assert "priya raman" in names and "priya" in names
    assert "biscuit" not in names  # an erased one-word name must not stop an ordinary use of the word
    assert "a biscuit" in names  # runs are tried in any case; a two-word erased name must match them
