#!/usr/bin/env python3
"""Run the pipeline benchmark matrix and print one table: N = 1, 4, 16 fronts; 1,000 vs 100,000
events already in the ledger; a cold backend start over the large ledger.

Each row is one `fireweed bench --json` run on its own temporary store, so rows do
not disturb each other and every process and directory is cleaned up by the bench.

    .venv/bin/python benchmarks/run_pipeline_bench.py            # the full matrix (a few minutes)
    .venv/bin/python benchmarks/run_pipeline_bench.py --quick    # a small sanity run
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

TARGET_RATE = 2000.0  # durable remembers/s at N = 16
TARGET_RATIO = 0.80  # rate at 100,000 events / rate at 1,000 events
TARGET_COLD_S = 10.0  # cold start over 100,000 events


def bench(clients: int, writes: int, prefill: int = 0) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "fireweed", "bench", "--clients", str(clients), "--writes", str(writes),
           "--prefill", str(prefill), "--json"]
    print(f"... fireweed bench --clients {clients} --writes {writes} --prefill {prefill}", file=sys.stderr, flush=True)
    t = time.monotonic()
    # Every row on a scratch store of its own: never the store (or keys) this shell points at.
    env = {k: v for k, v in os.environ.items() if k not in ("FIREWEED_STORE", "FIREWEED_KEYS", "FIREWEED_TENANT")}
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=sys.stderr, text=True, stdin=subprocess.DEVNULL, env=env)
    if done.returncode != 0:
        raise SystemExit(f"bench failed (exit {done.returncode}): {' '.join(cmd)}")
    print(f"    done in {time.monotonic() - t:.0f}s", file=sys.stderr, flush=True)
    return json.loads(done.stdout)


def _mib(entry: dict[str, int] | None) -> str:
    return f"{entry['rss_kib'] / 1024:.0f}" if entry else "-"


def _front_mib(rss: dict[str, Any]) -> str:
    vals = [x["rss_kib"] for x in rss["fronts"] if x]
    return f"{max(vals) / 1024:.0f}" if vals else "-"


def _verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="small sizes and a 10,000-event 'large' ledger: a sanity run")
    ap.add_argument("--json", metavar="FILE", help="also write every raw result to FILE")
    ns = ap.parse_args()

    total = 600 if ns.quick else 3200  # remembers per row of the N table
    large = 10_000 if ns.quick else 100_000
    scale_writes = 40 if ns.quick else 150  # per front, N = 16, for the 1,000 vs large rows

    rows = {n: bench(n, max(total // n, 1)) for n in (1, 4, 16)}
    small = bench(16, scale_writes, prefill=1_000)
    big = bench(16, scale_writes, prefill=large)

    m, d = rows[1]["machine"], rows[1]["durability"]
    out = [
        f"Fireweed pipeline benchmark: {m['cpu']}, {m['cores']} cores, {m['ram_gib']} GiB RAM, Python {m['python']}",
        f"durability: journal_mode={d['journal_mode']}, synchronous=FULL, group commit; store on {d['filesystem']}, "
        f"4 KiB write+fsync {d['fsync_ms']:.2f} ms",
        "every remember is counted when its ADMITTED reply is back, i.e. after its transaction is durable;",
        "each front keeps 8 requests in flight. Ceiling columns: the same concurrency with no ledger write.",
        "load: the machine's 1-minute load average when each run began (other work competes for the cores).",
        "",
        f"{'fronts':>6} {'remembers/s':>12} {'vs N=1':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} "
        f"{'echo/s':>8} {'ping/s':>8} {'RSS MiB front/decider/writer':>29} {'load':>5}",
    ]
    base = rows[1]["run"]["remembers_per_s"]
    for n, rep in rows.items():
        r, c = rep["run"], rep["ceiling"]
        out.append(
            f"{n:>6} {r['remembers_per_s']:>12,.0f} {r['remembers_per_s'] / base:>6.2f}x {r['p50_ms']:>8.1f} "
            f"{r['p95_ms']:>8.1f} {r['p99_ms']:>8.1f} {c['decider_echo_via_writer']['per_s']:>8,.0f} "
            f"{c['mcp_ping_front_only']['per_s']:>8,.0f} "
            f"{_front_mib(rep['rss']) + ' / ' + _mib(rep['rss']['decider']) + ' / ' + _mib(rep['rss']['writer']):>29}"
            f" {rep['machine']['loadavg_1m']:>5.2f}"
        )
    rate16 = rows[16]["run"]["remembers_per_s"]
    out += [
        "  echo/s: decider op `echo` on the decider socket (decider -> writer ping -> back), no front, no gates, no fsync",
        "  ping/s: MCP `ping` over each front's stdio, answered by the front itself (JSON-RPC + pipe cost only)",
        f"  target at N = 16: >= {TARGET_RATE:,.0f} durable remembers/s: {rate16:,.0f} -> {_verdict(rate16 >= TARGET_RATE)}",
        "",
        f"{'ledger before':>14} {'events during':>14} {'remembers/s':>12} {'p50 ms':>8} {'p99 ms':>8}   (N = 16)",
    ]
    for rep in (small, big):
        r = rep["run"]
        out.append(f"{r['events_before']:>14,} {r['events_before']:>6,}..{r['events_after']:<7,} {r['remembers_per_s']:>12,.0f} "
                   f"{r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f}")
    ratio = big["run"]["remembers_per_s"] / small["run"]["remembers_per_s"]
    out.append(f"  ratio {big['run']['events_before']:,} / {small['run']['events_before']:,} events: {ratio:.2f} "
               f"(target >= {TARGET_RATIO:.2f}) -> {_verdict(ratio >= TARGET_RATIO)}")
    cs = big["cold_start"]
    replay = cs.get("decider_replay") or {}
    cold = cs["first_full_memory_stats_s"]
    out += [
        "",
        f"cold start over {cs['events']:,} events: `fireweed backend start` returned in {cs['backend_start_s']:.2f}s, "
        f"first memory_stats showing every event at {cold:.2f}s"
        + (f" (decider replay {replay['seconds']:.2f}s)" if replay else ""),
        f"  target < {TARGET_COLD_S:.0f}s -> {_verdict(cold < TARGET_COLD_S and cs['events'] >= 100_000)}"
        + ("" if cs["events"] >= 100_000 else " (quick run: ledger under 100,000 events)"),
        f"prefill: {big['prefill']['events']:,} events in {big['prefill']['seconds']:.0f}s "
        f"({big['prefill']['events_per_s']:,.0f} events/s)",
        "",
        "CPU per remember at N = 16 (ms of CPU, and share of one core while measuring):",
    ]
    r16 = rows[16]["run"]
    out.append("  " + ", ".join(f"{k} {v:.2f} ms ({r16['cpu_busy'][k]:.0%})" for k, v in r16["cpu_ms_per_remember"].items())
               + f"; sum {sum(r16['cpu_ms_per_remember'].values()):.2f} ms on {m['cores']} cores "
               f"-> CPU-bound ceiling ~{1000 * m['cores'] / sum(r16['cpu_ms_per_remember'].values()):,.0f}/s")
    print("\n".join(out))
    if ns.json:
        with open(ns.json, "w") as fh:
            json.dump({"n": {str(k): v for k, v in rows.items()}, "small": small, "big": big}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
