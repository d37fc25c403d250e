"""What one remember costs in each process's own code, measured in-process.

`fireweed bench` reports the CPU each process kind spends per remember inside the
running pipeline. This benchmark runs the same code of each stage in one process,
one stage at a time, with no sockets, no other processes and no scheduler between
them, and reports CPU per remember for each. The difference between the two is
what the pipeline adds: frames and sockets, wake-ups, and caches that the other
processes on the same cores have emptied in between.

Stages, for the bench's workload (a new person per claim, the claim its own evidence):
- front: `Session.handle_line` for a `tools/call remember`, with the decider's reply
  handed back at once (recorded in the decider stage), the reply written to /dev/null;
- decider: `FrontOps.op_remember` on a live projection, with a stand-in writer that
  answers `prepare_source` and `append` at once (JSON-encoded both ways, as on the wire);
- writer: `WriterOps` on a real store in a temporary directory: `prepare_source`, then
  the decider's `append`, `--window` in flight so group commit batches them as in the
  pipeline, WAL and synchronous=FULL; its CPU includes the SQLite thread.

With `--pipeline`, it then runs `fireweed bench --clients 16` and prints, per process
kind, the pipeline's CPU per remember beside the in-process figure and their ratio.

Usage: python benchmarks/stage_costs.py [--remembers N] [--prefill P] [--window W] [--pipeline]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import anyio  # noqa: E402

from fireweed.bench import claim_for, machine  # noqa: E402
from fireweed.decider.core import Decider  # noqa: E402
from fireweed.decider.front_ops import FrontOps  # noqa: E402
from fireweed.shared.config import resolve_settings  # noqa: E402

TENANT = "default"


class StandInWriter:
    """Answers the decider's two writer calls of a quoted remember at once, and records them."""

    is_closed = False

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def call(self, op: str, tenant: str, **fields: Any) -> dict[str, Any]:
        wait = await self.send_request(op, tenant, **fields)
        return await wait()

    async def send_request(self, op: str, tenant: str, **fields: Any) -> Any:
        return self.queue_request(op, tenant, **fields)

    def queue_request(self, op: str, tenant: str, **fields: Any) -> Any:
        wire = json.dumps({"op": op, "id": 1, "tenant": tenant, **fields})  # what the frame costs to make
        self.calls.append((op, json.loads(wire)))
        if op == "prepare_source":
            data = fields["text"].encode("utf-8")
            leaf = hashlib.sha256(b"\x00" + os.urandom(32) + data).hexdigest()
            sid = _stand_in_id(fields)
            receipt = {"source_id": sid, "root": leaf, "size": 1, "byte_start": 0,
                       "byte_end": len(data), "parts": [0], "leaves": [leaf], "proofs": [[]]}
            result: dict[str, Any] = {"source_id": sid, "exists": False, "root": leaf, "size": 1,
                                      "leaves": [leaf], "located": {"found": True, "receipt": receipt,
                                                                    "span": fields["text"],
                                                                    "part_spans": [[0, len(data)]],
                                                                    "part_texts": [fields["text"]]}}
        elif op == "append":
            result = {"events": [{"tenant": tenant, "seq": e["seq"], "kind": e["kind"],
                                  "recorded_at": e["recorded_at"], "hash": "00" * 32} for e in fields["events"]]}
        else:
            result = {}
        reply = json.loads(json.dumps({"id": 1, "ok": True, "result": result}))["result"]

        async def wait() -> dict[str, Any]:
            await anyio.lowlevel.checkpoint()
            return reply

        return wait


def _claims(tag: str, n: int) -> list[str]:
    return [claim_for(tag, j % 16, j) for j in range(n)]


async def decider_stage(n: int, prefill: int, env: dict[str, str]) -> tuple[float, list[dict[str, Any]], list[Any], int]:
    os.environ.update(env)
    decider = Decider(resolve_settings())
    writer = StandInWriter()
    decider.writer = writer  # type: ignore[assignment]
    decider.ready.set()
    ops = FrontOps(decider)
    for claim in _claims("p", prefill):
        await ops.op_remember(TENANT, {"claim": claim, "evidence": claim})
    measured_from = len(writer.calls)
    claims = _claims("m", n)
    gc.collect()
    results = []
    t0 = time.process_time()
    for claim in claims:
        results.append(await ops.op_remember(TENANT, {"claim": claim, "evidence": claim}))
    cpu = time.process_time() - t0
    bad = [r for r in results if r.get("verdict") != "admitted"]
    if bad:
        raise SystemExit(f"the decider stage did not admit: {bad[0]}")
    return cpu / n, results, writer.calls, measured_from


async def front_stage(results: list[dict[str, Any]]) -> float:
    from fireweed.proposer_api.mcp_session import Output, Session

    replies = iter(results)

    class Link:
        async def call(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
            await anyio.lowlevel.checkpoint()
            return json.loads(json.dumps(next(replies)))  # the reply frame, decoded

    fd = os.open(os.devnull, os.O_WRONLY)
    try:
        async with anyio.create_task_group() as tg:
            session = Session(Output(fd), Link(), tg)  # type: ignore[arg-type]
            await session.handle_line(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                                                  "params": {"protocolVersion": "2025-06-18"}}).encode())
            lines = [json.dumps({"jsonrpc": "2.0", "id": i + 1, "method": "tools/call",
                                 "params": {"name": "remember", "arguments": {"claim": r["claim"], "evidence": r["claim"]}}}
                                ).encode() + b"\n" for i, r in enumerate(results)]
            gc.collect()
            t0 = time.process_time()
            for line in lines:
                await session.handle_line(line)
                while len(session.in_flight) >= 8:
                    await anyio.lowlevel.checkpoint()
            while session.in_flight:
                await anyio.lowlevel.checkpoint()
            return (time.process_time() - t0) / len(lines)
    finally:
        os.close(fd)


def _stand_in_id(fields: dict[str, Any]) -> str:
    """The stand-in writer's id for a source the decider asked it to name (the real one is keyed)."""
    return fields.get("source_id") or f"{fields['auto']}-" + hashlib.sha256(fields["text"].encode("utf-8")).hexdigest()[:32]


def _swap_source_id(value: Any, old: str, new: str) -> None:
    """Put the writer's source id where the stand-in's was."""
    if isinstance(value, dict):
        if value.get("source_id") == old:
            value["source_id"] = new
        for v in value.values():
            _swap_source_id(v, old, new)
    elif isinstance(value, list):
        for v in value:
            _swap_source_id(v, old, new)


def _swap_root(value: Any, root: str) -> None:
    """Put the writer's root (and, for a one-part source, its one leaf) where the stand-in's were."""
    if isinstance(value, dict):
        if "root" in value:
            value["root"] = root
            if value.get("size") == 1:
                value["leaves"] = [root]  # the root of a one-leaf tree is that leaf's hash
        for v in value.values():
            _swap_root(v, root)
    elif isinstance(value, list):
        for v in value:
            _swap_root(v, root)


async def writer_stage(calls: list[tuple[str, dict[str, Any]]], measured_from: int, window: int,
                       env: dict[str, str]) -> tuple[float, float]:
    """CPU per remember of the writer's ops on a real store (the prefill's calls first, not
    measured), and the mean group-commit batch of the measured ones."""
    from fireweed.ledger_writer.erasure import Erasure
    from fireweed.ledger_writer.exporting import Exporter
    from fireweed.ledger_writer.keyring import Keyring
    from fireweed.ledger_writer.ledger import Ledger
    from fireweed.ledger_writer.operations import WriterOps
    from fireweed.ledger_writer.sealing import Sealer
    from fireweed.ledger_writer.source_store import SourceStore

    store, keys = Path(env["FIREWEED_STORE"]), Path(env["FIREWEED_KEYS"])
    store.mkdir(parents=True, exist_ok=True)
    keyring = Keyring(keys)
    sealer = Sealer(keyring)
    ledger = await Ledger.open(store / "writer_stage.db")
    ledger.sealer = sealer.seal
    ledger.before_batch = sealer.prepare_batch
    sources = SourceStore(ledger, keyring.auto_source_id)
    erasure = Erasure(ledger, sealer, keyring, store)

    def apply(*args: Any) -> None:
        sources.apply(*args)
        erasure.apply(*args)

    ledger.applier = apply
    ledger.after_commit = erasure.after_commit
    ops = WriterOps(ledger, sources, erasure, Exporter(ledger, sealer, keyring, store))
    pairs = [(calls[i][1], calls[i + 1][1]) for i in range(0, len(calls), 2)]
    assert all(p["op"] == "prepare_source" and a["op"] == "append" for p, a in pairs), "unexpected writer calls"
    slots = anyio.Semaphore(window)

    async def run(chunk: list[tuple[dict[str, Any], dict[str, Any]]]) -> None:
        async with anyio.create_task_group() as work:
            for prepare, append in chunk:
                await slots.acquire()
                work.start_soon(one, prepare, append)

    async def one(prepare: dict[str, Any], append: dict[str, Any]) -> None:
        try:
            prepared = ops.start("prepare_source", TENANT, prepare)
            assert isinstance(prepared, dict)
            # The decider's plan quoted the stand-in's root; put in the real one, as the decider would
            # have. The stand-in numbered nothing, so the writer numbers the events.
            for ev in append["events"]:
                ev.pop("seq", None)
                _swap_root(ev["payload"], prepared["root"])
                _swap_source_id(ev["payload"], _stand_in_id(prepare), prepared["source_id"])
            await ops.start("append", TENANT, append)  # type: ignore[misc]
        finally:
            slots.release()

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            await run(pairs[: measured_from // 2])
            measured = pairs[measured_from // 2:]
            gc.collect()
            batches0 = ledger.batches
            t0 = time.process_time()
            await run(measured)
            cpu = time.process_time() - t0
            batches = ledger.batches - batches0
            tg.cancel_scope.cancel()
    finally:
        await ledger.close()
    return cpu / len(measured), len(measured) / max(1, batches)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--remembers", type=int, default=3000)
    parser.add_argument("--prefill", type=int, default=1000, help="remembers already in the projection")
    parser.add_argument("--window", type=int, default=128, help="appends in flight at the writer (16 fronts x 8)")
    parser.add_argument("--pipeline", action="store_true",
                        help="also run `fireweed bench --clients 16 --writes 300` and compare")
    a = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fw-stage-") as base:
        env = {"FIREWEED_STORE": str(Path(base) / "store"), "FIREWEED_KEYS": str(Path(base) / "keys")}
        dec, results, calls, measured_from = anyio.run(decider_stage, a.remembers, a.prefill, env)
        front = anyio.run(front_stage, results)
        writer, batch = anyio.run(writer_stage, calls, measured_from, a.window, env)
    m = machine()
    total = front + dec + writer
    print("Fireweed stage costs: CPU per remember of each process's own code, in-process")
    print(f"machine: {m['cpu']}, {m['cores']} cores, Python {platform.python_version()}; "
          f"{a.remembers:,} remembers after {a.prefill:,}; writer: WAL, synchronous=FULL, "
          f"{a.window} appends in flight, {batch:.1f} remembers per commit")
    stages = {"front": front, "decider": dec, "writer": writer}
    piped = _pipeline() if a.pipeline else None
    if piped is None:
        print(f"{'stage':<10} {'ms/remember':>12}")
        for name, v in stages.items():
            print(f"{name:<10} {v * 1000:>12.3f}")
    else:
        print(f"{'stage':<10} {'ms/remember':>12} {'in the pipeline (N = 16)':>26} {'ratio':>7}")
        for name, v in stages.items():
            p = piped[name]
            print(f"{name:<10} {v * 1000:>12.3f} {p:>26.3f} {p / (v * 1000):>6.1f}x")
        print(f"{'client':<10} {'':>12} {piped['bench_client']:>26.3f}")
        print(f"pipeline: {piped['rate']:,.0f} durable remembers/s, {sum(piped[k] for k in stages):.2f} ms of "
              f"CPU per remember in the three process kinds")
    print(f"in-process sum {total * 1000:.3f} ms -> at most ~{m['cores'] / total:,.0f} remembers/s on "
          f"{m['cores']} cores even if frames, sockets and wake-ups cost nothing")


def _pipeline() -> dict[str, float]:
    out = subprocess.run([sys.executable, "-m", "fireweed", "bench", "--clients", "16", "--writes", "300", "--json"],
                         capture_output=True, text=True, check=True, timeout=600)
    run = json.loads(out.stdout)["run"]
    cpu = run["cpu_ms_per_remember"]
    return {"front": cpu["fronts"], "decider": cpu["decider"], "writer": cpu["writer"],
            "bench_client": cpu["bench_client"], "rate": run["remembers_per_s"]}


if __name__ == "__main__":
    main()
