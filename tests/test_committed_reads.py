"""Readers see committed events only: a change whose commit is still pending is shown to no one.

The decider applies a mutation to its projection as it sends it to the writer; if the writer
then dies, that change never happened. The writer is held stopped (SIGSTOP) so that the commit
window, a few milliseconds otherwise, stays open while another front reads.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading

from fw import Front, backend_pids, fireweed, text_of

HEDGED = "Mirela Novak might sell the Quayside bakery next spring."  # the firewall quarantines it


def _queue(front: Front) -> list[str]:
    return [m["claim"] for m in front.call("review_quarantine")["structuredContent"]["queue"]]


def test_a_pending_decision_is_not_shown_and_a_committed_one_is(fw_env):
    a, b = Front(fw_env), Front(fw_env)
    writer = None
    try:
        a.initialize()
        b.initialize()
        q = a.call("remember", {"claim": HEDGED, "evidence": HEDGED})["structuredContent"]
        assert q["verdict"] == "quarantined", q
        assert _queue(b) == [HEDGED]
        writer = backend_pids(fw_env)["writer"]
        os.kill(writer, signal.SIGSTOP)
        done: list[subprocess.CompletedProcess[str]] = []
        t = threading.Thread(target=lambda: done.append(
            fireweed(fw_env, "review", "reject", q["memory_id"], "--by", "Olga Berg")))
        t.start()
        t.join(2.0)  # the rejection waits for a commit that cannot happen yet
        assert t.is_alive() and not done
        assert _queue(b) == [HEDGED]  # still waiting for review, as far as anything durable says
        os.kill(writer, signal.SIGCONT)
        writer = None
        t.join(60)
        assert done and done[0].returncode == 0, done
        assert _queue(b) == []  # the positive: once durable, everyone sees the decision
        stats = b.call("memory_stats")
        assert stats["structuredContent"]["states"]["rejected"] == 1, text_of(stats)
    finally:
        if writer is not None:
            os.kill(writer, signal.SIGCONT)
        a.close()
        b.close()
    assert fireweed(fw_env, "verify").returncode == 0
