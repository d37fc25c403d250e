"""Sources held by the writer: parts, salts, Merkle roots, and receipts into them.

A source is split into parts (sentences); each part gets its own random salt so
a published leaf hash does not let anyone confirm a guessed sentence. The root
goes into the `source_added` event; part texts and salts live in `source_parts`,
written only while that event is applied. `prepare` computes all of this without
writing anything and stashes it, keyed by root, for the append that follows.
"""

from __future__ import annotations

import json
import sqlite3
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from fireweed.ledger_writer.ledger import Ledger, LedgerError
from fireweed.ledger_writer.sources import (
    Part,
    locate_evidence,
    make_leaves,
    new_salt,
    parts_covering,
    split_parts,
)
from fireweed.shared import merkle
from fireweed.shared.errors import BadRequest
from fireweed.shared.limits import LIMITS
from fireweed.shared.names import BadName, validate_source_id

# The front counts characters (LIMITS.source_chars); UTF-8 takes at most 4 bytes for each.
MAX_SOURCE_BYTES = 4 * LIMITS.source_chars
_STASH_MAX = 512
# Staged sources are held until their append; a remember that fails in between never takes its
# own back, so the stash is bounded in bytes as well as in entries (a source may be 4 MB).
_STASH_BYTES = 64 * 1024 * 1024
# One source is at most this many sentences: each part's leaf hash goes into the source_added
# event and the reply, and 1,000,000 characters of short sentences would outgrow a frame.
MAX_SOURCE_PARTS = 20_000


def _source_id(msg: dict[str, Any]) -> str:
    try:
        return validate_source_id(msg.get("source_id"))  # type: ignore[arg-type]
    except BadName as exc:
        raise BadRequest(str(exc), "bad_source_id") from None


# Sources registered without an id get one derived by the writer (see Keyring.auto_source_id).
AUTO_PREFIXES = frozenset({"evidence", "src"})
# Each erasure of an auto source's text moves its next registration one generation on;
# past this many the text is refused rather than probed without end.
_MAX_GENERATIONS = 1000

AutoId = Callable[[str, str, str, int], str]  # (tenant, prefix, text, generation) -> source id


class SourceStore:
    def __init__(self, ledger: Ledger, auto_id: AutoId | None = None) -> None:
        self.ledger = ledger
        # None only in tests that never register a source without an id.
        self._auto_id = auto_id
        self._stash: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self._stash_bytes = 0

    # ---- preparing a new source (no writes) ------------------------------
    def prepare_new(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """`prepare` for a source the decider says is new: no read, so it completes at once.

        The decider sequences every append, so when it says a source is new, it is; skipping
        the read keeps a remember from queueing behind the commit in flight. With `auto`
        the decider cannot know the id yet: this stages the first-generation id and the
        decider checks it against its projection (and asks `prepare` again if it is held)."""
        text = self._checked_text(msg)
        auto = self._auto_prefix(msg)
        source_id = self._derive(tenant, auto, text, 0) if auto else _source_id(msg)
        return self._stage(tenant, source_id, text, msg)

    @staticmethod
    def _checked_text(msg: dict[str, Any]) -> str:
        if msg.get("parts") is not None:
            return _import_layout(msg)[0]
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("`text` must be a non-empty string", "bad_source_text")
        if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
            raise BadRequest(f"argument `text` (the source) is over {MAX_SOURCE_BYTES} bytes", "too_large")
        return text

    def _auto_prefix(self, msg: dict[str, Any]) -> str | None:
        auto = msg.get("auto")
        if auto is None:
            return None
        if auto not in AUTO_PREFIXES or msg.get("source_id") is not None:
            raise BadRequest("`auto` must be 'evidence' or 'src', and comes without a source_id", "bad_source_id")
        if self._auto_id is None:
            raise BadRequest("this writer cannot derive source ids", "bad_source_id")
        return str(auto)

    def _derive(self, tenant: str, prefix: str, text: str, generation: int) -> str:
        assert self._auto_id is not None
        return self._auto_id(tenant, prefix, text, generation)

    async def prepare(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        if msg.get("known_new") is True:
            return self.prepare_new(tenant, msg)
        text = self._checked_text(msg)
        auto = self._auto_prefix(msg)
        if auto is None:
            source_id = _source_id(msg)
            held = await self._held_text(tenant, source_id)
            if held is None:
                return self._stage(tenant, source_id, text, msg)
            if held != text:
                raise BadRequest(
                    f"a different text is already held as source {source_id!r}; choose another source_id",
                    "source_conflict",
                )
            return await self._existing(tenant, source_id, msg)
        for generation in range(_MAX_GENERATIONS):
            source_id = self._derive(tenant, auto, text, generation)
            held = await self._held_text(tenant, source_id)
            if held is None:
                return self._stage(tenant, source_id, text, msg)
            if held == text:
                return await self._existing(tenant, source_id, msg)
            # Held but different: a redacted copy of this text (its erased parts read as
            # spaces). It is never reused, so receipts of a re-admitted claim verify.
        raise BadRequest("this text has been registered and erased too many times", "source_conflict")

    async def _existing(self, tenant: str, source_id: str, msg: dict[str, Any]) -> dict[str, Any]:
        result: dict[str, Any] = {"source_id": source_id, "exists": True}
        evidence = msg.get("evidence")
        if isinstance(evidence, str) and evidence.strip():
            result["located"] = await self.locate(tenant, {"source_id": source_id, "evidence": evidence})
        return result

    def _stage(self, tenant: str, source_id: str, text: str, msg: dict[str, Any]) -> dict[str, Any]:
        """Split, salt and hash a new source and stash its parts for the append that follows."""
        staged: list[tuple[int, int, bytes | None, bytes | None, bytes]]
        if msg.get("parts") is not None:
            # An import: the exported layout, its redacted parts still redacted (no text, no
            # salt, the exported leaf), so the erased sentences are not held again as text.
            staged = []
            for start, end, data, leaf in _import_layout(msg)[1]:
                if data is None:
                    assert leaf is not None
                    staged.append((start, end, None, None, leaf))
                else:
                    salt = new_salt()
                    staged.append((start, end, data, salt, make_leaves([Part(start, end, data)], [salt])[0]))
        else:
            # Evidence registered as its own source is one part: it is a single quotation, not a document.
            parts = [Part(0, len(text.encode("utf-8")), text.encode("utf-8"))] if msg.get("single_part") is True else split_parts(text)
            salts = [new_salt() for _ in parts]
            staged = [(p.byte_start, p.byte_end, p.data, s, leaf) for p, s, leaf in zip(parts, salts, make_leaves(parts, salts))]
        if len(staged) > MAX_SOURCE_PARTS:
            raise BadRequest(f"argument `source_text` has {len(staged):,} sentences; one source holds at most "
                             f"{MAX_SOURCE_PARTS:,}: split it into several sources", "too_many_parts")
        leaves = [row[4] for row in staged]
        root = merkle.root(leaves)
        key = (tenant, root.hex())
        size = sum(len(row[2] or b"") + 96 for row in staged)
        old = self._stash.pop(key, None)
        if old is not None:
            self._stash_bytes -= old["bytes"]
        self._stash[key] = {"source_id": source_id, "parts": staged, "bytes": size}
        self._stash_bytes += size
        while len(self._stash) > _STASH_MAX or (self._stash_bytes > _STASH_BYTES and len(self._stash) > 1):
            _, dropped = self._stash.popitem(last=False)
            self._stash_bytes -= dropped["bytes"]
        result: dict[str, Any] = {"source_id": source_id, "exists": False, "root": root.hex(),
                                  "size": len(staged), "leaves": [leaf.hex() for leaf in leaves]}
        evidence = msg.get("evidence")
        if isinstance(evidence, str) and evidence.strip():
            # Locating in what was just prepared saves the caller a round trip and a read.
            rows = [(i, s, e, salt, data, leaf) for i, (s, e, data, salt, leaf) in enumerate(self._stash[key]["parts"])]
            result["located"] = self._locate_in(rows, root, source_id, evidence)
        return result

    def attach(self, tenant: str, event: dict[str, Any]) -> None:
        """Give a `source_added` event its prepared parts before it is queued."""
        if event.get("kind") != "source_added":
            return
        payload = event.get("payload") or {}
        staged = self._stash.get((tenant, str(payload.get("root"))))
        if staged is None or staged["source_id"] != payload.get("source_id"):
            raise BadRequest("source_added names a source that was not prepared (or was evicted); prepare it again",
                             "source_not_prepared")
        event["attachments"] = {"parts": staged["parts"]}

    def apply(self, cur: sqlite3.Cursor, tenant: str, seq: int, kind: str, payload: dict[str, Any],
              attachments: dict[str, Any]) -> None:
        """Ledger applier for source events; runs inside the append transaction."""
        if kind != "source_added":
            return
        parts = attachments.get("parts")
        if not parts:
            raise LedgerError("source_added without prepared parts", "source_not_prepared")
        try:
            cur.execute("INSERT INTO sources VALUES (?,?,?,?,?)",
                        (tenant, payload["source_id"], bytes.fromhex(payload["root"]), len(parts), seq))
        except sqlite3.IntegrityError:
            raise LedgerError(f"source {payload['source_id']!r} is already held", "source_conflict") from None
        cur.executemany(
            "INSERT INTO source_parts VALUES (?,?,?,?,?,?,?,?)",
            [(tenant, payload["source_id"], i, s, e, salt, data, leaf) for i, (s, e, data, salt, leaf) in enumerate(parts)],
        )
        done = self._stash.pop((tenant, payload["root"]), None)
        if done is not None:
            self._stash_bytes -= done["bytes"]

    # ---- reading held sources -------------------------------------------
    async def _rows(self, tenant: str, source_id: str) -> list[tuple[int, int, int, bytes | None, bytes | None, bytes]]:
        async with self.ledger.conn.execute(
            "SELECT idx, byte_start, byte_end, salt, text, leaf FROM source_parts WHERE tenant=? AND source_id=? ORDER BY idx",
            (tenant, source_id),
        ) as cur:
            rows = await cur.fetchall()
        return [(r[0], r[1], r[2], r[3], r[4], bytes(r[5])) for r in rows]

    async def _held_text(self, tenant: str, source_id: str) -> str | None:
        rows = await self._rows(tenant, source_id)
        if not rows:
            return None
        # A redacted part keeps its byte length as spaces so offsets stay true.
        return b"".join(r[4] if r[4] is not None else b" " * (r[2] - r[1]) for r in rows).decode("utf-8", "replace")

    async def _chain_root(self, tenant: str, source_id: str) -> bytes | None:
        """The root as recorded in the source's ledger event (not a side table)."""
        async with self.ledger.conn.execute("SELECT seq FROM sources WHERE tenant=? AND source_id=?", (tenant, source_id)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        async with self.ledger.conn.execute("SELECT payload FROM events WHERE tenant=? AND seq=?", (tenant, row[0])) as cur:
            ev = await cur.fetchone()
        if ev is None:
            return None
        try:
            return bytes.fromhex(json.loads(bytes(ev[0]))["root"])
        except (ValueError, KeyError, TypeError):
            return None

    async def locate(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """A receipt for `evidence` inside a held or just-prepared source."""
        source_id = _source_id(msg)
        evidence = msg.get("evidence")
        if not isinstance(evidence, str) or not evidence.strip():
            raise BadRequest("`evidence` must be a non-empty string", "bad_evidence")
        root_hex = msg.get("root")
        staged = self._stash.get((tenant, str(root_hex))) if root_hex else None
        if staged is not None:
            rows = [(i, s, e, salt, data, leaf) for i, (s, e, data, salt, leaf) in enumerate(staged["parts"])]
            root = bytes.fromhex(root_hex)
        else:
            rows = await self._rows(tenant, source_id)
            root = await self._chain_root(tenant, source_id)
            if not rows or root is None:
                raise BadRequest(f"no source {source_id!r} is held for this tenant; pass source_text to register it",
                                 "source_not_found")
        return self._locate_in(rows, root, source_id, evidence)

    @staticmethod
    def _locate_in(rows: list[Any], root: bytes, source_id: str, evidence: str) -> dict[str, Any]:
        text = b"".join(r[4] if r[4] is not None else b" " * (r[2] - r[1]) for r in rows).decode("utf-8", "replace")
        where = locate_evidence(text, evidence)
        if where is None:
            return {"found": False}
        start, end = where
        covered = parts_covering(_PartView.of(rows), start, end)
        leaves = [r[5] for r in rows]
        return {
            "found": True,
            "receipt": {
                "source_id": source_id, "root": root.hex(), "size": len(rows),
                "byte_start": start, "byte_end": end, "parts": covered,
                "leaves": [leaves[i].hex() for i in covered],
                "proofs": [[h.hex() for h in merkle.inclusion_proof(i, leaves)] for i in covered],
            },
            "span": text.encode("utf-8")[start:end].decode("utf-8", "replace"),
            "part_spans": [[rows[i][1], rows[i][2]] for i in covered],
            "part_texts": [(rows[i][4] or b"").decode("utf-8", "replace") for i in covered],
        }

    async def verify_receipts(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """Re-read each receipt's parts, recompute leaves, check proofs against the chain's root."""
        receipts = msg.get("receipts")
        if not isinstance(receipts, list):
            raise BadRequest("`receipts` must be a list")
        return {"results": [await self.check_receipt(tenant, r) for r in receipts]}

    async def check_receipt(self, tenant: str, receipt: Any) -> dict[str, Any]:
        if not isinstance(receipt, dict) or not isinstance(receipt.get("source_id"), str):
            return {"status": "FAILED", "why": "malformed receipt"}
        source_id = receipt["source_id"]
        rows = await self._rows(tenant, source_id)
        root = await self._chain_root(tenant, source_id)
        if not rows or root is None:
            return {"status": "source not held", "why": "the source is not held in this store"}
        try:
            if root.hex() != receipt.get("root"):
                return {"status": "FAILED", "why": "the receipt's root is not the root recorded in the chain"}
            for n, idx in enumerate(receipt["parts"]):
                _i, _s, _e, salt, data, leaf = rows[idx]
                if salt is None or data is None:
                    return {"status": "source not held", "why": f"part {idx} was redacted"}
                computed = merkle.leaf_hash(bytes(salt) + bytes(data))
                if computed != leaf or computed.hex() != receipt["leaves"][n]:
                    return {"status": "FAILED", "why": f"part {idx} no longer matches its leaf hash"}
                proof = [bytes.fromhex(h) for h in receipt["proofs"][n]]
                if not merkle.verify_inclusion(computed, idx, len(rows), proof, root):
                    return {"status": "FAILED", "why": f"the inclusion proof of part {idx} does not reach the root"}
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            return {"status": "FAILED", "why": f"malformed receipt ({type(exc).__name__})"}
        return {"status": "verified"}

_MAX_IMPORT_PARTS = 100_000


def _import_layout(msg: dict[str, Any]) -> tuple[str, list[tuple[int, int, bytes | None, bytes | None]]]:
    """Check an imported source's parts: (its text, redacted parts as spaces; [(start, end, data, leaf)]).

    Each part is `{"byte_start", "byte_end", "text"}` (held) or `{"byte_start", "byte_end",
    "leaf": hex, "redacted": true}`, tiling the source from byte 0. Only the operator's
    import sends parts (the decider never builds them from an agent's arguments), so only
    an import can register a source whose every part is redacted."""
    parts = msg.get("parts")
    if not isinstance(parts, list) or not parts or len(parts) > _MAX_IMPORT_PARTS:
        raise BadRequest(f"`parts` must be a list of 1..{_MAX_IMPORT_PARTS} parts", "bad_source_text")
    layout: list[tuple[int, int, bytes | None, bytes | None]] = []
    raw = bytearray()
    redacted = 0
    for n, p in enumerate(parts):
        if not isinstance(p, dict):
            raise BadRequest(f"part {n} must be an object", "bad_source_text")
        start, end = p.get("byte_start"), p.get("byte_end")
        if type(start) is not int or type(end) is not int or start != len(raw) or end <= start:
            raise BadRequest(f"part {n} does not continue the source where part {n - 1} ended", "bad_source_text")
        if p.get("redacted") is True:
            leaf = p.get("leaf")
            try:
                leaf_bytes = bytes.fromhex(leaf) if isinstance(leaf, str) else b""
            except ValueError:
                leaf_bytes = b""
            if len(leaf_bytes) != 32 or "text" in p:
                raise BadRequest(f"redacted part {n} needs a 32-byte hex leaf and no text", "bad_source_text")
            layout.append((start, end, None, leaf_bytes))
            raw += b" " * (end - start)
            redacted += 1
        else:
            text = p.get("text")
            data = text.encode("utf-8") if isinstance(text, str) else None
            if data is None or len(data) != end - start:
                raise BadRequest(f"part {n} must hold exactly byte_end - byte_start bytes of text", "bad_source_text")
            layout.append((start, end, data, None))
            raw += data
        if len(raw) > MAX_SOURCE_BYTES:
            raise BadRequest(f"the source is over {MAX_SOURCE_BYTES} bytes", "too_large")
    text = raw.decode("utf-8", "replace")
    if not redacted and not text.strip():
        raise BadRequest("`text` must be a non-empty string", "bad_source_text")
    return text, layout


class _PartView:
    """Adapts stored rows to what `parts_covering` reads (byte_start, byte_end)."""

    __slots__ = ("byte_start", "byte_end")

    def __init__(self, s: int, e: int) -> None:
        self.byte_start, self.byte_end = s, e

    @staticmethod
    def of(rows: list[Any]) -> list["_PartView"]:
        return [_PartView(r[1], r[2]) for r in rows]
