"""The writer's replay op in-process: sealed fields opened beside the stored payload, pages bounded in bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from fireweed.ledger_writer import operations
from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.operations import WriterOps
from fireweed.ledger_writer.sealing import ERASED, Sealer
from fireweed.shared.wire import MAX_FRAME, RawJson, encode_reply

pytestmark = pytest.mark.anyio
T = "acme"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _entity(i: int) -> dict[str, Any]:
    return {"kind": "entity_created", "payload": {"entity_id": f"ent_{i}", "kind": "person", "name": f"Person {i}"}}


def _memory(i: int, evidence: str) -> dict[str, Any]:
    return {"kind": "memory_admitted", "payload": {
        "memory_id": f"mem_{i}", "claim": f"Person {i} likes \"tea\" \u2014 and caf\u00e9.", "evidence": evidence,
        "relation": "like", "subjects": [f"ent_{i}"], "state": "active"}}


def _opened(ev: dict[str, Any]) -> dict[str, Any]:
    """What the decider does with a replayed event."""
    payload = ev["payload"]
    if "opened" in ev:
        payload.pop("sealed")
        payload.update(ev["opened"])
    return payload


async def _replay_all(ops: WriterOps) -> tuple[list[dict[str, Any]], int]:
    events: list[dict[str, Any]] = []
    pages, after = 0, 0
    while True:
        raw = await ops.op_replay(T, {"after": after, "limit": 2000})
        assert isinstance(raw, RawJson)
        assert len(encode_reply(7, raw)) <= MAX_FRAME
        page = json.loads(bytes(raw))
        pages += 1
        events += page["events"]
        if not page["more"]:
            return events, pages
        after = page["events"][-1]["seq"]


async def _store(tmp_path: Path, n: int, evidence: str) -> tuple[Ledger, Sealer, WriterOps]:
    keyring = Keyring(tmp_path / "keys")
    sealer = Sealer(keyring)
    ledger = await Ledger.open(tmp_path / "ledger.db")
    try:  # an open ledger left behind keeps its worker thread, and pytest, alive for ever
        ledger.sealer = sealer.seal
        ledger.before_batch = sealer.prepare_batch
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            for i in range(n):
                await ledger.append(T, [_entity(i), _memory(i, evidence)])
            tg.cancel_scope.cancel()
        ops = WriterOps(ledger, None, None, None)  # type: ignore[arg-type]
        ops.fields_opener = sealer.open_fields
    except BaseException:
        await ledger.close()
        raise
    return ledger, sealer, ops


async def test_replay_opens_sealed_fields_and_pages_by_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    evidence = "Person likes \"tea\" \u2014 and caf\u00e9.\n" * 40
    ledger, sealer, ops = await _store(tmp_path, 30, evidence)
    try:
        stored = [r[2] for r in await ledger.read_page(T, 0, 100)]
        assert all("caf\u00e9".encode() not in body and b"Person" not in body for body in stored)  # control: the ledger holds only ciphertext

        whole, pages = await _replay_all(ops)
        assert pages == 1
        monkeypatch.setattr(operations, "REPLAY_BYTES", 5000)
        paged, pages = await _replay_all(ops)
        assert pages > 5  # the byte budget, not the row limit, cut these pages
        assert [e["seq"] for e in paged] == list(range(1, 61))  # none lost, none repeated, in order
        assert paged == whole

        mem = _opened(paged[1])
        assert mem["claim"] == "Person 0 likes \"tea\" \u2014 and caf\u00e9." and mem["evidence"] == evidence
        assert mem["relation"] == "like" and "sealed" not in mem
        assert _opened(paged[0])["name"] == "Person 0"
        assert paged[0]["hash"] == (await ledger.read_page(T, 0, 1))[0][4].hex()

        sealer.forget(T, "ent_0")  # destroy one subject's key: its content reads as erased, others' does not
        after, _ = await _replay_all(ops)
        assert _opened(after[1])["claim"] == ERASED and _opened(after[0])["name"] == ERASED
        assert _opened(after[3])["claim"].startswith("Person 1 likes")
    finally:
        await ledger.close()


async def test_a_page_of_the_largest_events_still_fits_one_frame(tmp_path: Path) -> None:
    # 20,000 characters of evidence that JSON escapes to six bytes each: far beyond one
    # frame for a full page, so the page must end early and the rest come after it.
    evidence = "\x01" * 20_000
    ledger, _, ops = await _store(tmp_path, 80, evidence)
    try:
        events, pages = await _replay_all(ops)
        assert pages > 1 and len(events) == 160
        assert _opened(events[-1])["evidence"] == evidence
    finally:
        await ledger.close()


async def test_a_replay_reads_each_event_about_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A page used to read every remaining row and send only what fitted its byte budget, so a
    # replay of large events (a source's leaves run to megabytes) read them quadratically often.
    ledger, _, ops = await _store(tmp_path, 40, "Person likes tea. " * 200)
    try:
        fetched: list[int] = []
        read_page = ledger.read_page

        async def counting(*args: Any) -> Any:
            rows = await read_page(*args)
            fetched.append(len(rows))
            return rows

        monkeypatch.setattr(ledger, "read_page", counting)
        monkeypatch.setattr(operations, "REPLAY_BYTES", 20_000)
        events, pages = await _replay_all(ops)
        assert [e["seq"] for e in events] == list(range(1, 81)) and pages > 5
        # The read budget counts stored bytes, the page's its opened fields too (at most as many
        # again), so a page may read up to twice what it sends: linear, not quadratic.
        assert sum(fetched) <= 2 * len(events) + pages

        monkeypatch.setattr(operations, "REPLAY_BYTES", 10**9)  # control: one page reads them all
        fetched.clear()
        events, pages = await _replay_all(ops)
        assert pages == 1 and fetched == [80]
    finally:
        await ledger.close()
