#!/usr/bin/env python3
"""Verify a Fireweed export bundle using the Python standard library alone.

    python open_format/verify_bundle.py BUNDLE.json [--require-signatures] [--verbose] [--quiet]

Written from docs/FORMAT.md; it imports nothing from Fireweed, because a
verifier that needs the vendor's code only moves the trust around. It checks:

* chain        every event from genesis: seq order, prev_hash links, each hash
               recomputed over the stored payload bytes, the head;
* sources      each held part's leaf = SHA-256(0x00 || salt || text), each leaf
               equal to the one recorded in the chain, the Merkle root rebuilt
               from all parts, and root and size equal to the chain's;
* receipts     every memory's receipt: its leaves, its RFC 9162 inclusion
               proofs against the root recorded in the chain (not the copy in
               the bundle), and its evidence equal to the source bytes named;
* memories     each memory's state, times and receipt replayed from the chain's
               plain fields; nothing the chain records as erased is present;
* certificates each certificate file's SHA-256 against its certificate_issued
               event, its ledger heads against the chain, its Ed25519 signature;
* attestation  the SHA-256 of the bundle's canonical content and its signature.

Ed25519 signatures are checked with PyNaCl when it can be imported; otherwise
they are reported as "not verifiable here", never as passes. Exit status: 0
when nothing failed, 1 when any check failed, 2 when the file cannot be read
as a bundle, 3 with --require-signatures when a signature could not be checked
or the bundle is unsigned.
"""

from __future__ import annotations

import hashlib
import json
import struct
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

BUNDLE_FORMAT = "fireweed-bundle/v1"
ATTESTATION_FORMAT = "fireweed-bundle-attestation/v1"
CERT_FORMAT = "fireweed-erasure-certificate/v1"
HASH_DOMAIN = b"fireweed/event/v1\x00"
GENESIS = b"\x00" * 32
MAX_SAFE_INT = 2**53 - 1
EVENT_KINDS = frozenset({
    "source_added", "entity_created", "memory_admitted", "memory_reinforced", "memory_state_changed",
    "review_decided", "hold_set", "hold_released", "erased", "erasure_refused", "certificate_issued",
    "read_recorded", "import_started", "import_recorded", "import_abandoned",
})

PASS = "pass"
FAIL = "FAIL"
UNVERIFIABLE = "not verifiable here"
NOT_HELD = "not held"
WARNING = "warning"
STATUSES = (PASS, FAIL, UNVERIFIABLE, NOT_HELD, WARNING)
CHECKS = ("format", "chain", "sources", "receipts", "memories", "certificates", "signatures", "attestation")


# --------------------------------------------------------------------------
# Primitives (docs/FORMAT.md sections 3-6)


def canonical_json(value: Any) -> bytes:
    """Sorted keys, no spaces, UTF-8, no floats, integers within +-(2**53-1)."""
    _portable(value, 0)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def _portable(value: Any, depth: int) -> None:
    if depth > 200:
        raise ValueError("nested too deeply")
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, int):
        if abs(value) > MAX_SAFE_INT:
            raise ValueError("integer out of the portable range")
        return
    if isinstance(value, float):
        raise ValueError("floats are not allowed in canonical JSON")
    if isinstance(value, list):
        for v in value:
            _portable(v, depth + 1)
        return
    if isinstance(value, dict):
        for v in value.values():
            _portable(v, depth + 1)
        return
    raise ValueError(f"{type(value).__name__} is not JSON")


def event_hash(tenant: str, seq: int, kind: str, recorded_at: str, payload: bytes, prev_hash: bytes) -> bytes:
    def field_(b: bytes) -> bytes:
        return struct.pack(">I", len(b)) + b

    return hashlib.sha256(
        HASH_DOMAIN + field_(tenant.encode("utf-8")) + struct.pack(">Q", seq) + field_(kind.encode("utf-8"))
        + field_(recorded_at.encode("utf-8")) + field_(payload) + prev_hash
    ).digest()


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def merkle_root(leaves: list[bytes]) -> bytes:
    """RFC 9162 MTH over already-hashed leaves (split at the largest power of two below n)."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaves[0]
    k = 1 << ((len(leaves) - 1).bit_length() - 1)
    return node_hash(merkle_root(leaves[:k]), merkle_root(leaves[k:]))


def verify_inclusion(leaf: bytes, index: int, size: int, proof: list[bytes], root: bytes) -> bool:
    """RFC 9162 section 2.1.3.2, 0-based index."""
    if not (0 <= index < size) or len(leaf) != 32 or len(root) != 32 or any(len(p) != 32 for p in proof):
        return False
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            if not fn & 1:
                while fn and not fn & 1:
                    fn >>= 1
                    sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def signatures_available() -> bool:
    """True when PyNaCl can be imported, so Ed25519 signatures are checked here."""
    try:
        import nacl.signing  # noqa: F401
    except ImportError:
        return False
    return True


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool | None:
    """True/False with PyNaCl; None when no Ed25519 implementation is importable here."""
    try:
        import nacl.signing  # optional: the one non-standard module this script may use
    except ImportError:
        return None
    try:
        nacl.signing.VerifyKey(public_key).verify(message, signature)
        return True
    except Exception:  # noqa: BLE001 - a bad key, a bad signature: both are "does not verify"
        return False


def unhex(value: Any, size: int | None = None) -> bytes:
    if not isinstance(value, str) or (size is not None and len(value) != 2 * size):
        raise ValueError(f"expected {size or 'some'} bytes of hex")
    if value != value.lower():
        raise ValueError("hex must be lower-case")
    return bytes.fromhex(value)


def hash_ref(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    value = value.lower().removeprefix("sha256:")
    return value if len(value) == 64 and all(c in "0123456789abcdef" for c in value) else None


def key_id(public_key: bytes) -> str:
    return "ed25519:" + hashlib.sha256(public_key).hexdigest()[:16]


# --------------------------------------------------------------------------
# The report


@dataclass
class Result:
    check: str
    status: str
    subject: str
    detail: str = ""


@dataclass
class Report:
    results: list[Result] = field(default_factory=list)

    def add(self, check: str, status: str, subject: str, detail: str = "") -> None:
        self.results.append(Result(check, status, subject, detail))

    def failed(self, check: str | None = None) -> list[Result]:
        return [r for r in self.results if r.status == FAIL and (check is None or r.check == check)]

    @property
    def ok(self) -> bool:
        return not self.failed()

    def count(self, check: str, status: str) -> int:
        return sum(1 for r in self.results if r.check == check and r.status == status)

    def summary(self, limit: int = 40, verbose: bool = False) -> str:
        width = [max(len(s), 5) + 2 for s in STATUSES]
        lines = [f"{'check':<13}" + "".join(f"{s:>{w}}" for s, w in zip(STATUSES, width))]
        for c in CHECKS:
            lines.append(f"{c:<13}" + "".join(f"{self.count(c, s):>{w}}" for s, w in zip(STATUSES, width)))
        for status in ((PASS,) if verbose else ()) + (FAIL, UNVERIFIABLE, NOT_HELD, WARNING):
            shown = [r for r in self.results if r.status == status]
            for r in shown[:limit]:
                lines.append(f"{status}: {r.check}: {r.subject}" + (f": {r.detail}" if r.detail else ""))
            if len(shown) > limit:
                lines.append(f"{status}: ... and {len(shown) - limit} more")
        if not self.ok:
            verdict = "FAILED"
        elif any(r.status == UNVERIFIABLE for r in self.results):
            verdict = "verified, except what is marked 'not verifiable here'"
        else:
            verdict = "verified"
        lines.append("RESULT: " + verdict)
        return "\n".join(lines)


def _guard(rep: Report, check: str, subject: str, fn: Any, *args: Any) -> Any:
    # One malformed item fails its own check; it never stops the others.
    try:
        return fn(*args)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        rep.add(check, FAIL, subject, f"malformed ({type(exc).__name__}: {exc})")
        return None


# --------------------------------------------------------------------------
# Checks


@dataclass
class Chain:
    events: dict[int, dict[str, Any]]  # seq -> event with "body" (the parsed payload), elided ones without
    hashes: dict[int, str]  # seq -> hash, elided events included


def check_format(bundle: Any, rep: Report) -> bool:
    if not isinstance(bundle, dict) or bundle.get("format") != BUNDLE_FORMAT:
        rep.add("format", FAIL, "bundle", f"not a {BUNDLE_FORMAT} bundle")
        return False
    missing = [k for k in ("scope", "tenant", "exported_at", "head", "events", "entities", "sources",
                           "memories", "certificates") if k not in bundle]
    if missing or bundle["scope"] not in ("tenant", "subject") or not isinstance(bundle["tenant"], str):
        rep.add("format", FAIL, "bundle", f"missing {missing}" if missing else f"unknown scope {bundle['scope']!r}")
        return False
    for k in ("events", "entities", "sources", "memories", "certificates"):
        if not isinstance(bundle[k], list) or not all(isinstance(x, dict) for x in bundle[k]):
            rep.add("format", FAIL, k, "must be a list of objects")
            return False
    try:
        canonical_json(bundle)
    except ValueError as exc:
        rep.add("format", FAIL, "bundle", f"not portable JSON: {exc}")
        return False
    rep.add("format", PASS, "bundle", f"{bundle['scope']} bundle of tenant {bundle['tenant']!r}")
    pk = bundle.get("public_key")
    if pk is None:
        rep.add("format", WARNING, "public_key", "no public key in the bundle: signatures cannot be checked")
        return True
    try:
        good = (isinstance(pk, dict) and pk.get("algorithm") == "ed25519"
                and key_id(unhex(pk["public_key"], 32)) == pk.get("key_id"))
    except (KeyError, ValueError):
        good = False
    if good:
        rep.add("format", PASS, "public_key", pk["key_id"])
    else:
        rep.add("format", FAIL, "public_key", "key_id is not derived from the 32-byte public key")
    return True


def _chain_walk(bundle: Mapping[str, Any], rep: Report, chain: Chain) -> None:
    tenant, prev, recomputed, elided = bundle["tenant"], GENESIS, 0, 0
    for n, ev in enumerate(bundle["events"], 1):
        if ev.get("seq") != n:
            rep.add("chain", FAIL, f"event {n}", f"missing or out of order (found seq {ev.get('seq')!r})")
            return
        if unhex(ev["prev_hash"], 32) != prev:
            rep.add("chain", FAIL, f"event {n}", "prev_hash is not the hash of the event before it")
            return
        if ev.get("elided") is True:
            if bundle["scope"] != "subject":
                rep.add("chain", FAIL, f"event {n}", "elided in a whole-tenant bundle")
                return
            prev = unhex(ev["hash"], 32)
            chain.hashes[n] = ev["hash"]
            elided += 1
            continue
        if ev["kind"] not in EVENT_KINDS:
            # Its hash is still recomputed below; only its meaning is unknown to this verifier.
            rep.add("chain", WARNING, f"event {n}", f"kind {ev['kind']!r} is unknown to this verifier")
        digest = event_hash(tenant, n, ev["kind"], ev["recorded_at"], ev["payload"].encode("utf-8"), prev)
        if digest != unhex(ev["hash"], 32):
            rep.add("chain", FAIL, f"event {n}", "the recomputed hash differs from the recorded one")
            return
        prev = digest
        chain.hashes[n] = ev["hash"]
        recomputed += 1
    head = bundle["head"]
    if head != {"seq": len(bundle["events"]), "hash": prev.hex()}:
        rep.add("chain", FAIL, "head", f"the head {head!r} is not the last event")
        return
    rep.add("chain", PASS, "head", f"{recomputed} events recomputed from genesis"
            + (f", {elided} elided events linked by hash" if elided else "") + f"; head seq {head['seq']} {head['hash']}")


def check_chain(bundle: Mapping[str, Any], rep: Report) -> Chain:
    chain = Chain({}, {})
    for ev in bundle["events"]:
        # Parsed regardless of the walk's verdict so the other checks still run.
        if not ev.get("elided") and isinstance(ev.get("seq"), int) and isinstance(ev.get("payload"), str):
            body = _guard(rep, "chain", f"event {ev['seq']}", json.loads, ev["payload"])
            if isinstance(body, dict):
                chain.events[ev["seq"]] = {**ev, "body": body}
    _guard(rep, "chain", "events", _chain_walk, bundle, rep, chain)
    return chain


def chain_sources(chain: Chain, rep: Report) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for seq, ev in sorted(chain.events.items()):
        if ev["kind"] == "source_added":
            sid = str(ev["body"].get("source_id"))
            if sid in out:
                rep.add("sources", FAIL, sid, "added twice in the chain")
            out[sid] = {**ev["body"], "seq": seq, "recorded_at": ev["recorded_at"]}
    return out


def _check_source(src: Mapping[str, Any], ref: Mapping[str, Any] | None, rep: Report) -> None:
    sid = src["source_id"]
    if ref is None:
        rep.add("sources", FAIL, sid, "no source_added event for it in the chain")
        return
    if (src["root"] != ref.get("root") or src["size"] != ref.get("size") or src.get("seq") != ref["seq"]
            or src.get("recorded_at") != ref["recorded_at"]):
        rep.add("sources", FAIL, sid, "root, size, seq or recorded_at differ from its source_added event")
        return
    end = 0
    for p in src["parts"]:
        # Parts tile the text: a complete source from byte 0 without gaps, a partial one at least in order.
        gap_ok = p["byte_start"] == end if src.get("complete") else p["byte_start"] >= end
        if not gap_ok or p["byte_end"] < p["byte_start"]:
            rep.add("sources", FAIL, f"{sid} part {p['index']}", "byte ranges do not tile the source in order")
            return
        end = p["byte_end"]
    leaves = ref.get("leaves") if isinstance(ref.get("leaves"), list) else None
    by_index: dict[int, bytes] = {}
    for p in src["parts"]:
        idx, leaf = p["index"], unhex(p["leaf"], 32)
        if not isinstance(idx, int) or not 0 <= idx < src["size"] or idx in by_index:
            rep.add("sources", FAIL, f"{sid} part {idx!r}", "index out of range or repeated")
            return
        by_index[idx] = leaf
        if p.get("redacted") is True:
            if "text" in p or "salt" in p:
                rep.add("sources", FAIL, f"{sid} part {idx}", "marked redacted but carries text or salt")
                return
        else:
            data = p["text"].encode("utf-8")
            if len(data) != p["byte_end"] - p["byte_start"]:
                rep.add("sources", FAIL, f"{sid} part {idx}", "text length differs from its byte range")
                return
            if leaf_hash(unhex(p["salt"], 32) + data) != leaf:
                rep.add("sources", FAIL, f"{sid} part {idx}", "SHA-256(0x00 || salt || text) is not its leaf")
                return
        if leaves is not None and (idx >= len(leaves) or leaves[idx] != p["leaf"]):
            rep.add("sources", FAIL, f"{sid} part {idx}", "the leaf differs from the one recorded in the chain")
            return
    if src.get("complete"):
        if sorted(by_index) != list(range(src["size"])):
            rep.add("sources", FAIL, sid, "a complete source must list every part")
            return
        if merkle_root([by_index[i] for i in range(src["size"])]).hex() != src["root"]:
            rep.add("sources", FAIL, sid, "the parts do not rebuild the root recorded in the chain")
            return
    redacted = sum(1 for p in src["parts"] if p.get("redacted"))
    rep.add("sources", PASS, sid, f"{len(src['parts'])} parts" + (f", {redacted} redacted (leaf only)" if redacted else ""))


def check_sources(bundle: Mapping[str, Any], chain: Chain, rep: Report) -> dict[str, dict[int, dict[str, Any]]]:
    refs = chain_sources(chain, rep)
    parts: dict[str, dict[int, dict[str, Any]]] = {}
    for src in bundle["sources"]:
        sid = str(src.get("source_id"))
        _guard(rep, "sources", sid, _check_source, src, refs.get(sid), rep)
        parts[sid] = {p.get("index"): p for p in src.get("parts") or [] if isinstance(p, dict)}
    return parts


def _check_receipt(m: Mapping[str, Any], refs: Mapping[str, Any], parts: Mapping[str, Any], rep: Report) -> None:
    mid, rc = m["memory_id"], m["receipt"]
    ref = refs.get(rc["source_id"])
    if ref is None:
        rep.add("receipts", FAIL, mid, f"source {rc['source_id']!r} has no source_added event in the chain")
        return
    root = unhex(ref["root"], 32)
    if rc["root"] != ref["root"] or rc["size"] != ref["size"]:
        rep.add("receipts", FAIL, mid, "the receipt's root or size is not the one recorded in the chain")
        return
    if not (len(rc["parts"]) == len(rc["leaves"]) == len(rc["proofs"])):
        rep.add("receipts", FAIL, mid, "parts, leaves and proofs differ in number")
        return
    held = parts.get(rc["source_id"], {})
    unheld = 0
    for idx, leaf_hex, proof in zip(rc["parts"], rc["leaves"], rc["proofs"]):
        leaf = unhex(leaf_hex, 32)
        part = held.get(idx)
        if part is None or part.get("redacted"):
            unheld += 1
        elif leaf_hash(unhex(part["salt"], 32) + part["text"].encode("utf-8")) != leaf:
            rep.add("receipts", FAIL, mid, f"part {idx}: the held text does not hash to the receipt's leaf")
            return
        if not verify_inclusion(leaf, idx, ref["size"], [unhex(h, 32) for h in proof], root):
            rep.add("receipts", FAIL, mid, f"part {idx}: the inclusion proof does not reach the chain's root")
            return
    if unheld:
        rep.add("receipts", NOT_HELD, mid, f"proofs verify; {unheld} part(s) not held, so their text cannot be re-hashed")
        return
    first = rc["parts"][0]
    if rc["parts"] != list(range(first, first + len(rc["parts"]))):
        rep.add("receipts", FAIL, mid, "the receipt's parts are not ascending and contiguous")
        return
    covered = [held[i] for i in rc["parts"]]
    base = covered[0]["byte_start"]
    if not base <= rc["byte_start"] <= rc["byte_end"] <= covered[-1]["byte_end"]:
        rep.add("receipts", FAIL, mid, "the receipt's byte range is not inside its parts")
        return
    raw = b"".join(p["text"].encode("utf-8") for p in covered)
    if raw[rc["byte_start"] - base:rc["byte_end"] - base] != str(m.get("evidence")).encode("utf-8"):
        rep.add("receipts", FAIL, mid, "the evidence is not the source bytes the receipt names")
        return
    rep.add("receipts", PASS, mid, f"{len(rc['parts'])} part(s) re-hashed and proved; evidence matches")


def check_receipts(bundle: Mapping[str, Any], chain: Chain, parts: Mapping[str, Any], rep: Report) -> None:
    refs = {sid: ref for sid, ref in chain_sources(chain, Report()).items()}
    for m in bundle["memories"]:
        mid = str(m.get("memory_id"))
        rc = m.get("receipt")
        if not isinstance(rc, dict) or not rc.get("parts"):
            rep.add("receipts", WARNING, mid, "no receipt")
            continue
        _guard(rep, "receipts", mid, _check_receipt, m, refs, parts, rep)


MISSING = object()  # a member that is absent is not the same as a member that is null


@dataclass
class Replayed:
    """What the chain's plain fields say about memories and entities (docs/FORMAT.md section 7)."""

    memories: dict[str, dict[str, Any]] = field(default_factory=dict)
    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    holds: dict[str, bool] = field(default_factory=dict)
    gone_memories: set[str] = field(default_factory=set)
    gone_entities: set[str] = field(default_factory=set)
    gone_parts: set[tuple[Any, Any]] = field(default_factory=set)

    def erased(self, m: Mapping[str, Any]) -> bool:
        return m["memory_id"] in self.gone_memories or any(s in self.gone_entities for s in m["subjects"])


def _step(m: dict[str, Any], seq: int, at: str, event: str, state: Any = None, **extra: Any) -> None:
    if state is not None:
        m["recorded_state"] = state
    m["history"].append({"seq": seq, "recorded_at": at, "event": event, "state": m["recorded_state"],
                         **{k: v for k, v in extra.items() if v is not None}})


def sealed_fields(stored: Mapping[str, Any]) -> set[str]:
    """The fields a stored payload carries only as ciphertext (section 3): not checkable here."""
    sealed = stored.get("sealed")
    fields = sealed.get("fields") if isinstance(sealed, dict) else None
    return set(fields) if isinstance(fields, dict) else set()


def _admitted(r: Replayed, seq: int, at: str, p: dict[str, Any]) -> None:
    hidden = sealed_fields(p)
    m = {k: p.get(k) for k in ("memory_id", "source_id", "receipt", "relation", "reason") if k not in hidden}
    m.update({k: p.get(k) or [] for k in ("subjects", "supersedes", "disputes", "derived_from")})
    m.update(seq=seq, recorded_at=at, recorded_state=p.get("state") or "active", valid_to=None, count=1,
             event_time=p.get("event_time") or None, history=[], sealed=hidden)
    m["valid_from"] = m["event_time"] or (at if p.get("supersedes") else None)
    _step(m, seq, at, "memory_admitted", reason=m.get("reason"))
    r.memories[p["memory_id"]] = m


def _changed(r: Replayed, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    if not isinstance(p["to"], str):
        raise TypeError("to")
    if p["to"] == "superseded":
        vt = p.get("valid_to")
        m["valid_to"] = vt if isinstance(vt, str) and vt else at
    elif p["to"] in ("active", "disputed"):
        m["valid_to"] = None
    if p.get("reason"):
        m["reason"] = p.get("reason")
    _step(m, seq, at, "memory_state_changed", p["to"], reason=p.get("reason"), by=p.get("by"),
          valid_to=p.get("valid_to"))


def _reviewed(r: Replayed, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    d = p.get("decision")
    to = {"approve": "active", "reject": "rejected"}.get(d) if isinstance(d, str) else None
    _step(m, seq, at, "review_decided", to, decision=p.get("decision"), by=p.get("by"))


def _reinforced(r: Replayed, seq: int, at: str, p: dict[str, Any]) -> None:
    m = r.memories[p["memory_id"]]
    c = p.get("count")
    m["count"] = c if isinstance(c, int) and not isinstance(c, bool) else m["count"] + 1
    _step(m, seq, at, "memory_reinforced", count=m["count"])


def _held(r: Replayed, seq: int, at: str, p: dict[str, Any], kind: str) -> None:
    r.holds[p["entity_id"]] = kind == "hold_set"
    for m in r.memories.values():
        if p["entity_id"] in m["subjects"]:
            _step(m, seq, at, kind, by=p.get("by"))


def _strs(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _erased(r: Replayed, p: dict[str, Any]) -> None:
    # Never raises: a malformed entry must not make the whole erasure be skipped.
    if isinstance(p.get("entity_id"), str):
        r.gone_entities.add(p["entity_id"])
    r.gone_memories.update(_strs(p.get("memories")) + _strs(p.get("derived")))
    parts = p.get("parts")
    for part in parts if isinstance(parts, list) else []:
        if isinstance(part, dict):
            r.gone_parts.add((part.get("source_id"), part.get("index")))
        elif isinstance(part, list) and len(part) >= 2:
            r.gone_parts.add((part[0], part[1]))


def replay(chain: Chain) -> Replayed:
    """Replay the plain fields of every non-elided event, in seq order."""
    r = Replayed()
    for seq, ev in sorted(chain.events.items()):
        p, kind, at = ev["body"], ev["kind"], ev["recorded_at"]
        try:
            if kind == "memory_admitted":
                _admitted(r, seq, at, p)
            elif kind == "memory_state_changed":
                _changed(r, seq, at, p)
            elif kind == "review_decided":
                _reviewed(r, seq, at, p)
            elif kind == "memory_reinforced":
                _reinforced(r, seq, at, p)
            elif kind in ("hold_set", "hold_released"):
                _held(r, seq, at, p, kind)
            elif kind == "entity_created":
                r.entities[p["entity_id"]] = {"entity_id": p["entity_id"], "kind": p.get("kind") or "thing",
                                              "seq": seq, "recorded_at": at}
            elif kind == "erased":
                _erased(r, p)
        except (KeyError, TypeError, ValueError, AttributeError):
            continue  # the writer skips an unreadable event the same way
    for m in r.memories.values():
        if r.erased(m):
            # An erased memory's parts must be exported as leaves only, like the ones the erasure names.
            rc = m["receipt"] if isinstance(m["receipt"], dict) else {}
            parts = rc.get("parts") if isinstance(rc.get("parts"), list) else []
            sid = rc.get("source_id") or m["source_id"]
            r.gone_parts.update((sid, i) for i in parts if isinstance(i, int))
    return r


_NOT_IN_CHAIN = ("claim", "evidence")  # always sealed in the chain: attested by the signature only


def _check_memory(m: Mapping[str, Any], r: Replayed, rep: Report) -> None:
    mid = m["memory_id"]
    if r.erased(m):
        rep.add("memories", FAIL, mid, "the chain records this memory or its subject as erased, yet it is exported")
        return
    want = r.memories.get(mid)
    if want is None:
        rep.add("memories", FAIL, mid, "no memory_admitted event for it in the chain")
        return
    want = dict(want)
    hidden = set(_NOT_IN_CHAIN) | want.pop("sealed")
    frozen = want["recorded_state"] != "rejected" and any(r.holds.get(s) for s in want["subjects"])
    want["state"] = "frozen" if frozen else want["recorded_state"]
    diff = [k for k, v in want.items() if k != "history" and m.get(k, MISSING) != v]
    history = m.get("history")
    if not isinstance(history, list) or [{k: v for k, v in h.items() if k != "note"} for h in history] != want["history"]:
        diff.append("history")
    if diff:
        rep.add("memories", FAIL, mid, f"{', '.join(sorted(diff))} differ from the chain's record")
        return
    if set(m) - set(want) - hidden or not all(isinstance(m.get(k), str) for k in _NOT_IN_CHAIN):
        rep.add("memories", FAIL, mid, "unexpected members, or no readable claim and evidence")
        return
    rep.add("memories", PASS, mid, f"{m['state']}, seq {m['seq']}")


def _check_entity(e: Mapping[str, Any], r: Replayed, rep: Report) -> None:
    eid = e["entity_id"]
    want = r.entities.get(eid)
    if eid in r.gone_entities:
        rep.add("memories", FAIL, f"entity {eid}", "an erased entity is exported")
    elif want is None:
        rep.add("memories", FAIL, f"entity {eid}", "no entity_created event for it in the chain")
    elif any(e.get(k, MISSING) != v for k, v in want.items()) or e.get("held") != bool(r.holds.get(eid)) \
            or not isinstance(e.get("name"), str) or set(e) != {*want, "held", "name"}:
        rep.add("memories", FAIL, f"entity {eid}", "kind, seq, recorded_at or held differ from the chain's record")


def _check_complete(bundle: Mapping[str, Any], chain: Chain, r: Replayed, rep: Report) -> None:
    """Nothing the chain holds (and no erasure removed) may be left out of a bundle silently."""
    listed_m = {m.get("memory_id") for m in bundle["memories"]}
    listed_e = {e.get("entity_id") for e in bundle["entities"]}
    subject = bundle.get("subject")
    if bundle["scope"] == "subject":
        if not isinstance(subject, dict) or subject not in bundle["entities"]:
            rep.add("memories", FAIL, "subject", "the subject is not one of the bundle's entities")
            return
        owed = [m for m in r.memories.values() if subject["entity_id"] in m["subjects"]]
    else:
        if subject is not None:
            rep.add("memories", FAIL, "subject", "a tenant bundle names no subject")
        owed = list(r.memories.values())
        named = {s for m in owed if not r.erased(m) for s in m["subjects"]}
        for eid in r.entities:
            if eid in named and eid not in listed_e and eid not in r.gone_entities:
                rep.add("memories", FAIL, f"entity {eid}", "a memory names it, yet it is missing from the bundle")
        listed_s = {s.get("source_id") for s in bundle["sources"]}
        for ev in chain.events.values():
            if ev["kind"] == "source_added" and ev["body"].get("source_id") not in listed_s:
                rep.add("sources", FAIL, str(ev["body"].get("source_id")), "in the chain but missing from the bundle")
        for s in bundle["sources"]:
            if s.get("complete") is not True:
                rep.add("sources", FAIL, str(s.get("source_id")), "a tenant bundle must list every part")
    for m in owed:
        if m["memory_id"] not in listed_m and not r.erased(m):
            rep.add("memories", FAIL, m["memory_id"], "in the chain, not erased, but missing from the bundle")


def check_memories(bundle: Mapping[str, Any], chain: Chain, rep: Report) -> None:
    r = replay(chain)
    for m in bundle["memories"]:
        _guard(rep, "memories", str(m.get("memory_id")), _check_memory, m, r, rep)
    for e in bundle["entities"]:
        _guard(rep, "memories", f"entity {e.get('entity_id')}", _check_entity, e, r, rep)
    _check_complete(bundle, chain, r, rep)
    for src in bundle["sources"]:
        for p in src.get("parts") or []:
            if (src.get("source_id"), p.get("index")) in r.gone_parts and ("text" in p or "salt" in p):
                rep.add("memories", FAIL, f"{src.get('source_id')} part {p.get('index')}",
                        "a part of erased content is exported with its text")


def _check_certificate(c: Mapping[str, Any], bundle: Mapping[str, Any], chain: Chain, rep: Report) -> None:
    seq = c["seq"]
    name = f"seq {seq} ({c.get('file') or c.get('certificate_hash')})"
    ev = chain.events.get(seq)
    if ev is None or ev["kind"] != "certificate_issued" or hash_ref(ev["body"].get("certificate_hash")) != c["certificate_hash"]:
        rep.add("certificates", FAIL, name, "not the certificate_issued event at that seq")
        return
    if c.get("missing"):
        rep.add("certificates", NOT_HELD, name, "the store no longer holds this certificate file")
        return
    data = c["text"].encode("utf-8")
    if hashlib.sha256(data).hexdigest() != c["certificate_hash"]:
        rep.add("certificates", FAIL, name, "SHA-256 of the file is not the hash recorded in the chain")
        return
    cert = json.loads(data)
    if canonical_json(cert) != data or cert.get("format") != CERT_FORMAT or cert.get("tenant") != bundle["tenant"]:
        rep.add("certificates", FAIL, name, "not a canonical certificate of this tenant")
        return
    for head in ("ledger_head_before", "ledger_head_after"):
        h = cert[head]
        if h["seq"] and chain.hashes.get(h["seq"]) != h["hash"]:
            rep.add("certificates", FAIL, name, f"{head} is not the chain's hash at seq {h['seq']}")
            return
    rep.add("certificates", PASS, name, "hash and ledger heads match the chain")
    pk = bundle.get("public_key") or {}
    if cert.get("public_key_id") != pk.get("key_id"):
        rep.add("signatures", FAIL, name, "signed by another key than the bundle's public key")
        return
    sig = cert["signature"]
    msg = canonical_json({k: v for k, v in cert.items() if k != "signature"})
    _signature(rep, name, pk, msg, sig)


def _signature(rep: Report, name: str, pk: Mapping[str, Any], msg: bytes, sig: Any) -> None:
    if not isinstance(sig, str) or not sig.startswith("ed25519:"):
        rep.add("signatures", FAIL, name, "no ed25519 signature")
        return
    ok = ed25519_verify(unhex(pk["public_key"], 32), msg, unhex(sig[len("ed25519:"):], 64))
    if ok is None:
        rep.add("signatures", UNVERIFIABLE, name, "PyNaCl is not importable; install it to check Ed25519")
    elif ok:
        rep.add("signatures", PASS, name, f"Ed25519 by {pk['key_id']}")
    else:
        rep.add("signatures", FAIL, name, "the Ed25519 signature does not verify")


def check_certificates(bundle: Mapping[str, Any], chain: Chain, rep: Report) -> None:
    listed = {c.get("seq") for c in bundle["certificates"]}
    for seq, ev in sorted(chain.events.items()):
        if ev["kind"] == "certificate_issued" and seq not in listed:
            rep.add("certificates", FAIL, f"seq {seq}", "a certificate_issued event has no certificate entry")
    for c in bundle["certificates"]:
        _guard(rep, "certificates", f"seq {c.get('seq')}", _check_certificate, c, bundle, chain, rep)


def _check_attestation(bundle: Mapping[str, Any], rep: Report) -> None:
    att = bundle.get("attestation")
    if att is None:
        rep.add("attestation", WARNING, "bundle", "unsigned: the plaintext claims are not attested by anyone")
        return
    body = {k: v for k, v in bundle.items() if k != "attestation"}
    if att["content_sha256"] != hashlib.sha256(canonical_json(body)).hexdigest():
        rep.add("attestation", FAIL, "content", "the bundle's content does not match its attested SHA-256")
        return
    same = all(att.get(k) == bundle.get(k) for k in ("tenant", "scope", "head", "exported_at"))
    if not same or att.get("format") != ATTESTATION_FORMAT or att.get("bundle_format") != BUNDLE_FORMAT:
        rep.add("attestation", FAIL, "fields", "format, tenant, scope, head or exported_at differ from the bundle's")
        return
    rep.add("attestation", PASS, "content", f"SHA-256 {att['content_sha256']}")
    pk = bundle.get("public_key") or {}
    if att.get("public_key_id") != pk.get("key_id"):
        rep.add("signatures", FAIL, "attestation", "signed by another key than the bundle's public key")
        return
    msg = canonical_json({k: v for k, v in att.items() if k != "signature"})
    _signature(rep, "attestation", pk, msg, att.get("signature"))


def verify(bundle: Any) -> Report:
    """Run every check on a parsed bundle. Never raises on bad input: it fails checks."""
    rep = Report()
    if not check_format(bundle, rep):
        return rep
    # Each stage is guarded as a whole too: hostile input fails a check, it never crashes the run.
    chain = _guard(rep, "chain", "events", check_chain, bundle, rep) or Chain({}, {})
    parts = _guard(rep, "sources", "sources", check_sources, bundle, chain, rep) or {}
    _guard(rep, "receipts", "memories", check_receipts, bundle, chain, parts, rep)
    _guard(rep, "memories", "memories", check_memories, bundle, chain, rep)
    _guard(rep, "certificates", "certificates", check_certificates, bundle, chain, rep)
    _guard(rep, "attestation", "bundle", _check_attestation, bundle, rep)
    return rep


def load(path: str) -> Any:
    """Parse a bundle file; JSON's NaN/Infinity constants are refused."""
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    with open(path, "rb") as fh:
        return json.loads(fh.read().decode("utf-8"), parse_constant=refuse)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    strict = "--require-signatures" in args
    quiet = "--quiet" in args
    verbose = "--verbose" in args
    paths = [a for a in args if not a.startswith("--")]
    if len(paths) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        bundle = load(paths[0])
    except (OSError, ValueError, RecursionError) as exc:
        print(f"verify_bundle: cannot read {paths[0]}: {exc}", file=sys.stderr)
        return 2
    rep = verify(bundle)
    if not quiet:
        print(f"bundle: {paths[0]}")
    print(rep.summary(verbose=verbose))
    if not rep.ok:
        return 1
    if strict and (any(r.status == UNVERIFIABLE for r in rep.results) or rep.count("attestation", PASS) == 0):
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
