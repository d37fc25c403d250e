"""The ledger in-process: sealed writes, group commit, gap-free chains per tenant."""

from __future__ import annotations

import sqlite3

import anyio
import pytest

from fireweed.ledger_writer.chain_check import check_chain
from fireweed.ledger_writer.ledger import Ledger, LedgerError, Mutation
from fireweed.shared.canonical import canonical_json
from fireweed.shared.events import GENESIS_PREV_HASH, event_hash

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend():
    return "asyncio"


def ev(kind: str = "hold_set", **payload):
    return {"kind": kind, "payload": payload or {"entity_id": "ent_1", "by": "test"}}


async def test_appends_chain_from_genesis_per_tenant(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        a1 = await ledger.append("a", [ev()])
        b1 = await ledger.append("b", [ev()])
        a2 = await ledger.append("a", [ev(), ev()])
        tg.cancel_scope.cancel()
    assert [e["seq"] for e in a1 + a2] == [1, 2, 3] and b1[0]["seq"] == 1
    await ledger.close()
    report = check_chain(tmp_path / "l.db")
    assert report.ok and report.heads["a"][0] == 3 and report.heads["b"][0] == 1
    conn = sqlite3.connect(tmp_path / "l.db")
    seq, kind, payload, prev, digest, at = conn.execute(
        "SELECT seq, kind, payload, prev_hash, hash, recorded_at FROM events WHERE tenant='a' AND seq=1").fetchone()
    assert bytes(prev) == GENESIS_PREV_HASH
    assert bytes(digest) == event_hash("a", 1, kind, at, bytes(payload), GENESIS_PREV_HASH)


async def test_a_write_outside_an_append_is_refused(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        await ledger.append("a", [ev()])  # positive control: the logged path writes
        tg.cancel_scope.cancel()
    for sql in ("DELETE FROM events", "UPDATE events SET kind='x'", "INSERT INTO sources VALUES ('a','s',x'00',1,1)",
                "DROP TABLE events"):
        with pytest.raises(sqlite3.DatabaseError, match="not authorized"):
            await ledger.conn.execute(sql)
    async with ledger.conn.execute("SELECT COUNT(*) FROM events") as cur:
        assert (await cur.fetchone())[0] == 1
    await ledger.close()


async def _commit_together(ledger: Ledger, mutations: list[Mutation]) -> None:
    """Queue every mutation before the committer first runs, then wait until each is done."""
    for m in mutations:
        ledger.submit(m)
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        for m in mutations:
            await m.done.wait()
        tg.cancel_scope.cancel()


async def test_concurrent_mutations_share_one_commit(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    mutations = [Mutation("a", [ev()]) for _ in range(50)]
    await _commit_together(ledger, mutations)
    assert ledger.batches == 1
    assert [m.committed[0]["seq"] for m in mutations] == list(range(1, 51))
    await ledger.close()


async def test_a_bad_mutation_fails_alone(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    good1, bad, good2 = Mutation("a", [ev()]), Mutation("a", [{"kind": "not_a_kind", "payload": {}}]), Mutation("a", [ev()])
    wrong_seq = Mutation("a", [{**ev(), "seq": 99}])
    floaty = Mutation("a", [{"kind": "hold_set", "payload": {"x": 1.5}}])
    for m in (good1, bad, wrong_seq, floaty, good2):
        ledger.submit(m)
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        await good2.done.wait()
        tg.cancel_scope.cancel()
    assert good1.committed and good2.committed
    assert bad.error.code == "unknown_kind" and wrong_seq.error.code == "seq_mismatch" and floaty.error is not None
    assert good2.committed[0]["seq"] == 2
    await ledger.close()
    assert check_chain(tmp_path / "l.db").ok


async def test_heads_survive_reopen(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        last = (await ledger.append("t", [ev(), ev(), ev()]))[-1]
        tg.cancel_scope.cancel()
    await ledger.close()
    again = await Ledger.open(tmp_path / "l.db")
    assert again.head("t") == (3, bytes.fromhex(last["hash"]))
    await again.close()


async def test_an_applier_refusal_fails_alone_and_nothing_is_sealed_twice(tmp_path):
    """A batch is first written without a savepoint per mutation; when an applier refuses one,
    the batch is written again with them. The refused mutation leaves nothing behind, the ones
    after it take its seqs, and no event sealed before the refusal is sealed again."""
    ledger = await Ledger.open(tmp_path / "l.db")
    sealed: list[tuple[int, str]] = []

    def sealer(tenant, seq, kind, payload):
        sealed.append((seq, payload.get("entity_id")))
        return canonical_json(payload)

    def applier(cur, tenant, seq, kind, payload, attachments):
        # a write first, so the refusal has something to roll back
        cur.execute("INSERT INTO sources VALUES (?,?,?,?,?)", (tenant, payload["entity_id"], b"\0" * 32, 1, seq))
        if payload["entity_id"] == "refuse":
            raise LedgerError("refused by its applier", "refused")

    ledger.sealer = sealer
    ledger.applier = applier
    names = ["a", "b", "refuse", "c", "d"]
    mutations = [Mutation("t", [ev(entity_id=n, by="test")]) for n in names]
    await _commit_together(ledger, mutations)
    assert ledger.batches == 1
    assert mutations[2].error.code == "refused" and mutations[2].committed is None
    assert [m.committed[0]["seq"] for m in mutations if m is not mutations[2]] == [1, 2, 3, 4]
    assert all(m.error is None for m in mutations if m is not mutations[2])
    # a, b and the refused one were sealed once, before the refusal; c and d once, after it
    assert sealed == [(1, "a"), (2, "b"), (3, "refuse"), (3, "c"), (4, "d")]
    async with ledger.conn.execute("SELECT source_id FROM sources ORDER BY seq") as cur:
        assert [r[0] for r in await cur.fetchall()] == ["a", "b", "c", "d"]
    assert ledger.head("t") == (4, bytes.fromhex(mutations[4].committed[0]["hash"]))
    await ledger.close()
    assert check_chain(tmp_path / "l.db").ok


@pytest.mark.parametrize("how", ["removed", "replaced"])
async def test_a_ledger_file_removed_or_replaced_under_the_writer_acknowledges_nothing(tmp_path, how):
    import os
    import shutil

    store = tmp_path / "store"
    store.mkdir()
    ledger = await Ledger.open(store / "l.db")
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            assert (await ledger.append("a", [ev()]))[0]["seq"] == 1  # positive control: it commits
            if how == "removed":
                shutil.rmtree(store)  # rm -rf of the store, or its disk gone
            else:
                (tmp_path / "other.db").write_bytes(b"")
                os.replace(tmp_path / "other.db", store / "l.db")  # another file now at the path
            try:
                with pytest.raises(LedgerError) as err:
                    await ledger.append("a", [ev()])
                assert err.value.code == "ledger_gone"
            finally:
                tg.cancel_scope.cancel()
    finally:
        await ledger.close()


async def test_the_heads_show_only_what_is_committed_while_a_batch_is_written(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    seen = []

    def applier(cur, tenant, seq, kind, payload, attachments):
        seen.append((seq, ledger.head(tenant)[0]))  # what memory_stats would read at this moment

    ledger.applier = applier
    try:
        await _commit_together(ledger, [Mutation("a", [ev()]) for _ in range(3)])
        assert [s for s, _ in seen] == [1, 2, 3]  # the instrument saw every event of the batch
        assert [h for _, h in seen] == [0, 0, 0]  # and no head past the last commit until this one returned
        assert ledger.head("a")[0] == 3  # the positive: after the COMMIT the heads move
    finally:
        await ledger.close()


async def test_a_full_disk_is_named_and_nothing_uncommitted_shows(tmp_path):
    ledger = await Ledger.open(tmp_path / "l.db")
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            try:
                first = await ledger.append("a", [ev()])  # positive control: room for one
                async with ledger.conn.execute("PRAGMA page_count") as cur:
                    pages = (await cur.fetchone())[0]
                await ledger.conn.execute(f"PRAGMA max_page_count={pages}")  # the file may not grow: a full disk
                with pytest.raises(LedgerError) as err:
                    await ledger.append("a", [ev(note="x" * 200_000)])
                assert err.value.code == "disk_full" and "full" in str(err.value)
                assert ledger.head("a") == (1, bytes.fromhex(first[0]["hash"]))
                await ledger.conn.execute("PRAGMA max_page_count=1073741823")  # space again
                assert (await ledger.append("a", [ev()]))[0]["seq"] == 2  # and the chain goes on from the last commit
            finally:
                tg.cancel_scope.cancel()
    finally:
        await ledger.close()
    assert check_chain(tmp_path / "l.db").ok
