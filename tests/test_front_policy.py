"""A front's FIREWEED_READMISSION and FIREWEED_READ_AUDIT apply to its own requests only.

The backend is shared by every front of a store and started by whichever comes first; the policy one
tenant's MCP configuration sets must not become another tenant's."""

from __future__ import annotations

from fw import Front, fireweed, text_of

CLAIM = "Ana Lee lives in Oslo."


def _front(env: dict[str, str], tenant: str, **extra: str) -> Front:
    f = Front({**env, "FIREWEED_TENANT": tenant, **extra})
    f.initialize()
    return f


def _erase_then_readmit(f: Front) -> str:
    assert f.call("remember", {"claim": CLAIM, "evidence": CLAIM})["structuredContent"]["verdict"] == "admitted"
    assert f.call("forget", {"subject": "Ana Lee"})["structuredContent"]["verdict"] == "erased"
    return f.call("remember", {"claim": CLAIM, "evidence": CLAIM, "acknowledge_erasure": True})["structuredContent"]["verdict"]


def test_one_fronts_policy_is_not_another_tenants(fw_env):
    env = {k: v for k, v in fw_env.items() if k not in ("FIREWEED_READMISSION", "FIREWEED_READ_AUDIT")}
    a = _front(env, "a", FIREWEED_READMISSION="agent", FIREWEED_READ_AUDIT="text")  # starts the backend
    try:
        a.call("memory_stats")
        b = _front(env, "b")
        try:
            assert _erase_then_readmit(b) == "quarantined"  # b set nothing: a person decides
            b.call("recall", {"query": "Where does Ana Lee live?"})
            assert b.call("review_reads")["structuredContent"].get("enabled") is not True
            # the positives, on the same backend: a's own requests run under a's policy
            assert _erase_then_readmit(a) == "admitted"
            a.call("recall", {"query": "Where does Ana Lee live?"})
            reads = a.call("review_reads")["structuredContent"]
            assert reads.get("enabled") is True and reads["reads"], text_of(a.call("review_reads"))
        finally:
            b.close()
    finally:
        a.close()
        fireweed(env, "backend", "stop")
