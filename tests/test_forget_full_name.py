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


def test_a_name_left_in_a_source_label_withholds_the_certificate(front):
    doc = "Priya Raman joined Acme in 2019. Dana Whit runs the Leeds depot."
    r = front.call("add_source", {"source_id": "hr-note", "text": doc, "supplied_by": "Priya Raman"})
    assert r["isError"] is False, text_of(r)
    for claim in ("Priya Raman joined Acme in 2019.", "Dana Whit runs the Leeds depot."):
        assert front.call("remember", {"claim": claim, "evidence": claim, "source_id": "hr-note"})["isError"] is False
    preview = front.call("forget", {"subject": "Priya Raman", "preview": True})["structuredContent"]
    assert preview["labels_keeping_name"] == ["hr-note"]
    gone = front.call("forget", {"subject": "Priya Raman"})["structuredContent"]
    assert gone["verdict"] == "erased" and gone["code"] == "name_in_labels" and gone["certificate"] is None
    # the positive: a subject no label names gets its certificate
    ok = front.call("forget", {"subject": "Dana Whit"})["structuredContent"]
    assert ok["verdict"] == "erased" and ok["certificate"] and "labels_keeping_name" not in ok
