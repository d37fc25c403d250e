"""One tenant's subject keys, kept as fixed-size records in one file.

A file per subject made each new subject cost a create, a link, an unlink and a
directory update, and made a cold start open and read one file per subject. So a
tenant's subject keys live in ``subjects.<tenant>.keys``, a run of 64-byte records::

    tag  32 bytes   SHA-256("fireweed-subject-slot-v1" 0x00 entity_id)
    key  32 bytes   the subject's random content key

A record never moves, so its offset identifies it for its lifetime.

- New keys are appended together, then made durable with one fdatasync; a caller
  uses a key only after that returns. A crash during an append can leave a short
  tail, never acknowledged, which the next append overwrites and a load ignores.
- Destroying a key overwrites its whole record in place with zeros, then
  fdatasyncs. An all-zero record is an empty slot, and nothing ever reuses it.
- Every operation opens the file afresh (``O_NOFOLLOW``, checked to be a regular
  0600 file of ours) and holds an exclusive ``flock`` on it, because one keys
  directory may serve several stores whose writers share this file.

The overwrite destroys the key on filesystems that overwrite in place (ext4, xfs);
on copy-on-write filesystems and SSDs it is best effort, as the unlinked key file
was before. The index holds every key of the tenant in memory: about 200 bytes per
subject, so a million subjects cost about 200 MB in the writer.
"""

from __future__ import annotations

import fcntl
import hashlib
import os

from fireweed.ledger_writer.key_files import (
    KEY_BYTES,
    KeyringCorrupt,
    check_private,
    open_key_file,
    read_exact,
    write_all,
)
from fireweed.shared.names import validate_entity_id, validate_tenant

__all__ = ["RECORD_BYTES", "KeySlab", "slab_file", "slot_tag"]

TAG_BYTES = 32
RECORD_BYTES = TAG_BYTES + KEY_BYTES
_EMPTY = bytes(RECORD_BYTES)
_TAG_CONTEXT = b"fireweed-subject-slot-v1\x00"


def slab_file(tenant: str) -> str:
    # A tenant holds no ".", so this name cannot collide with another tenant's.
    return f"subjects.{validate_tenant(tenant)}.keys"


def slot_tag(entity_id: str) -> bytes:
    """The record tag of a subject: a hash, so every record has one size whatever the id's length."""
    return hashlib.sha256(_TAG_CONTEXT + validate_entity_id(entity_id).encode("ascii")).digest()


def _open(dfd: int, name: str, create: bool) -> int | None:
    """The slab file, opened read-write, checked and locked; None if it does not exist and `create` is off."""
    fd, created = None, False
    if create:
        try:
            fd, created = open_key_file(dfd, name, os.O_RDWR | os.O_CREAT | os.O_EXCL), True
        except FileExistsError:
            pass
    if fd is None:
        fd = open_key_file(dfd, name, os.O_RDWR)
        if fd is None:
            return None
    try:
        if created:
            os.fchmod(fd, 0o600)  # a restrictive umask must not leave it unwritable
            os.fsync(dfd)  # the name must outlive a crash before any key in it is used
        check_private(fd, name)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except BaseException:
        os.close(fd)
        raise
    return fd


class KeySlab:
    """The subject keys of one tenant: an in-memory index over its slab file."""

    def __init__(self, tenant: str) -> None:
        self.name = slab_file(tenant)
        self._slots: dict[bytes, tuple[int, bytes]] = {}  # tag -> (offset, key)
        self._end = 0  # bytes of whole records already read into _slots

    def get(self, tag: bytes) -> bytes | None:
        """The key held in memory for this tag; `refresh` first to see other writers' keys."""
        slot = self._slots.get(tag)
        return slot[1] if slot is not None else None

    def _take_in(self, fd: int) -> int:
        """Index the records past what was read before; returns where whole records end."""
        size = os.fstat(fd).st_size
        end = size - size % RECORD_BYTES  # a short tail is an append that never finished
        if end > self._end:
            data = read_exact(fd, end - self._end, self._end, self.name)
            for at in range(0, len(data), RECORD_BYTES):
                record = data[at:at + RECORD_BYTES]
                if record == _EMPTY:
                    continue
                tag = record[:TAG_BYTES]
                if tag in self._slots:
                    raise KeyringCorrupt(f"key file {self.name} holds two records for one subject")
                self._slots[tag] = (self._end + at, record[TAG_BYTES:])
            self._end = end
        return end

    def refresh(self, dfd: int) -> None:
        """Read the records appended since the last read (by us or another store's writer)."""
        fd = _open(dfd, self.name, create=False)
        if fd is not None:
            try:
                self._take_in(fd)
            finally:
                os.close(fd)

    def append(self, dfd: int, items: dict[bytes, bytes]) -> dict[bytes, bytes]:
        """Append a record for each tag that has none, durably; returns the keys actually added."""
        fd = _open(dfd, self.name, create=True)
        assert fd is not None
        try:
            end = self._take_in(fd)
            added = {tag: key for tag, key in items.items() if tag not in self._slots}
            if not added:
                return {}
            write_all(fd, b"".join(tag + key for tag, key in added.items()), end)
            os.fdatasync(fd)
        finally:
            os.close(fd)
        for i, (tag, key) in enumerate(added.items()):  # indexed only once durable
            self._slots[tag] = (end + i * RECORD_BYTES, key)
        self._end = end + len(added) * RECORD_BYTES
        return added

    def destroy(self, dfd: int, tag: bytes) -> bool:
        """Overwrite a subject's record with zeros, durably. False if it has no key."""
        return bool(self.destroy_many(dfd, [tag]))

    def destroy_many(self, dfd: int, tags: list[bytes]) -> int:
        """Overwrite the record of each tag with zeros, with one fdatasync for all (an erasure takes
        a subject and the own key of every memory it closes over); returns how many had a key."""
        slots = {tag: self._slots.pop(tag, None) for tag in tags}  # first: a key being destroyed is never served again
        fd = _open(dfd, self.name, create=False)
        if fd is None:
            if any(slot is not None for slot in slots.values()):
                raise KeyringCorrupt(f"key file {self.name} vanished; a key it held cannot be destroyed")
            return 0
        try:
            if any(slot is None for slot in slots.values()):  # not seen yet: perhaps appended by another writer
                self._take_in(fd)
                slots = {tag: slot or self._slots.pop(tag, None) for tag, slot in slots.items()}
            held = {tag: slot[0] for tag, slot in slots.items() if slot is not None}
            for tag, offset in held.items():
                if read_exact(fd, TAG_BYTES, offset, self.name) != tag:
                    raise KeyringCorrupt(f"key file {self.name} no longer holds this subject's record where it was")
                write_all(fd, _EMPTY, offset)
            if held:
                os.fdatasync(fd)
        finally:
            os.close(fd)
        return len(held)
