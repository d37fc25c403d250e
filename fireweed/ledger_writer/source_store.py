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


def _source_id(msg: dict[str, Any]) -> str:
    try:
        return validate_source_id(msg.get("source_id"))  # type: ignore[arg-type]
    except BadName as exc:
        raise BadRequest(str(exc), "bad_source_id") from None


class SourceStore:
    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._stash: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()

    # ---- preparing a new source (no writes) ------------------------------
    def prepare_new(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """`prepare` for a source the decider says is new: no read, so it completes at once.

        The decider sequences every append, so when it says a source is new, it is; skipping
        the read keeps a remember from queueing behind the commit in flight."""
        source_id, text = self._checked_text(msg)
        return self._stage(tenant, source_id, text, msg)

    def _checked_text(self, msg: dict[str, Any]) -> tuple[str, str]:
        source_id = _source_id(msg)
        text = msg.get("text")
        if not isinstance(text, str) or not text.strip():
            raise BadRequest("`text` must be a non-empty string", "bad_source_text")
        if len(text.encode("utf-8")) > MAX_SOURCE_BYTES:
            raise BadRequest(f"argument `text` (the source) is over {MAX_SOURCE_BYTES} bytes", "too_large")
        return source_id, text

    async def prepare(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        if msg.get("known_new") is True:
            return self.prepare_new(tenant, msg)
        source_id, text = self._checked_text(msg)
        held = await self._held_text(tenant, source_id)
        if held is not None:
            if held != text:
                raise BadRequest(
                    f"a different text is already held as source {source_id!r}; choose another source_id",
                    "source_conflict",
                )
            return {"source_id": source_id, "exists": True}
        return self._stage(tenant, source_id, text, msg)

    def _stage(self, tenant: str, source_id: str, text: str, msg: dict[str, Any]) -> dict[str, Any]:
        """Split, salt and hash a new source and stash its parts for the append that follows."""
        # Evidence registered as its own source is one part: it is a single quotation, not a document.
        parts = [Part(0, len(text.encode("utf-8")), text.encode("utf-8"))] if msg.get("single_part") is True else split_parts(text)
        salts = [new_salt() for _ in parts]
        leaves = make_leaves(parts, salts)
        root = merkle.root(leaves)
        key = (tenant, root.hex())
        self._stash[key] = {
            "source_id": source_id,
            "parts": [(p.byte_start, p.byte_end, p.data, s, leaf) for p, s, leaf in zip(parts, salts, leaves)],
        }
        self._stash.move_to_end(key)
        while len(self._stash) > _STASH_MAX:
            self._stash.popitem(last=False)
        result: dict[str, Any] = {"source_id": source_id, "exists": False, "root": root.hex(),
                                  "size": len(parts), "leaves": [leaf.hex() for leaf in leaves]}
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
        self._stash.pop((tenant, payload["root"]), None)

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

class _PartView:
    """Adapts stored rows to what `parts_covering` reads (byte_start, byte_end)."""

    __slots__ = ("byte_start", "byte_end")

    def __init__(self, s: int, e: int) -> None:
        self.byte_start, self.byte_end = s, e

    @staticmethod
    def of(rows: list[Any]) -> list["_PartView"]:
        return [_PartView(r[1], r[2]) for r in rows]
