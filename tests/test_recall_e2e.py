"""Recall through the real front: abstention codes, both time axes, and the five states."""

from __future__ import annotations

import pytest

from fw import Front, fireweed, text_of


def remember(front: Front, claim: str, evidence: str | None = None, **kw: str) -> dict:
    r = front.call("remember", {"claim": claim, "evidence": evidence or claim, **kw})
    assert r["isError"] is False, text_of(r)
    return r["structuredContent"]


def ask(front: Front, query: str, **kw) -> dict:
    r = front.call("recall", {"query": query, **kw})
    assert r["isError"] is False
    return r["structuredContent"]


@pytest.fixture
def people(front):
    remember(front, "Priya Raman joined Acme Robotics in 2019.")
    remember(front, "Dana Whitlock manages the Leeds depot.")
    remember(front, "Priya Shah lives in York.")
    return front


def test_answers_carry_state_time_and_a_verified_receipt(people):
    a = ask(people, "When did Priya Raman join Acme Robotics?")
    assert a["verdict"] == "answered" and "2019" in a["results"][0]["claim"]
    first = a["results"][0]
    assert first["state"] == "active" and first["receipt_status"] == "verified" and "event_time" in first


def test_abstentions_are_answers_that_name_what_failed(people):
    nobody = ask(people, "Where does Zara Quint live?")
    assert nobody["verdict"] == "abstained" and nobody["code"] == "entity_not_found"
    both = ask(people, "Where does Priya live?")
    assert both["code"] == "ambiguous_subject" and len(both["candidates"]) == 2
    left = ask(people, "When did Priya Raman leave Acme Robotics?")
    assert left["code"] == "unknown_predicate" and left["term"]
    other = ask(people, "Which depot does Priya Raman manage?")
    assert other["code"] == "unknown_predicate"
    r = people.call("recall", {"query": "Which depot does Priya Raman manage?"})
    assert r["isError"] is False and text_of(r).startswith("ABSTAINED (unknown_predicate)")
    assert "not an empty result" in text_of(r)
    # The positives over the same store:
    assert ask(people, "Which depot does Dana Whitlock manage?")["verdict"] == "answered"
    assert ask(people, "Where does Priya Shah live?")["verdict"] == "answered"


def test_supersession_answers_the_latest_and_keeps_history_on_both_axes(front):
    old = remember(front, "Rosa Quill's chess club meets on Tuesdays.", event_time="2023-01-10")
    new = remember(front, "Rosa Quill's chess club meets on Thursdays.", event_time="2024-02-01")
    assert old["memory_id"] in new["supersedes"]
    now = ask(front, "When does Rosa Quill's chess club meet?")
    assert "Thursdays" in now["results"][0]["claim"] and all("Tuesdays" not in r["claim"] for r in now["results"])
    then = ask(front, "When does Rosa Quill's chess club meet?", as_of="2023-06-01")
    assert "Tuesdays" in then["results"][0]["claim"]
    known_then = ask(front, "When does Rosa Quill's chess club meet?", as_of_seq=old["seq"])
    assert "Tuesdays" in known_then["results"][0]["claim"]
    stats = front.call("memory_stats")["structuredContent"]["states"]
    assert stats["superseded"] == 1 and stats["active"] == 1


def _read(a: dict) -> list[tuple[str, str]]:
    return sorted((r["state"], r["claim"]) for r in a.get("results") or [])


def test_as_of_seq_reads_what_was_known_at_the_seq_recall_shows(front):
    q = "Where does Ines Varga live?"
    remember(front, "Ines Varga lives in Lyon.", event_time="2020-03-01")
    before = remember(front, "Ines Varga lives in Lyon.")  # reinforced: asserted twice by now
    assert before["outcome"] == "reinforced"
    new = remember(front, "Ines Varga lives in Porto.", event_time="2022-06-15")
    assert new["supersedes"]
    shown = ask(front, q)["results"][0]["seq"]  # the seq recall shows for the new value
    assert shown < new["seq"]  # control: its commit goes on past the admission
    assert _read(ask(front, q, as_of_seq=shown)) == [("active", "Ines Varga lives in Porto.")]
    then = ask(front, q, as_of_seq=before["seq"])
    assert _read(then) == [("active", "Ines Varga lives in Lyon.")] and then["results"][0]["count"] == 2
    remember(front, "Ines Varga lives in Porto.", event_time="2022-06-15")
    assert ask(front, q)["results"][0]["count"] == 2 and ask(front, q, as_of_seq=shown)["results"][0]["count"] == 1
    # a first name unique at that seq, shared since
    remember(front, "Ines Ferro lives in Braga.")
    assert ask(front, "Where does Ines live?")["code"] == "ambiguous_subject"
    assert _read(ask(front, "Where does Ines live?", as_of_seq=shown)) == [("active", "Ines Varga lives in Porto.")]


def test_as_of_a_time_in_a_dispute_later_resolved_reads_both_disputed(front):
    q = "Where does Tove Lind live?"
    remember(front, "Tove Lind lives in Hamar.", source_id="letter-a",
             source_text="Tove Lind lives in Hamar.", event_time="2021-04-01")
    remember(front, "Tove Lind lives in Gjovik.", source_id="letter-b",
             source_text="Tove Lind lives in Gjovik.", event_time="2021-04-01")
    remember(front, "Tove Lind lives in Moss.", event_time="2024-01-01")
    disputed = [("disputed", "Tove Lind lives in Gjovik."), ("disputed", "Tove Lind lives in Hamar.")]
    assert _read(ask(front, q, as_of="2022-06-01")) == disputed
    assert _read(ask(front, q)) == [("active", "Tove Lind lives in Moss.")]
    assert _read(ask(front, q, as_of="2025-01-01")) == [("active", "Tove Lind lives in Moss.")]


def test_conflicting_sources_for_the_same_time_are_both_disputed_and_marked(front):
    remember(front, "Theo Marsh lives in York.", source_id="email-a",
             source_text="Theo Marsh lives in York.", event_time="2025-05-01")
    remember(front, "Theo Marsh lives in Leeds.", source_id="email-b",
             source_text="Theo Marsh lives in Leeds.", event_time="2025-05-01")
    a = ask(front, "Where does Theo Marsh live?")
    assert a["verdict"] == "answered" and {r["state"] for r in a["results"]} == {"disputed"} and len(a["results"]) == 2


def test_legal_hold_freezes_then_release_restores(people, fw_env):
    assert ask(people, "Which depot does Dana Whitlock manage?")["verdict"] == "answered"
    held = fireweed(fw_env, "hold", "Dana Whitlock", "--by", "Legal Team")
    assert held.returncode == 0 and "held" in held.stdout
    assert ask(people, "Which depot does Dana Whitlock manage?")["verdict"] == "abstained"
    assert people.call("memory_stats")["structuredContent"]["states"]["frozen"] == 1
    forget = people.call("forget", {"subject": "Dana Whitlock"})
    assert forget["structuredContent"]["code"] == "legal_hold"
    assert fireweed(fw_env, "release", "Dana Whitlock", "--by", "Legal Team").returncode == 0
    assert ask(people, "Which depot does Dana Whitlock manage?")["verdict"] == "answered"
    assert fireweed(fw_env, "hold", "Dana Whitlock").returncode == 2  # --by is required


def test_read_audit_is_off_by_default_and_records_fingerprints_when_on(fw_env):
    f = Front(fw_env)
    try:
        f.initialize()
        remember(f, "Dana Whitlock manages the Leeds depot.")
        ask(f, "Which depot does Dana Whitlock manage?")
        off = f.call("review_reads")["structuredContent"]
        assert off["enabled"] is False and off["reads"] == []
    finally:
        f.close()
    fireweed(fw_env, "backend", "stop")
    env = dict(fw_env, FIREWEED_READ_AUDIT="fingerprint")
    g = Front(env)
    try:
        g.initialize()
        ask(g, "Which depot does Dana Whitlock manage?")
        reads = g.call("review_reads")["structuredContent"]["reads"]
        assert reads and reads[0]["verdict"] == "answered" and reads[0].get("query_fingerprint")
        assert "query" not in reads[0]
    finally:
        g.close()


def test_empty_or_odd_questions_abstain_without_error(front):
    for q in ["?", "   ", "🙂", "a" * 1999]:
        r = front.call("recall", {"query": q})
        assert r["isError"] is False and r["structuredContent"]["verdict"] == "abstained"
    too_long = front.call("recall", {"query": "a" * 5000})
    assert too_long["isError"] is True and "query" in text_of(too_long)


def test_forget_destroys_the_read_audit_questions_that_name_the_subject(fw_env):
    env = dict(fw_env, FIREWEED_READ_AUDIT="text")
    asked = ["Who is Dana Whitlock?",  # asked before anything names her
             "What car does Dana Whitlock drive?",  # abstains: no claim says
             "Where does Priya Raman live?"]  # the twin: a bystander's question stays

    def questions(front: Front) -> list[str]:
        return [r.get("query") for r in front.call("review_reads", {"limit": 100})["structuredContent"]["reads"]]

    f = Front(env)
    try:
        f.initialize()
        ask(f, asked[0])
        remember(f, "Dana Whitlock manages the Leeds depot.")
        remember(f, "Priya Raman lives in Harrogate.")
        for q in asked[1:]:
            ask(f, q)
        assert set(asked) <= set(questions(f))  # the control: all three were recorded as text
        gone = f.call("forget", {"subject": "Dana Whitlock"})["structuredContent"]
        assert gone["verdict"] == "erased" and gone.get("certificate"), gone
        left = questions(f)
        assert not any("Dana Whitlock" in (q or "") for q in left) and asked[2] in left, left
    finally:
        f.close()
    fireweed(env, "backend", "stop")  # and after a replay, from the ledger alone
    g = Front(env)
    try:
        g.initialize()
        left = questions(g)
        assert not any("Dana Whitlock" in (q or "") for q in left) and asked[2] in left, left
    finally:
        g.close()
