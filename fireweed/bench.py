"""`fireweed bench`: drive real `fireweed serve` fronts concurrently and measure the pipeline.

Everything measured goes through the processes an agent would use: N fronts
spoken to over their stdio, one decider, one ledger writer. A remember is
counted only when its ADMITTED reply is back, and the front answers ADMITTED
only after the writer's transaction is durable, so the rate printed is a rate
of durable writes. Each front keeps a small window of requests in flight, as a
busy agent would, so that the writer's group commit has something to batch.

The same harness (a temporary store, a front driven over stdio, a clean-up that
leaves no process behind) is used by `fireweed demo`.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio

from fireweed.shared.config import Settings, runtime_dir_for
from fireweed.shared.errors import FireweedError, Unavailable
from fireweed.shared.rpc import connect_unix

PROTOCOL = "2025-11-25"
WINDOW = 8  # requests in flight per front while measuring
PREFILL_WINDOW = 32  # the prefill wants events in fast, not a realistic agent
PREFILL_FRONTS = 4
REPLY_TIMEOUT = 120.0


# ---- one real front on stdio ------------------------------------------------
Callback = Callable[[dict[str, Any], float, float], None]


class FrontProcess:
    """A `fireweed serve` child spoken to over newline-delimited JSON-RPC.

    Requests may be pipelined: `send` returns at once and the reader thread
    calls the request's callback with (reply, sent_at, received_at)."""

    def __init__(self, env: dict[str, str], stderr_path: Path) -> None:
        self._stderr = open(stderr_path, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fireweed", "serve"],
            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr,
        )
        self.pid = self.proc.pid
        self.ready = False  # initialized (the MCP handshake is done)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[Callback, float]] = {}
        self.closed = threading.Event()
        threading.Thread(target=self._read, daemon=True, name=f"front-{self.pid}").start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            now = time.perf_counter()
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            with self._lock:
                slot = self._pending.pop(msg.get("id"), None)
            if slot is not None:
                slot[0](msg, slot[1], now)
        self.closed.set()
        # A front that died answers nobody: fail what is still waiting, so no caller hangs.
        with self._lock:
            pending, self._pending = self._pending, {}
        for cb, sent in pending.values():
            cb({"error": {"code": -1, "message": "the front closed its stdout"}}, sent, time.perf_counter())

    def send(self, method: str, params: dict[str, Any] | None, callback: Callback) -> None:
        msg: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        with self._lock:
            if self.closed.is_set():
                raise BrokenPipeError("the front has exited")
            rid = next(self._ids)
            msg["id"] = rid
            data = (json.dumps(msg) + "\n").encode()
            self._pending[rid] = (callback, time.perf_counter())
            assert self.proc.stdin is not None
            self.proc.stdin.write(data)
            self.proc.stdin.flush()

    def notify(self, method: str) -> None:
        with self._lock:
            assert self.proc.stdin is not None
            self.proc.stdin.write((json.dumps({"jsonrpc": "2.0", "method": method}) + "\n").encode())
            self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any] | None = None, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        done = threading.Event()
        box: list[dict[str, Any]] = []

        def got(msg: dict[str, Any], _sent: float, _now: float) -> None:
            box.append(msg)
            done.set()

        self.send(method, params, got)
        if not done.wait(timeout):
            raise TimeoutError(f"no reply to {method} from front {self.pid} within {timeout:.0f}s")
        return box[0]

    def initialize(self) -> dict[str, Any]:
        reply = self.request("initialize", {"protocolVersion": PROTOCOL, "capabilities": {},
                                            "clientInfo": {"name": "fireweed-bench", "version": "0"}})
        if "result" not in reply:
            raise RuntimeError(f"initialize failed: {reply.get('error')}")
        self.notify("notifications/initialized")
        self.ready = True
        return reply["result"]

    def call_tool(self, name: str, arguments: dict[str, Any], timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        reply = self.request("tools/call", {"name": name, "arguments": arguments}, timeout)
        if "result" not in reply:
            raise RuntimeError(f"{name} failed: {reply.get('error')}")
        return reply["result"]

    def close(self, timeout: float = 10.0) -> None:
        try:
            if self.proc.stdin is not None and not self.proc.stdin.closed:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._stderr.close()


# ---- a store that exists only for this run ------------------------------------
@dataclass
class Scratch:
    """The environment for one store, and whether this run owns (and must remove) it."""

    env: dict[str, str]
    store: Path
    keys: Path
    tenant: str
    owned: bool
    dirs: list[Path] = field(default_factory=list)

    @property
    def settings(self) -> Settings:
        return Settings(store=self.store, keys=self.keys, tenant=self.tenant, idle_exit=float(self.env["FIREWEED_IDLE_EXIT"]))

    @property
    def log_dir(self) -> Path:
        return self.dirs[0] if self.dirs else Path(tempfile.gettempdir())


def fireweed_cli(env: dict[str, str], *args: str, timeout: float = 90.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "fireweed", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def store_processes(store: Path) -> list[int]:
    """Live pids whose environment names this store: every process a run started for it."""
    marker = f"FIREWEED_STORE={store}".encode() + b"\0"
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as fh:
                if marker not in fh.read():
                    continue
            with open(f"/proc/{entry}/stat", "rb") as st:
                if st.read().rsplit(b")", 1)[-1].split()[0] != b"Z":
                    found.append(int(entry))
        except OSError:
            continue
    return found


def stop_store(scratch: Scratch) -> None:
    """Stop the store's backend cleanly; for a scratch store, kill anything of ours still alive.

    `backend stop` is asked twice because a backend may still be coming up
    (spawned by a front that has already gone) when the first stop runs."""
    for _ in range(2):
        try:
            fireweed_cli(scratch.env, "backend", "stop", timeout=60)
        except subprocess.TimeoutExpired:
            pass
        if not scratch.owned or not store_processes(scratch.store):
            break
        time.sleep(0.3)
    if scratch.owned:
        # The store path is unique to this run, so whatever still names it is ours.
        for pid in store_processes(scratch.store):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


@contextmanager
def scratch_store(settings: Settings | None = None, prefix: str = "fireweed-", idle_exit: float = 120.0) -> Iterator[Scratch]:
    """A temporary store and keys directory (keys outside the store), removed with its processes on exit.

    With `settings`, that store is used instead and left in place; only its
    backend is stopped at the end."""
    env = dict(os.environ)
    if settings is None:
        base = Path(os.path.realpath(tempfile.mkdtemp(prefix=prefix)))
        keys_base = Path(os.path.realpath(tempfile.mkdtemp(prefix=prefix + "keys-")))
        scratch = Scratch(env, base / "store", keys_base / "keys", "default", True, [base, keys_base])
        # A safety net: should clean-up ever fail, an idle backend still exits by itself.
        env["FIREWEED_IDLE_EXIT"] = str(idle_exit)
    else:
        scratch = Scratch(env, settings.store, settings.keys, settings.tenant, False)
        env["FIREWEED_IDLE_EXIT"] = str(settings.idle_exit)
    env["FIREWEED_STORE"] = str(scratch.store)
    env["FIREWEED_KEYS"] = str(scratch.keys)
    env["FIREWEED_TENANT"] = scratch.tenant
    try:
        yield scratch
    finally:
        stop_store(scratch)
        if scratch.owned:
            shutil.rmtree(runtime_dir_for(scratch.store), ignore_errors=True)
            for d in scratch.dirs:
                shutil.rmtree(d, ignore_errors=True)


# ---- measuring ------------------------------------------------------------------
def percentiles(samples: list[float]) -> dict[str, float]:
    """p50/p95/p99 in milliseconds."""
    if not samples:
        return {"p50_ms": 0.0, "p95_ms": 0.0, "p99_ms": 0.0}
    if len(samples) == 1:
        v = samples[0] * 1000
        return {"p50_ms": v, "p95_ms": v, "p99_ms": v}
    q = statistics.quantiles(samples, n=100, method="inclusive")
    return {"p50_ms": q[49] * 1000, "p95_ms": q[94] * 1000, "p99_ms": q[98] * 1000}


def _head_seq(stats: dict[str, Any]) -> int:
    head = stats.get("head")
    if isinstance(head, dict):
        head = head.get("seq")
    return int(head) if isinstance(head, int) else 0


_FIRST = ("Ada", "Bram", "Cleo", "Dario", "Edda", "Femi", "Greta", "Hugo", "Iris", "Jonas", "Kaia", "Lars",
          "Mira", "Nils", "Otto", "Pavel", "Rhea", "Soren", "Tilda", "Umar")
_SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "be", "da", "fi", "go", "ha", "ju", "ke", "ma")
_ORGS = tuple(f"{a} {b}" for a in ("Vantor", "Lumen", "Corvid", "Hollis", "Brisk", "Orrin", "Talus", "Quill", "Ferro", "Nimbus")
              for b in ("Labs", "Works", "Foundry", "Systems", "Press"))


def person_name(tag: str, front: int, j: int) -> str:
    """A distinct, name-shaped person for every (tag, front, j): new entities, as a real agent makes."""
    n = (front * 1_000_003 + j) * 7 + sum(map(ord, tag))
    syl = []
    while True:
        n, r = divmod(n, len(_SYLLABLES))
        syl.append(_SYLLABLES[r])
        if n == 0:
            break
    return f"{_FIRST[(front + j) % len(_FIRST)]} {''.join(syl).capitalize()}{tag}"


def claim_for(tag: str, front: int, j: int) -> str:
    # A claim equal to its evidence passes every gate; a new person each time (so the
    # projection and the subject keys grow as a real agent's would), a few shared organisations.
    return f"{person_name(tag, front, j)} joined {_ORGS[j % len(_ORGS)]} in {1950 + j % 70}."


@dataclass
class Load:
    """Replies gathered by the driver threads of one phase."""

    latencies: list[float] = field(default_factory=list)
    verdicts: dict[str, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    max_seq: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, msg: dict[str, Any], sent: float, now: float) -> None:
        result = msg.get("result")
        seq = None
        if not isinstance(result, dict):
            verdict, detail = "rpc_error", json.dumps(msg.get("error"))[:300]
        elif "content" in result:  # a tool result: the verdict is in structuredContent
            sc = result.get("structuredContent") or {}
            verdict = str(sc.get("verdict", "?"))
            detail = str((result.get("content") or [{}])[0].get("text", ""))[:300]
            seq = sc.get("seq")
        else:  # ping
            verdict, detail = "ok", ""
        with self.lock:
            self.latencies.append(now - sent)
            self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1
            if isinstance(seq, int) and seq > self.max_seq:
                self.max_seq = seq
            if verdict not in {"admitted", "ok"} and len(self.failures) < 5:
                self.failures.append(f"{verdict}: {detail}")


def drive(fronts: list[FrontProcess], count: int | None, window: int,
          make: Callable[[int, int], tuple[str, dict[str, Any] | None]],
          stop: threading.Event | None = None, load: Load | None = None) -> tuple[Load, float]:
    """Each front sends `count` requests (or until `stop`), `window` in flight; returns the replies and the wall time.

    Pass `load` to watch the replies from another thread while it runs."""
    load = load if load is not None else Load()
    barrier = threading.Barrier(len(fronts) + 1)
    errors: list[BaseException] = []

    def run(i: int, front: FrontProcess) -> None:
        slots = threading.Semaphore(window)

        def done(msg: dict[str, Any], sent: float, now: float) -> None:
            load.record(msg, sent, now)
            slots.release()

        try:
            barrier.wait()
            j = 0
            while (count is None or j < count) and not (stop is not None and stop.is_set()):
                if not slots.acquire(timeout=REPLY_TIMEOUT):
                    raise TimeoutError(f"front {front.pid} answered nothing for {REPLY_TIMEOUT:.0f}s")
                method, params = make(i, j)
                front.send(method, params, done)
                j += 1
            for _ in range(window):  # wait for the last replies
                if not slots.acquire(timeout=REPLY_TIMEOUT):
                    raise TimeoutError(f"front {front.pid} did not answer its last requests")
        except BaseException as exc:  # reported by the caller, which owns clean-up
            errors.append(exc)
            if stop is not None:
                stop.set()

    threads = [threading.Thread(target=run, args=(i, f), daemon=True) for i, f in enumerate(fronts)]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if errors:
        raise RuntimeError(f"load failed: {errors[0]}")
    return load, elapsed


def remember_call(tag: str) -> Callable[[int, int], tuple[str, dict[str, Any]]]:
    def make(i: int, j: int) -> tuple[str, dict[str, Any]]:
        c = claim_for(tag, i, j)
        return "tools/call", {"name": "remember", "arguments": {"claim": c, "evidence": c}}
    return make


def _rate(n: int, elapsed: float) -> float:
    return n / elapsed if elapsed > 0 else 0.0


async def _echo_ceiling(settings: Settings, clients: int, per_client: int, window: int) -> dict[str, Any]:
    """Decider op `echo` straight on the decider socket: decider → writer ping → back, no ledger write."""
    latencies: list[float] = []
    start = anyio.Event()
    ready = 0
    all_ready = anyio.Event()
    t_box: list[float] = []

    async def client() -> None:
        nonlocal ready
        async with connect_unix(settings.decider_socket) as c:
            await c.call("echo", settings.tenant, args={})
            ready += 1
            if ready == clients:
                all_ready.set()
            await start.wait()

            async def worker(n: int) -> None:
                for _ in range(n):
                    t = time.perf_counter()
                    await c.call("echo", settings.tenant, args={})
                    latencies.append(time.perf_counter() - t)

            async with anyio.create_task_group() as tg:
                for k in range(window):
                    tg.start_soon(worker, per_client // window + (1 if k < per_client % window else 0))

    async with anyio.create_task_group() as tg:
        for _ in range(clients):
            tg.start_soon(client)
        await all_ready.wait()
        t_box.append(time.perf_counter())
        start.set()
    elapsed = time.perf_counter() - t_box[0]
    return {"calls": len(latencies), "seconds": elapsed, "per_s": _rate(len(latencies), elapsed), **percentiles(latencies)}


def _rss_kib(pid: int | None) -> dict[str, int] | None:
    if not pid:
        return None
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    out[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        return None
    return {"rss_kib": out.get("VmRSS", 0), "peak_kib": out.get("VmHWM", 0)}


def cpu_seconds(pid: int | None) -> float:
    """utime + stime of one process so far (from /proc), so a phase can be charged per process."""
    if not pid:
        return 0.0
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            fields = fh.read().rsplit(b")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine() -> dict[str, Any]:
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem_kib = 0
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    mem_kib = int(line.split()[1])
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count() or 0, "ram_gib": round(mem_kib / 1024 / 1024, 1),
            "python": sys.version.split()[0],
            # Other work on the machine takes cores from the pipeline; say how busy it was.
            "loadavg_1m": round(os.getloadavg()[0], 2)}


def filesystem_of(path: Path) -> str:
    """The filesystem type under `path` (an fsync on tmpfs costs nothing, so it matters)."""
    best, fstype = "", "unknown"
    target = os.path.realpath(path)
    try:
        with open("/proc/mounts") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) >= 3 and (target == parts[1] or target.startswith(parts[1].rstrip("/") + "/")) and len(parts[1]) > len(best):
                    best, fstype = parts[1], parts[2]
    except OSError:
        pass
    return fstype


def fsync_probe(directory: Path, rounds: int = 30) -> float:
    """Median seconds for a 4 KiB write + fsync here: the cost group commit amortises."""
    path = directory / ".fsync-probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        samples = []
        block = b"\0" * 4096
        for _ in range(rounds):
            t = time.perf_counter()
            os.write(fd, block)
            os.fsync(fd)
            samples.append(time.perf_counter() - t)
    finally:
        os.close(fd)
        path.unlink(missing_ok=True)
    return statistics.median(samples)


class Bench:
    """One benchmark run on one store: fronts, phases, measurements, clean-up."""

    def __init__(self, scratch: Scratch, log: Callable[[str], None]) -> None:
        self.s = scratch
        self.log = log
        self.fronts: list[FrontProcess] = []
        self._phase = int(time.time()) % 500  # tags differ between runs on one --store too

    def tag(self) -> str:
        """Two lowercase letters, new for each phase, so no phase repeats another's claims."""
        self._phase += 1
        return "".join(chr(97 + d) for d in divmod(self._phase % 676, 26))

    # fronts
    def open_fronts(self, n: int) -> list[FrontProcess]:
        while len(self.fronts) < n:
            self.fronts.append(FrontProcess(self.s.env, self.s.log_dir / "fronts.log"))
        for f in self.fronts[:n]:
            if not f.ready:
                f.initialize()
        return self.fronts[:n]

    def close_fronts(self) -> None:
        for f in self.fronts:
            f.close()
        self.fronts = []

    def stats(self) -> dict[str, Any]:
        front = self.open_fronts(1)[0]
        return front.call_tool("memory_stats", {}).get("structuredContent") or {}

    # phases
    def warm_up(self, n: int) -> None:
        """First calls load the gates' tables and open every front's backend connection."""
        fronts = self.open_fronts(n)
        drive(fronts, 3, 3, remember_call(self.tag()))

    def prefill(self, target_events: int) -> dict[str, Any]:
        """Remember until the ledger holds about `target_events` events (a few fronts, a wide window).

        It runs in rounds, each issuing what the last round's events-per-remember
        says is still missing, so a wide window does not overshoot a small target."""
        head0 = head = _head_seq(self.stats())
        fronts = self.open_fronts(PREFILL_FRONTS)
        per, admitted, elapsed = 3.0, 0, 0.0
        while head < target_events:
            want = max(1, round((target_events - head) / per))
            per_front = -(-want // len(fronts))
            used = fronts[: max(1, min(len(fronts), want))]
            load = Load()
            stop = threading.Event()

            def watch(load: Load = load, stop: threading.Event = stop) -> None:
                while not stop.wait(10):
                    self.log(f"  prefill: at seq {load.max_seq:,} of {target_events:,} events")

            watcher = threading.Thread(target=watch, daemon=True)
            watcher.start()
            try:
                _, took = drive(used, per_front if want >= len(used) else 1, PREFILL_WINDOW, remember_call(self.tag()), None, load)
            finally:
                stop.set()
                watcher.join()
            if load.failures:
                raise RuntimeError(f"prefill: a remember was not admitted: {load.failures[0]}")
            after = _head_seq(self.stats())
            done = load.verdicts.get("admitted", 0)
            if after <= head or not done:
                raise RuntimeError("prefill: the ledger did not grow")
            per = (after - head) / done
            head, admitted, elapsed = after, admitted + done, elapsed + took
        return {"events": head, "remembers": admitted, "seconds": elapsed,
                "events_per_s": _rate(head - head0, elapsed), "remembers_per_s": _rate(admitted, elapsed)}

    def measure(self, clients: int, writes: int) -> dict[str, Any]:
        fronts = self.open_fronts(clients)
        self.warm_up(clients)
        before = _head_seq(self.stats())
        pids = self.backend_pids()
        cpu0 = self._cpu(fronts, pids)
        load, elapsed = drive(fronts, writes, WINDOW, remember_call(self.tag()))
        cpu1 = self._cpu(fronts, pids)
        after = _head_seq(self.stats())
        admitted = load.verdicts.get("admitted", 0)
        per = max(admitted, 1)
        return {
            # Where the time goes: CPU milliseconds each kind of process spent per admitted remember.
            "cpu_ms_per_remember": {k: (cpu1[k] - cpu0[k]) * 1000 / per for k in cpu0},
            "cpu_busy": {k: (cpu1[k] - cpu0[k]) / elapsed if elapsed else 0.0 for k in cpu0},
            "clients": clients, "writes_per_client": writes, "window": WINDOW,
            "admitted": admitted, "not_admitted": sum(v for k, v in load.verdicts.items() if k != "admitted"),
            "failures": load.failures, "seconds": elapsed, "remembers_per_s": _rate(admitted, elapsed),
            "events_before": before, "events_after": after,
            "events_per_remember": (after - before) / admitted if admitted else 0.0,
            **percentiles(load.latencies),
        }

    def ceiling(self, clients: int, calls: int) -> dict[str, Any]:
        fronts = self.open_fronts(clients)
        ping, elapsed = drive(fronts, calls, WINDOW, lambda i, j: ("ping", None))
        ping_result = {"calls": len(ping.latencies), "seconds": elapsed, "per_s": _rate(len(ping.latencies), elapsed),
                       **percentiles(ping.latencies)}
        echo = anyio.run(_echo_ceiling, self.s.settings, clients, calls, WINDOW)
        return {"mcp_ping_front_only": ping_result, "decider_echo_via_writer": echo}

    @staticmethod
    def _cpu(fronts: list[FrontProcess], pids: dict[str, int | None]) -> dict[str, float]:
        t = os.times()
        return {
            "fronts": sum(cpu_seconds(f.pid) for f in fronts),
            "decider": cpu_seconds(pids["decider"]),
            "writer": cpu_seconds(pids["writer"]),
            "bench_client": t.user + t.system,
        }

    def backend_pids(self) -> dict[str, int | None]:
        out = fireweed_cli(self.s.env, "backend", "status", timeout=30).stdout
        pids: dict[str, int | None] = {"decider": None, "writer": None}
        for key in pids:
            m = re.search(rf"^{key}_pid\s*:\s*(\d+)", out, re.M)
            if m:
                pids[key] = int(m.group(1))
        return pids

    def rss(self) -> dict[str, Any]:
        pids = self.backend_pids()
        return {
            "fronts": [_rss_kib(f.pid) for f in self.fronts],
            "decider": _rss_kib(pids["decider"]),
            "writer": _rss_kib(pids["writer"]),
            "pids": {**pids, "fronts": [f.pid for f in self.fronts]},
        }

    def cold_start(self) -> dict[str, Any]:
        """Stop the backend, then time `fireweed backend start` and the first memory_stats that sees every event."""
        expected = _head_seq(self.stats())
        self.close_fronts()
        stopped = fireweed_cli(self.s.env, "backend", "stop", timeout=60)
        if stopped.returncode != 0:
            raise RuntimeError(f"backend stop failed: {stopped.stderr.strip()}")
        t0 = time.perf_counter()
        started = fireweed_cli(self.s.env, "backend", "start", timeout=120)
        t_cli = time.perf_counter() - t0
        if started.returncode != 0:
            raise RuntimeError(f"backend start failed: {started.stderr.strip()}")
        head, stats_s = anyio.run(_first_full_stats, self.s.settings, expected, t0)
        replay = None
        for line in reversed(self.s.settings.log_path.read_text(errors="replace").splitlines()):
            m = re.search(r"replayed (\d+) events in ([\d.]+)s", line)
            if m:
                replay = {"events": int(m.group(1)), "seconds": float(m.group(2))}
                break
        return {"events": expected, "backend_start_s": t_cli, "first_full_memory_stats_s": stats_s,
                "head_seen": head, "decider_replay": replay}


async def _first_full_stats(settings: Settings, expected: int, t0: float) -> tuple[int, float]:
    # `echo` waits until the decider has its writer and has replayed; memory_stats
    # must then report the head that was there before the stop.
    deadline = time.monotonic() + 120
    head = -1
    while time.monotonic() < deadline:
        try:
            async with connect_unix(settings.decider_socket) as c:
                await c.call("echo", settings.tenant, args={})
                stats = await c.call("memory_stats", settings.tenant, args={})
                head = _head_seq(stats)
                if head >= expected:
                    return head, time.perf_counter() - t0
        except (Unavailable, FireweedError):
            pass
        await anyio.sleep(0.02)
    raise RuntimeError(f"the restarted backend did not report head {expected} within 120s (saw {head})")


# ---- the command -----------------------------------------------------------------
def _mib(kib: int) -> str:
    return f"{kib / 1024:.0f}"


def _rss_line(entry: dict[str, int] | None) -> str:
    if not entry:
        return "n/a"
    return f"{_mib(entry['rss_kib'])} MiB (peak {_mib(entry['peak_kib'])})"


def render(report: dict[str, Any]) -> str:
    m, d, r = report["machine"], report["durability"], report["run"]
    lines = [
        "Fireweed pipeline bench",
        f"machine     : {m['cpu']}, {m['cores']} cores, {m['ram_gib']} GiB RAM, Python {m['python']}; "
        f"load average {m['loadavg_1m']} when the run began",
        f"store       : {report['store']} ({d['filesystem']})",
        f"durability  : journal_mode={d['journal_mode']}, synchronous=FULL, group commit in the ledger writer; "
        f"a 4 KiB write+fsync here takes {d['fsync_ms']:.2f} ms (so at most ~{d['unbatched_commits_per_s']:,.0f} unbatched commits/s)",
    ]
    p = report.get("prefill")
    if p:
        lines.append(f"prefill     : {p['events']:,} events in the ledger ({p['remembers']:,} remembers in {p['seconds']:.1f}s, "
                     f"{p['events_per_s']:,.0f} events/s)")
    lines += [
        f"load        : {r['clients']} front(s) x {r['writes_per_client']} remember, {r['window']} in flight per front; "
        f"{r['events_per_remember']:.2f} ledger events per remember",
        f"sizes       : ledger {r['events_before']:,} -> {r['events_after']:,} events; ledger.db {report['ledger_mib']:.1f} MiB",
        f"throughput  : {r['remembers_per_s']:,.0f} durable remembers/s ({r['admitted']:,} ADMITTED in {r['seconds']:.2f}s; "
        f"{r['not_admitted']} not admitted)",
        f"latency     : p50 {r['p50_ms']:.1f} ms  p95 {r['p95_ms']:.1f} ms  p99 {r['p99_ms']:.1f} ms  (request written -> ADMITTED read, per front)",
    ]
    cpu = r.get("cpu_ms_per_remember")
    if cpu:
        busy = r["cpu_busy"]
        lines.append("cpu/remember: " + ", ".join(f"{k} {v:.2f} ms ({busy[k]:.0%} of a core)" for k, v in cpu.items())
                     + f"; {m['cores']} cores in all")
    for f in r["failures"]:
        lines.append(f"  not admitted: {f}")
    c = report["ceiling"]
    e, pg = c["decider_echo_via_writer"], c["mcp_ping_front_only"]
    lines += [
        "ceiling     : (the same concurrency, no ledger write)",
        f"  decider echo : {e['per_s']:,.0f}/s  p50 {e['p50_ms']:.2f} ms  p99 {e['p99_ms']:.2f} ms  "
        "(decider socket -> decider -> writer ping -> back; no front, no gates, no fsync)",
        f"  MCP ping     : {pg['per_s']:,.0f}/s  p50 {pg['p50_ms']:.2f} ms  p99 {pg['p99_ms']:.2f} ms  "
        "(stdio JSON-RPC through each front, answered by the front itself)",
    ]
    rss = report["rss"]
    fronts = [x for x in rss["fronts"] if x]
    if fronts:
        vals = sorted(x["rss_kib"] for x in fronts)
        lines.append(f"RSS         : fronts {len(vals)} x {_mib(vals[0])}..{_mib(vals[-1])} MiB (total {_mib(sum(vals))}); "
                     f"decider {_rss_line(rss['decider'])}; writer {_rss_line(rss['writer'])}")
    cs = report.get("cold_start")
    if cs:
        rp = cs.get("decider_replay") or {}
        lines.append(f"cold start  : {cs['events']:,} events: `backend start` {cs['backend_start_s']:.2f}s; "
                     f"first memory_stats showing every event at {cs['first_full_memory_stats_s']:.2f}s"
                     + (f"; decider log: replayed {rp['events']:,} events in {rp['seconds']:.2f}s" if rp else ""))
    return "\n".join(lines)


def _journal_mode(path: Path) -> str:
    import sqlite3

    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
        finally:
            conn.close()
    except sqlite3.Error:
        return "unknown"


def bench_report(scratch: Scratch, clients: int, writes: int, prefill: int,
                 log: Callable[[str], None], cold_start: bool = True) -> dict[str, Any]:
    """Run every phase on `scratch`'s store and return the numbers (no clean-up: the caller owns it)."""
    b = Bench(scratch, log)
    try:
        log(f"starting {clients} front(s) on {scratch.store}")
        b.open_fronts(max(clients, 1))
        report: dict[str, Any] = {"machine": machine(), "store": str(scratch.store)}
        if prefill:
            log(f"prefilling to {prefill:,} events")
            report["prefill"] = b.prefill(prefill)
        log(f"measuring {clients} x {writes} remember")
        report["run"] = b.measure(clients, writes)
        report["rss"] = b.rss()
        log("measuring the transport ceiling")
        report["ceiling"] = b.ceiling(clients, max(writes, 50))
        fsync_s = fsync_probe(scratch.store)
        report["durability"] = {
            "journal_mode": _journal_mode(scratch.settings.ledger_path), "synchronous": "FULL",
            "group_commit": True, "filesystem": filesystem_of(scratch.store),
            "fsync_ms": fsync_s * 1000, "unbatched_commits_per_s": 1 / fsync_s if fsync_s else 0.0,
        }
        report["ledger_mib"] = sum(p.stat().st_size for p in scratch.store.glob("ledger.db*")) / 2**20
        if cold_start:
            log("measuring a cold backend start")
            report["cold_start"] = b.cold_start()
        return report
    finally:
        b.close_fronts()


def run_bench(settings: Settings | None, clients: int, writes: int, prefill: int, as_json: bool) -> int:
    """`fireweed bench`: spawn `clients` fronts, `writes` remember each, and print what was measured."""
    if clients < 1 or writes < 1 or prefill < 0:
        print("fireweed: error: --clients and --writes must be at least 1, --prefill at least 0", file=sys.stderr)
        return 2

    def log(message: str) -> None:
        print(f"bench: {message}", file=sys.stderr, flush=True)

    try:
        with scratch_store(settings, prefix="fireweed-bench-") as scratch:
            report = bench_report(scratch, clients, writes, prefill, log)
    except (RuntimeError, TimeoutError, OSError, FireweedError) as exc:
        print(f"fireweed: error: bench failed: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(report, indent=2) if as_json else render(report))
    return 0
