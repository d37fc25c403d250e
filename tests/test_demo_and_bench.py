"""Smoke tests for `fireweed demo` and `fireweed bench`: they run, say what they must, and leave nothing behind.

No speed is asserted: the bench is a measurement, not a test. TMPDIR points
into the test's directory, so the temporary stores both commands create can be
checked for removal, and their processes found by the store path they carry.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def _run(tmp_path: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["TMPDIR"] = str(tmp_path)
    for name in ("FIREWEED_STORE", "FIREWEED_KEYS", "FIREWEED_TENANT"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "fireweed", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def _processes_under(root: Path) -> list[int]:
    marker = f"FIREWEED_STORE={root}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as fh:
                if marker in fh.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


def _assert_clean(tmp_path: Path) -> None:
    assert _processes_under(tmp_path) == []
    assert list(tmp_path.iterdir()) == []


def test_demo_shows_admitted_and_refused(tmp_path: Path) -> None:
    done = _run(tmp_path, "demo")
    assert done.returncode == 0, done.stderr
    assert "ADMITTED" in done.stdout
    assert "REFUSED (numeral_invented)" in done.stdout
    assert "REFUSED (relation_transposed)" in done.stdout
    assert "→ tools/list" in done.stdout
    _assert_clean(tmp_path)


def test_demo_offers_no_store_flags_and_refuses_them(tmp_path: Path) -> None:
    # It always runs on a temporary store: flags naming one would be silently ignored (audit 10 defect 9).
    helptext = _run(tmp_path, "demo", "--help").stdout
    assert "usage: fireweed demo" in helptext and not any(f in helptext for f in ("--store", "--keys", "--tenant"))
    for flag in ("--store", "--keys", "--tenant"):
        named = tmp_path / "named"
        done = _run(tmp_path, "demo", flag, str(named) if flag != "--tenant" else "t1")
        assert done.returncode == 2 and f"unrecognized arguments: {flag}" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
    _assert_clean(tmp_path)
    done = _run(tmp_path, "demo")  # the positive twin: without them, the demo runs
    assert done.returncode == 0 and "ADMITTED" in done.stdout, done.stderr
    _assert_clean(tmp_path)


def test_bench_prints_a_throughput_line(tmp_path: Path) -> None:
    done = _run(tmp_path, "bench", "--clients", "2", "--writes", "20")
    assert done.returncode == 0, done.stderr
    lines = {line.split(":", 1)[0].strip(): line for line in done.stdout.splitlines() if ":" in line}
    assert "durable remembers/s" in lines["throughput"]
    assert "40 ADMITTED" in lines["throughput"]
    assert "p99" in lines["latency"]
    assert "decider echo" in done.stdout and "MCP ping" in done.stdout
    _assert_clean(tmp_path)


def test_stage_costs_benchmark_runs_every_stage_and_cleans_up(tmp_path: Path) -> None:
    # benchmarks/stage_costs.py reuses the decider's, front's and writer's own objects; this keeps it
    # from rotting when they change. It asserts what was run, never how fast.
    env = dict(os.environ, TMPDIR=str(tmp_path))
    script = Path(__file__).resolve().parent.parent / "benchmarks" / "stage_costs.py"
    done = subprocess.run([sys.executable, str(script), "--remembers", "40", "--prefill", "10", "--window", "8"],
                          env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    for stage in ("front", "decider", "writer"):
        assert float(rows[stage][1]) > 0
    assert "40 remembers after 10" in done.stdout
    assert list(tmp_path.iterdir()) == []  # its temporary store and keys are gone


def test_a_terminated_bench_stops_the_fronts_and_backend_it_started(tmp_path: Path) -> None:
    env = dict(os.environ, TMPDIR=str(tmp_path))
    for name in ("FIREWEED_STORE", "FIREWEED_KEYS", "FIREWEED_TENANT"):
        env.pop(name, None)
    bench = subprocess.Popen([sys.executable, "-m", "fireweed", "bench", "--clients", "2", "--writes", "1000000"],
                             env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True)
    try:
        assert bench.stderr is not None
        for line in bench.stderr:
            if line.startswith("bench: measuring"):
                break
        # the instrument sees what is running: the two fronts and the backend (which the fronts may
        # still be bringing up when the first measurement starts, on a loaded machine)
        deadline = time.monotonic() + 60
        while len(_processes_under(tmp_path)) < 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(_processes_under(tmp_path)) >= 3
        bench.terminate()
        bench.stderr.read()
        assert bench.wait(timeout=60) == 128 + 15
    finally:
        if bench.poll() is None:
            bench.kill()
            bench.wait()
        left = _processes_under(tmp_path)
        for pid in left:  # stop what the bench failed to stop before failing on it
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert left == []
    assert list(tmp_path.iterdir()) == []
