"""Where the pipeline's CPU goes, by process kind and by library, sampled with Linux `perf`.

`fireweed bench` says how much CPU each process kind spends per remember; this says what that CPU
is spent in. It starts `fireweed bench --clients N --writes M` on a temporary store, waits until the
measured phase has begun, samples every CPU with `perf record -a` for a few seconds, and prints each
process kind's share of all samples split by the library the sample fell in: the CPython interpreter
(libpython), the kernel, libc (malloc, memcpy), SQLite, the JSON encoder's C code, and cryptography
(libsodium, OpenSSL, cffi). Idle time is its own row.

It answers one question: would a faster SQLite, cipher or transport change the rate, or is the
time Python bytecode? Samples are statistical (about 500 per second per CPU); a share below a few
tenths of a percent is noise.

Needs `perf` on PATH and permission to sample the whole system (root, or
kernel.perf_event_paranoid <= 0). Without them it says so and exits 2.

Usage: python benchmarks/where_cpu_goes.py [--clients 16] [--writes 1500] [--seconds 6]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIREWEED = [sys.executable, "-m", "fireweed"]

# Library (perf's "dso") -> the column it is counted in.
_COLUMNS = ("python", "kernel", "libc", "sqlite", "json", "crypto", "other")


def _column(dso: str) -> str:
    if dso.startswith("libpython") or dso.startswith("_asyncio") or dso == "python3" or dso.startswith("python3."):
        return "python"
    if dso.startswith("[kernel") or dso == "[vdso]":
        return "kernel"
    if dso.startswith("libc.") or dso.startswith("libm.") or dso.startswith("ld-linux"):
        return "libc"
    if "sqlite" in dso:
        return "sqlite"
    if dso.startswith("_json"):
        return "json"
    if "crypto" in dso or "sodium" in dso or "cffi" in dso or dso.startswith("_hashlib") or "ssl" in dso:
        return "crypto"
    return "other"


def _kind_of(pid: int, bench_pid: int) -> str | None:
    """The process kind of a pid, from its command line (None: not part of the pipeline)."""
    if pid == bench_pid:
        return "bench client"
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    words = [a.decode(errors="replace") for a in argv]
    if "fireweed.decider" in words:
        return "decider"
    if "fireweed.ledger_writer" in words:
        return "writer"
    if "serve" in words and any(w.endswith("fireweed") for w in words):
        return "front"
    return None


def _thread_kinds(bench_pid: int) -> dict[int, str]:
    """Every thread id of every pipeline process, with the process's kind (perf reports threads)."""
    out: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        kind = _kind_of(int(entry), bench_pid)
        if kind is None:
            continue
        try:
            for tid in os.listdir(f"/proc/{entry}/task"):
                out[int(tid)] = kind
        except OSError:
            pass
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--writes", type=int, default=1500, help="per front; enough that the phase outlasts the sampling")
    parser.add_argument("--seconds", type=float, default=6.0, help="how long to sample")
    args = parser.parse_args()
    perf = shutil.which("perf")
    if perf is None:
        print("where_cpu_goes: `perf` is not on PATH (linux-tools); nothing measured", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="fw-cpu-") as tmp:
        env = {**os.environ, "FIREWEED_STORE": f"{tmp}/store", "FIREWEED_KEYS": f"{tmp}/keys"}
        bench = subprocess.Popen([*FIREWEED, "bench", "--clients", str(args.clients), "--writes", str(args.writes)],
                                 cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        data = f"{tmp}/perf.data"
        report = ""
        try:
            assert bench.stderr is not None
            for line in bench.stderr:  # the bench says when its measured phase begins
                if "bench: measuring" in line and "remember" in line:
                    break
            else:
                print("where_cpu_goes: the bench ended before its measured phase", file=sys.stderr)
                return 1
            time.sleep(1.0)  # past the phase's first replies
            kinds = _thread_kinds(bench.pid)
            rec = subprocess.run([perf, "record", "-a", "-F", "499", "-o", data, "--", "sleep", str(args.seconds)],
                                 capture_output=True, text=True)
            if rec.returncode != 0:
                print(f"where_cpu_goes: perf record failed (permission? see kernel.perf_event_paranoid):\n"
                      f"{rec.stderr.strip()[-500:]}", file=sys.stderr)
                return 2
            kinds.update(_thread_kinds(bench.pid))  # threads started while sampling
            report = subprocess.run([perf, "report", "-i", data, "--no-children", "--sort", "pid,dso", "--stdio",
                                     "-g", "none"], capture_output=True, text=True).stdout
            bench_out, _ = bench.communicate(timeout=600)
        finally:
            if bench.poll() is None:
                bench.kill()
                bench.wait()
            subprocess.run([*FIREWEED, "backend", "stop"], cwd=ROOT, env=env, capture_output=True)

    table: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    line_re = re.compile(r"^\s*([\d.]+)%\s+(\d+):(\S+)\s+(\S+)")
    for line in report.splitlines():
        m = line_re.match(line)
        if not m:
            continue
        share, tid, dso = float(m.group(1)), int(m.group(2)), m.group(4)
        kind = "idle" if tid == 0 else kinds.get(tid, "other processes")
        table[kind][_column(dso)] += share

    print(f"Where the CPU goes: fireweed bench --clients {args.clients}, {args.seconds:g} s of `perf record -a` "
          f"in the measured phase")
    for ln in bench_out.splitlines():
        if ln.startswith(("machine", "durability", "throughput", "cpu/remember")):
            print("  " + ln)
    print()
    print("share of all CPU samples (both cores), by process kind and library")
    print(f"{'process':<16}" + "".join(f"{c:>9}" for c in _COLUMNS) + f"{'total':>9}")
    order = ["front", "decider", "writer", "bench client", "other processes", "idle"]
    totals: dict[str, float] = defaultdict(float)
    for kind in order:
        row = table.get(kind)
        if not row:
            continue
        print(f"{kind:<16}" + "".join(f"{row.get(c, 0.0):>8.1f}%" for c in _COLUMNS) + f"{sum(row.values()):>8.1f}%")
        for c, v in row.items():
            totals[c] += v
    print(f"{'all':<16}" + "".join(f"{totals.get(c, 0.0):>8.1f}%" for c in _COLUMNS) + f"{sum(totals.values()):>8.1f}%")
    print("  python: the CPython interpreter (bytecode, objects, the collector); json: the C encoder/decoder;")
    print("  crypto: libsodium, OpenSSL (SHA-256) and cffi; the fronts are all 'front' processes together.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
