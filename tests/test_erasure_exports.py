"""forget deletes the in-store exports that hold the erased subject, and only those."""

from __future__ import annotations

from pathlib import Path

from fw import text_of


def _exported(front, **args: str) -> Path:
    r = front.call("export_memory", args)
    assert r["isError"] is False, text_of(r)
    return Path(r["structuredContent"]["path"])


def test_forget_deletes_exports_that_hold_the_subject_and_keeps_the_others(front, fw_env):
    for claim in ["Priya Raman joined Acme Robotics in 2019.", "Dana Whitlock manages the Leeds depot."]:
        assert front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]["verdict"] == "admitted"
    hers = _exported(front, path="priya.json", subject="Priya Raman")
    everyone = _exported(front, path="all.json")
    others = _exported(front, path="dana.json", subject="Dana Whitlock")
    assert b"Priya Raman" in hers.read_bytes() and b"Priya Raman" in everyone.read_bytes()
    assert b"Priya Raman" not in others.read_bytes()

    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    assert not hers.exists() and not everyone.exists()
    assert others.exists() and b"Dana Whitlock" in others.read_bytes()  # the positive: a copy without her stays
    store = Path(fw_env["FIREWEED_STORE"])
    leaks = [p for p in store.rglob("*") if p.is_file() and b"Priya Raman" in p.read_bytes()]
    assert leaks == []
