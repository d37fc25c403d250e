"""Recall with abstention measured through the real MCP front (default ../shared/eval/dev.json).

Loads every document (add_source) and memory (remember, in list order) into a
fresh store, asks every question with recall, and scores as the eval README
says: an answerable question is right only when recall answers and its FIRST
claim contains every expected substring; an unanswerable one only when recall
abstains.

Usage: python benchmarks/eval_recall.py [path/to/dev.json] [-v]
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mcp_client import Server, default_dataset  # noqa: E402

ANSWERABLE = ["direct", "paraphrase", "possessive", "short", "latest"]


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("-")]
    verbose = "-v" in argv
    path = Path(args[0]) if args else default_dataset()
    data = json.loads(path.read_text(encoding="utf-8"))
    by_kind: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with Server() as s:
        for doc in data["documents"]:
            s.call("add_source", {"source_id": doc["source_id"], "text": doc["text"]})
        stored = sum(
            s.call("remember", {"claim": m["claim"], "evidence": m["evidence"], "source_id": m["source_id"]})
            ["structuredContent"].get("verdict") == "admitted"
            for m in data["memories"]
        )
        for q in data["questions"]:
            sc = s.call("recall", {"query": q["query"]})["structuredContent"]
            results = sc.get("results") or []
            if q["answerable"]:
                ok = sc["verdict"] == "answered" and bool(results) and all(e in results[0]["claim"] for e in q["expect"])
            else:
                ok = sc["verdict"] == "abstained"
            by_kind[q["kind"]][0] += ok
            by_kind[q["kind"]][1] += 1
            if verbose and not ok:
                got = results[0]["claim"] if results else f"ABSTAINED ({sc.get('code')} {sc.get('term')})"
                print(f"  miss [{q['kind']}] {q['query']!r} -> {got!r}")
    print(f"recall through the MCP front: {path.name}; memories stored {stored}/{len(data['memories'])}")
    print(f"{'kind':15} {'correct':>7} {'total':>5} {'rate':>7}")
    for kind in sorted(by_kind, key=lambda k: (k not in ANSWERABLE, k)):
        ok, n = by_kind[kind]
        print(f"{kind:15} {ok:>7} {n:>5} {100 * ok / n:6.1f}%")
    a_ok = sum(v[0] for k, v in by_kind.items() if k in ANSWERABLE)
    a_n = sum(v[1] for k, v in by_kind.items() if k in ANSWERABLE)
    u_ok = sum(v[0] for k, v in by_kind.items() if k not in ANSWERABLE)
    u_n = sum(v[1] for k, v in by_kind.items() if k not in ANSWERABLE)
    print(f"answerable correct:     {a_ok}/{a_n} {100 * a_ok / a_n:.1f}%  (target >= 90%)")
    print(f"unanswerable abstained: {u_ok}/{u_n} {100 * u_ok / u_n:.1f}%  (target >= 97%)")
    return 0 if a_ok >= 0.9 * a_n and u_ok >= 0.97 * u_n else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
