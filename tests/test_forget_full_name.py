"""An erasure cannot be undone, so forget takes the stored name in full; preview takes any name."""

from __future__ import annotations

from fw import text_of


def test_forget_by_a_first_name_alone_erases_nothing_and_the_full_name_erases(front):
    claim = "Tobias Fenn lives in Oslo."
    assert front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]["verdict"] == "admitted"
    r = front.call("forget", {"subject": "Tobias"})
    assert r["structuredContent"]["code"] == "full_name_required" and "Tobias Fenn" in text_of(r)
    assert front.call("recall", {"query": "Where does Tobias Fenn live?"})["structuredContent"]["verdict"] == "answered"
    preview = front.call("forget", {"subject": "Tobias", "preview": True})["structuredContent"]
    assert preview["code"] == "preview" and preview["subject"] == "Tobias Fenn"
    # the positives: the full name in another case, and after a title
    assert front.call("forget", {"subject": "dr. TOBIAS FENN"})["structuredContent"]["verdict"] == "erased"
    assert front.call("recall", {"query": "Where does Tobias Fenn live?"})["structuredContent"]["verdict"] == "abstained"
