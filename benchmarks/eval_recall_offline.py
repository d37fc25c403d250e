"""Offline recall evaluation: the read gate over a Projection built from an eval set's memories.

No processes, no ledger: each memory is planned with ``plan_remember`` (a fake
receipt, the memory's own source_id, event time unknown, so a later claim
supersedes an earlier one by ledger order), its planned events are applied
with increasing seq, then every question is asked and scored as the eval
README says:

* answerable: correct when recall answers and the FIRST claim contains every
  expected substring (case-sensitive);
* unanswerable: correct only when recall abstains.

Usage: python benchmarks/eval_recall_offline.py [path/to/dev.json] [-v]
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fireweed.decider.projection import Projection  # noqa: E402


def build(memories: list[dict]) -> tuple[Projection, int]:
    """Plan and apply every memory in order; return the projection and the head seq."""
    p = Projection()
    seq = 0
    tenant = "eval"
    for i, m in enumerate(memories):
        receipt = {"source_id": m["source_id"], "root": "00" * 32, "byte_start": 0, "byte_end": len(m["evidence"]), "parts": [i]}
        plan = p.plan_remember(tenant, m["claim"], m["evidence"], receipt, m["source_id"], None, None)
        for kind, payload in plan.events:
            seq += 1
            p.apply(tenant, seq, kind, payload, f"2024-01-01T00:00:{seq % 60:02d}Z")
    return p, seq


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("-")]
    verbose = "-v" in argv
    path = Path(args[0]) if args else ROOT.parent / "shared" / "eval" / "dev.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    t0 = time.perf_counter()
    p, head = build(data["memories"])
    stats = p.stats("eval")
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    ans_ok = ans_n = un_ok = un_n = 0
    for q in data["questions"]:
        a = p.recall("eval", q["query"], None, None, 5)
        if q["answerable"]:
            ok = a.verdict == "answered" and bool(a.results) and all(e in (a.results[0]["claim"] or "") for e in q["expect"])
            ans_n += 1
            ans_ok += ok
        else:
            ok = a.verdict == "abstained"
            un_n += 1
            un_ok += ok
        by_kind[q["kind"]][0] += ok
        by_kind[q["kind"]][1] += 1
        if verbose and not ok:
            got = a.results[0]["claim"] if a.results else None
            print(f"MISS [{q['kind']}] {q['query']}\n     -> {a.verdict} {a.code} {a.term!r} | {got}")
    elapsed = time.perf_counter() - t0
    print(f"dataset: {data.get('name')}  memories: {len(data['memories'])}  events: {head}  states: {stats['states']}")
    print(f"{'kind':<16}{'correct':>8}{'total':>7}{'rate':>8}")
    order = ["direct", "paraphrase", "possessive", "short", "latest", "absent_value", "absent_entity", "other_entity", "false_premise"]
    for k in order + sorted(set(by_kind) - set(order)):
        if k in by_kind:
            c, n = by_kind[k]
            print(f"{k:<16}{c:>8}{n:>7}{c / n:>8.1%}")
    print(f"{'answerable':<16}{ans_ok:>8}{ans_n:>7}{ans_ok / max(1, ans_n):>8.1%}   target >= 90%")
    print(f"{'unanswerable':<16}{un_ok:>8}{un_n:>7}{un_ok / max(1, un_n):>8.1%}   target >= 97% (abstained)")
    print(f"elapsed: {elapsed * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
