"""An erasure destroys its subject's key only once the erasure is durable, and never half-way.

The key cannot be restored, the transaction can be rolled back: so the key goes after the
COMMIT. A crash between the two leaves a committed erasure whose key a writer's next start
destroys; a commit that fails leaves the key, and the subject, as they were. In-process, with the
writer's own ledger, sealer, keyring and erasure.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import anyio
import pytest

from fireweed.ledger_writer.erasure import Erasure
from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer.ledger import Ledger, LedgerError, Mutation
from fireweed.ledger_writer.sealing import Sealer

pytestmark = pytest.mark.anyio
T = "acme"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _entity(eid: str, name: str) -> dict[str, Any]:
    return {"kind": "entity_created", "payload": {"entity_id": eid, "kind": "person", "name": name}}


def _erased(eid: str) -> dict[str, Any]:
    return {"kind": "erased", "payload": {"entity_id": eid, "name_fingerprint": "00" * 16, "memories": [],
                                          "derived": [], "parts": []}}


async def _writer(tmp_path: Path) -> tuple[Ledger, Keyring, Erasure]:
    keyring = Keyring(tmp_path / "keys")
    sealer = Sealer(keyring)
    store = tmp_path / "store"
    store.mkdir(exist_ok=True)
    ledger = await Ledger.open(store / "ledger.db")
    try:  # an open ledger left behind keeps its worker thread, and pytest, alive for ever
        ledger.sealer = sealer.seal
        ledger.before_batch = sealer.prepare_batch
        erasure = Erasure(ledger, sealer, keyring, store)
        ledger.applier = erasure.apply
        ledger.after_commit = erasure.after_commit
        ledger.after_rollback = erasure.after_rollback
    except BaseException:
        await ledger.close()
        raise
    return ledger, keyring, erasure


async def _append(ledger: Ledger, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Append one mutation with a committer running; its refusal is raised as it is."""
    out: list[Any] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        try:
            out.append(await ledger.append(T, events))
        except LedgerError as exc:
            out.append(exc)
        tg.cancel_scope.cancel()
    if isinstance(out[0], LedgerError):
        raise out[0]
    return out[0]


async def _erasure_that_fills_the_disk(ledger: Ledger, entity_id: str) -> None:
    """An erasure whose commit fails: the database may not grow, and the batch needs it to."""
    async with ledger.conn.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]
    async with ledger.conn.execute(f"PRAGMA max_page_count={pages}"):
        pass
    with pytest.raises(LedgerError):
        await _append(ledger, [_erased(entity_id), {"kind": "hold_set", "payload": {"entity_id": "x", "by": "y" * 200_000}}])


async def test_a_failed_erasure_commit_keeps_the_key_and_a_durable_one_destroys_it(tmp_path: Path) -> None:
    ledger, keyring, _ = await _writer(tmp_path)
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park")])
        assert keyring.has_key(T, "ent_a")
        await _erasure_that_fills_the_disk(ledger, "ent_a")
        assert keyring.has_key(T, "ent_a")  # no erasure was recorded, so nothing was destroyed
        await _append(ledger, [_erased("ent_a")])
        assert not keyring.has_key(T, "ent_a")  # the positive: a durable erasure destroys it
    finally:
        await ledger.close()


async def test_nothing_later_in_the_erasures_transaction_seals_under_the_doomed_key(tmp_path: Path) -> None:
    ledger, keyring, _ = await _writer(tmp_path)
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park")])
        erase = Mutation(T, [_erased("ent_a")])
        late = Mutation(T, [{"kind": "memory_admitted", "payload": {
            "memory_id": "m2", "claim": "Ada Park left.", "evidence": "Ada Park left.", "relation": "leave",
            "subjects": ["ent_a"], "state": "active"}}])
        ledger.submit(erase)
        ledger.submit(late)  # one group commit: the erasure, then a memory sealed under her key
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            await late.done.wait()
            tg.cancel_scope.cancel()
        assert erase.committed and erase.error is None
        assert late.error is not None and late.error.code == "subject_erased"
        assert not keyring.has_key(T, "ent_a")
    finally:
        await ledger.close()


async def test_a_start_after_a_crash_between_commit_and_destruction_finishes_the_erasure(tmp_path: Path) -> None:
    ledger, keyring, erasure = await _writer(tmp_path)
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park"), _entity("ent_b", "Bo Han")])
        ledger.after_commit = None  # the writer dies right after the COMMIT
        await _append(ledger, [_erased("ent_a")])
        assert keyring.has_key(T, "ent_a")  # the instrument: the crash window is open
    finally:
        await ledger.close()
    ledger, keyring, erasure = await _writer(tmp_path)  # the next start
    try:
        assert await ledger.conn._execute(erasure.finish_interrupted, ledger.conn._conn) == 1
        assert not keyring.has_key(T, "ent_a") and keyring.has_key(T, "ent_b")  # only the erased subject's
        assert await ledger.conn._execute(erasure.finish_interrupted, ledger.conn._conn) == 0  # idempotent
    finally:
        await ledger.close()


async def test_an_erasure_committed_while_a_read_is_open_is_reported_durable(tmp_path: Path) -> None:
    ledger, keyring, _ = await _writer(tmp_path)
    wal = tmp_path / "store" / "ledger.db-wal"
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park"), _entity("ent_b", "Bo Han")])
        reading = await ledger.conn.execute("SELECT seq FROM events")  # a replay page half read
        assert await reading.fetchone() is not None
        committed = await _append(ledger, [_erased("ent_a")])  # the WAL checkpoint cannot run now
        assert committed[0]["kind"] == "erased" and not keyring.has_key(T, "ent_a")
        await reading.close()
        assert wal.stat().st_size > 0  # the instrument: the redacted pages are still in the WAL
        await _append(ledger, [_entity("ent_c", "Cy Moss")])  # the next commit checkpoints
        assert wal.stat().st_size == 0
    finally:
        await ledger.close()


def _read(key: str, query: str) -> dict[str, Any]:
    return {"kind": "read_recorded", "payload": {"verdict": "abstained", "memories": [], "subjects": [],
                                                 "mode": "text", "query": query, "read_key": key}}


async def test_an_erasure_destroys_the_keys_of_the_questions_that_name_the_subject_even_after_a_crash(tmp_path: Path) -> None:
    ledger, keyring, erasure = await _writer(tmp_path)
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park"), _read("read_1", "Who is ADA  park?"),
                               _read("read_2", "Where does Bo Han live?"), _read("read_3", "Is Ada Parker here?")])
        found = await ledger.conn._execute(erasure.reads_naming, ledger.conn._conn, T, ["Ada Park"])
        assert found == ["read_1"]  # whole words, any case and spacing; not "Ada Parker"
        assert all(keyring.has_key(T, k) for k in ("read_1", "read_2", "read_3"))
        ledger.after_commit = None  # the writer dies right after the COMMIT
        await _append(ledger, [{**_erased("ent_a"), "payload": {**_erased("ent_a")["payload"], "read_keys": found}}])
    finally:
        await ledger.close()
    ledger, keyring, erasure = await _writer(tmp_path)  # the next start
    try:
        assert await ledger.conn._execute(erasure.finish_interrupted, ledger.conn._conn) == 2
        assert not keyring.has_key(T, "ent_a") and not keyring.has_key(T, "read_1")
        assert keyring.has_key(T, "read_2") and keyring.has_key(T, "read_3")  # the bystanders' questions stay
        assert await ledger.conn._execute(erasure.reads_naming, ledger.conn._conn, T, ["Ada Park"]) == []
    finally:
        await ledger.close()


def _memory(mid: str, claim: str, subjects: list[str]) -> dict[str, Any]:
    return {"kind": "memory_admitted", "payload": {"memory_id": mid, "claim": claim, "evidence": claim,
                                                   "relation": "x", "subjects": subjects, "state": "active"}}


async def _claims(ledger: Ledger, keyring: Keyring) -> dict[str, Any]:
    rows = await ledger.conn._execute(lambda c: c.execute(
        "SELECT seq, payload FROM events WHERE kind='memory_admitted'").fetchall(), ledger.conn._conn)
    opened = [Sealer(keyring).open(T, seq, "memory_admitted", json.loads(bytes(body))) for seq, body in rows]
    return {m["memory_id"]: m["claim"] for m in opened}


async def test_an_erasure_destroys_the_own_keys_of_its_closure_filed_under_other_subjects_even_after_a_crash(
        tmp_path: Path) -> None:
    ledger, keyring, erasure = await _writer(tmp_path)
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park"), _entity("ent_b", "Bo Han"),
                               _memory("mem_1", "Ada Park mentors Bo Han.", ["ent_a", "ent_b"]),
                               _memory("mem_2", "Bo Han has a mentor.", ["ent_b"]),  # derived from mem_1
                               _memory("mem_3", "Bo Han lives in Leeds.", ["ent_b"])])
        assert keyring.has_key(T, "mem_2") and keyring.has_key(T, "mem_3")  # each memory has its own
        ledger.after_commit = None  # the writer dies right after the COMMIT
        await _append(ledger, [{**_erased("ent_a"), "payload": {**_erased("ent_a")["payload"],
                                                                "memories": ["mem_1"], "derived": ["mem_2"]}}])
        assert (await _claims(ledger, keyring))["mem_2"] == "Bo Han has a mentor."  # the crash window is open
    finally:
        await ledger.close()
    ledger, keyring, erasure = await _writer(tmp_path)  # the next start
    try:
        assert await ledger.conn._execute(erasure.finish_interrupted, ledger.conn._conn) == 3
        claims = await _claims(ledger, keyring)
        assert claims == {"mem_1": "[erased]", "mem_2": "[erased]", "mem_3": "Bo Han lives in Leeds."}
        assert keyring.has_key(T, "ent_b")  # the bystander's key, which mem_2 was also sealed under, stays
    finally:
        await ledger.close()


async def test_a_start_after_a_crash_moves_the_erased_pages_out_of_the_wal_and_drops_unrecorded_certificates(tmp_path: Path) -> None:
    ledger, keyring, erasure = await _writer(tmp_path)
    crashed = tmp_path / "crashed"  # the files as a kill -9 leaves them: no close, no checkpoint
    wal = crashed / "store" / "ledger.db-wal"
    certs = crashed / "store" / "certificates"
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park")])
        ledger.after_commit = None  # the writer dies right after the COMMIT, before the checkpoint
        await _append(ledger, [_erased("ent_a")])
        await _append(ledger, [{"kind": "certificate_issued", "payload": {
            "certificate_hash": "00" * 32, "subject_fingerprint": "00" * 16, "file": "acme-kept.json"}}])
        shutil.copytree(tmp_path / "store", crashed / "store")
        shutil.copytree(tmp_path / "keys", crashed / "keys")
        assert wal.stat().st_size > 0  # the instrument: the pages are still in the WAL
        certs.mkdir()
        for name in ("acme-kept.json", "acme-orphan.json", "acme-half.tmp"):
            (certs / name).write_text("{}")
    finally:
        await ledger.close()
    ledger, keyring, erasure = await _writer(crashed)  # the next start
    try:
        assert await ledger.conn._execute(erasure.recover, ledger.conn._conn) == (1, 2)
        assert wal.stat().st_size == 0 and not keyring.has_key(T, "ent_a")
        assert sorted(p.name for p in certs.iterdir()) == ["acme-kept.json"]  # the recorded one stays
    finally:
        await ledger.close()


async def test_exports_holding_the_subject_go_with_the_erasure_all_or_nothing(tmp_path: Path) -> None:
    ledger, keyring, erasure = await _writer(tmp_path)
    exports = tmp_path / "store" / "exports" / T
    exports.mkdir(parents=True)
    (exports / "mine.json").write_text('{"entity_id": "ent_a"}')  # holds the subject
    (exports / "other.json").write_text('{"entity_id": "ent_b"}')  # the twin: holds someone else
    try:
        await _append(ledger, [_entity("ent_a", "Ada Park"), _entity("ent_b", "Bo Han")])
        await _erasure_that_fills_the_disk(ledger, "ent_a")
        assert sorted(p.name for p in exports.iterdir()) == ["mine.json", "other.json"]  # rolled back: kept
        async with ledger.conn.execute("PRAGMA max_page_count=1073741823"):
            pass
        ledger.after_commit = None  # the writer dies right after the erasure's COMMIT
        await _append(ledger, [_erased("ent_a")])
        assert sorted(p.name for p in exports.iterdir()) == [".erasing.ent_a.mine.json", "other.json"]
        (exports / ".erasing.ent_b.old.json").write_text("{}")  # set aside by an erasure that never committed
    finally:
        await ledger.close()
    ledger, keyring, erasure = await _writer(tmp_path)  # the next start
    try:
        await ledger.conn._execute(erasure.recover, ledger.conn._conn)
        assert sorted(p.name for p in exports.iterdir()) == ["old.json", "other.json"]
    finally:
        await ledger.close()
