"""Export, the open-format verifier and import, through the real front and CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fw import Front, fireweed, stop_backend

ROOT = Path(__file__).resolve().parent.parent
DOC = "Priya Raman joined Acme Robotics in 2019. Dana Whitlock manages the Leeds depot. Priya Raman lives in Harrogate."
QUESTIONS = ["Which depot does Dana Whitlock manage?", "When did Priya Raman join Acme Robotics?",
             "Where does Priya Raman live?", "When did Dana Whitlock leave?"]


def load(front: Front) -> None:
    front.call("add_source", {"source_id": "note", "text": DOC})
    for claim in DOC.split(". "):
        claim = claim.rstrip(".") + "."
        assert front.call("remember", {"claim": claim, "evidence": claim, "source_id": "note"})["isError"] is False


def verify_standalone(path: str) -> subprocess.CompletedProcess[str]:
    # -I: isolated mode, so the verifier cannot import fireweed from the repository or site-packages path tricks.
    return subprocess.run([sys.executable, "-I", str(ROOT / "open_format" / "verify_bundle.py"), path],
                          capture_output=True, text=True, timeout=60)


def answers(front: Front) -> list[tuple[str, list[str]]]:
    out = []
    for q in QUESTIONS:
        sc = front.call("recall", {"query": q})["structuredContent"]
        out.append((sc["verdict"], [r["claim"] for r in sc.get("results") or []]))
    return out


def test_agent_export_stays_inside_the_exports_folder(front, fw_env):
    load(front)
    ok = front.call("export_memory", {"path": "mine.json"})["structuredContent"]
    assert ok["verdict"] == "ok" and Path(ok["path"]).parent == Path(fw_env["FIREWEED_STORE"]) / "exports" / "default"
    assert verify_standalone(ok["path"]).returncode == 0
    for bad in ["../escape.json", "/tmp/x.json", "sub/dir.json"]:
        r = front.call("export_memory", {"path": bad})
        assert r["isError"] is True and r["structuredContent"]["code"] == "bad_export_path"
    again = front.call("export_memory", {"path": "mine.json"})
    assert again["structuredContent"]["code"] == "export_exists"


def test_subject_access_export_holds_only_that_subject(front):
    load(front)
    sc = front.call("export_memory", {"subject": "Dana Whitlock", "path": "dana.json"})["structuredContent"]
    bundle = json.loads(Path(sc["path"]).read_text())
    claims = [m["claim"] for m in bundle["memories"]]
    assert claims == ["Dana Whitlock manages the Leeds depot."]
    assert "Harrogate" not in Path(sc["path"]).read_text()
    assert verify_standalone(sc["path"]).returncode == 0


def test_export_after_erasure_verifies_and_holds_no_trace(front, fw_env, tmp_path):
    load(front)
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    out = tmp_path / "after.json"
    r = fireweed(fw_env, "export", "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert verify_standalone(str(out)).returncode == 0
    data = out.read_bytes()
    for needle in (b"Priya", b"Raman", b"Harrogate", b"joined Acme"):
        assert needle not in data
    assert b"Dana Whitlock manages the Leeds depot." in data  # the positive control
    key_dir = Path(fw_env["FIREWEED_KEYS"])
    for key_file in key_dir.iterdir():
        assert key_file.read_bytes() not in data and key_file.read_bytes().hex().encode() not in data


@contextmanager
def imported(fw_env: dict[str, str], tmp_path: Path) -> Iterator[tuple[dict[str, str], Path, subprocess.CompletedProcess[str]]]:
    """Export fw_env's store with the CLI and import the bundle into a new store with its own keys;
    yields (the new store's env, the bundle, the import's result) and stops its backend after."""
    out = tmp_path / "bundle.json"
    assert fireweed(fw_env, "export", "--out", str(out)).returncode == 0
    env2 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store2"), FIREWEED_KEYS=str(tmp_path / "keys2"))
    try:
        yield env2, out, fireweed(env2, "import", str(out))
    finally:
        stop_backend(env2)


def test_export_import_recall_gives_the_same_answers(front, fw_env, tmp_path):
    load(front)
    before = answers(front)
    with imported(fw_env, tmp_path) as (env2, out, r):
        assert r.returncode == 0 and "provenance recorded" in r.stdout, r.stdout + r.stderr
        g = Front(env2)
        try:
            g.initialize()
            assert answers(g) == before
            assert g.call("verify_receipts")["structuredContent"]["failed"] == []
        finally:
            g.close()
        again = fireweed(env2, "import", str(out))
        assert again.returncode == 1 and "not empty" in again.stderr
        # the same with the store's backend stopped: a cold start must not hide what it holds
        stop_backend(env2)
        cold = fireweed(env2, "import", str(out))
        assert cold.returncode == 1 and "not empty" in cold.stderr, cold.stdout + cold.stderr
        g = Front(env2)
        try:
            g.initialize()
            assert g.call("memory_stats")["structuredContent"]["memories"] == 3  # nothing was added twice
        finally:
            g.close()


def test_a_tampered_bundle_is_refused_by_import_and_by_the_verifier(front, fw_env, tmp_path):
    load(front)
    out = tmp_path / "bundle.json"
    assert fireweed(fw_env, "export", "--out", str(out)).returncode == 0
    bad = tmp_path / "bad.json"
    bad.write_bytes(out.read_bytes().replace(b"Leeds depot", b"Leeds dopot", 1))
    assert verify_standalone(str(out)).returncode == 0  # positive control
    assert verify_standalone(str(bad)).returncode != 0
    env2 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "s2"), FIREWEED_KEYS=str(tmp_path / "k2"))
    try:
        r = fireweed(env2, "import", str(bad))
        assert r.returncode == 1 and r.stdout.startswith("REFUSED")
    finally:
        stop_backend(env2)


def test_import_after_an_erasure_restores_the_memory_and_keeps_redacted_parts_redacted(front, fw_env, tmp_path):
    load(front)
    for claim in ["Priya Raman joined Acme in 2019.", "Marcus Webb leads the payments squad."]:
        # evidence without a source: each becomes a one-part source of its own
        assert front.call("remember", {"claim": claim, "evidence": claim})["isError"] is False
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    out = tmp_path / "after.json"
    assert fireweed(fw_env, "export", "--out", str(out)).returncode == 0
    assert verify_standalone(str(out)).returncode == 0
    exported = json.loads(out.read_text())
    redacted_before = sum(1 for s in exported["sources"] for p in s["parts"] if p.get("redacted"))
    assert redacted_before == 3  # two sentences of the note, and Priya's own one-part source
    env2 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store2"), FIREWEED_KEYS=str(tmp_path / "keys2"))
    try:
        # Another install: its tombstones cannot come along (see the next test), so say so.
        r = fireweed(env2, "import", "--drop-tombstones", str(out))
        assert r.returncode == 0 and "provenance recorded" in r.stdout, r.stdout + r.stderr
        g = Front(env2)
        try:
            g.initialize()
            for q in ("Which depot does Dana Whitlock manage?", "What does Marcus Webb lead?"):
                sc = g.call("recall", {"query": q})["structuredContent"]
                assert sc["verdict"] == "answered" and sc["results"][0]["receipt_status"] == "verified", (q, sc)
            assert g.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "abstained"
            assert g.call("verify_receipts")["structuredContent"]["failed"] == []
            # What only an import may do, an agent may not: a source with no text is still refused.
            blank = g.call("add_source", {"source_id": "blank", "text": "     "})
            assert blank["isError"] is True and blank["structuredContent"]["code"] == "bad_source_text"
            assert g.call("add_source", {"source_id": "fine", "text": "Dana Whitlock likes tea."})["isError"] is False
            again = g.call("export_memory", {"path": "again.json"})["structuredContent"]
        finally:
            g.close()
        assert verify_standalone(again["path"]).returncode == 0
        second = json.loads(Path(again["path"]).read_text())
        assert sum(1 for s in second["sources"] for p in s["parts"] if p.get("redacted")) == redacted_before
        # The new store names automatic sources with its own keyed ids; a chosen id is kept.
        old_auto = {s["source_id"] for s in exported["sources"] if s["source_id"].startswith("evidence-")}
        new_ids = {s["source_id"] for s in second["sources"]}
        assert old_auto and not old_auto & new_ids and "note" in new_ids
    finally:
        stop_backend(env2)
    store2 = Path(env2["FIREWEED_STORE"])
    for needle in (b"Priya", b"Harrogate", b"joined Acme"):
        assert not [p for p in store2.rglob("*") if p.is_file() and needle in p.read_bytes()], needle
    assert [p for p in store2.rglob("*") if p.is_file() and b"Marcus Webb leads" in p.read_bytes()]  # control: the search sees text


def test_import_keeps_tombstones_under_the_same_keys_and_refuses_to_drop_them_silently(front, fw_env, tmp_path):
    load(front)
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    out = tmp_path / "after.json"
    assert fireweed(fw_env, "export", "--out", str(out)).returncode == 0
    priya = {"claim": "Priya Raman joined Globex in 2021.", "evidence": "Priya Raman joined Globex in 2021."}
    other = {"claim": "Marcus Webb joined Globex in 2021.", "evidence": "Marcus Webb joined Globex in 2021."}
    # Another install's keys: the tombstone cannot be checked there, so import refuses and imports nothing ...
    env2 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store2"), FIREWEED_KEYS=str(tmp_path / "keys2"))
    # ... the same keys directory (a new store for the same install): the tombstone is carried.
    env3 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store3"))
    try:
        r = fireweed(env2, "import", str(out))
        assert r.returncode == 1 and "tombstone" in r.stderr and "--drop-tombstones" in r.stderr, r.stdout + r.stderr
        # The positive control: told to, it imports, warns, and says so in the provenance.
        r = fireweed(env2, "import", "--drop-tombstones", str(out))
        assert r.returncode == 0 and "WARNING" in r.stderr and "NOT carried" in r.stderr, r.stdout + r.stderr
        g = Front(env2)
        try:
            g.initialize()
            assert g.call("recall", {"query": "Which depot does Dana Whitlock manage?"})["structuredContent"]["verdict"] == "answered"
            assert g.call("remember", priya)["structuredContent"]["verdict"] == "admitted"  # what was given up
        finally:
            g.close()
        r = fireweed(env3, "import", str(out))
        assert r.returncode == 0 and "WARNING" not in r.stderr, r.stdout + r.stderr
        h = Front(env3)
        try:
            h.initialize()
            assert h.call("recall", {"query": "Which depot does Dana Whitlock manage?"})["structuredContent"]["verdict"] == "answered"
            assert h.call("remember", priya)["structuredContent"]["code"] == "previously_erased"
            assert h.call("remember", other)["structuredContent"]["verdict"] == "admitted"  # others are unaffected
            q = h.call("remember", {**priya, "acknowledge_erasure": True})["structuredContent"]
            assert q["verdict"] == "quarantined" and q["code"] == "readmission_requested"
        finally:
            h.close()
        # The tombstone survives a restart of the imported store too (it is in its chain).
        stop_backend(env3)
        h = Front(env3)
        try:
            h.initialize()
            assert h.call("remember", priya)["structuredContent"]["code"] == "previously_erased"
        finally:
            h.close()
    finally:
        stop_backend(env2)
        stop_backend(env3)


def test_import_sets_again_the_legal_holds_of_the_exported_store(front, fw_env, tmp_path):
    load(front)
    r = fireweed(fw_env, "hold", "Dana Whitlock", "--by", "counsel")
    assert r.returncode == 0, r.stdout + r.stderr
    with imported(fw_env, tmp_path) as (env2, _, r):
        assert r.returncode == 0 and "1 legal hold(s) set again" in r.stdout, r.stdout + r.stderr
        g = Front(env2)
        try:
            g.initialize()
            held = g.call("forget", {"subject": "Dana Whitlock"})["structuredContent"]
            assert held["verdict"] == "refused" and held["code"] == "legal_hold"
            free = g.call("forget", {"subject": "Priya Raman"})["structuredContent"]  # the positive: no hold on her
            assert free["verdict"] == "erased", free
        finally:
            g.close()


def test_import_carries_reinforcement_counts(front, fw_env, tmp_path):
    load(front)
    claim = "Dana Whitlock manages the Leeds depot."
    for _ in range(2):  # the same claim twice more: reinforced, not stored again
        front.call("remember", {"claim": claim, "evidence": claim, "source_id": "note"})

    def counts(bundle: Path) -> dict[str, int]:
        return {m["claim"]: m["count"] for m in json.loads(bundle.read_text())["memories"]}

    with imported(fw_env, tmp_path) as (env2, out, r):
        assert r.returncode == 0, r.stdout + r.stderr
        exported = counts(out)
        assert exported[claim] == 3 and sorted(exported.values()) == [1, 1, 3]  # the control: the bundle holds them
        again = tmp_path / "again.json"
        assert fireweed(env2, "export", "--out", str(again)).returncode == 0
        assert counts(again) == exported


def test_export_refuses_to_write_into_the_store_or_the_keys_directory(front, fw_env, tmp_path):
    load(front)
    store, keys = Path(fw_env["FIREWEED_STORE"]), Path(fw_env["FIREWEED_KEYS"])
    ledger = (store / "ledger.db").read_bytes()
    key_files = {p: p.read_bytes() for p in keys.iterdir() if p.is_file()}
    (tmp_path / "sneaky.json").symlink_to(store / "ledger.db")
    targets = [store / "ledger.db", store / "new.json", *key_files, tmp_path / "sneaky.json"]
    for out in targets:
        r = fireweed(fw_env, "export", "--out", str(out))
        assert r.returncode == 1 and "inside the" in r.stderr and "Traceback" not in r.stderr, (out, r.stdout, r.stderr)
    assert not (store / "new.json").exists()
    assert (store / "ledger.db").read_bytes()[:16] == ledger[:16]  # still an SQLite file
    assert all(p.read_bytes() == b for p, b in key_files.items())
    assert fireweed(fw_env, "verify").returncode == 0
    assert front.call("memory_stats")["structuredContent"]["memories"] == 3
    ok = fireweed(fw_env, "export", "--out", str(tmp_path / "bundle.json"))  # the control: elsewhere is fine
    assert ok.returncode == 0 and (tmp_path / "bundle.json").exists(), ok.stderr


def test_import_keeps_an_approval_that_the_firewall_would_quarantine_again(front, fw_env, tmp_path):
    load(front)
    hedged = "Priya Raman might move to the Leeds depot next spring."
    q = front.call("remember", {"claim": hedged, "evidence": hedged})["structuredContent"]
    assert q["verdict"] == "quarantined", q
    waiting = "Dana Whitlock might retire next year."  # the twin: left in review, stays in review
    assert front.call("remember", {"claim": waiting, "evidence": waiting})["structuredContent"]["verdict"] == "quarantined"
    ok = fireweed(fw_env, "review", "approve", q["memory_id"], "--by", "Olga Berg")
    assert ok.returncode == 0, ok.stderr

    def states(bundle: Path) -> dict[str, str]:
        return {m["claim"]: m["state"] for m in json.loads(bundle.read_text())["memories"]}

    with imported(fw_env, tmp_path) as (env2, out, r):
        assert r.returncode == 0, r.stdout + r.stderr
        again = tmp_path / "again.json"
        assert fireweed(env2, "export", "--out", str(again)).returncode == 0
        assert states(out)[hedged] == "active" and states(out)[waiting] == "quarantined"
        assert states(again) == states(out)
        history = next(m["history"] for m in json.loads(again.read_text())["memories"] if m["claim"] == hedged)
        assert any(h["event"] == "review_decided" and "Olga Berg" in h.get("by", "") for h in history), history
