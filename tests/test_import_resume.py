"""An interrupted `fireweed import` (audit 12 defect 1): the tenant it leaves is closed to every other
write and read, and the same command resumes it into exactly what an uninterrupted import gives.

The import is cut at an exact call by the CLI's test hook FIREWEED_TEST_IMPORT_STOP_AFTER (the CLI
dies there as on kill -9), so no test depends on timing; one case also kills the backend with -9."""

from __future__ import annotations

import hashlib
import json
import os
import re
import signal
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import pytest

from fw import backend_pids, fireweed, ledger_rows, opened, stop_backend, wait_for

DOC = "Priya Raman joined Acme Robotics in 2019. Dana Whitlock manages the Leeds depot. Priya Raman lives in Harrogate."
LEEDS = "Dana Whitlock manages the Leeds depot."
NORTH = "Dana Whitlock manages the northern depot."
HARBOUR = "Dana Whitlock manages the harbour depot."
HEDGED = ["Priya Raman might move to York next spring.", "Dana Whitlock might retire next year.",
          "Priya Raman probably sings."]
KILN = "Hester Vane repaired the kiln."
LAMP = "Otto Brill repaired the lamp."
NEWCOMER = {"claim": "Marcus Webb joined Globex in 2021.", "evidence": "Marcus Webb joined Globex in 2021."}


def _sc(front: Any, tool: str, args: dict[str, Any]) -> dict[str, Any]:
    return front.call(tool, args)["structuredContent"]


@pytest.fixture(scope="module")
def source_env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The exporting store, shared by the module: building its bundles takes seconds, and every
    test imports them into stores of its own (with these keys, so the tombstone is carried)."""
    root = tmp_path_factory.mktemp("source")
    env = dict(os.environ, FIREWEED_STORE=str(root / "store"), FIREWEED_KEYS=str(root / "keys"), FIREWEED_IDLE_EXIT="60")
    env.pop("FIREWEED_TENANT", None)
    yield env
    stop_backend(env)


@pytest.fixture(scope="module")
def bundles(source_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two bundles (two exports, so two SHA-256s) of one store holding every kind of thing an import
    restores: sources, a reinforced count, a supersession and a claim stored twice (superseded, then
    again), an approval, a review left open, a rejection, a legal hold and an erasure."""
    env, tmp_path = source_env, tmp_path_factory.mktemp("bundles")
    with opened(env) as f:
        assert _sc(f, "add_source", {"source_id": "note", "text": DOC})["verdict"] == "admitted"
        for claim in DOC.split(". "):
            claim = claim.rstrip(".") + "."
            assert _sc(f, "remember", {"claim": claim, "evidence": claim, "source_id": "note"})["verdict"] == "admitted"
        for _ in range(2):
            assert _sc(f, "remember", {"claim": LEEDS, "evidence": LEEDS, "source_id": "note"})["outcome"] == "reinforced"
        for claim in (NORTH, HARBOUR, NORTH):  # the last is stored anew: the first is superseded
            assert _sc(f, "remember", {"claim": claim, "evidence": claim})["outcome"] == "admitted"
        ids = [_sc(f, "remember", {"claim": c, "evidence": c}) for c in HEDGED]
        assert [q["verdict"] for q in ids] == ["quarantined"] * 3, ids
        for claim in (KILN, LAMP):
            assert _sc(f, "remember", {"claim": claim, "evidence": claim})["verdict"] == "admitted"
    assert fireweed(env, "review", "approve", ids[0]["memory_id"], "--by", "Olga Berg").returncode == 0
    assert fireweed(env, "review", "reject", ids[2]["memory_id"], "--by", "Olga Berg").returncode == 0
    assert fireweed(env, "hold", "Hester Vane", "--by", "counsel").returncode == 0
    with opened(env) as f:
        assert _sc(f, "forget", {"subject": "Otto Brill"})["verdict"] == "erased"
    out = (tmp_path / "bundle1.json", tmp_path / "bundle2.json")
    for path in out:
        r = fireweed(env, "export", "--out", str(path))
        assert r.returncode == 0, r.stdout + r.stderr
    stop_backend(env)  # the imports below share its keys directory (the tombstone is carried)
    claims = [m["claim"] for m in json.loads(out[0].read_text())["memories"]]
    assert claims.count(NORTH) == 2, claims  # the control: the bundle holds the claim twice
    return out


def _env(fw_env: dict[str, str], tmp_path: Path, name: str) -> dict[str, str]:
    """A new store with the exporting store's keys and tenant."""
    return dict(fw_env, FIREWEED_STORE=str(tmp_path / name))


def _calls(bundle: Path) -> int:
    """How many calls an import of the bundle makes after import_start (sources, memories, holds, done)."""
    data = json.loads(bundle.read_text())
    return len(data["sources"]) + len(data["memories"]) + sum(1 for e in data["entities"] if e.get("held")) + 1


def _restored(env: dict[str, str], tmp_path: Path) -> dict[str, Any]:
    """What an import restored, without what legitimately differs between two stores (ids, times,
    salts, hashes): memories in ledger order with states, counts, histories and the links between
    them; entities with their holds; sources; the event kinds in order; the import's provenance."""
    out = tmp_path / f"check-{Path(env['FIREWEED_STORE']).name}.json"
    r = fireweed(env, "export", "--out", str(out))
    assert r.returncode == 0, r.stdout + r.stderr
    data = json.loads(out.read_text())
    memories = data["memories"]
    pos = {m["memory_id"]: i for i, m in enumerate(memories)}
    events = [(e["kind"], json.loads(e["payload"])) for e in data["events"]]

    def reason(text: str | None) -> str | None:  # "superseded by mem_…": the memory's place, not its id
        return re.sub(r"mem_[0-9a-f]+", lambda x: f"#{pos.get(x.group(0))}", text) if text else text

    return {
        "memories": [(m["claim"], m["evidence"], m["state"], m["recorded_state"], reason(m["reason"]), m["count"],
                      m["event_time"], m["source_id"], [pos[x] for x in m["supersedes"]], [pos[x] for x in m["disputes"]],
                      [(h["event"], h["state"], h.get("by")) for h in m["history"]]) for m in memories],
        "entities": sorted((e.get("name"), e.get("kind"), e["held"]) for e in data["entities"]),
        "sources": sorted((s["source_id"], [bool(p.get("redacted")) for p in s["parts"]]) for s in data["sources"]),
        "kinds": [k for k, _ in events],
        "provenance": [p for k, p in events if k == "import_recorded"],
    }


@pytest.fixture(scope="module")
def reference(bundles: tuple[Path, Path], source_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """An uninterrupted import of bundle1, as it is restored."""
    tmp_path = tmp_path_factory.mktemp("reference")
    env = _env(source_env, tmp_path, "reference")
    try:
        r = fireweed(env, "import", str(bundles[0]))
        assert r.returncode == 0, r.stdout + r.stderr
        return _restored(env, tmp_path)
    finally:
        stop_backend(env)


def _interrupted(env: dict[str, str], bundle: Path, after: int) -> None:
    """`fireweed import` dying (as on kill -9) once `after` calls of the import have been answered."""
    r = fireweed(dict(env, FIREWEED_TEST_IMPORT_STOP_AFTER=str(after)), "import", str(bundle))
    assert r.returncode == 137 and "provenance recorded" not in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("cut", ["after_start", "mid_memories", "before_done"])
def test_an_interrupted_import_resumes_into_what_an_uninterrupted_one_restores(bundles, reference, source_env, tmp_path, cut):
    total = _calls(bundles[0])
    sources = len(json.loads(bundles[0].read_text())["sources"])
    after = {"after_start": 0, "mid_memories": sources + 5, "before_done": total - 1}[cut]
    env = _env(source_env, tmp_path, f"resumed-{cut}")
    try:
        _interrupted(env, bundles[0], after)
        assert "import_recorded" not in [k for _, k, _ in ledger_rows(env)]  # the control: it did stop
        if cut == "mid_memories":
            # The backend dies too (kill -9 of writer and decider): the next one must find the
            # unfinished import in the ledger itself.
            pids = backend_pids(env)
            for pid in pids.values():
                if pid:
                    os.kill(pid, signal.SIGKILL)
            wait_for(lambda: not any(backend_pids(env).values()))
        r = fireweed(env, "import", str(bundles[0]))
        assert r.returncode == 0 and "resuming the unfinished import" in r.stdout, r.stdout + r.stderr
        assert "provenance recorded" in r.stdout
        restored = _restored(env, tmp_path)
        for n, (got, want) in enumerate(zip(restored["memories"], reference["memories"])):
            assert got == want, (n, got, want)  # the first memory that differs, readably
        assert restored == reference
    finally:
        stop_backend(env)


def test_a_tenant_being_imported_is_closed_to_agents_and_operators_until_the_import_completes(bundles, source_env, tmp_path):
    env = _env(source_env, tmp_path, "closed")
    try:
        sha = _half_imported(env, bundles[0])
        kinds = [k for _, k, _ in ledger_rows(env)]
        assert kinds[0] == "import_started" and "import_recorded" not in kinds  # the import's first write
        with opened(env) as f:
            for tool, args in (("remember", NEWCOMER), ("recall", {"query": "Which depot does Dana Whitlock manage?"}),
                               ("forget", {"subject": "Priya Raman"}),
                               ("add_source", {"source_id": "memo", "text": "Marcus Webb joined Globex in 2021."})):
                sc = _sc(f, tool, args)
                assert sc["verdict"] == "refused" and sc["code"] == "import_in_progress", (tool, sc)
                assert sc["remedy"] and "fireweed import" in sc["remedy"]
            stats = _sc(f, "memory_stats", {})
            assert stats["importing"] == sha and stats["memories"] == 3
        held = fireweed(env, "hold", "Priya Raman", "--by", "counsel")
        assert held.returncode != 0 and "import_in_progress" in held.stderr and sha in held.stderr, held.stderr
        exported = fireweed(env, "export", "--out", str(tmp_path / "half.json"))
        assert exported.returncode != 0 and "import_in_progress" in exported.stderr, exported.stderr
        assert not (tmp_path / "half.json").exists()
        before = ledger_rows(env)
        # Another bundle (another export of the same store) is refused, naming the unfinished import.
        other = fireweed(env, "import", str(bundles[1]))
        assert other.returncode == 1 and sha in other.stderr and _sha(bundles[1]) in other.stderr, other.stderr
        assert "import_in_progress" in other.stderr and "Traceback" not in other.stderr
        assert ledger_rows(env) == before  # nothing was written by any of the refused calls
        # The twins: once the same bundle's import completes, the same calls work.
        r = fireweed(env, "import", str(bundles[0]))
        assert r.returncode == 0, r.stdout + r.stderr
        with opened(env) as f:
            assert _sc(f, "remember", NEWCOMER)["verdict"] == "admitted"
            assert _sc(f, "recall", {"query": "Which depot does Dana Whitlock manage?"})["verdict"] == "answered"
            assert _sc(f, "memory_stats", {})["importing"] is None
            # what the import carried: the hold and the tombstone
            assert _sc(f, "forget", {"subject": "Hester Vane", "preview": True})["code"] == "legal_hold"
            assert _sc(f, "remember", {"claim": LAMP, "evidence": LAMP})["code"] == "previously_erased"
        assert fireweed(env, "hold", "Priya Raman", "--by", "counsel").returncode == 0
        # A completed import is not resumed: the tenant is not empty, and the rerun says so.
        again = fireweed(env, "import", str(bundles[0]))
        assert again.returncode == 1 and "not empty" in again.stderr and "completed import of this bundle" in again.stderr
    finally:
        stop_backend(env)


def test_an_import_into_an_empty_tenant_still_starts_and_a_used_one_is_still_refused(bundles, source_env, tmp_path):
    env = _env(source_env, tmp_path, "used")
    try:
        with opened(env) as f:
            assert _sc(f, "remember", NEWCOMER)["verdict"] == "admitted"
        r = fireweed(env, "import", str(bundles[0]))
        assert r.returncode == 1 and "not empty" in r.stderr and "resuming" not in r.stdout, r.stdout + r.stderr
        assert [k for _, k, _ in ledger_rows(env)].count("import_started") == 0
    finally:
        stop_backend(env)


def _half_imported(env: dict[str, str], bundle: Path) -> str:
    """Import ``bundle`` into ``env`` and cut it after its sources and three more calls (three
    memories restored); the bundle's SHA-256, which the unfinished import is of."""
    _interrupted(env, bundle, len(json.loads(bundle.read_text())["sources"]) + 3)
    return _sha(bundle)


def _sha(bundle: Path) -> str:
    return hashlib.sha256(bundle.read_bytes()).hexdigest()


def test_an_unfinished_import_whose_bundle_is_lost_can_be_given_up_and_the_tenant_opens_again(bundles, source_env, tmp_path):
    env = _env(source_env, tmp_path, "abandoned")
    try:
        sha = _half_imported(env, bundles[0])
        with opened(env) as f:
            assert _sc(f, "remember", NEWCOMER)["code"] == "import_in_progress"
        held = fireweed(env, "hold", "Priya Raman", "--by", "counsel")  # the operator is told both ways out
        assert held.returncode != 0 and f"--abandon {sha}" in held.stderr, held.stderr
        # refused: no --by, another bundle's SHA-256, a malformed one; none writes anything
        before = ledger_rows(env)
        no_by = fireweed(env, "import", "--abandon", sha)
        assert no_by.returncode != 0 and "--by" in no_by.stderr and "Traceback" not in no_by.stderr, no_by.stderr
        other = fireweed(env, "import", "--abandon", _sha(bundles[1]), "--by", "Olga Berg")
        assert other.returncode == 1 and "import_in_progress" in other.stderr and sha in other.stderr, other.stderr
        bad = fireweed(env, "import", "--abandon", "not-a-sha", "--by", "Olga Berg")
        assert bad.returncode == 1 and "invalid_arguments" in bad.stderr, bad.stderr
        assert ledger_rows(env) == before
        # the twin: the bundle's own SHA-256 gives it up, and the tenant is open again
        r = fireweed(env, "import", "--abandon", sha, "--by", "Olga Berg")
        assert r.returncode == 0 and "3 memories" in r.stdout, r.stdout + r.stderr
        assert [k for _, k, _ in ledger_rows(env)][-1] == "import_abandoned"
        with opened(env) as f:
            assert _sc(f, "remember", NEWCOMER)["verdict"] == "admitted"
            stats = _sc(f, "memory_stats", {})
            assert stats["importing"] is None and stats["memories"] == 4
        again = fireweed(env, "import", "--abandon", sha, "--by", "Olga Berg")
        assert again.returncode == 1 and "not_importing" in again.stderr, again.stderr  # nothing left to give up
        assert fireweed(env, "verify").returncode == 0
    finally:
        stop_backend(env)
