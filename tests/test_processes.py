"""The three processes as a user sees them: sharing, restarts, kill -9, isolation of files and sockets."""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import json
import threading
import time
from pathlib import Path

import pytest

from fireweed.shared.config import runtime_dir_for
from fw import Front, backend_pids, fireweed, ledger_rows, stop_backend, text_of, wait_for


def claim(i: int) -> dict[str, str]:
    sentence = f"Person{i} Tester joined Example Org in {2000 + i % 20}."
    return {"claim": sentence, "evidence": sentence}


def status(env: dict[str, str]) -> dict[str, str]:
    out = fireweed(env, "backend", "status").stdout
    return {k.strip(): v.strip() for k, v in (line.split(":", 1) for line in out.splitlines() if ":" in line)}


def test_two_fronts_started_together_share_one_backend(fw_env):
    a, b = Front(fw_env), Front(fw_env)
    try:
        a.initialize()
        b.initialize()
        first = a.call("remember", claim(1))
        second = b.call("remember", claim(2))
        assert first["isError"] is False and second["isError"] is False
        pids = backend_pids(fw_env)
        assert pids["decider"] and pids["writer"]
        assert int(status(fw_env)["fronts"]) == 2
        # Both wrote into one chain: the second write follows the first in it.
        seqs = [r[0] for r in ledger_rows(fw_env)]
        assert seqs == list(range(1, len(seqs) + 1))
        assert first["structuredContent"]["seq"] < second["structuredContent"]["seq"] == seqs[-1]
    finally:
        a.close()
        b.close()


def test_restart_keeps_memory_and_chain(fw_env):
    f = Front(fw_env)
    f.initialize()
    first = f.call("remember", claim(1))["structuredContent"]
    f.close()
    assert fireweed(fw_env, "backend", "stop").returncode == 0
    assert backend_pids(fw_env) == {"decider": None, "writer": None}
    g = Front(fw_env)
    try:
        g.initialize()
        stats = g.call("memory_stats")["structuredContent"]
        assert stats["head"]["seq"] == first["seq"] and stats["head"]["hash"] == first["hash"]
        again = g.call("remember", claim(2))["structuredContent"]
        assert again["seq"] > first["seq"]
        assert [r[0] for r in ledger_rows(fw_env)] == list(range(1, again["seq"] + 1))
    finally:
        g.close()
    assert fireweed(fw_env, "verify").returncode == 0


def test_backend_exits_when_idle(fw_env):
    env = dict(fw_env, FIREWEED_IDLE_EXIT="1")
    f = Front(env)
    f.initialize()
    f.call("memory_stats")
    assert backend_pids(env)["decider"]
    f.close()
    wait_for(lambda: backend_pids(env) == {"decider": None, "writer": None}, timeout=20)


def test_an_open_operator_connection_keeps_an_idle_backend_up(fw_env):
    # An import or export speaks only to the operator socket and may outlast the idle time.
    import time

    import anyio

    from fireweed.shared.rpc import connect_unix

    env = dict(fw_env, FIREWEED_IDLE_EXIT="1")
    assert fireweed(env, "backend", "start").returncode == 0
    socket_path = runtime_dir_for(Path(env["FIREWEED_STORE"])) / "operator.sock"

    async def hold() -> dict:
        async with connect_unix(socket_path) as client:
            await anyio.sleep(3)  # three idle times with no front
            return await client.call("status", "default", args={})

    status = anyio.run(hold)
    assert status["writer_ready"] is True and backend_pids(env)["decider"]
    # the positive: once the operator has gone, the idle backend exits
    t0 = time.monotonic()
    wait_for(lambda: backend_pids(env) == {"decider": None, "writer": None}, timeout=20)
    assert time.monotonic() - t0 < 15


@pytest.mark.parametrize("victim", ["writer", "decider"])
def test_kill_9_mid_session_gives_a_clear_error_then_works(fw_env, victim):
    f = Front(fw_env)
    try:
        f.initialize()
        acked = [f.call("remember", claim(i))["structuredContent"] for i in range(3)]
        pid = backend_pids(fw_env)[victim]
        os.kill(pid, signal.SIGKILL)
        # The next calls either fail with a clear, typed error or succeed once the backend is back.
        outcomes = []
        for i in range(3, 8):
            result = f.call("remember", claim(i), timeout=60)
            outcomes.append(result)
            if result["isError"]:
                assert text_of(result).startswith("ERROR (unavailable)"), text_of(result)
                # a write that failed this way may have been committed first: the answer says so
                assert "may or may not have been recorded" in text_of(result), text_of(result)
        assert not outcomes[-1]["isError"], text_of(outcomes[-1])
        stats = f.call("memory_stats", timeout=60)  # the read-only twin is simply retried
        assert not stats["isError"], text_of(stats)
        seqs = {(r[0], r[2].hex()) for r in ledger_rows(fw_env)}
        for a in acked:
            assert (a["seq"], a["hash"]) in seqs
        new_pid = backend_pids(fw_env)[victim]
        assert new_pid and new_pid != pid
    finally:
        f.close()
    assert fireweed(fw_env, "verify").returncode == 0


def test_kill_9_of_the_writer_under_concurrent_load_loses_nothing_acknowledged(fw_env):
    fronts = [Front(fw_env) for _ in range(3)]
    acked: list[dict] = []
    lock = threading.Lock()
    for f in fronts:
        f.initialize()
    fronts[0].call("memory_stats")

    def drive(k: int, f: Front) -> None:
        for i in range(40):
            result = f.call("remember", claim(k * 1000 + i), timeout=60)
            if not result["isError"]:
                with lock:
                    acked.append(result["structuredContent"])

    threads = [threading.Thread(target=drive, args=(k, f)) for k, f in enumerate(fronts)]
    for t in threads:
        t.start()
    wait_for(lambda: len(acked) >= 15, timeout=60, step=0.01)
    os.kill(backend_pids(fw_env)["writer"], signal.SIGKILL)
    for t in threads:
        t.join(120)
    for f in fronts:
        f.close()
    rows = {(seq, digest.hex()) for seq, _kind, digest in ledger_rows(fw_env)}
    missing = [a for a in acked if (a["seq"], a["hash"]) not in rows]
    assert not missing
    assert len(acked) > 15  # writes went on after the kill
    assert fireweed(fw_env, "verify").returncode == 0


def _open_files(pid: int) -> list[str]:
    out = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            out.append(os.readlink(f"/proc/{pid}/fd/{fd}"))
        except OSError:
            pass
    return out


def test_only_the_writer_holds_the_database_and_keys(fw_env, front):
    front.call("remember", claim(1))
    store, keys = Path(fw_env["FIREWEED_STORE"]), Path(fw_env["FIREWEED_KEYS"])
    pids = backend_pids(fw_env)

    def touches(pid: int, prefix: Path, name: str = "") -> list[str]:
        return [p for p in _open_files(pid) if p.startswith(str(prefix)) and name in p]

    writer_db = touches(pids["writer"], store, "ledger.db")
    assert writer_db, "positive control: the writer must hold the ledger open"
    for who, pid in (("front", front.proc.pid), ("decider", pids["decider"])):
        assert touches(pid, store, "ledger.db") == [], who
        assert touches(pid, keys) == [], who
    # The front holds no store file at all except the shared log; the decider also holds its
    # lock (a pid, nothing more), which lives in the store so that a store has one decider.
    assert all(p.endswith("backend.log") for p in touches(front.proc.pid, store)), touches(front.proc.pid, store)
    held = touches(pids["decider"], store)
    assert all(p.endswith("backend.log") or p == str(store / "decider.lock") for p in held), held


def _frame(obj: dict) -> bytes:
    body = json.dumps(obj).encode()
    return struct.pack(">I", len(body)) + body


def _read_frame(s: socket.socket) -> dict | None:
    header = s.recv(4)
    if len(header) < 4:
        return None
    (n,) = struct.unpack(">I", header)
    data = b""
    while len(data) < n:
        chunk = s.recv(n - len(data))
        if not chunk:
            break
        data += chunk
    return json.loads(data)


@pytest.mark.parametrize("first", [
    {"op": "auth", "id": 1, "tenant": "default", "secret": "0" * 64},
    {"op": "auth", "id": 1, "tenant": "default"},
    {"op": "append", "id": 1, "tenant": "default", "events": [{"kind": "erased", "payload": {}}]},
])
def test_writer_refuses_a_connection_without_the_secret_and_keeps_serving(fw_env, front, first):
    front.call("remember", claim(1))
    before = ledger_rows(fw_env)
    sock_path = runtime_dir_for(Path(fw_env["FIREWEED_STORE"])) / "writer.sock"
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(str(sock_path))
        s.sendall(_frame(first))
        reply = _read_frame(s)
        assert reply is not None and reply["ok"] is False and reply["error"]["code"] == "refused"
        # A follow-up on the same connection goes nowhere.
        try:
            s.sendall(_frame({"op": "heads", "id": 2, "tenant": "default"}))
            assert _read_frame(s) is None
        except (BrokenPipeError, ConnectionResetError):
            pass
    assert ledger_rows(fw_env) == before  # nothing was written
    assert front.call("remember", claim(2))["isError"] is False  # and the writer still serves its decider


def test_runtime_directory_is_private(fw_env, front):
    front.call("memory_stats")
    rt = runtime_dir_for(Path(fw_env["FIREWEED_STORE"]))
    assert (os.stat(rt).st_mode & 0o777) == 0o700
    for name in ("decider.sock", "operator.sock", "writer.sock"):
        assert (rt / name).exists()


def _created_names(fd: int) -> list[str]:
    """Names from the IN_CREATE events waiting on an inotify descriptor, in order."""
    names, data = [], b""
    try:
        while chunk := os.read(fd, 65536):
            data += chunk
    except BlockingIOError:
        pass
    while data:
        _wd, _mask, _cookie, length = struct.unpack_from("iIII", data)
        names.append(data[16:16 + length].rstrip(b"\0").decode())
        data = data[16 + length:]
    return names


def test_backend_start_finds_the_operator_socket_once_the_front_socket_answers(fw_env):
    # `backend start` waits until the front socket accepts, then asks the operator socket at once;
    # the decider used to make the operator socket second, so that ask could find no socket there.
    import ctypes

    from fireweed.shared.config import ensure_private_dir

    rt = runtime_dir_for(Path(fw_env["FIREWEED_STORE"]))
    ensure_private_dir(rt)
    libc = ctypes.CDLL(None, use_errno=True)
    fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    assert fd >= 0
    try:
        assert libc.inotify_add_watch(fd, bytes(rt), 0x100) >= 0  # IN_CREATE
        done = fireweed(fw_env, "backend", "start")
        assert done.returncode == 0 and done.stdout.startswith("started"), done.stderr
        created = [n for n in _created_names(fd) if n.endswith(".sock")]
    finally:
        os.close(fd)
    assert "decider.sock" in created and "operator.sock" in created, created
    assert created.index("operator.sock") < created.index("decider.sock"), created


def _tamper(env: dict[str, str], sql: str, *args: object) -> None:
    conn = sqlite3.connect(Path(env["FIREWEED_STORE"]) / "ledger.db")
    conn.execute(sql, args)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("attack", ["flip", "delete", "swap"])
def test_verify_finds_the_first_bad_row(fw_env, attack):
    f = Front(fw_env)
    f.initialize()
    for i in range(4):
        f.call("remember", claim(i))
    f.close()
    fireweed(fw_env, "backend", "stop")
    good = fireweed(fw_env, "verify")
    head = len(ledger_rows(fw_env))
    assert head >= 8 and good.returncode == 0 and f"default: head seq {head}" in good.stdout  # positive control first
    if attack == "flip":
        conn = sqlite3.connect(Path(fw_env["FIREWEED_STORE"]) / "ledger.db")
        payload = bytearray(conn.execute("SELECT payload FROM events WHERE tenant='default' AND seq=5").fetchone()[0])
        payload[len(payload) // 2] ^= 0x01
        conn.execute("UPDATE events SET payload=? WHERE tenant='default' AND seq=5", (bytes(payload),))
        conn.commit()
        conn.close()
        want = "seq=5"
    elif attack == "delete":
        _tamper(fw_env, "DELETE FROM events WHERE tenant='default' AND seq=3")
        want = "seq=3"
    else:
        conn = sqlite3.connect(Path(fw_env["FIREWEED_STORE"]) / "ledger.db")
        r4 = conn.execute("SELECT kind, payload, prev_hash, hash, recorded_at FROM events WHERE seq=4").fetchone()
        r6 = conn.execute("SELECT kind, payload, prev_hash, hash, recorded_at FROM events WHERE seq=6").fetchone()
        for seq, row in ((4, r6), (6, r4)):
            conn.execute("UPDATE events SET kind=?, payload=?, prev_hash=?, hash=?, recorded_at=? WHERE seq=?", (*row, seq))
        conn.commit()
        conn.close()
        want = "seq=4"
    bad = fireweed(fw_env, "verify")
    assert bad.returncode == 1 and "tenant=default" in bad.stdout and want in bad.stdout, bad.stdout


def test_keys_inside_the_store_are_refused(tmp_path):
    env = dict(os.environ, FIREWEED_STORE=str(tmp_path / "store"), FIREWEED_KEYS=str(tmp_path / "store" / "keys"))
    for args in (["verify"], ["backend", "status"]):
        r = fireweed(env, *args)
        assert r.returncode == 2 and "inside the store" in r.stderr and "Traceback" not in r.stderr
    r = fireweed(env, "serve", input="")
    assert r.returncode == 2 and "inside the store" in r.stderr and r.stdout == ""


def test_a_symlinked_keys_directory_is_refused_and_its_target_is_not(tmp_path):
    real = tmp_path / "keys"
    real.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(real)
    env = dict(os.environ, FIREWEED_STORE=str(tmp_path / "store"), FIREWEED_KEYS=str(tmp_path / "link"),
               FIREWEED_IDLE_EXIT="5")
    for args in (["verify"], ["backend", "start"]):
        r = fireweed(env, *args)
        assert r.returncode == 2 and "symbolic link" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert list(real.iterdir()) == []  # nothing was written through the link
    env["FIREWEED_KEYS"] = str(real)  # the control: the directory itself is used
    try:
        r = fireweed(env, "backend", "start")
        assert r.returncode == 0, r.stderr
        assert list(real.iterdir())
    finally:
        stop_backend(env)


def test_bad_tenant_name_is_a_clear_error(fw_env):
    r = fireweed(dict(fw_env, FIREWEED_TENANT="../evil"), "backend", "status")
    assert r.returncode == 2 and "tenant" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("cmd", [[], ["serve"], ["backend"], ["verify"], ["demo"], ["bench"]])
def test_every_subcommand_has_help(cmd):
    r = fireweed(dict(os.environ), *cmd, "--help")
    assert r.returncode == 0 and "usage:" in r.stdout and len(r.stdout.splitlines()) > 3


@pytest.mark.parametrize("entry, allowed", [
    ("fireweed.decider.__main__", "fireweed.decider"),
    ("fireweed.proposer_api.serve", "fireweed.proposer_api"),
])
def test_the_front_and_the_decider_load_no_writer_database_or_crypto_code(entry: str, allowed: str) -> None:
    probe = ("import sys, importlib; importlib.import_module(sys.argv[1]); "
             "print('\\n'.join(sorted(sys.modules)))")

    def loaded(module: str) -> set[str]:
        out = subprocess.run([sys.executable, "-c", probe, module], capture_output=True, text=True, check=True)
        return set(out.stdout.split())

    writer = loaded("fireweed.ledger_writer.__main__")  # control: the probe does see what the writer loads
    assert {"aiosqlite", "sqlite3", "nacl"} <= writer
    mods = loaded(entry)
    forbidden = {m for m in mods if m.split(".")[0] in ("aiosqlite", "sqlite3", "_sqlite3", "nacl")
                 or (m.startswith("fireweed.") and m.split(".")[1] in ("ledger_writer", "decider", "proposer_api")
                     and not m.startswith(allowed))}
    assert not forbidden


def test_backend_stop_also_stops_a_decider_that_takes_the_store_while_stop_waits(fw_env):
    # A decider queued on the store lock took the store as the stopped one let go, reviving the
    # backend; `backend stop`, having found nobody listening, then waited 30s for a lock that the
    # new decider would never give up.
    from fireweed.shared.proc import try_lock

    store = Path(fw_env["FIREWEED_STORE"])
    store.mkdir(mode=0o700, parents=True)
    held = try_lock(store / "decider.lock")  # stands for a predecessor still shutting down
    assert held is not None
    queued = subprocess.Popen([sys.executable, "-m", "fireweed.decider"], env=fw_env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(1.5)  # the queued decider is up and polling for the lock
        done: list[subprocess.CompletedProcess[str]] = []
        stopper = threading.Thread(target=lambda: done.append(fireweed(fw_env, "backend", "stop", timeout=60)))
        stopper.start()
        time.sleep(1.0)
        os.close(held)  # the predecessor is gone: the queued decider may take the store now
        stopper.join(60)
        assert done and done[0].returncode == 0 and "stopped" in done[0].stdout, done
        assert queued.wait(timeout=20) == 0
        log = (store / "logs" / "backend.log").read_text()
        assert "stopped while this decider waited" in log and "serving" not in log, log
        # a backend started after the stop is not held back by it
        started = fireweed(fw_env, "backend", "start")
        assert started.returncode == 0 and started.stdout.startswith("started"), started.stderr
    finally:
        if queued.poll() is None:
            queued.kill()
            queued.wait()
