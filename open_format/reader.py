#!/usr/bin/env python3
"""Read a Fireweed export bundle into plain objects, with the Python standard library alone.

    python open_format/reader.py BUNDLE.json [--all] [--history]

Prints the active claims (``--all``: every exported memory with its state;
``--history``: each memory's history too). As a library::

    from reader import read_bundle
    bundle = read_bundle("export.json")
    for memory in bundle.active_claims():
        print(memory.claim, memory.receipt.root, [h.state for h in memory.history])

Reading is not verifying: run verify_bundle.py before trusting what a bundle
says. The format is specified in docs/FORMAT.md; nothing here imports Fireweed.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import Any

BUNDLE_FORMAT = "fireweed-bundle/v1"
VISIBLE_STATES = ("active", "disputed")


@dataclass(frozen=True)
class Receipt:
    """Where a memory's evidence sits in its source, with RFC 9162 inclusion proofs (hex)."""

    source_id: str
    root: str
    size: int
    byte_start: int
    byte_end: int
    parts: tuple[int, ...]
    leaves: tuple[str, ...]
    proofs: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class HistoryEntry:
    """One ledger event in a memory's life: the state after it, and who or what caused it."""

    seq: int
    recorded_at: str
    event: str
    state: str
    reason: str | None = None
    by: str | None = None
    decision: str | None = None
    note: str | None = None
    valid_to: str | None = None
    count: int | None = None


@dataclass(frozen=True)
class Memory:
    """A memory as of the export, on both time axes (event: valid_from/valid_to; transaction: seq/recorded_at)."""

    memory_id: str
    claim: str
    evidence: str
    state: str
    subjects: tuple[str, ...]
    subject_names: tuple[str, ...]
    relation: str | None
    event_time: str | None
    valid_from: str | None
    valid_to: str | None
    seq: int
    recorded_at: str
    count: int
    source_id: str | None
    receipt: Receipt | None
    supersedes: tuple[str, ...]
    disputes: tuple[str, ...]
    derived_from: tuple[str, ...]
    history: tuple[HistoryEntry, ...]


@dataclass(frozen=True)
class Part:
    index: int
    byte_start: int
    byte_end: int
    leaf: str
    text: str | None  # None when redacted (only the leaf hash is kept)
    salt: str | None


@dataclass(frozen=True)
class Source:
    source_id: str
    root: str
    size: int
    seq: int
    complete: bool
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Event:
    seq: int
    kind: str | None  # None for an elided event (a subject export shows only its hash)
    recorded_at: str | None
    payload: dict[str, Any] | None
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class Certificate:
    seq: int
    certificate_hash: str
    file: str | None
    fields: dict[str, Any] | None  # None when the store no longer held the file


@dataclass
class Bundle:
    format: str
    scope: str
    tenant: str
    exported_at: str
    head: dict[str, Any]
    public_key: dict[str, Any] | None
    subject: dict[str, Any] | None
    entities: dict[str, dict[str, Any]]
    memories: list[Memory]
    sources: dict[str, Source]
    events: list[Event]
    certificates: list[Certificate]
    attestation: dict[str, Any] | None = None
    _by_id: dict[str, Memory] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_id = {m.memory_id: m for m in self.memories}

    def active_claims(self, include_disputed: bool = True) -> list[Memory]:
        """What recall could answer from: active (and, by default, disputed) memories, oldest first."""
        states = VISIBLE_STATES if include_disputed else ("active",)
        return [m for m in self.memories if m.state in states]

    def memory(self, memory_id: str) -> Memory | None:
        return self._by_id.get(memory_id)

    def history(self, memory_id: str) -> list[HistoryEntry]:
        m = self._by_id.get(memory_id)
        return list(m.history) if m else []

    def receipt(self, memory_id: str) -> Receipt | None:
        m = self._by_id.get(memory_id)
        return m.receipt if m else None


def _receipt(rc: Any) -> Receipt | None:
    if not isinstance(rc, dict) or not rc.get("parts"):
        return None
    return Receipt(rc["source_id"], rc["root"], rc["size"], rc["byte_start"], rc["byte_end"],
                   tuple(rc["parts"]), tuple(rc["leaves"]), tuple(tuple(p) for p in rc["proofs"]))


_HISTORY_FIELDS = ("reason", "by", "decision", "note", "valid_to", "count")


def _history(items: list[dict[str, Any]]) -> tuple[HistoryEntry, ...]:
    return tuple(HistoryEntry(h["seq"], h["recorded_at"], h["event"], h["state"],
                              **{k: h.get(k) for k in _HISTORY_FIELDS}) for h in items)


def _memory(m: dict[str, Any], names: dict[str, str]) -> Memory:
    subjects = tuple(m.get("subjects") or ())
    return Memory(
        memory_id=m["memory_id"], claim=m["claim"], evidence=m["evidence"], state=m["state"],
        subjects=subjects, subject_names=tuple(names.get(s, "") for s in subjects), relation=m.get("relation"),
        event_time=m.get("event_time"), valid_from=m.get("valid_from"), valid_to=m.get("valid_to"),
        seq=m["seq"], recorded_at=m["recorded_at"], count=m.get("count", 1), source_id=m.get("source_id"),
        receipt=_receipt(m.get("receipt")), supersedes=tuple(m.get("supersedes") or ()),
        disputes=tuple(m.get("disputes") or ()), derived_from=tuple(m.get("derived_from") or ()),
        history=_history(m.get("history") or []),
    )


def _source(s: dict[str, Any]) -> Source:
    parts = tuple(Part(p["index"], p["byte_start"], p["byte_end"], p["leaf"], p.get("text"), p.get("salt"))
                  for p in s["parts"])
    return Source(s["source_id"], s["root"], s["size"], s["seq"], bool(s.get("complete")), parts)


def _event(e: dict[str, Any]) -> Event:
    if e.get("elided"):
        return Event(e["seq"], None, None, None, e["prev_hash"], e["hash"])
    return Event(e["seq"], e["kind"], e["recorded_at"], json.loads(e["payload"]), e["prev_hash"], e["hash"])


def _certificate(c: dict[str, Any]) -> Certificate:
    fields = None if c.get("missing") else json.loads(c["text"])
    return Certificate(c["seq"], c["certificate_hash"], c.get("file"), fields)


def parse_bundle(doc: dict[str, Any]) -> Bundle:
    """Plain objects from a parsed bundle; ValueError if it is not one."""
    if not isinstance(doc, dict) or doc.get("format") != BUNDLE_FORMAT:
        raise ValueError(f"not a {BUNDLE_FORMAT} bundle")
    try:
        entities = {e["entity_id"]: e for e in doc["entities"]}
        names = {k: str(v.get("name") or "") for k, v in entities.items()}
        return Bundle(
            format=doc["format"], scope=doc["scope"], tenant=doc["tenant"], exported_at=doc["exported_at"],
            head=doc["head"], public_key=doc.get("public_key"), subject=doc.get("subject"), entities=entities,
            memories=sorted((_memory(m, names) for m in doc["memories"]), key=lambda m: m.seq),
            sources={s["source_id"]: _source(s) for s in doc["sources"]},
            events=[_event(e) for e in doc["events"]],
            certificates=[_certificate(c) for c in doc["certificates"]],
            attestation=doc.get("attestation"),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"malformed bundle: {type(exc).__name__}: {exc}") from None


def read_bundle(path: str) -> Bundle:
    """Read a bundle file (UTF-8 JSON) into plain objects."""
    with open(path, "rb") as fh:
        return parse_bundle(json.loads(fh.read().decode("utf-8")))


def _show(m: Memory, with_history: bool) -> str:
    when = f"event {m.event_time or 'unknown'}"
    if m.valid_to:
        when += f" .. {m.valid_to}"
    rc = f"{m.receipt.source_id} bytes {m.receipt.byte_start}-{m.receipt.byte_end}" if m.receipt else "no receipt"
    lines = [f"[{m.state}] {m.claim}", f"    {when}; recorded seq {m.seq} at {m.recorded_at}; receipt {rc}"]
    if with_history:
        lines += [f"    - seq {h.seq} {h.event} -> {h.state}" + (f" ({h.reason})" if h.reason else "") for h in m.history]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    paths = [a for a in args if not a.startswith("--")]
    if len(paths) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        bundle = read_bundle(paths[0])
    except (OSError, ValueError) as exc:
        print(f"reader: {exc}", file=sys.stderr)
        return 2
    shown = bundle.memories if "--all" in args else bundle.active_claims()
    print(f"{bundle.scope} bundle of tenant {bundle.tenant!r}, exported {bundle.exported_at}, head seq {bundle.head['seq']}")
    print(f"{len(shown)} of {len(bundle.memories)} memories shown")
    for m in shown:
        print(_show(m, "--history" in args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
