"""The ledger: one gap-free hash chain per tenant in SQLite, written by group commit.

Durability: WAL with synchronous=FULL, so a COMMIT returns only after the WAL
is fsync'd; a mutation is acknowledged only after the COMMIT of the transaction
that carries it. Every table write happens while applying an appended event
inside `_commit_batch`; an SQLite authorizer refuses any write at any other
time, so there is no unlogged path to a state change.
"""

from __future__ import annotations

import logging
import os
import re
import time
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite
import anyio

from fireweed.shared.canonical import canonical_json
from fireweed.shared.errors import FireweedError
from fireweed.shared.events import EVENT_KINDS, GENESIS_PREV_HASH, event_hash, utc_now

log = logging.getLogger("fireweed.ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS events(
    tenant TEXT NOT NULL, seq INTEGER NOT NULL, kind TEXT NOT NULL, payload BLOB NOT NULL,
    prev_hash BLOB NOT NULL, hash BLOB NOT NULL, recorded_at TEXT NOT NULL,
    PRIMARY KEY (tenant, seq)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sources(
    tenant TEXT NOT NULL, source_id TEXT NOT NULL, root BLOB NOT NULL, size INTEGER NOT NULL,
    seq INTEGER NOT NULL, PRIMARY KEY (tenant, source_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS source_parts(
    tenant TEXT NOT NULL, source_id TEXT NOT NULL, idx INTEGER NOT NULL,
    byte_start INTEGER NOT NULL, byte_end INTEGER NOT NULL,
    salt BLOB, text BLOB, leaf BLOB NOT NULL,
    PRIMARY KEY (tenant, source_id, idx)) WITHOUT ROWID;
"""

_WRITE_ACTIONS = {
    sqlite3.SQLITE_INSERT,
    sqlite3.SQLITE_UPDATE,
    sqlite3.SQLITE_DELETE,
    sqlite3.SQLITE_DROP_TABLE,
    sqlite3.SQLITE_CREATE_TABLE,
    sqlite3.SQLITE_ALTER_TABLE,
    sqlite3.SQLITE_DROP_INDEX,
    sqlite3.SQLITE_CREATE_INDEX,
}


class LedgerError(FireweedError):
    code = "ledger"


class UnloggedWrite(LedgerError):
    code = "unlogged_write"


def _sqlite_code(exc: Exception) -> str:
    """A typed code for a failed commit: a full disk is the operator's to fix, and says so."""
    if isinstance(exc, sqlite3.Error):
        name = getattr(exc, "sqlite_errorname", "")
        if name == "SQLITE_FULL" or "disk is full" in str(exc):
            return "disk_full"
    return "write_failed"


_TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z")


@dataclass
class Mutation:
    """Events of one tenant that must commit together, and whoever waits for them."""

    tenant: str
    events: list[dict[str, Any]]
    done: anyio.Event = field(default_factory=anyio.Event)
    committed: list[dict[str, Any]] | None = None
    error: FireweedError | None = None


@dataclass
class _Prepared:
    """A mutation's rows as sealed and chained onto `head` (None if it was refused)."""

    head: tuple[int, bytes]
    rows: list[tuple[Any, ...]] | None
    committed: list[dict[str, Any]]


class _Isolate(Exception):
    """An applier refused a mutation of a batch written without savepoints."""


# An event applier writes the derived rows (sources, parts, key changes) of one
# event inside the open transaction; it is given a raw sqlite3 cursor.
Applier = Callable[[sqlite3.Cursor, str, int, str, dict[str, Any], dict[str, Any]], None]
# A sealer turns the plain payload into the bytes stored and hashed.
Sealer = Callable[[str, int, str, dict[str, Any]], bytes]


class Ledger:
    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.heads: dict[str, tuple[int, bytes]] = {}
        self._queue: list[Mutation] = []
        self._wake = anyio.Event()
        self._writing = False
        self.applier: Applier | None = None
        self.last_prepare_ms = 0.0  # how long the last batch's before_batch took (the debug log reports it)
        # Work that must follow a durable COMMIT (given the committed (tenant, event) pairs), and
        # undo of in-memory work of appliers after a ROLLBACK.
        self.after_commit: Callable[[sqlite3.Connection, list[tuple[str, dict[str, Any]]]], None] | None = None
        self.after_rollback: Callable[[], None] | None = None
        # Work for a whole batch before its transaction (creating the keys it will seal under).
        self.before_batch: Callable[[list[tuple[str, dict[str, Any]]]], None] | None = None
        self.sealer: Sealer = lambda tenant, seq, kind, payload: canonical_json(payload)
        self.batches = 0
        self._identity: tuple[int, int] | None = None  # (st_dev, st_ino) of the file opened

    @classmethod
    async def open(cls, path: Path) -> "Ledger":
        conn = await aiosqlite.connect(str(path), isolation_level=None, cached_statements=0)
        try:
            ledger = cls(conn, path)
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=FULL")
            await conn.execute("PRAGMA secure_delete=ON")
            await conn.execute("PRAGMA foreign_keys=ON")
            ledger._writing = True
            try:
                await conn.executescript(SCHEMA)
            finally:
                ledger._writing = False
            await conn.set_authorizer(ledger._authorize)
            st = os.stat(path)
            ledger._identity = (st.st_dev, st.st_ino)
            async with conn.execute(
                "SELECT e.tenant, e.seq, e.hash FROM events e JOIN "
                "(SELECT tenant, MAX(seq) AS m FROM events GROUP BY tenant) h ON e.tenant=h.tenant AND e.seq=h.m"
            ) as cur:
                async for tenant, seq, digest in cur:
                    ledger.heads[tenant] = (seq, bytes(digest))
        except BaseException:
            # A file that is not a ledger: close the connection, whose worker thread would
            # otherwise keep the process from exiting after it has reported the error.
            await conn.close()
            raise
        return ledger

    def _authorize(self, action: int, *_args: Any) -> int:
        if action in _WRITE_ACTIONS and not self._writing:
            return sqlite3.SQLITE_DENY
        return sqlite3.SQLITE_OK

    async def close(self) -> None:
        await self.conn.close()

    def head(self, tenant: str) -> tuple[int, bytes]:
        return self.heads.get(tenant, (0, GENESIS_PREV_HASH))

    # ---- writing -------------------------------------------------------
    def submit(self, mutation: Mutation) -> None:
        self._queue.append(mutation)
        self._wake.set()

    async def append(self, tenant: str, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Append one mutation and wait until it is durable; returns the committed events."""
        m = Mutation(tenant, events)
        self.submit(m)
        await m.done.wait()
        if m.error is not None:
            raise m.error
        assert m.committed is not None
        return m.committed

    async def run_committer(self) -> None:
        """Forever: take everything queued, commit it as one transaction, wake the waiters."""
        while True:
            await self._wake.wait()
            self._wake = anyio.Event()
            batch, self._queue = self._queue, []
            if batch:
                with anyio.CancelScope(shield=True):
                    await self._commit_batch(batch)

    async def drain(self) -> None:
        """Commit whatever is queued now (used at shutdown)."""
        batch, self._queue = self._queue, []
        if batch:
            await self._commit_batch(batch)

    async def _commit_batch(self, batch: list[Mutation]) -> None:
        started = time.perf_counter()
        try:
            await self.conn._execute(self._write_batch_sync, batch)  # one thread hop per batch
        except Exception as exc:  # an I/O error fails the whole transaction, never a part of it
            log.error("commit failed: %s", exc)
            for m in batch:
                if m.error is None:
                    code = exc.code if isinstance(exc, LedgerError) else _sqlite_code(exc)
                    m.error = LedgerError(f"the ledger could not commit: {exc}", code)
                    m.committed = None
        else:
            self.batches += 1
            log.debug("committed %d mutations (%d events) in %.1f ms (%.1f ms of it preparing keys)", len(batch),
                      sum(len(m.committed or ()) for m in batch), 1000 * (time.perf_counter() - started),
                      self.last_prepare_ms)
        for m in batch:
            m.done.set()

    def _write_batch_sync(self, batch: list[Mutation]) -> None:
        """Runs on aiosqlite's thread: BEGIN, every event, COMMIT (fsync).

        The chain heads move only once the COMMIT has returned: until then `heads` (what
        memory_stats and the next batch read) still shows only what is durable."""
        conn: sqlite3.Connection = self.conn._conn  # the raw connection, on its own thread
        if self.before_batch is not None:
            t0 = time.perf_counter()
            self.before_batch([(m.tenant, ev) for m in batch for ev in m.events if isinstance(ev, dict)])
            self.last_prepare_ms = 1000 * (time.perf_counter() - t0)
        self._writing = True
        try:
            heads = dict(self.heads)
            prepared: dict[int, _Prepared] = {}
            conn.execute("BEGIN IMMEDIATE")
            try:
                cur = conn.cursor()
                try:
                    # A savepoint per mutation cost more than the mutation's own inserts, and an
                    # applier almost never refuses one; so the batch is written without them first.
                    self._write_mutations(cur, batch, prepared, heads, isolate=False)
                except _Isolate:
                    # Undo it all and write it again with a savepoint per mutation, so the refused
                    # mutation fails alone. Mutations already sealed keep their rows: sealing again
                    # could find a key that an erasure earlier in this batch has since destroyed.
                    conn.execute("ROLLBACK")
                    self._rolled_back()
                    heads = dict(self.heads)
                    for m in batch:
                        m.committed = None
                    conn.execute("BEGIN IMMEDIATE")
                    self._write_mutations(cur, batch, prepared, heads, isolate=True)
                self._check_file()
                conn.execute("COMMIT")
            except BaseException:
                # SQLite may have rolled back already (a full disk does): a second ROLLBACK would
                # raise "no transaction is active" and hide the real cause.
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                self._rolled_back()
                raise
            # Checked again after the fsync: an acknowledgement promises the row is in the store.
            try:
                self._check_file()
            except LedgerError:
                self._rolled_back()
                raise
            self.heads = heads
            if self.after_commit is not None:
                try:
                    self.after_commit(conn, [(m.tenant, ev) for m in batch if m.committed for ev in m.events])
                except Exception:  # the batch is durable: report it so, whatever the follow-up did
                    log.exception("work after a durable commit failed")
        finally:
            self._writing = False

    def _rolled_back(self) -> None:
        if self.after_rollback is not None:
            self.after_rollback()

    def _check_file(self) -> None:
        """Raise unless the store's ledger path is still the file this connection writes.

        A store directory removed (or its disk unmounted, or the file replaced) under a running
        writer leaves SQLite writing to an unlinked file: every commit would succeed and be lost."""
        if self._identity is None:
            return
        try:
            st = os.stat(self.path)
        except OSError:
            same = False
        else:
            same = (st.st_dev, st.st_ino) == self._identity
        if not same:
            raise LedgerError(f"the ledger file {self.path} has been removed or replaced under the running "
                              f"writer; nothing more can be made durable in this store", "ledger_gone")

    def _write_mutations(self, cur: sqlite3.Cursor, batch: list[Mutation], prepared: dict[int, _Prepared],
                         heads: dict[str, tuple[int, bytes]], isolate: bool) -> None:
        """Seal, chain and apply each mutation in order onto `heads` (updated as it goes), then
        insert all their events at once.

        Without `isolate`, an applier refusing a mutation raises _Isolate; with it, each
        mutation runs in its own savepoint and a refused one is rolled back alone."""
        rows: list[tuple[Any, ...]] = []
        for i, m in enumerate(batch):
            head = heads.get(m.tenant, (0, GENESIS_PREV_HASH))
            if i not in prepared or prepared[i].head != head:  # sealed on another head: seal again
                prepared[i] = self._prepare(m, head)
            ready = prepared[i]
            if ready.rows is None:
                continue  # refused before anything was written; m.error says why
            if isolate:
                cur.execute("SAVEPOINT mutation")
            try:
                if self.applier is not None:
                    for ev, row in zip(m.events, ready.rows):
                        self.applier(cur, m.tenant, row[1], row[2], ev["payload"], ev.get("attachments") or {})
            except FireweedError as exc:
                if not isolate:
                    raise _Isolate from exc
                cur.execute("ROLLBACK TO mutation")
                cur.execute("RELEASE mutation")
                m.error = exc
                continue
            if isolate:
                cur.execute("RELEASE mutation")
            rows.extend(ready.rows)
            if ready.rows:
                heads[m.tenant] = (ready.rows[-1][1], ready.rows[-1][5])
            m.committed = ready.committed
        # No applier reads the events table, so its rows can wait for one statement per batch.
        cur.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?)", rows)

    def _prepare(self, m: Mutation, head: tuple[int, bytes]) -> _Prepared:
        """Check, seal and chain a mutation's events onto `head`; rows None (and m.error set) if refused."""
        seq, prev = head
        rows = []
        committed = []
        m.error = None  # a mutation sealed again may succeed where its first try was refused
        try:
            for ev in m.events:
                kind = ev.get("kind")
                want = ev.get("seq")
                payload = ev.get("payload")
                if kind not in EVENT_KINDS:
                    raise LedgerError(f"unknown event kind {kind!r}", "unknown_kind")
                if not isinstance(payload, dict):
                    raise LedgerError("event payload must be an object", "bad_payload")
                seq += 1
                if want is not None and want != seq:
                    raise LedgerError(f"expected seq {seq} for tenant {m.tenant!r}, got {want}", "seq_mismatch")
                recorded_at = ev.get("recorded_at")
                if recorded_at is None:
                    recorded_at = utc_now()
                elif not isinstance(recorded_at, str) or not _TIMESTAMP.fullmatch(recorded_at):
                    raise LedgerError("recorded_at must be a UTC timestamp like 2026-01-02T03:04:05.000006Z", "bad_payload")
                try:
                    body = self.sealer(m.tenant, seq, kind, payload)
                except LedgerError:
                    raise
                except (TypeError, ValueError):
                    raise
                except Exception as exc:  # a keyring failure refuses this mutation, not the batch
                    raise LedgerError(f"could not seal the event: {type(exc).__name__}: {exc}", "seal_failed") from None
                digest = event_hash(m.tenant, seq, kind, recorded_at, body, prev)
                rows.append((m.tenant, seq, kind, body, prev, digest, recorded_at))
                committed.append(
                    {"tenant": m.tenant, "seq": seq, "kind": kind, "payload": payload,
                     "recorded_at": recorded_at, "hash": digest.hex()}
                )
                prev = digest
        except (LedgerError, TypeError, ValueError) as exc:
            # A malformed mutation is refused alone; the rest of the batch commits.
            m.error = exc if isinstance(exc, LedgerError) else LedgerError(str(exc), "bad_payload")
            return _Prepared(head, None, [])
        return _Prepared(head, rows, committed)

    # ---- reading -------------------------------------------------------
    async def read_page(self, tenant: str, after: int, limit: int,
                        max_bytes: int | None = None) -> list[tuple[int, str, bytes, str, bytes]]:
        """Events after `after`, at most `limit`, and once `max_bytes` of payload are in hand no more.

        The rows are fetched in the SQLite thread, in one hop, and fetching stops at the byte
        budget: a page that reads every remaining row only to send a few makes a replay of
        large events (a source's leaves run to megabytes) quadratic in their number."""
        return await self.conn._execute(self._read_page_sync, tenant, after, limit, max_bytes)

    def _read_page_sync(self, tenant: str, after: int, limit: int,
                        max_bytes: int | None) -> list[tuple[int, str, bytes, str, bytes]]:
        cur = self.conn._conn.execute(
            "SELECT seq, kind, payload, recorded_at, hash FROM events WHERE tenant=? AND seq>? ORDER BY seq LIMIT ?",
            (tenant, after, limit),
        )
        try:
            rows: list[tuple[int, str, bytes, str, bytes]] = []
            size = 0
            for r in cur:
                rows.append((r[0], r[1], bytes(r[2]), r[3], bytes(r[4])))
                size += len(r[2])
                if max_bytes is not None and size >= max_bytes:
                    break
            return rows
        finally:
            cur.close()  # an open read cursor would make the next WAL checkpoint fail "locked"

    async def tenants(self) -> list[str]:
        return sorted(self.heads)
