#!/usr/bin/env python3
"""Conformance: verify a bundle, then prove the verifier catches tampering with it.

    python open_format/conformance.py BUNDLE.json [BUNDLE2.json ...]

For each bundle: the untouched bundle must verify; then, on copies in memory
(the file is never changed), each tampering must be caught by the check that
is responsible for it. Before every tampering the untouched copy is verified
again (the positive control), so a "caught" can never come from a copy that
was broken to begin with. Prints one table per bundle; exits 1 if the bundle
fails or any applicable tampering goes unnoticed. Standard library only.
"""

from __future__ import annotations

import copy
import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

# Run as a script (even under `python -I`), the sibling module is not on sys.path.
sys.path.insert(0, str(Path(__file__).resolve().parent))

import verify_bundle as vb  # noqa: E402

Tamper = Callable[[dict[str, Any]], bool]  # changes the copy; False when the bundle has nothing to change


def _flip_text(text: str, start: int = 0) -> str | None:
    """The text with one ASCII letter's case flipped (exactly one byte differs), or None."""
    raw = bytearray(text.encode("utf-8"))
    for i in range(start, len(raw)):
        if 65 <= raw[i] <= 90 or 97 <= raw[i] <= 122:
            raw[i] ^= 0x20
            return raw.decode("utf-8")
    return None


def _flip_hex(value: str) -> str:
    return value[:-1] + ("0" if value[-1] != "0" else "1")


def _memory_with(bundle: dict[str, Any], pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any] | None:
    return next((m for m in bundle["memories"] if pred(m)), None)


def claim_byte(b: dict[str, Any]) -> bool:
    m = _memory_with(b, lambda m: isinstance(m.get("claim"), str) and _flip_text(m["claim"]) is not None)
    if m is None:
        return False
    m["claim"] = _flip_text(m["claim"])
    return True


def claim_byte_resealed(b: dict[str, Any]) -> bool:
    """A forger who also recomputes the content digest: only the signature can catch it."""
    if not claim_byte(b) or not isinstance(b.get("attestation"), dict):
        return False
    body = {k: v for k, v in b.items() if k != "attestation"}
    b["attestation"]["content_sha256"] = hashlib.sha256(vb.canonical_json(body)).hexdigest()
    return True


def evidence_byte(b: dict[str, Any]) -> bool:
    m = _memory_with(b, lambda m: isinstance(m.get("evidence"), str) and _flip_text(m["evidence"]) is not None
                     and isinstance(m.get("receipt"), dict) and bool(m["receipt"].get("parts")))
    if m is None:
        return False
    m["evidence"] = _flip_text(m["evidence"])
    return True


def _real_events(b: dict[str, Any]) -> list[int]:
    return [i for i, e in enumerate(b["events"]) if not e.get("elided")]


def event_removed(b: dict[str, Any]) -> bool:
    idx = _real_events(b)
    if not idx:
        return False
    del b["events"][idx[len(idx) // 2]]
    return True


def events_swapped(b: dict[str, Any]) -> bool:
    if len(b["events"]) < 2:
        return False
    i = max(0, len(b["events"]) // 2 - 1)
    b["events"][i], b["events"][i + 1] = b["events"][i + 1], b["events"][i]
    return True


def payload_byte(b: dict[str, Any]) -> bool:
    for i in _real_events(b):
        flipped = _flip_text(b["events"][i]["payload"], 2)
        if flipped is not None:
            b["events"][i]["payload"] = flipped
            return True
    return False


def proof_hash(b: dict[str, Any]) -> bool:
    m = _memory_with(b, lambda m: isinstance(m.get("receipt"), dict) and any(m["receipt"].get("proofs") or []))
    if m is None:
        return False
    proofs = m["receipt"]["proofs"]
    n = next(i for i, p in enumerate(proofs) if p)
    proofs[n][0] = _flip_hex(proofs[n][0])
    return True


def part_text(b: dict[str, Any]) -> bool:
    for src in b["sources"]:
        for p in src["parts"]:
            flipped = _flip_text(p["text"]) if "text" in p else None
            if flipped is not None:
                p["text"] = flipped
                return True
    return False


def source_root(b: dict[str, Any]) -> bool:
    if not b["sources"]:
        return False
    b["sources"][0]["root"] = _flip_hex(b["sources"][0]["root"])
    return True


def memory_state(b: dict[str, Any]) -> bool:
    m = _memory_with(b, lambda m: m.get("state") in ("superseded", "quarantined", "rejected", "disputed"))
    m = m or _memory_with(b, lambda m: m.get("state") == "active")
    if m is None:
        return False
    m["state"] = "active" if m["state"] != "active" else "superseded"
    return True


def certificate_byte(b: dict[str, Any]) -> bool:
    c = next((c for c in b["certificates"] if isinstance(c.get("text"), str)), None)
    if c is None:
        return False
    flipped = _flip_text(c["text"], len(c["text"]) // 2)
    if flipped is None:
        return False
    c["text"] = flipped
    return True


CASES: list[tuple[str, str, Tamper]] = [
    ("one byte of a claim changed", "attestation", claim_byte),
    ("claim changed, digest recomputed", "signatures", claim_byte_resealed),
    ("one byte of evidence changed", "receipts", evidence_byte),
    ("one event removed", "chain", event_removed),
    ("two events swapped", "chain", events_swapped),
    ("one byte of a stored payload changed", "chain", payload_byte),
    ("a proof hash changed", "receipts", proof_hash),
    ("one byte of a source part changed", "sources", part_text),
    ("a source root changed", "sources", source_root),
    ("a memory's state changed", "memories", memory_state),
    ("a certificate byte changed", "certificates", certificate_byte),
]


def run(bundle: dict[str, Any]) -> tuple[bool, list[tuple[str, str, str, str, str]]]:
    """(all good, rows of case | control | expected check | what failed | verdict)."""
    base = vb.verify(copy.deepcopy(bundle))
    rows = [("untouched bundle", "-", "-", _failed(base) or "nothing", "OK" if base.ok else "FAILED")]
    good = base.ok
    if not base.ok:
        return False, rows + [("tampering", "-", "-", "-", "skipped: the untouched bundle does not verify")]
    signatures = vb.signatures_available()
    for name, check, tamper in CASES:
        control = vb.verify(copy.deepcopy(bundle))
        copy_ = copy.deepcopy(bundle)
        if not tamper(copy_):
            rows.append((name, _ok(control), check, "-", "n/a (nothing to tamper with)"))
            continue
        if check == "signatures" and not signatures:
            rows.append((name, _ok(control), check, "-", "n/a (signatures not verifiable here)"))
            continue
        rep = vb.verify(copy_)
        caught = bool(rep.failed(check))
        verdict = "caught" if caught and control.ok else "MISSED" if control.ok else "CONTROL FAILED"
        good = good and caught and control.ok
        rows.append((name, _ok(control), check, _failed(rep) or "nothing", verdict))
    return good, rows


def _ok(rep: vb.Report) -> str:
    return "passes" if rep.ok else "FAILS"


def _failed(rep: vb.Report) -> str:
    return ", ".join(sorted({r.check for r in rep.failed()}))


def table(rows: list[tuple[str, str, str, str, str]]) -> str:
    head = ("case", "control", "expected check", "checks that failed", "verdict")
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    fmt = " | ".join(f"{{:<{w}}}" for w in widths)
    return "\n".join([fmt.format(*head), "-+-".join("-" * w for w in widths), *(fmt.format(*r) for r in rows)])


def main(argv: list[str] | None = None) -> int:
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    all_good = True
    for path in paths:
        try:
            bundle = vb.load(path)
        except (OSError, ValueError) as exc:
            print(f"{path}: cannot read: {exc}")
            all_good = False
            continue
        good, rows = run(bundle)
        print(f"== {path}")
        print(table(rows))
        print("CONFORMS" if good else "DOES NOT CONFORM")
        all_good = all_good and good
    return 0 if all_good else 1


if __name__ == "__main__":
    sys.exit(main())
