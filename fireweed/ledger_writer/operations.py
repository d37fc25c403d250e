"""What the decider may ask of the writer, one method per op.

`start` runs synchronously up to the point where order matters (an append is
queued for group commit in arrival order) and returns an awaitable for the rest.
"""

from __future__ import annotations

import gc
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fireweed.ledger_writer.chain_check import check_tenant
from fireweed.ledger_writer.erasure import Erasure
from fireweed.ledger_writer.exporting import Exporter
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.source_store import SourceStore
from fireweed.shared.errors import BadRequest
from fireweed.shared.wire import RawJson

log = logging.getLogger("fireweed.writer.ops")

REPLAY_PAGE = 2000
REPLAY_BYTES = 4 * 1024 * 1024  # of event bytes per replay page (a frame may hold 8 MiB)


class WriterOps:
    OPS = frozenset({"ping", "heads", "replay", "append", "prepare_source", "locate", "verify_receipts",
                     "fingerprint", "reads_naming", "sign_certificate", "verify_chain", "export"})

    def __init__(self, ledger: Ledger, sources: SourceStore, erasure: Erasure, exporter: Exporter) -> None:
        self.ledger = ledger
        self.sources = sources
        self.erasure = erasure
        self.exporter = exporter
        # set by the keyring integration: open sealed payloads for the decider
        self.fields_opener: Callable[[str, int, dict[str, Any]], dict[str, bytes]] | None = None

    def start(self, op: str, tenant: str, msg: dict[str, Any]) -> Awaitable[dict[str, Any]] | dict[str, Any]:
        """Begin an op: its result if it needs no waiting, else an awaitable of it."""
        if op == "prepare_source" and msg.get("known_new") is True:
            return self.sources.prepare_new(tenant, msg)  # every quoted remember: answered without a task
        if op == "append":
            events = msg.get("events")
            if not isinstance(events, list) or not events or not all(isinstance(e, dict) for e in events):
                raise BadRequest("`events` must be a non-empty list of objects")
            for ev in events:
                self.sources.attach(tenant, ev)
                self.erasure.attach(tenant, ev)
            return self._append(tenant, events)
        return getattr(self, f"op_{op}")(tenant, msg)

    async def _append(self, tenant: str, events: list[dict[str, Any]]) -> dict[str, Any]:
        committed = await self.ledger.append(tenant, events)
        # The decider already holds each payload (it planned them); echoing them back cost a
        # JSON round trip of every remember's claim and evidence.
        return {"events": [{k: ev[k] for k in ("tenant", "seq", "kind", "recorded_at", "hash")} for ev in committed]}

    async def op_ping(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return {}

    async def op_heads(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return {"heads": {t: {"seq": s, "hash": h.hex()} for t, (s, h) in self.ledger.heads.items()}}

    async def op_replay(self, tenant: str, msg: dict[str, Any]) -> RawJson:
        """Committed events after `after`, at most `limit` and about REPLAY_BYTES of them.

        Each event is written out as bytes: its stored payload exactly as the ledger holds
        it, and beside it `opened`, the plaintext (itself canonical JSON) of each sealed
        field. Nothing is decoded to Python values and encoded again, which was a large
        part of a cold start; the decider puts the two together."""
        after = msg.get("after", 0)
        limit = msg.get("limit", REPLAY_PAGE)
        if not isinstance(after, int) or not isinstance(limit, int) or after < 0 or not 0 < limit <= 10_000:
            raise BadRequest("`after` must be a non-negative integer and `limit` in 1..10000")
        rows = await self.ledger.read_page(tenant, after, limit, REPLAY_BYTES)
        # A page makes tens of thousands of short-lived, acyclic objects; reference counting
        # frees them, and the cyclic collector scanning them cost a tenth of a cold start.
        # Nothing awaits in between, so no other task runs with the collector paused.
        was = gc.isenabled()
        gc.disable()
        try:
            prefix = b'{"tenant":' + json.dumps(tenant).encode("utf-8") + b',"seq":'
            parts: list[bytes] = []
            size = 0
            for seq, kind, body, recorded_at, digest in rows:
                item = self._event_bytes(prefix, tenant, seq, kind, body, recorded_at, digest)
                if parts and size + len(item) > REPLAY_BYTES:
                    break  # the rest comes with the next page; one frame stays well under MAX_FRAME
                parts.append(item)
                size += len(item) + 1
        finally:
            if was:
                gc.enable()
        more = len(parts) < len(rows) or len(rows) == limit
        return RawJson(b'{"events":[' + b",".join(parts) + b'],"more":' + (b"true" if more else b"false") + b"}")

    def _event_bytes(self, prefix: bytes, tenant: str, seq: int, kind: str, body: bytes,
                     recorded_at: str, digest: bytes) -> bytes:
        head = b"%s%d,\"kind\":%s,\"recorded_at\":%s,\"hash\":\"%s\",\"payload\":" % (
            prefix, seq, json.dumps(kind).encode("utf-8"), json.dumps(recorded_at).encode("utf-8"),
            digest.hex().encode("ascii"))
        # A stored payload is embedded verbatim, so it must be UTF-8 text (decode checks it). Only
        # one with sealed fields is parsed: inside a JSON string a quote is always escaped, so
        # the bytes `"sealed":` occur only as a key, and a payload without them has nothing to
        # open (a source's megabytes of leaves need not be read twice).
        text = body.decode("utf-8")
        payload = json.loads(text) if '"sealed":' in text else None
        sealed = payload.get("sealed") if isinstance(payload, dict) else None
        if not isinstance(sealed, dict) or self.fields_opener is None:
            return head + body + b"}"
        opened = self.fields_opener(tenant, seq, sealed)
        fields = b",".join(json.dumps(name).encode("utf-8") + b":" + raw for name, raw in opened.items())
        return head + body + b',"opened":{' + fields + b"}}"

    async def op_prepare_source(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.sources.prepare(tenant, msg)

    async def op_locate(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.sources.locate(tenant, msg)

    async def op_verify_receipts(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.sources.verify_receipts(tenant, msg)

    async def op_verify_chain(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """Recompute this tenant's chain from genesis on the writer's own connection."""
        seq, digest, count, bad = await self.ledger.conn._execute(check_tenant, self.ledger.conn._conn, tenant)
        return {"ok": bad is None, "head": {"seq": seq, "hash": digest.hex()}, "events": count,
                "bad": None if bad is None else {"tenant": bad[0], "seq": bad[1], "why": bad[2]}}

    async def op_export(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.exporter.op_export(tenant, msg)

    async def op_fingerprint(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.erasure.op_fingerprint(tenant, msg)

    async def op_reads_naming(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.erasure.op_reads_naming(tenant, msg)

    async def op_sign_certificate(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        return await self.erasure.op_sign_certificate(tenant, msg)

