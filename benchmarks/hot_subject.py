"""Planning cost when thousands of claims are about one subject.

`fireweed bench` gives every claim a new person, so no subject ever has many
memories. An assistant's memory is mostly about one person, and a company's about
itself. This drives the decider's projection alone (plan, then apply, as the
decider does under its order lock; no processes) with N claims whose first
subject is the same company, and prints the planning-and-applying cost per
claim as the subject's memories grow, for two mixes:

- varied: 60 relations (6 verbs x 10 objects), as an agent's notes about one
  subject would be: a claim is compared with the subject's claims of its own
  relation only;
- superseded: every claim the same relation with another year, so each new one
  supersedes the last;
- updates: every claim a change verb ("increased ... to"), which may conflict with
  a claim of any relation, and supersedes the last;
- all standing: every claim the same relation about another new entity ("hired
  Person N"), so none supersedes another and each new one is compared with all
  the earlier ones: the case that still grows with the subject;
- standing + updates: as all standing, with every tenth claim an update of one
  attribute, compared only with the claims that gave that attribute a value.

Usage: python benchmarks/hot_subject.py [--claims N] [--step S]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fireweed.decider.projection import Projection  # noqa: E402

VERBS = ["opened", "closed", "sold", "bought", "built", "leased"]
THINGS = ["depot", "plant", "store", "office", "studio", "mill", "yard", "shop", "lab", "dock"]


def varied(i: int) -> str:
    return f"Acme Robotics {VERBS[i % len(VERBS)]} the {THINGS[(i // len(VERBS)) % len(THINGS)]} in {1000 + i}."


def superseded(i: int) -> str:
    return f"Acme Robotics leased the dock in {1000 + i}."


def updates(i: int) -> str:
    return f"Acme Robotics increased the budget to {i + 1} million in {1000 + i}."


def standing(i: int) -> str:
    return f"Acme Robotics hired {_name(i)} in {1000 + i}."


def standing_updates(i: int) -> str:
    return updates(i) if i % 10 == 9 else standing(i)


def _name(i: int) -> str:
    syllables = ["ka", "ri", "to", "mo", "sa", "len", "dor", "vi", "na", "bel"]
    first = "".join(syllables[(i // 10 ** k) % 10] for k in range(4)).capitalize()
    return f"{first} Quell"


def run(make: Any, claims: int, step: int) -> list[tuple[int, float]]:
    p = Projection()
    seq = 0
    rows = []
    t0 = time.perf_counter()
    for i in range(claims):
        claim = make(i)
        receipt = {"source_id": f"s{i}", "root": "ab" * 32, "byte_start": 0, "byte_end": len(claim), "parts": [0]}
        plan = p.plan_remember("bench", claim, claim, receipt, f"s{i}", None, None)
        for kind, payload in plan.events:
            seq += 1
            p.apply("bench", seq, kind, payload, "2026-01-01T00:00:00.000000Z")
        if (i + 1) % step == 0:
            t1 = time.perf_counter()
            rows.append((i + 1, (t1 - t0) / step * 1000))
            t0 = t1
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--claims", type=int, default=10_000)
    parser.add_argument("--step", type=int, default=2_000)
    a = parser.parse_args()
    mixes = {"varied": run(varied, a.claims, a.step), "superseded": run(superseded, a.claims, a.step),
             "updates": run(updates, a.claims, a.step), "all standing": run(standing, a.claims, a.step),
             "standing+updates": run(standing_updates, a.claims, a.step)}
    print(f"Planning + applying a claim about a subject with many memories (Python {platform.python_version()}, "
          f"in-process, one subject)")
    print(f"{'memories of the subject':>24} " + " ".join(f"{name + ' ms':>19}" for name in mixes))
    for k in range(len(mixes["varied"])):
        n = mixes["varied"][k][0]
        print(f"{n:>24,} " + " ".join(f"{rows[k][1]:>19.2f}" for rows in mixes.values()))
    for name, rows in mixes.items():
        print(f"{name}: last / first step = {rows[-1][1] / rows[0][1]:.2f}")


if __name__ == "__main__":
    main()
