"""Test helpers: real `fireweed serve` processes spoken to over real stdio."""

from __future__ import annotations

import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from fireweed import bench
from fireweed.shared.proc import lock_holder

PY = sys.executable
TIMEOUT = 30.0


def fireweed(env: dict[str, str], *args: str, timeout: float = 60, input: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([PY, "-m", "fireweed", *args], env=env, capture_output=True, text=True, timeout=timeout,
                          input=input, stdin=None if input is not None else subprocess.DEVNULL)


class Front:
    """One agent: a `fireweed serve` process with line-oriented JSON-RPC on its pipes."""

    def __init__(self, env: dict[str, str], extra_args: tuple[str, ...] = ()) -> None:
        self.proc = subprocess.Popen([PY, "-m", "fireweed", "serve", *extra_args], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines: queue.Queue[bytes] = queue.Queue()
        self.raw_out: list[bytes] = []
        self._ids = 1000
        threading.Thread(target=self._pump, daemon=True).start()
        self.stderr_lines: list[bytes] = []
        threading.Thread(target=self._pump_err, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        try:
            for line in self.proc.stdout:
                self.raw_out.append(line)
                self.lines.put(line)
        except (ValueError, OSError):
            pass  # the pipe was closed by close() while this thread read it
        self.lines.put(b"")

    def _pump_err(self) -> None:
        assert self.proc.stderr is not None
        try:
            for line in self.proc.stderr:
                self.stderr_lines.append(line)
        except (ValueError, OSError):
            pass  # closed by close() while being read

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, message: Any) -> None:
        self.send_raw((json.dumps(message) + "\n").encode())

    def read(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        line = self.lines.get(timeout=timeout)
        if not line:
            raise EOFError("front closed stdout")
        return json.loads(line)

    def read_none(self, wait: float) -> None:
        """Assert nothing arrives within `wait` seconds."""
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            return
        raise AssertionError(f"unexpected message: {line[:300]!r}")

    def next_id(self) -> int:
        self._ids += 1
        return self._ids

    def request(self, method: str, params: dict[str, Any] | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        rid = self.next_id()
        msg: dict[str, Any] = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        reply = self.read(timeout)
        assert reply.get("id") == rid, reply
        return reply

    def initialize(self, version: str = "2025-11-25") -> dict[str, Any]:
        reply = self.request("initialize", {"protocolVersion": version, "capabilities": {},
                                            "clientInfo": {"name": "pytest", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def call(self, name: str, arguments: dict[str, Any] | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        reply = self.request("tools/call", {"name": name, "arguments": arguments or {}}, timeout)
        assert "result" in reply, reply
        return reply["result"]

    def close(self, timeout: float = 10) -> int:
        if self.proc.stdin and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:
                pass
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise


@contextmanager
def opened(env: dict[str, str]) -> Iterator[Front]:
    """A front on ``env``, initialised, and closed when the block ends (however it ends)."""
    f = Front(env)
    try:
        f.initialize()
        yield f
    finally:
        f.close()


def backend_pids(env: dict[str, str]) -> dict[str, int | None]:
    store = Path(env["FIREWEED_STORE"])
    return {
        "decider": lock_holder(store / "decider.lock"),
        "writer": lock_holder(store / "writer.lock"),
    }


def wait_for(predicate: Any, timeout: float = TIMEOUT, step: float = 0.05) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("condition not reached in time")


def stop_backend(env: dict[str, str]) -> None:
    """Stop the store's backend cleanly; kill whatever is left so no test leaks a process.

    A backend may still be coming up (spawned by a front that has already
    exited), so look for every process started for this store, twice in a row."""
    quiet = 0
    deadline = time.monotonic() + 30
    while quiet < 2 and time.monotonic() < deadline:
        if store_processes(env):
            quiet = 0
            try:
                fireweed(env, "backend", "stop", timeout=40)
            except subprocess.TimeoutExpired:
                break
        else:
            quiet += 1
        time.sleep(0.03)  # two quiet looks in a row: a spawning front is itself a store process
    for pid in store_processes(env):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def store_processes(env: dict[str, str]) -> list[int]:
    """Pids of our own processes whose environment names this store."""
    return bench.store_processes(Path(env["FIREWEED_STORE"]))


def ledger_rows(env: dict[str, str], tenant: str = "default") -> list[tuple[int, str, bytes]]:
    path = Path(env["FIREWEED_STORE"]) / "ledger.db"
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return [(r[0], r[1], bytes(r[2])) for r in conn.execute(
            "SELECT seq, kind, hash FROM events WHERE tenant=? ORDER BY seq", (tenant,))]
    finally:
        conn.close()


def text_of(result: dict[str, Any]) -> str:
    return result["content"][0]["text"]
