"""The longer fuzz run, on demand: `.venv/bin/python tests/fuzz_long.py [--examples N]`.

Runs the same hypothesis properties as CI (tests/test_fuzz_stdio.py and
tests/test_fuzz_sockets.py) with N examples per property instead of 60, with
random (not derandomised) generation, then prints the cases run per boundary
and what they got, as the Markdown table the README carries. Exit status is
pytest's: 0 when every property held.

Not collected by pytest (the file name does not start with test_).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
FILES = ["test_fuzz_stdio.py", "test_fuzz_sockets.py"]


def run(examples: int, extra: list[str]) -> tuple[int, list[dict[str, object]]]:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "fuzz.jsonl"
        env = dict(os.environ, FIREWEED_FUZZ_EXAMPLES=str(examples), FIREWEED_FUZZ_REPORT=str(report))
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *[str(HERE / f) for f in FILES], *extra]
        code = subprocess.call(cmd, cwd=HERE.parent, env=env)
        rows = [json.loads(line) for line in report.read_text().splitlines()] if report.exists() else []
    return code, rows


def table(rows: list[dict[str, object]], passed: bool) -> str:
    merged: dict[str, Counter[str]] = {}
    cases: Counter[str] = Counter()
    for row in rows:
        boundary = str(row["boundary"])
        cases[boundary] += int(row["cases"])  # type: ignore[call-overload]
        merged.setdefault(boundary, Counter()).update(row["outcomes"])  # type: ignore[arg-type]
    lines = ["| boundary | cases | what they got | processes died | result |", "| --- | ---: | --- | ---: | --- |"]
    for boundary in sorted(merged):
        got = ", ".join(f"{k} {v}" for k, v in merged[boundary].most_common())
        lines.append(f"| {boundary} | {cases[boundary]} | {got} | {'0' if passed else '?'} | {'all properties held' if passed else 'FAILURES: see pytest output'} |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000, help="hypothesis examples per property (CI runs 60)")
    parser.add_argument("pytest_args", nargs="*", help="extra arguments for pytest, e.g. -k decider")
    ns = parser.parse_args()
    code, rows = run(ns.examples, ns.pytest_args)
    print()
    print(f"fuzz run: {ns.examples} examples per property; pytest exit status {code}")
    print(table(rows, code == 0))
    return code


if __name__ == "__main__":
    sys.exit(main())
