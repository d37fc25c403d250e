"""The write gate measured through the real MCP front on an eval set (default ../shared/eval/dev.json).

Gate cases go to one fresh store, each as remember(claim, evidence); the set's
memories go to another, each against its registered source document. Prints a
table by kind: decisions right, and whether the refusal code is the expected one.

Usage: python benchmarks/eval_gate.py [path/to/dev.json]
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mcp_client import Server, default_dataset  # noqa: E402


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else default_dataset()
    data = json.loads(path.read_text(encoding="utf-8"))
    rows: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # right, n, code agrees
    misses = []
    with Server() as s:
        for case in data["gate_cases"]:
            r = s.call("remember", {"claim": case["claim"], "evidence": case["evidence"]})
            sc = r["structuredContent"]
            admitted = sc.get("verdict") in ("admitted", "quarantined")
            want_admit = case["expect"] == "admit"
            row = rows[(case["expect"], case["kind"])]
            row[1] += 1
            row[0] += admitted == want_admit
            if not want_admit and not admitted and sc.get("code") == case["reason"]:
                row[2] += 1
            if admitted != want_admit:
                misses.append((case["kind"], case["claim"], sc.get("code")))
    admitted_memories = 0
    with Server() as s:
        for doc in data["documents"]:
            s.call("add_source", {"source_id": doc["source_id"], "text": doc["text"]})
        for m in data["memories"]:
            r = s.call("remember", {"claim": m["claim"], "evidence": m["evidence"], "source_id": m["source_id"]})
            admitted_memories += r["structuredContent"].get("verdict") == "admitted"
    print(f"write gate through the MCP front: {path.name}")
    print(f"{'expect':7} {'kind':22} {'n':>3}  {'decided right':>14}  {'code agrees':>11}")
    for (expect, kind), (right, n, code) in sorted(rows.items()):
        agrees = f"{code}/{n}" if expect == "refuse" else ""
        print(f"{expect:7} {kind:22} {n:>3}  {right:>5}/{n:<3} {100 * right / n:5.1f}%  {agrees:>11}")
    adm = [v for (e, _k), v in rows.items() if e == "admit"]
    ref = [v for (e, _k), v in rows.items() if e == "refuse"]
    a_ok, a_n = sum(v[0] for v in adm), sum(v[1] for v in adm)
    r_ok, r_n, c_ok = sum(v[0] for v in ref), sum(v[1] for v in ref), sum(v[2] for v in ref)
    print(f"admit cases admitted:   {a_ok}/{a_n} {100 * a_ok / a_n:.1f}%  (target >= 95%)")
    print(f"refuse cases refused:   {r_ok}/{r_n} {100 * r_ok / r_n:.1f}%  (target 100%)")
    print(f"refusal code == reason: {c_ok}/{r_n} {100 * c_ok / r_n:.1f}%  (target >= 90%)")
    n_mem = len(data["memories"])
    print(f"memories admitted against their source: {admitted_memories}/{n_mem}  (target all)")
    for kind, claim, code in misses:
        print(f"  miss [{kind}] {claim!r} -> {code}")
    ok = a_ok >= 0.95 * a_n and r_ok == r_n and c_ok >= 0.9 * r_n and admitted_memories == n_mem
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
