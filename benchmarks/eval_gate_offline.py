"""Offline check of the write gate's pure functions against an evaluation set.

Runs :func:`fireweed.decider.write_gate.judge` on every ``gate_case`` and on each memory (claim
against its evidence) of a dev-set JSON file and prints a table by kind: how many decisions were
right and, for refusals, how often the refusal code equals the expected reason. No server, no
store: this is the pure-function check; ``eval_gate.py`` drives the same cases through the MCP
front.

Usage: python benchmarks/eval_gate_offline.py [path/to/dev.json] [--show-failures]
The default path is ../shared/eval/dev.json relative to the repository root. Exit status is 0
when the targets are met (every refusal refused, >= 95% of admits admitted, >= 90% code
agreement, every memory admitted), 1 otherwise.
"""

from __future__ import annotations

import json
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from fireweed.decider.write_gate import judge  # noqa: E402

DEFAULT_PATH = REPO_ROOT.parent / "shared" / "eval" / "dev.json"


def _pct(num: int, den: int) -> str:
    return f"{100.0 * num / den:5.1f}%" if den else "   n/a"


def run(path: Path, show_failures: bool = False) -> bool:
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = data.get("gate_cases", [])
    memories = data.get("memories", [])

    rows: dict[tuple[str, str], dict[str, int]] = defaultdict(
        lambda: {"n": 0, "correct": 0, "refused": 0, "code_ok": 0}
    )
    failures: list[str] = []
    for case in cases:
        verdict = judge(case["claim"], case["evidence"])
        expect_admit = case["expect"] == "admit"
        row = rows[(case["expect"], case["kind"])]
        row["n"] += 1
        correct = verdict.ok == expect_admit
        row["correct"] += correct
        if not expect_admit and not verdict.ok:
            row["refused"] += 1
            row["code_ok"] += verdict.code == case["reason"]
        if not correct or (not expect_admit and verdict.code != case["reason"]):
            failures.append(
                f"[{case['expect']}/{case['kind']}] got {'ADMIT' if verdict.ok else verdict.code}"
                f" ({verdict.detail})\n    claim:    {case['claim']}\n    evidence: {case['evidence']}"
            )
    mem_ok = 0
    for mem in memories:
        verdict = judge(mem["claim"], mem["evidence"])
        mem_ok += verdict.ok
        if not verdict.ok:
            failures.append(
                f"[memory] got {verdict.code} ({verdict.detail})\n    claim:    {mem['claim']}"
                f"\n    evidence: {mem['evidence']}"
            )
    judged = len(cases) + len(memories)
    # Time a warm pass separately: the first pass includes imports and regex compilation.
    pairs = [(c["claim"], c["evidence"]) for c in cases] + [(m["claim"], m["evidence"]) for m in memories]
    elapsed = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for claim, evidence in pairs:
            judge(claim, evidence)
        elapsed = min(elapsed, time.perf_counter() - started)

    print(f"write gate, offline: {path}")
    print(f"{'expect':<7} {'kind':<20} {'n':>4} {'decided right':>14} {'code agrees':>12}")
    print("-" * 61)
    totals = {"admit": [0, 0], "refuse": [0, 0, 0, 0]}
    for (expect, kind) in sorted(rows, key=lambda k: (k[0] != "admit", k[1])):
        r = rows[(expect, kind)]
        code = f"{r['code_ok']}/{r['refused']}" if expect == "refuse" else ""
        print(f"{expect:<7} {kind:<20} {r['n']:>4} {r['correct']:>5}/{r['n']:<3} {_pct(r['correct'], r['n'])}"
              f" {code:>12}")
        if expect == "admit":
            totals["admit"][0] += r["correct"]
            totals["admit"][1] += r["n"]
        else:
            t = totals["refuse"]
            t[0] += r["correct"]
            t[1] += r["n"]
            t[2] += r["code_ok"]
            t[3] += r["refused"]
    print("-" * 61)
    a_ok, a_n = totals["admit"]
    r_ok, r_n, c_ok, c_n = totals["refuse"]
    print(f"admit cases admitted:      {a_ok}/{a_n} {_pct(a_ok, a_n)}   (target >= 95%)")
    print(f"refuse cases refused:      {r_ok}/{r_n} {_pct(r_ok, r_n)}   (target 100%)")
    print(f"refusal code == reason:    {c_ok}/{r_n} {_pct(c_ok, r_n)}   (target >= 90%)")
    print(f"memories admitted:         {mem_ok}/{len(memories)} {_pct(mem_ok, len(memories))}   (target 100%)")
    if judged:
        print(f"mean judge() time (warm):  {1000.0 * elapsed / judged:.3f} ms over {judged} calls")
    if show_failures and failures:
        print("\nfailures:")
        for f in failures:
            print(" - " + f)
    return (
        (a_n == 0 or a_ok / a_n >= 0.95)
        and r_ok == r_n
        and (r_n == 0 or c_ok / r_n >= 0.90)
        and mem_ok == len(memories)
    )


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    path = Path(args[0]) if args else DEFAULT_PATH
    if not path.is_file():
        print(f"no evaluation file at {path}", file=sys.stderr)
        return 2
    return 0 if run(path, show_failures="--show-failures" in argv) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
