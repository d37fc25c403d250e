"""The closed vocabulary of ledger event kinds and the chain hash (docs/FORMAT.md).

Kept in `shared` because the writer computes these hashes, `fireweed verify`
recomputes them, and the format document specifies them byte for byte.
"""

from __future__ import annotations

import hashlib
import struct
from datetime import datetime, timedelta, timezone

EVENT_KINDS: frozenset[str] = frozenset(
    {
        "source_added",
        "entity_created",
        "memory_admitted",
        "memory_reinforced",
        "memory_state_changed",
        "review_decided",
        "hold_set",
        "hold_released",
        "erased",
        "erasure_refused",
        "certificate_issued",
        "read_recorded",
        "import_started",
        "import_recorded",
        "import_abandoned",
    }
)

GENESIS_PREV_HASH = b"\x00" * 32
# A read-audit record's own key id starts so (see read_recorded in docs/FORMAT.md): the writer
# seals under, and an erasure destroys, only keys of that form besides subjects'.
READ_KEY_PREFIX = "read_"
# A memory's id is also the id of a key of its own, which its content is sealed under besides its
# subjects' keys, so that an erasure whose closure takes it destroys it even when it was filed under
# other subjects (or none): a claim may spell a name before the store knows it as one.
MEMORY_KEY_PREFIX = "mem_"
HASH_DOMAIN = b"fireweed/event/v1\x00"


def _field(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def event_hash(tenant: str, seq: int, kind: str, recorded_at: str, payload: bytes, prev_hash: bytes) -> bytes:
    """SHA-256 over the domain tag, each field length-prefixed, then prev_hash.

    Length prefixes make the encoding unambiguous: no two different events can
    serialise to the same bytes by moving a boundary between fields.
    """
    h = hashlib.sha256(HASH_DOMAIN)
    h.update(_field(tenant.encode("utf-8")))
    h.update(struct.pack(">Q", seq))
    h.update(_field(kind.encode("utf-8")))
    h.update(_field(recorded_at.encode("utf-8")))
    h.update(_field(payload))
    h.update(prev_hash)
    return h.digest()


def utc_now() -> str:
    """The `recorded_at` form: UTC, microseconds, a trailing Z (docs/FORMAT.md)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


_RECORDED_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"


def utc_now_after(previous: str) -> str:
    """The `recorded_at` of a new commit that follows one recorded at `previous`: now, or one
    microsecond after `previous` when the clock has not passed it (same microsecond, or set back).

    A tenant's commits therefore never share a recorded_at, and the events of one commit are
    exactly a run of equal recorded_at: readers recover the commit from the ledger alone
    (docs/FORMAT.md 2.1)."""
    now = utc_now()
    if not previous or now > previous:
        return now
    try:
        before = datetime.strptime(previous, _RECORDED_FORMAT)
    except ValueError:
        return now  # not this format: it cannot be compared with `now` anyway
    return (before + timedelta(microseconds=1)).strftime(_RECORDED_FORMAT)
