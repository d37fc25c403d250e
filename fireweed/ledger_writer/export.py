"""Export bundles (docs/FORMAT.md): a tenant's memory, or one subject's, in an open format.

Everything here runs inside the ledger writer, the only process holding the
database and the keys. The functions are synchronous and read-only: give them
a sqlite3 connection on ledger.db (read-only is enough), the tenant, the
sealer's ``open`` (which yields ``"[erased]"`` where a key was destroyed), the
store directory (for certificates and the published public key) and, to sign
the export, the install's Ed25519 signing key. The caller writes the file.

Why a bundle carries what it carries:

* ``events``: every ledger row exactly as stored, so anyone can recompute the
  chain from genesis; content fields in them are ciphertext.
* ``sources``: per part its salt and text while held, only the leaf hash once
  redacted, so receipts re-verify and erased sentences are not re-published.
* ``memories``: the plaintext view, replayed here from the opened events.
  Plaintext claims are not in the chain (only their ciphertext is), so the
  bundle is signed (``attestation``) over its canonical content; without that
  nothing would stop anyone from editing a claim in an exported file.
* ``certificates``: the signed erasure certificate files named by hash in the
  chain, with their exact bytes, so their hashes recompute.

Nothing of an erased subject is exported in the clear: memories or entities
whose content opens as ``"[erased]"`` or that an ``erased`` event names are
dropped, and parts named by an erasure are exported as leaf hashes even if the
database still held them. No key material is read or written here except the
signing key handed in, which only produces the signature.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import nacl.exceptions
import nacl.signing

from fireweed.ledger_writer.certificate import public_key_id, verify_certificate_bytes
from fireweed.ledger_writer.keyring import normalise_name
from fireweed.ledger_writer.publish import PUBLIC_KEY_FILE
from fireweed.shared import merkle
from fireweed.shared.canonical import canonical_json
from fireweed.shared.errors import FireweedError
from fireweed.shared.events import GENESIS_PREV_HASH, event_hash

__all__ = [
    "BUNDLE_FORMAT",
    "ATTESTATION_FORMAT",
    "EXPORTS_DIR",
    "CERTIFICATES_DIR",
    "MAX_BUNDLE_BYTES",
    "Opener",
    "ExportError",
    "BundleInvalid",
    "ImportSource",
    "ImportMemory",
    "ImportPlan",
    "build_bundle",
    "build_subject_bundle",
    "find_subjects",
    "bundle_bytes",
    "exports_path",
    "write_bundle",
    "remove_pending_temps",
    "load_bundle",
    "validate_bundle",
    "prepare_import",
]

BUNDLE_FORMAT = "fireweed-bundle/v1"
ATTESTATION_FORMAT = "fireweed-bundle-attestation/v1"
EXPORTS_DIR = "exports"
CERTIFICATES_DIR = "certificates"
ERASED = "[erased]"
MAX_BUNDLE_BYTES = 512 * 1024 * 1024
_MAX_CERT_BYTES = 1024 * 1024
_SAFE_FILE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:\-]{0,127}")

# opener(tenant, seq, kind, stored payload) -> the payload with sealed fields opened
# (or set to "[erased]"); the ledger writer's Sealer.open. It may consume its argument.
Opener = Callable[[str, int, str, dict[str, Any]], dict[str, Any]]


class ExportError(FireweedError):
    code = "export_failed"


class BundleInvalid(FireweedError):
    """A bundle that does not verify; ``problems`` lists every failed check."""

    code = "bundle_invalid"

    def __init__(self, problems: list[str]) -> None:
        shown = "; ".join(problems[:5]) + (f" (and {len(problems) - 5} more)" if len(problems) > 5 else "")
        super().__init__(f"the bundle does not verify: {shown}")
        self.problems = problems


# --------------------------------------------------------------------------
# Reading the ledger


@dataclass(frozen=True)
class _Row:
    seq: int
    kind: str
    body: bytes
    prev: bytes
    digest: bytes
    recorded_at: str


@dataclass(frozen=True)
class _PartRow:
    index: int
    byte_start: int
    byte_end: int
    salt: bytes | None
    text: bytes | None
    leaf: bytes


def _read_rows(conn: sqlite3.Connection, tenant: str) -> list[_Row]:
    cur = conn.execute(
        "SELECT seq, kind, payload, prev_hash, hash, recorded_at FROM events WHERE tenant=? ORDER BY seq", (tenant,)
    )
    return [_Row(s, k, bytes(p), bytes(pv), bytes(h), r) for s, k, p, pv, h, r in cur]


def _read_parts(conn: sqlite3.Connection, tenant: str) -> dict[str, list[_PartRow]]:
    out: dict[str, list[_PartRow]] = {}
    cur = conn.execute(
        "SELECT source_id, idx, byte_start, byte_end, salt, text, leaf FROM source_parts WHERE tenant=? "
        "ORDER BY source_id, idx",
        (tenant,),
    )
    for sid, idx, s, e, salt, text, leaf in cur:
        out.setdefault(sid, []).append(
            _PartRow(idx, s, e, None if salt is None else bytes(salt), None if text is None else bytes(text), bytes(leaf))
        )
    return out


def _snapshot(conn: sqlite3.Connection, tenant: str) -> tuple[list[_Row], dict[str, list[_PartRow]]]:
    # One read transaction, so the events and the parts are of the same instant
    # even while the writer keeps committing on its own connection.
    own = not conn.in_transaction
    if own:
        conn.execute("BEGIN")
    try:
        return _read_rows(conn, tenant), _read_parts(conn, tenant)
    finally:
        if own:
            conn.rollback()


# --------------------------------------------------------------------------
# Replay: the current view, from the opened events


@dataclass
class _Memory:
    memory_id: str
    claim: Any
    evidence: Any
    subjects: list[str]
    relation: Any
    source_id: Any
    receipt: Any
    event_time: Any
    seq: int
    recorded_at: str
    derived_from: list[Any]
    supersedes: list[Any]
    disputes: list[Any]
    state: str
    reason: Any = None
    valid_to: Any = None
    count: int = 1
    history: list[dict[str, Any]] = field(default_factory=list)

    @property
    def valid_from(self) -> Any:
        # A correction with no event time took effect when it was recorded
        # (the decider's projection reads it the same way).
        if not self.event_time and self.supersedes:
            return self.recorded_at
        return self.event_time or None


@dataclass
class _Replay:
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    memories: dict[str, _Memory] = field(default_factory=dict)
    sources: dict[str, tuple[int, str, dict[str, Any]]] = field(default_factory=dict)
    holds: dict[str, bool] = field(default_factory=dict)
    erased_entities: set[str] = field(default_factory=set)
    erased_memories: set[str] = field(default_factory=set)
    erased_parts: set[tuple[str, int]] = field(default_factory=set)
    certificates: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    touched: dict[int, set[str]] = field(default_factory=dict)  # seq -> memory/entity ids it concerns


def _strs(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _step(m: _Memory, seq: int, at: str, kind: str, state: str | None = None, **extra: Any) -> None:
    if state is not None:
        m.state = state
    m.history.append({"seq": seq, "recorded_at": at, "event": kind, "state": m.state,
                      **{k: v for k, v in extra.items() if v is not None}})


def _on_admitted(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    mid = str(p["memory_id"])
    m = _Memory(
        memory_id=mid, claim=p.get("claim"), evidence=p.get("evidence"), subjects=_strs(p.get("subjects")),
        relation=p.get("relation"), source_id=p.get("source_id"), receipt=p.get("receipt"),
        event_time=p.get("event_time"), seq=seq, recorded_at=at, derived_from=list(p.get("derived_from") or []),
        supersedes=list(p.get("supersedes") or []), disputes=list(p.get("disputes") or []),
        state=str(p.get("state") or "active"), reason=p.get("reason"),
    )
    _step(m, seq, at, "memory_admitted", reason=m.reason)
    r.memories[mid] = m
    # Only the memory id: other memories of a co-subject are not this memory's history.
    r.touched.setdefault(seq, set()).add(mid)


def _on_state_changed(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    to = p["to"]
    if not isinstance(to, str):
        raise TypeError("memory_state_changed.to must be a string")
    if to == "superseded":
        vt = p.get("valid_to")
        m.valid_to = vt if isinstance(vt, str) and vt else at
    elif to in ("active", "disputed"):
        m.valid_to = None
    if p.get("reason"):
        m.reason = p.get("reason")
    note = p.get("note")
    _step(m, seq, at, "memory_state_changed", to, reason=p.get("reason"), by=p.get("by"),
          valid_to=p.get("valid_to"), note=note if note != ERASED else None)
    r.touched.setdefault(seq, set()).add(m.memory_id)


def _on_review(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    decision = p.get("decision")
    to = {"approve": "active", "reject": "rejected"}.get(decision) if isinstance(decision, str) else None
    note = p.get("note")
    _step(m, seq, at, "review_decided", to, decision=decision, by=p.get("by"),
          note=note if note != ERASED else None)
    r.touched.setdefault(seq, set()).add(m.memory_id)


def _on_reinforced(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    c = p.get("count")
    m.count = c if isinstance(c, int) and not isinstance(c, bool) else m.count + 1
    _step(m, seq, at, "memory_reinforced", count=m.count)
    r.touched.setdefault(seq, set()).add(m.memory_id)


def _on_hold(r: _Replay, seq: int, at: str, p: dict[str, Any], kind: str) -> None:
    eid = str(p["entity_id"])
    r.holds[eid] = kind == "hold_set"
    for m in r.memories.values():
        if eid in m.subjects:
            _step(m, seq, at, kind, by=p.get("by"))
    r.touched.setdefault(seq, set()).add(eid)


def _on_entity(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    eid = str(p["entity_id"])
    r.entities[eid] = {"entity_id": eid, "name": p.get("name"), "kind": p.get("kind") or "thing",
                       "seq": seq, "recorded_at": at}
    r.touched.setdefault(seq, set()).add(eid)


def _on_erased(r: _Replay, seq: int, at: str, p: dict[str, Any]) -> None:
    eid = p.get("entity_id")
    if isinstance(eid, str):
        r.erased_entities.add(eid)
    r.erased_memories.update(_strs(p.get("memories")) + _strs(p.get("derived")))
    parts = p.get("parts")
    for part in parts if isinstance(parts, list) else []:
        # Never raises: a malformed entry must not make the whole erasure be skipped.
        if isinstance(part, dict):
            sid, idx = part.get("source_id"), part.get("index")
        elif isinstance(part, list) and len(part) >= 2:
            sid, idx = part[0], part[1]
        else:
            continue
        if isinstance(sid, str) and isinstance(idx, int):
            r.erased_parts.add((sid, idx))


def _apply(r: _Replay, seq: int, at: str, kind: str, p: dict[str, Any]) -> None:
    if kind == "entity_created":
        _on_entity(r, seq, at, p)
    elif kind == "source_added":
        r.sources[str(p["source_id"])] = (seq, at, p)
    elif kind == "memory_admitted":
        _on_admitted(r, seq, at, p)
    elif kind == "memory_state_changed":
        _on_state_changed(r, seq, at, p)
    elif kind == "review_decided":
        _on_review(r, seq, at, p)
    elif kind == "memory_reinforced":
        _on_reinforced(r, seq, at, p)
    elif kind in ("hold_set", "hold_released"):
        _on_hold(r, seq, at, p, kind)
    elif kind == "erased":
        _on_erased(r, seq, at, p)
    elif kind == "certificate_issued":
        r.certificates.append((seq, p))
    elif kind == "erasure_refused" and isinstance(p.get("entity_id"), str):
        r.touched.setdefault(seq, set()).add(p["entity_id"])  # part of that subject's history


def _replay(rows: Iterable[_Row], tenant: str, opener: Opener) -> _Replay:
    r = _Replay()
    for row in rows:
        try:
            stored = json.loads(row.body)
        except ValueError as exc:
            raise ExportError(f"event {row.seq} does not hold a JSON payload") from exc
        if not isinstance(stored, dict):
            continue
        payload = opener(tenant, row.seq, row.kind, stored)
        try:
            _apply(r, row.seq, row.recorded_at, row.kind, payload)
        except (KeyError, TypeError, ValueError, AttributeError):
            # Same rule as the decider's projection: an event that cannot be
            # read is skipped, not a reason to refuse the whole export.
            continue
    _drop_erased(r)
    return r


def _is_plain(value: Any) -> bool:
    return isinstance(value, str) and value != ERASED


def _receipt_parts(m: _Memory) -> tuple[str | None, set[int]]:
    rc = m.receipt if isinstance(m.receipt, dict) else {}
    sid = rc.get("source_id") or m.source_id
    idx = {i for i in rc.get("parts") or [] if isinstance(i, int) and not isinstance(i, bool)}
    return (sid if isinstance(sid, str) else None), idx


def _drop_erased(r: _Replay) -> None:
    gone_entities = r.erased_entities | {e for e, v in r.entities.items() if not _is_plain(v["name"])}
    for eid in gone_entities:
        r.entities.pop(eid, None)
    for mid, m in list(r.memories.items()):
        if (mid in r.erased_memories or not _is_plain(m.claim) or not _is_plain(m.evidence)
                or any(s in gone_entities for s in m.subjects)):
            del r.memories[mid]
            # Its parts are exported as leaves only, even where the database still
            # holds them (an export that raced the erasure's redaction, or a part
            # the erasure did not list): a leak is not recoverable.
            sid, idx = _receipt_parts(m)
            if sid is not None:
                r.erased_parts.update((sid, i) for i in idx)


# --------------------------------------------------------------------------
# Views


def _effective_state(r: _Replay, m: _Memory) -> str:
    if m.state != "rejected" and any(r.holds.get(s) for s in m.subjects):
        return "frozen"
    return m.state


def _memory_view(r: _Replay, m: _Memory) -> dict[str, Any]:
    return {
        "memory_id": m.memory_id, "claim": m.claim, "evidence": m.evidence,
        "state": _effective_state(r, m), "recorded_state": m.state, "reason": m.reason,
        "subjects": list(m.subjects), "relation": m.relation,
        "event_time": m.event_time or None, "valid_from": m.valid_from, "valid_to": m.valid_to,
        "seq": m.seq, "recorded_at": m.recorded_at, "count": m.count,
        "source_id": m.source_id, "receipt": m.receipt,
        "derived_from": m.derived_from, "supersedes": m.supersedes, "disputes": m.disputes,
        "history": m.history,
    }


def _entity_view(r: _Replay, e: Mapping[str, Any]) -> dict[str, Any]:
    return {**e, "held": bool(r.holds.get(e["entity_id"]))}


def _part_view(sid: str, p: _PartRow, erased: set[tuple[str, int]]) -> dict[str, Any]:
    out: dict[str, Any] = {"index": p.index, "byte_start": p.byte_start, "byte_end": p.byte_end, "leaf": p.leaf.hex()}
    if p.salt is None or p.text is None or (sid, p.index) in erased:
        out["redacted"] = True
        return out
    try:
        out["text"] = p.text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExportError(f"part {p.index} of source {sid!r} is not UTF-8 text") from exc
    out["salt"] = p.salt.hex()
    return out


def _source_view(r: _Replay, sid: str, parts: list[_PartRow], only: set[int] | None) -> dict[str, Any]:
    seq, at, payload = r.sources[sid]
    chosen = [p for p in parts if only is None or p.index in only]
    return {
        "source_id": sid, "root": payload.get("root"), "size": payload.get("size"), "seq": seq, "recorded_at": at,
        "complete": only is None,
        "parts": [_part_view(sid, p, r.erased_parts) for p in chosen],
    }


def _event_view(row: _Row) -> dict[str, Any]:
    try:
        payload = row.body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExportError(f"event {row.seq} payload is not UTF-8") from exc
    return {"seq": row.seq, "kind": row.kind, "recorded_at": row.recorded_at, "payload": payload,
            "prev_hash": row.prev.hex(), "hash": row.digest.hex()}


def _elided_view(row: _Row) -> dict[str, Any]:
    # Links the chain from genesis without showing anything of the event.
    return {"seq": row.seq, "elided": True, "prev_hash": row.prev.hex(), "hash": row.digest.hex()}


def _head(rows: list[_Row]) -> dict[str, Any]:
    if not rows:
        return {"seq": 0, "hash": GENESIS_PREV_HASH.hex()}
    return {"seq": rows[-1].seq, "hash": rows[-1].digest.hex()}


def _hash_ref(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    value = value.lower().removeprefix("sha256:")
    return value if re.fullmatch(r"[0-9a-f]{64}", value) else None


def _certificate_files(store: Path) -> dict[str, tuple[str, bytes]]:
    root = store / CERTIFICATES_DIR
    found: dict[str, tuple[str, bytes]] = {}
    if not root.is_dir():
        return found
    for path in sorted(root.rglob("*.json")):
        if path.is_symlink() or not path.is_file() or path.stat().st_size > _MAX_CERT_BYTES:
            continue
        data = path.read_bytes()
        found[hashlib.sha256(data).hexdigest()] = (path.relative_to(root).as_posix(), data)
    return found


def _certificates(store: Path, r: _Replay) -> list[dict[str, Any]]:
    files = _certificate_files(store)
    out = []
    for seq, payload in r.certificates:
        ref = _hash_ref(payload.get("certificate_hash"))
        held = files.get(ref) if ref else None
        if held is None:
            out.append({"seq": seq, "certificate_hash": ref, "missing": True})
            continue
        try:
            text = held[1].decode("utf-8")
        except UnicodeDecodeError:
            out.append({"seq": seq, "certificate_hash": ref, "missing": True})
            continue
        out.append({"seq": seq, "certificate_hash": ref, "file": held[0], "text": text})
    return out


def _public_key(store: Path) -> dict[str, Any] | None:
    try:
        doc = json.loads((store / PUBLIC_KEY_FILE).read_text(encoding="utf-8"))
        pk = bytes.fromhex(doc["public_key"])
        return {"algorithm": "ed25519", "public_key": pk.hex(), "key_id": public_key_id(pk)}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _attest(bundle: dict[str, Any], signing_key: nacl.signing.SigningKey) -> dict[str, Any]:
    pk = bundle.get("public_key")
    own = bytes(signing_key.verify_key)
    if not pk or pk["public_key"] != own.hex():
        raise ExportError("the signing key is not the key published in the store (public_key.json)")
    att = {
        "format": ATTESTATION_FORMAT, "bundle_format": BUNDLE_FORMAT, "scope": bundle["scope"],
        "tenant": bundle["tenant"], "exported_at": bundle["exported_at"], "head": bundle["head"],
        "content_sha256": hashlib.sha256(canonical_json(bundle)).hexdigest(), "public_key_id": public_key_id(own),
    }
    att["signature"] = "ed25519:" + signing_key.sign(canonical_json(att)).signature.hex()
    return att


def _frame(scope: str, tenant: str, store: Path, rows: list[_Row], now: str | None) -> dict[str, Any]:
    return {"format": BUNDLE_FORMAT, "scope": scope, "tenant": tenant, "exported_at": now or _utc_now(),
            "public_key": _public_key(store), "head": _head(rows)}


def _finish(bundle: dict[str, Any], signing_key: nacl.signing.SigningKey | None) -> dict[str, Any]:
    # Both branches serialise canonically, so anything that is not portable
    # JSON fails here rather than in somebody's verifier.
    if signing_key is not None:
        bundle["attestation"] = _attest(bundle, signing_key)
    else:
        canonical_json(bundle)
    return bundle


# --------------------------------------------------------------------------
# Public API: building bundles


def build_bundle(
    conn: sqlite3.Connection,
    tenant: str,
    opener: Opener,
    store: Path,
    *,
    signing_key: nacl.signing.SigningKey | None = None,
    now: str | None = None,
) -> dict[str, Any]:
    """The whole tenant: every event row, every source, every unerased memory, every certificate.

    ``signing_key`` (the install key, ``Keyring.signing_key()``) signs the
    bundle's content; without it the plaintext claims are not attested and
    verifiers say so.
    """
    rows, parts = _snapshot(conn, tenant)
    r = _replay(rows, tenant, opener)
    bundle = _frame("tenant", tenant, store, rows, now)
    bundle["subject"] = None
    bundle["events"] = [_event_view(row) for row in rows]
    # An entity no remaining memory names is a residue of erased content (a place or
    # a company named only in an erased sentence): its name is not exported.
    named = {s for m in r.memories.values() for s in m.subjects}
    bundle["entities"] = [_entity_view(r, e) for eid, e in r.entities.items() if eid in named]
    bundle["sources"] = [_source_view(r, sid, parts.get(sid, []), None) for sid in sorted(r.sources)]
    bundle["memories"] = [_memory_view(r, m) for m in r.memories.values()]
    bundle["certificates"] = _certificates(store, r)
    return _finish(bundle, signing_key)


def build_subject_bundle(
    conn: sqlite3.Connection,
    tenant: str,
    opener: Opener,
    store: Path,
    entity_id: str,
    *,
    signing_key: nacl.signing.SigningKey | None = None,
    now: str | None = None,
) -> dict[str, Any]:
    """A data-subject access export: everything stored about one entity, same format.

    Memories naming the entity in every state, the source parts their receipts
    cover, and the events that concern them. Every other event is elided to
    its (seq, prev_hash, hash), so the chain still links from genesis to the
    head without showing anyone else's records. Raises ExportError when the
    entity is unknown or erased.
    """
    rows, parts = _snapshot(conn, tenant)
    r = _replay(rows, tenant, opener)
    if entity_id not in r.entities:
        raise ExportError(f"no unerased entity {entity_id!r} in tenant {tenant!r}", "entity_not_found")
    mems = [m for m in r.memories.values() if entity_id in m.subjects]
    wanted: dict[str, set[int]] = {}
    for m in mems:
        sid, idx = _receipt_parts(m)
        if sid in r.sources:
            wanted.setdefault(sid, set()).update(idx)
    people = {entity_id} | {s for m in mems for s in m.subjects}
    concern = {m.memory_id for m in mems} | people
    keep = {r.sources[sid][0] for sid in wanted}
    keep |= {seq for seq, ids in r.touched.items() if ids & concern}
    bundle = _frame("subject", tenant, store, rows, now)
    bundle["subject"] = _entity_view(r, r.entities[entity_id])
    bundle["events"] = [_event_view(row) if row.seq in keep else _elided_view(row) for row in rows]
    bundle["entities"] = [_entity_view(r, r.entities[e]) for e in sorted(people) if e in r.entities]
    bundle["sources"] = [_source_view(r, sid, parts.get(sid, []), wanted[sid]) for sid in sorted(wanted)]
    bundle["memories"] = [_memory_view(r, m) for m in mems]
    bundle["certificates"] = []
    return _finish(bundle, signing_key)


def find_subjects(conn: sqlite3.Connection, tenant: str, opener: Opener, name: str) -> list[dict[str, Any]]:
    """Unerased entities whose name matches ``name`` (case- and whitespace-insensitive).

    For ``--subject NAME``: none is "not found", more than one is ambiguous
    and the caller should list them and ask for an entity id.
    """
    want = normalise_name(name)
    rows, _ = _snapshot(conn, tenant)
    r = _replay(rows, tenant, opener)
    hits = [e for e in r.entities.values() if e["entity_id"] == name or normalise_name(e["name"]) == want]
    return [{"entity_id": e["entity_id"], "name": e["name"], "kind": e["kind"]} for e in hits]


# --------------------------------------------------------------------------
# Files


def bundle_bytes(bundle: Mapping[str, Any]) -> bytes:
    """The file form: sorted, indented JSON. Any formatting verifies; the hashes cover the parsed value."""
    return (json.dumps(bundle, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")


def exports_path(store: Path, requested: str | None, *, tenant: str = "default", now: str | None = None) -> Path:
    """Where an agent-requested export may go: a plain file name inside ``store/exports``.

    An absolute path is accepted only when it names a file directly inside
    that folder. Anything else (another directory, ``..``, a hidden or odd
    name) raises ExportError with code ``bad_export_path``. No name gives a
    timestamped one. ``.json`` is appended when missing.
    """
    # One folder per tenant: an agent of one tenant must not even learn which file names another used.
    folder = store / EXPORTS_DIR / tenant
    if requested is None or requested == "":
        stamp = re.sub(r"[^0-9T]", "", now or _utc_now())[:15]
        return folder / f"{tenant}-{stamp}-{secrets.token_hex(4)}.json"
    if not isinstance(requested, str):
        raise ExportError("the export path must be a string", "bad_export_path")
    name = requested
    if os.path.isabs(requested):
        if os.path.realpath(os.path.dirname(requested)) != os.path.realpath(folder):
            raise ExportError(f"exports can only be written inside {folder}; give a file name", "bad_export_path")
        name = os.path.basename(requested)
    if not _SAFE_FILE.fullmatch(name) or ".." in name:
        raise ExportError(
            f"{requested!r} is not a plain file name (letters, digits, . _ : -, no folders); "
            f"exports are written inside {folder}", "bad_export_path")
    if not name.endswith(".json"):
        name += ".json"
    return folder / name


def write_bundle(path: Path, bundle: Mapping[str, Any], *, exclusive: bool = True,
                 pending: Path | None = None) -> Path:
    """Write the bundle file, mode 0600 (it holds plaintext memories).

    The bytes go to a hidden temp file beside the target, fsync'd, then take the target's name:
    by a hard link for ``exclusive`` (agent exports: an existing file is never replaced and a
    symlink never followed), else by rename. So a reader never sees half a bundle, and a crash
    never leaves a truncated file under the name. The temp's path is first recorded in the
    ``pending`` folder, so that a temp a crash leaves (plaintext) is deleted at the next start
    (:func:`remove_pending_temps`).
    """
    data = bundle_bytes(bundle)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if exclusive and os.path.lexists(path):
        raise ExportError(f"{path} already exists; choose another name", "export_exists")
    token = secrets.token_hex(6)
    temp = path.with_name(f".{path.name}.{token}.tmp")
    record = _record_pending(pending, token, temp)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if exclusive:
            try:
                os.link(temp, path)  # never replaces: fails if the name was taken meanwhile
            except FileExistsError:
                raise ExportError(f"{path} already exists; choose another name", "export_exists") from None
            os.unlink(temp)
        else:
            os.replace(temp, path)
        fsync_dir(path.parent)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    finally:
        if record is not None:
            record.unlink(missing_ok=True)
    return path


def _record_pending(pending: Path | None, token: str, temp: Path) -> Path | None:
    if pending is None:
        return None
    pending.mkdir(parents=True, exist_ok=True, mode=0o700)
    record = pending / token
    fd = os.open(record, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        os.write(fd, os.fsencode(temp))
        os.fsync(fd)
    finally:
        os.close(fd)
    fsync_dir(pending)
    return record


def remove_pending_temps(pending: Path) -> int:
    """Delete the temp files of exports a crash interrupted; returns how many were found."""
    try:
        records = list(pending.iterdir())
    except FileNotFoundError:
        return 0
    for record in records:
        try:
            os.unlink(os.fsdecode(record.read_bytes()))
        except (FileNotFoundError, ValueError):
            pass
        record.unlink(missing_ok=True)
    return len(records)


def fsync_dir(folder: Path | str) -> None:
    """Make a directory's entries (a rename, an unlink) durable."""
    dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def load_bundle(data: bytes) -> dict[str, Any]:
    """Parse bundle bytes; ExportError (``bad_bundle``) for anything that is not a bundle object."""
    if len(data) > MAX_BUNDLE_BYTES:
        raise ExportError(f"the bundle is over {MAX_BUNDLE_BYTES} bytes", "bad_bundle")

    def no_constants(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        value = json.loads(data.decode("utf-8"), parse_constant=no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ExportError(f"the bundle is not UTF-8 JSON: {exc}", "bad_bundle") from None
    if not isinstance(value, dict) or value.get("format") != BUNDLE_FORMAT:
        raise ExportError(f"not a {BUNDLE_FORMAT} bundle", "bad_bundle")
    return value


# --------------------------------------------------------------------------
# Validation (fireweed's own implementation of the checks in docs/FORMAT.md;
# open_format/verify_bundle.py is the independent, standard-library one)


def _check_chain(bundle: Mapping[str, Any], problems: list[str]) -> dict[int, dict[str, Any]]:
    tenant, prev, events = bundle["tenant"], GENESIS_PREV_HASH, {}
    for n, ev in enumerate(bundle["events"], 1):
        if ev.get("seq") != n:
            problems.append(f"chain: event {n} is missing or out of order (found seq {ev.get('seq')!r})")
            return events
        if bytes.fromhex(ev["prev_hash"]) != prev:
            problems.append(f"chain: event {n} does not link to the event before it")
            return events
        if ev.get("elided"):
            if bundle.get("scope") != "subject":
                problems.append(f"chain: event {n} is elided in a whole-tenant bundle")
                return events
            prev = bytes.fromhex(ev["hash"])
            continue
        digest = event_hash(tenant, n, ev["kind"], ev["recorded_at"], ev["payload"].encode("utf-8"), prev)
        if digest.hex() != ev["hash"]:
            problems.append(f"chain: event {n} does not hash to its recorded hash")
            return events
        events[n] = {**ev, "body": json.loads(ev["payload"])}
        prev = digest
    if bundle["head"] != {"seq": len(bundle["events"]), "hash": prev.hex()}:
        problems.append("chain: the head does not match the last event")
    return events


def _chain_sources(events: Mapping[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {str(e["body"].get("source_id")): {**e["body"], "seq": seq}
            for seq, e in events.items() if e["kind"] == "source_added"}


def _check_sources(bundle: Mapping[str, Any], chain: Mapping[str, dict[str, Any]], problems: list[str]) -> dict[str, dict[int, dict[str, Any]]]:
    held: dict[str, dict[int, dict[str, Any]]] = {}
    for src in bundle["sources"]:
        sid = src["source_id"]
        ref = chain.get(sid)
        if ref is None or ref.get("root") != src["root"] or ref.get("size") != src["size"]:
            problems.append(f"sources: {sid!r} does not match its source_added event in the chain")
            continue
        parts = {p["index"]: p for p in src["parts"]}
        held[sid] = parts
        leaves = ref.get("leaves") if isinstance(ref.get("leaves"), list) else None
        for idx, p in parts.items():
            if "text" in p and merkle.leaf_hash(bytes.fromhex(p["salt"]) + p["text"].encode("utf-8")).hex() != p["leaf"]:
                problems.append(f"sources: part {idx} of {sid!r} does not hash to its leaf")
            if leaves is not None and (not 0 <= idx < len(leaves) or leaves[idx] != p["leaf"]):
                problems.append(f"sources: part {idx} of {sid!r} is not the leaf recorded in the chain")
        if src.get("complete") and merkle.root([bytes.fromhex(parts[i]["leaf"]) for i in sorted(parts)]).hex() != src["root"]:
            problems.append(f"sources: the parts of {sid!r} do not rebuild its root")
    return held


def _check_receipt(m: Mapping[str, Any], chain: Mapping[str, dict[str, Any]], held: Mapping[str, dict[int, dict[str, Any]]], problems: list[str]) -> None:
    rc, mid = m["receipt"], m["memory_id"]
    ref = chain.get(rc["source_id"])
    if ref is None or ref.get("root") != rc["root"]:
        problems.append(f"receipts: {mid}: the root is not the one recorded in the chain")
        return
    parts = held.get(rc["source_id"], {})
    for n, idx in enumerate(rc["parts"]):
        leaf = bytes.fromhex(rc["leaves"][n])
        if idx in parts and parts[idx]["leaf"] != leaf.hex():
            problems.append(f"receipts: {mid}: part {idx} is not the exported part's leaf")
        proof = [bytes.fromhex(h) for h in rc["proofs"][n]]
        if not merkle.verify_inclusion(leaf, idx, ref["size"], proof, bytes.fromhex(ref["root"])):
            problems.append(f"receipts: {mid}: the inclusion proof of part {idx} does not reach the root")
    covered = [parts.get(i) for i in rc["parts"]]
    if covered and all(p is not None and "text" in p for p in covered):
        raw = b"".join(p["text"].encode("utf-8") for p in covered)  # type: ignore[index]
        base = covered[0]["byte_start"]  # type: ignore[index]
        if raw[rc["byte_start"] - base:rc["byte_end"] - base] != str(m["evidence"]).encode("utf-8"):
            problems.append(f"receipts: {mid}: the evidence is not the source bytes the receipt names")


def _check_certificates(bundle: Mapping[str, Any], events: Mapping[int, dict[str, Any]], problems: list[str]) -> None:
    pk = bundle.get("public_key") or {}
    for c in bundle["certificates"]:
        ev = events.get(c["seq"])
        if ev is None or ev["kind"] != "certificate_issued" or _hash_ref(ev["body"].get("certificate_hash")) != c["certificate_hash"]:
            problems.append(f"certificates: seq {c['seq']} is not a certificate_issued event for this hash")
            continue
        if c.get("missing"):
            continue
        data = c["text"].encode("utf-8")
        if hashlib.sha256(data).hexdigest() != c["certificate_hash"]:
            problems.append(f"certificates: {c.get('file')!r} does not hash to the value recorded in the chain")
        elif not pk or not verify_certificate_bytes(data, bytes.fromhex(pk["public_key"])):
            problems.append(f"certificates: {c.get('file')!r} is not signed by the bundle's public key")


def _check_attestation(bundle: Mapping[str, Any], problems: list[str]) -> None:
    att = bundle.get("attestation")
    if not isinstance(att, dict):
        problems.append("attestation: the bundle is not signed, so its plaintext is not attested")
        return
    body = {k: v for k, v in bundle.items() if k != "attestation"}
    pk = bundle.get("public_key") or {}
    if att.get("content_sha256") != hashlib.sha256(canonical_json(body)).hexdigest():
        problems.append("attestation: the bundle's content does not match its signed digest")
    if att.get("head") != bundle["head"] or att.get("tenant") != bundle["tenant"] or att.get("scope") != bundle["scope"]:
        problems.append("attestation: head, tenant or scope differ from the bundle's")
    try:
        msg = canonical_json({k: v for k, v in att.items() if k != "signature"})
        nacl.signing.VerifyKey(bytes.fromhex(pk["public_key"])).verify(msg, bytes.fromhex(att["signature"].removeprefix("ed25519:")))
        if att.get("public_key_id") != pk.get("key_id") or att.get("format") != ATTESTATION_FORMAT:
            raise ValueError("key id or format")
    except (nacl.exceptions.BadSignatureError, KeyError, TypeError, ValueError, AttributeError):
        problems.append("attestation: the signature does not verify under the bundle's public key")


def validate_bundle(bundle: Mapping[str, Any]) -> list[str]:
    """Every failed check of the bundle (empty when it verifies). Never raises.

    Checks the chain from genesis, sources against the chain's roots and
    leaves, receipts (inclusion proofs, evidence bytes), certificate hashes and
    signatures, and the attestation over the whole content.
    """
    problems: list[str] = []
    try:
        if bundle.get("format") != BUNDLE_FORMAT or bundle.get("scope") not in ("tenant", "subject"):
            return [f"format: not a {BUNDLE_FORMAT} bundle"]
        events = _check_chain(bundle, problems)
        chain = _chain_sources(events)
        held = _check_sources(bundle, chain, problems)
        for m in bundle["memories"]:
            if isinstance(m.get("receipt"), dict) and m["receipt"].get("parts"):
                _check_receipt(m, chain, held, problems)
        _check_certificates(bundle, events, problems)
        _check_attestation(bundle, problems)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        problems.append(f"format: malformed bundle ({type(exc).__name__}: {exc})")
    return problems


# --------------------------------------------------------------------------
# Import


@dataclass(frozen=True)
class ImportSource:
    """A source to register again, part by part as exported.

    ``parts`` tile the source from byte 0: held parts carry their text, redacted ones
    only their leaf (``{"byte_start", "byte_end", "leaf", "redacted": true}``), so a
    redacted sentence stays redacted in the new store. ``text`` shows redacted parts as
    spaces of the same byte length (offsets stay true)."""

    source_id: str
    text: str
    redacted_parts: int
    declared: dict[str, Any]
    parts: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class ImportMemory:
    """One memory to replay, in original ledger order."""

    memory_id: str
    claim: str
    evidence: str
    source_id: str | None
    event_time: str | None
    state: str
    recorded_state: str
    seq: int
    recorded_at: str
    count: int
    supersedes: tuple[str, ...]
    disputes: tuple[str, ...]
    # Who approved it, when the exported store's last review of it was an approval.
    approved_by: str | None = None


def _approved_by(m: Mapping[str, Any]) -> str | None:
    reviews = [h for h in m.get("history") or () if isinstance(h, Mapping) and h.get("event") == "review_decided"]
    if reviews and reviews[-1].get("decision") == "approve" and isinstance(reviews[-1].get("by"), str):
        return str(reviews[-1]["by"])
    return None


@dataclass(frozen=True)
class ImportPlan:
    """What an empty store needs to answer as the exported one did, and where it came from."""

    tenant: str
    scope: str
    sources: tuple[ImportSource, ...]
    memories: tuple[ImportMemory, ...]
    provenance: dict[str, Any]
    # The name fingerprints of the bundle's `erased` events. They are keyed with the exporting
    # install's secret, so they stop a claim only in a store that holds that same secret.
    tombstones: tuple[str, ...] = ()
    # Subjects under a legal hold in the exported store: the hold must hold in the new one.
    held: tuple[str, ...] = ()


def _source_text(src: Mapping[str, Any]) -> tuple[str, int]:
    # Redacted parts, and in a subject bundle the parts not exported, become
    # spaces of the same byte length, so evidence offsets stay true.
    raw, blank = bytearray(), 0
    for p in sorted(src["parts"], key=lambda p: p["index"]):
        raw += b" " * max(0, p["byte_start"] - len(raw))
        if "text" in p:
            raw += p["text"].encode("utf-8")
        else:
            raw += b" " * (p["byte_end"] - p["byte_start"])
            blank += 1
    return raw.decode("utf-8"), blank


def _source_parts(src: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    # A gap (a part a subject bundle did not export) is held as spaces: the bundle gives
    # neither its text nor where its parts began, so it cannot be carried as redacted parts.
    out: list[dict[str, Any]] = []
    end = 0
    for p in sorted(src["parts"], key=lambda p: p["index"]):
        if p["byte_start"] > end:
            out.append({"byte_start": end, "byte_end": p["byte_start"], "text": " " * (p["byte_start"] - end)})
        if "text" in p:
            out.append({"byte_start": p["byte_start"], "byte_end": p["byte_end"], "text": p["text"]})
        else:
            out.append({"byte_start": p["byte_start"], "byte_end": p["byte_end"], "leaf": p["leaf"], "redacted": True})
        end = p["byte_end"]
    return tuple(out)


_DECLARED = ("origin", "origin_kind", "supplied_by")


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value < 2**53


def prepare_import(bundle: Mapping[str, Any], *, bundle_sha256: str | None = None) -> ImportPlan:
    """Validate a bundle and turn it into what a replay into an empty store needs.

    Raises BundleInvalid listing every failed check; nothing of an invalid
    bundle is returned. ``provenance`` is the payload for the importing
    store's ``import_recorded`` event (give ``bundle_sha256`` of the file).
    """
    problems = validate_bundle(bundle) or [
        f"memories: {m.get('memory_id')}: `count` must be a positive integer" for m in bundle["memories"]
        if not _is_count(m.get("count", 1))]
    if problems:
        raise BundleInvalid(problems)
    chain = _chain_sources({e["seq"]: {**e, "body": json.loads(e["payload"])}
                            for e in bundle["events"] if not e.get("elided")})
    sources = tuple(
        ImportSource(s["source_id"], *_source_text(s),
                     {k: chain[s["source_id"]][k] for k in _DECLARED if k in chain[s["source_id"]]},
                     _source_parts(s))
        for s in bundle["sources"]
    )
    memories = tuple(sorted((
        ImportMemory(m["memory_id"], m["claim"], m["evidence"], m.get("source_id"), m.get("event_time"),
                     m["state"], m.get("recorded_state", m["state"]), m["seq"], m["recorded_at"], m.get("count", 1),
                     tuple(m.get("supersedes") or ()), tuple(m.get("disputes") or ()), _approved_by(m))
        for m in bundle["memories"]), key=lambda m: m.seq))
    provenance = {
        "format": BUNDLE_FORMAT, "scope": bundle["scope"], "from_tenant": bundle["tenant"],
        "from_head": bundle["head"], "exported_at": bundle["exported_at"],
        "public_key_id": (bundle.get("public_key") or {}).get("key_id"),
        "bundle_sha256": bundle_sha256, "memories": len(memories), "sources": len(sources),
    }
    tombstones = tuple(dict.fromkeys(
        str(e["body"]["name_fingerprint"]) for e in (
            {**ev, "body": json.loads(ev["payload"])} for ev in bundle["events"]
            if not ev.get("elided") and ev.get("kind") == "erased")
        if isinstance(e["body"], dict) and isinstance(e["body"].get("name_fingerprint"), str)))
    held = tuple(str(e["name"]) for e in bundle.get("entities") or ()
                 if isinstance(e, Mapping) and e.get("held") is True and isinstance(e.get("name"), str))
    provenance["held"] = len(held)
    return ImportPlan(bundle["tenant"], bundle["scope"], sources, memories, provenance, tombstones, held)
