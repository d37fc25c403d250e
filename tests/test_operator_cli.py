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

