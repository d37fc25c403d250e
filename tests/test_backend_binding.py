"""A backend is bound to its store: the store's keys, one backend whatever the caller's
environment, and a writer that cannot start is reported at once, with its cause.

Every test drives real processes (`fireweed serve`, the decider, the writer)."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer import publish
from fireweed.shared import config
from fireweed.shared.proc import lock_holder
from fw import Front, fireweed, opened, stop_backend, store_processes, text_of

ANA = "Ana Lee lives in Oslo."
DAN = "Dan Roe lives in Kiev."


def remember(front: Front, sentence: str, timeout: float = 30) -> dict:
    return front.call("remember", {"claim": sentence, "evidence": sentence}, timeout=timeout)


def status(env: dict[str, str]) -> dict[str, str]:
    out = fireweed(env, "backend", "status").stdout
    return {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in out.splitlines() if ":" in line)}


def key_files(keys: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(keys.iterdir())} if keys.exists() else {}


@pytest.fixture
def other_keys(fw_env: dict[str, str], tmp_path: Path) -> Iterator[dict[str, str]]:
    """The same store as fw_env, served with another keys directory; its backend is stopped afterwards."""
    env = dict(fw_env, FIREWEED_KEYS=str(tmp_path / "keys2"))
    yield env
    stop_backend(env)


# ---- 1. the keys directory must belong to the store ------------------------------------------


def prompt_error(front: Front, tool: str, args: dict) -> dict:
    """Call a tool that must fail, and fail within seconds (never the 120 s a caller used to wait)."""
    t0 = time.monotonic()
    result = front.call(tool, args, timeout=15)
    assert time.monotonic() - t0 < 10
    assert result["isError"] is True, text_of(result)
    return result


def test_a_store_with_history_refuses_a_keys_dir_without_its_keys(fw_env, other_keys, tmp_path):
    store = Path(fw_env["FIREWEED_STORE"])
    with opened(fw_env) as f:
        assert text_of(remember(f, ANA)).startswith("ADMITTED")
        assert text_of(remember(f, DAN)).startswith("ADMITTED")
        assert text_of(f.call("forget", {"subject": "Dan Roe"})).startswith("ERASED")
    assert fireweed(fw_env, "backend", "stop").returncode == 0
    published = (store / "public_key.json").read_bytes()

    with opened(other_keys) as g:
        stats = prompt_error(g, "memory_stats", {})
        text = text_of(stats)
        assert str(tmp_path / "keys2") in text and str(store) in text, text
        # The erased subject is not admitted under keys that cannot recognise its tombstone.
        again = remember(g, DAN, timeout=15)
        assert again["isError"] is True and not text_of(again).startswith("ADMITTED")
    stop_backend(other_keys)
    assert (store / "public_key.json").read_bytes() == published  # never replaced
    assert not (tmp_path / "keys2").exists()  # no keys were minted for a store that has history

    # Positive control: the store's own keys still serve it, tombstone included.
    with opened(fw_env) as h:
        assert h.call("memory_stats")["isError"] is False
        assert "Oslo" in json.dumps(h.call("recall", {"query": "Where does Ana Lee live?"})["structuredContent"])
        assert text_of(remember(h, DAN)).startswith("NOT STORED (previously_erased)")


def test_a_store_refuses_the_keys_of_another_store(fw_env, tmp_path):
    env_b = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store_b"), FIREWEED_KEYS=str(tmp_path / "keys_b"))
    crossed = dict(fw_env, FIREWEED_KEYS=str(tmp_path / "keys_b"))
    try:
        for env in (fw_env, env_b):  # two stores, each with its own keys and one memory
            with opened(env) as f:
                assert text_of(remember(f, ANA)).startswith("ADMITTED")
            assert fireweed(env, "backend", "stop").returncode == 0
        store = Path(fw_env["FIREWEED_STORE"])
        published = (store / "public_key.json").read_bytes()
        keys_b = key_files(tmp_path / "keys_b")

        with opened(crossed) as g:
            stats = g.call("memory_stats", timeout=15)
            assert stats["isError"] is True
            assert "belongs to another store" in text_of(stats), text_of(stats)
            assert "public_key.json" in text_of(stats)
        st = status(crossed)
        assert "belongs to another store" in st.get("writer_failure", ""), st
        stop_backend(crossed)
        assert (store / "public_key.json").read_bytes() == published
        assert key_files(tmp_path / "keys_b") == keys_b  # the other store's keys are untouched

        # Positive control: each store with its own keys.
        for env in (fw_env, env_b):
            with opened(env) as f:
                assert f.call("memory_stats")["isError"] is False
    finally:
        stop_backend(crossed)
        stop_backend(env_b)


def test_a_brand_new_store_with_a_brand_new_keys_dir_just_works(fw_env):
    with opened(fw_env) as f:
        assert text_of(remember(f, ANA)).startswith("ADMITTED")
    published = publish.read_public_key(Path(fw_env["FIREWEED_STORE"]))
    stop_backend(fw_env)
    assert published == Keyring(fw_env["FIREWEED_KEYS"]).public_key_bytes()


def test_a_published_key_is_never_replaced(tmp_path):
    store = tmp_path / "store"
    store.mkdir()
    first, second = bytes(range(32)), bytes(range(1, 33))
    publish.publish_public_key(store, first)
    before = (store / "public_key.json").read_bytes()
    publish.publish_public_key(store, first)  # positive control: the same key again is fine
    with pytest.raises(publish.KeysMismatch):
        publish.publish_public_key(store, second)
    assert (store / "public_key.json").read_bytes() == before


# ---- 2. a writer that cannot start is reported at once ---------------------------------------

def test_a_writer_that_cannot_start_is_reported_promptly_then_recovers(fw_env):
    keys = Path(fw_env["FIREWEED_KEYS"])
    keys.mkdir(mode=0o700)
    os.chmod(keys, 0o755)
    with opened(fw_env) as f:
        for tool, args in (("memory_stats", {}), ("remember", {"claim": ANA, "evidence": ANA})):
            result = prompt_error(f, tool, args)
            text = text_of(result)
            assert "ledger writer cannot start" in text and str(keys) in text and "0755" in text, text
            assert result["structuredContent"]["code"] == "writer_failed"
        st = status(fw_env)
        assert st["writer_ready"] == "False" and str(keys) in st["writer_failure"], st
        # Positive control: once the cause is fixed, the next call works (no restart needed).
        os.chmod(keys, 0o700)
        result = f.call("memory_stats", timeout=15)
        assert result["isError"] is False, text_of(result)
        assert text_of(remember(f, ANA)).startswith("ADMITTED")
        assert status(fw_env)["writer_failure"] == "None"


def test_a_ledger_that_cannot_be_opened_is_reported_and_kept(fw_env):
    store = Path(fw_env["FIREWEED_STORE"])
    store.mkdir(mode=0o700)
    garbage = b"not a ledger " * 500
    (store / "ledger.db").write_bytes(garbage)
    with opened(fw_env) as f:
        result = prompt_error(f, "memory_stats", {})
        assert "ledger" in text_of(result) and "cannot be opened" in text_of(result), text_of(result)
    stop_backend(fw_env)
    assert (store / "ledger.db").read_bytes() == garbage  # never lose stored data, even unreadable
    # Positive control: the same store with a fresh ledger serves.
    (store / "ledger.db").unlink()
    with opened(fw_env) as g:
        assert g.call("memory_stats")["isError"] is False


# ---- 3. one backend per store, whatever the caller's environment ----------------------------

@pytest.fixture
def xdg() -> Iterator[Path]:
    """A private XDG_RUNTIME_DIR short enough for socket paths (tmp_path may not be)."""
    path = Path(tempfile.mkdtemp(prefix="fwx"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_callers_with_different_runtime_dirs_share_one_backend(fw_env, xdg):
    agent = dict(fw_env, XDG_RUNTIME_DIR=str(xdg))
    operator = dict(fw_env)
    operator.pop("XDG_RUNTIME_DIR", None)
    operator.pop("FIREWEED_RUNTIME_DIR", None)
    store = Path(fw_env["FIREWEED_STORE"])
    f = Front(agent)
    try:
        f.initialize()
        assert text_of(remember(f, ANA)).startswith("ADMITTED")
        # The operator, whose environment would compute another runtime directory, finds the backend.
        st = status(operator)
        assert st.get("writer_ready") == "True", st
        decider = lock_holder(store / "decider.lock")  # the decider's lock is in the store
        assert decider and st["decider_pid"] == str(decider), st
        # The sockets stay where the agent's environment put them, in a 0700 directory.
        rt = config.runtime_dir_for(store)
        assert rt.parent == xdg and (rt / "decider.sock").exists()
        assert stat.S_IMODE(os.lstat(rt).st_mode) == 0o700
        assert json.loads((store / config.RUNTIME_RECORD).read_text()) == {"runtime_dir": str(rt)}
        # A second start from the operator's environment starts nothing.
        out = fireweed(operator, "backend", "start")
        assert out.returncode == 0 and "already running" in out.stdout, out
        assert "the review queue is empty" in fireweed(operator, "review", "list").stdout
        assert lock_holder(store / "decider.lock") == decider
        deciders = [p for p in store_processes(fw_env) if b"fireweed.decider" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert deciders == [decider]
        # Positive control: the agent's own front still works on that one backend.
        assert f.call("memory_stats")["isError"] is False
    finally:
        f.close()
        stop_backend(agent)
    assert lock_holder(store / "decider.lock") is None


def test_a_second_decider_leaves_a_serving_one_alone_and_stop_stops_the_store(fw_env, xdg):
    # Fronts whose runtime directories differ take different spawn locks, so on a cold store
    # each group may start a decider. The second must not queue behind the one serving: it
    # would take the store over the moment `backend stop` stopped the first.
    agent = dict(fw_env, XDG_RUNTIME_DIR=str(xdg))
    store = Path(fw_env["FIREWEED_STORE"])
    f = Front(agent)
    try:
        f.initialize()
        assert text_of(remember(f, ANA)).startswith("ADMITTED")
        first = lock_holder(store / "decider.lock")
        assert first  # the instrument sees the decider that serves
        second = subprocess.Popen([sys.executable, "-m", "fireweed.decider"], env=fw_env, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            assert second.wait(timeout=15) == 0  # it saw the store served and left
        finally:
            if second.poll() is None:
                second.kill()
                second.wait()
        assert lock_holder(store / "decider.lock") == first
    finally:
        f.close()
    out = fireweed(agent, "backend", "stop")
    assert out.returncode == 0 and "stopped" in out.stdout, out
    time.sleep(2)
    assert store_processes(fw_env) == []  # nothing came back by itself


def test_a_stale_or_unsafe_runtime_record_is_ignored(fw_env, xdg):
    store = Path(fw_env["FIREWEED_STORE"])
    store.mkdir(mode=0o700)
    record = store / config.RUNTIME_RECORD
    gone = xdg / "gone" / config.computed_runtime_dir(store).name
    record.write_text(json.dumps({"runtime_dir": str(gone)}))
    assert config.recorded_runtime_dir(store) is None  # a directory that no longer exists
    open_dir = xdg / config.computed_runtime_dir(store).name
    open_dir.mkdir(mode=0o755)
    os.chmod(open_dir, 0o755)
    record.write_text(json.dumps({"runtime_dir": str(open_dir)}))
    assert config.recorded_runtime_dir(store) is None  # one that others can reach
    other = xdg / ("0" * 16)
    other.mkdir(mode=0o700)
    record.write_text(json.dumps({"runtime_dir": str(other)}))
    assert config.recorded_runtime_dir(store) is None  # one named for another store
    os.chmod(open_dir, 0o700)
    record.write_text(json.dumps({"runtime_dir": str(open_dir)}))
    assert config.recorded_runtime_dir(store) == open_dir  # positive control: a usable record is used
    record.write_text(json.dumps({"runtime_dir": str(gone)}))
    # A backend started over a stale record listens in its own directory and records it.
    with opened(fw_env) as f:
        assert f.call("memory_stats")["isError"] is False
        assert config.recorded_runtime_dir(store) == config.computed_runtime_dir(store)
