"""A stand-in for the ledger writer, for tests that run the decider's own code in-process."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import anyio
import pytest

from fireweed.decider.core import Decider
from fireweed.shared.config import resolve_settings
from fireweed.shared.errors import Unavailable


class StandInWriter:
    """Answers prepare_source and append at once; can hand the decider over to a successor."""

    def __init__(self) -> None:
        self.is_closed = False
        self.ops: list[str] = []
        self.after_prepare: Any = None
        self.fail_on: set[str] = set()  # ops that find the writer gone
        self.appended: list[dict[str, Any]] = []  # every event appended, as sent
        self.signed: list[dict[str, Any]] = []  # the fields of every certificate signed
        self.redacted = False  # prepare_source finds the held evidence redacted (an erasure took it)

    async def call(self, op: str, tenant: str, **fields: Any) -> dict[str, Any]:
        wait = await self.send_request(op, tenant, **fields)
        return await wait()

    async def send_request(self, op: str, tenant: str, **fields: Any) -> Any:
        return self.queue_request(op, tenant, **fields)

    def queue_request(self, op: str, tenant: str, **fields: Any) -> Any:
        self.ops.append(op)
        if op in self.fail_on:
            raise Unavailable("the ledger writer stopped")
        if op == "prepare_source":
            text = fields["text"]
            leaf = "ab" * 32
            receipt = {"source_id": "evidence-1", "root": leaf, "size": 1, "byte_start": 0,
                       "byte_end": len(text.encode()), "parts": [0], "leaves": [leaf], "proofs": [[]]}
            result: dict[str, Any] = {"source_id": "evidence-1", "exists": False, "root": leaf, "size": 1,
                                      "leaves": [leaf], "located": {"found": True, "receipt": receipt, "span": text,
                                                                    "part_spans": [[0, len(text.encode())]],
                                                                    "part_texts": [text]}}
            if self.redacted:
                result["located"] = {"found": False}
            if self.after_prepare is not None:
                self.after_prepare()
        elif op == "fingerprint":
            result = {"fingerprints": [fingerprint(n) for n in fields["names"]]}
        elif op == "replay":  # one event's chain hash, as _hash_at asks for it
            seq = fields["after"] + 1
            result = {"events": [{"tenant": tenant, "seq": seq, "hash": f"{seq:064x}"}], "more": False}
        elif op == "sign_certificate":
            self.signed.append(fields["fields"])
            digest = hashlib.sha256(repr(fields["fields"]).encode()).hexdigest()
            result = {"issued": True, "certificate": {"stand_in": True}, "certificate_hash": digest,
                      "path": f"/stand-in/{digest}.json", "rendered": "(stand-in certificate)"}
        elif op == "reads_naming":
            result = {"read_keys": []}  # the stand-in keeps no read audit
        elif op == "append":
            self.appended.extend(fields["events"])
            result = {"events": [{"tenant": tenant, "seq": e["seq"], "kind": e["kind"],
                                  "recorded_at": e["recorded_at"], "hash": "00" * 32} for e in fields["events"]]}
        else:
            result = {}

        async def wait() -> dict[str, Any]:
            await anyio.lowlevel.checkpoint()
            return result

        return wait

    async def aclose(self) -> None:
        self.is_closed = True


def decider_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: StandInWriter) -> Decider:
    monkeypatch.setenv("FIREWEED_STORE", str(tmp_path / "store"))
    monkeypatch.setenv("FIREWEED_KEYS", str(tmp_path / "keys"))
    d = Decider(resolve_settings())
    d.writer = writer  # type: ignore[assignment]
    d.ready.set()
    return d


def fingerprint(name: str) -> str:
    """The stand-in's name fingerprint (the real one is keyed, in the writer)."""
    return hashlib.sha256(" ".join(name.casefold().split()).encode()).hexdigest()

