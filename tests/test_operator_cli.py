"""Operator commands from outside, as an operator runs them: each bad input refused with a typed
message and a nonzero exit, and its good twin still working on the same store (audit 10)."""

from __future__ import annotations

from pathlib import Path

from fw import Front, fireweed, opened, text_of

HEDGED = ["Lena Voss probably sings.", "Tom Reed probably paints."]  # the firewall quarantines hedged claims


def quarantine(front: Front) -> list[str]:
    ids = []
    for claim in HEDGED:
        sc = front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]
        assert sc["verdict"] == "quarantined", sc
        ids.append(sc["memory_id"])
    return ids


def test_review_decisions_are_reported_in_plain_words(front, fw_env):
    lena, tom = quarantine(front)
    r = fireweed(fw_env, "review", "reject", lena, "--by", "bob")
    assert r.returncode == 0 and r.stdout.startswith(f"rejected {lena} by bob"), r.stdout + r.stderr
    assert "rejectd" not in r.stdout
    r = fireweed(fw_env, "review", "approve", tom, "--by", "alice")
    assert r.returncode == 0 and r.stdout.startswith(f"approved {tom} by alice"), r.stdout + r.stderr


def test_a_store_path_that_is_a_file_is_named_as_not_a_directory(fw_env, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("hi\n")
    bad = dict(fw_env, FIREWEED_STORE=str(afile))
    r = fireweed(bad, "backend", "start")
    assert r.returncode == 2 and f"{afile} exists and is not a directory" in r.stderr, r.stderr
    assert "File exists" not in r.stderr and "Traceback" not in r.stderr
    assert afile.read_text() == "hi\n"
    with opened(bad) as f:  # the MCP front says the same, as a typed tool error
        res = f.call("memory_stats")
        assert res["isError"] and "is not a directory" in text_of(res) and "File exists" not in text_of(res), res
    # The positive twin: a directory there is a store.
    r = fireweed(fw_env, "backend", "start")
    assert r.returncode == 0 and r.stdout.startswith("started"), r.stderr
    assert (Path(fw_env["FIREWEED_STORE"]) / "ledger.db").exists()
