"""Walk every tenant's chain from genesis and recompute every hash (read-only).

Used by `fireweed verify`; opens the database read-only so it can run beside a
live writer and can never change what it checks.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from fireweed.shared.events import EVENT_KINDS, GENESIS_PREV_HASH, event_hash


@dataclass
class ChainReport:
    heads: dict[str, tuple[int, str]]
    events: int
    bad: tuple[str, int, str] | None  # (tenant, seq, why) of the first break

    @property
    def ok(self) -> bool:
        return self.bad is None


def open_read_only(path: Path) -> sqlite3.Connection:
    if not path.exists():
        raise FileNotFoundError(f"no ledger at {path}")
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)


def check_tenant(conn: sqlite3.Connection, tenant: str) -> tuple[int, bytes, int, tuple[str, int, str] | None]:
    """Walk one tenant's chain: (head seq, head hash, events read, first break or None)."""
    prev = GENESIS_PREV_HASH
    expected = 1
    count = 0
    rows = conn.execute(
        "SELECT seq, kind, payload, prev_hash, hash, recorded_at FROM events WHERE tenant=? ORDER BY seq", (tenant,)
    )
    for seq, kind, payload, prev_hash, digest, recorded_at in rows:
        count += 1
        if seq != expected:
            return expected - 1, prev, count, (tenant, expected, f"seq {expected} is missing (next row is {seq})")
        if kind not in EVENT_KINDS:
            return expected - 1, prev, count, (tenant, seq, f"unknown kind {kind!r}")
        if bytes(prev_hash) != prev:
            return expected - 1, prev, count, (tenant, seq, "prev_hash does not match the previous event's hash")
        computed = event_hash(tenant, seq, kind, recorded_at, bytes(payload), prev)
        if computed != bytes(digest):
            return expected - 1, prev, count, (tenant, seq, "hash does not match the recomputed hash")
        prev = computed
        expected += 1
    return expected - 1, prev, count, None


def check_chain(path: Path) -> ChainReport:
    conn = open_read_only(path)
    try:
        tenants = [r[0] for r in conn.execute("SELECT DISTINCT tenant FROM events ORDER BY tenant")]
        heads: dict[str, tuple[int, str]] = {}
        total = 0
        for tenant in tenants:
            seq, digest, count, bad = check_tenant(conn, tenant)
            total += count
            if bad is not None:
                return ChainReport(heads, total, bad)
            heads[tenant] = (seq, digest.hex())
        return ChainReport(heads, total, None)
    finally:
        conn.close()
