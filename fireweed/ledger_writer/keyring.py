"""The keyring: per-subject content keys, sealing, and the install's secrets.

Only the ledger writer holds a keyring. It is a directory OUTSIDE the store
(mode 0700, owned by us) so copying or backing up the store never carries
keys. Every file in it is 0600, created exclusively (``O_EXCL``, never
through a symlink) and checked for owner and mode whenever it is read.

Layout (file names carry tenants, never names or secrets)::

    subjects.<tenant>.keys   one 64-byte record per subject: a tag and 32 random
                             bytes (see key_slab, which also says why one file)
    signing.ed25519.seed     32-byte Ed25519 seed, created once
    fingerprint.key          32-byte key for name fingerprints
    source_id.key            32-byte key for the ids of sources registered without one

Erasure overwrites a subject's record with zeros in place and fdatasyncs the
file. Content is sealed with XChaCha20-Poly1305 (``nacl.secret.Aead``)
under a *memory key* derived by keyed BLAKE2b from the keys of every subject
the memory names, so it opens only while all of them still exist. The
overwrite is best effort on SSDs and copy-on-write filesystems; what is
certified is that the key no longer exists in the keyring, which is why the
erasure certificate's scope excludes the operator who holds the keys.

All cryptography is libsodium via PyNaCl; nothing here is hand-rolled.
Keys never appear in reprs, exception messages or logs.
"""

from __future__ import annotations

import ctypes
import errno
import logging
import os
import secrets
import stat
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import nacl.encoding
import nacl.exceptions
import nacl.hash
import nacl.secret
import nacl.signing
import nacl.utils
from nacl._sodium import ffi as _ffi, lib as _lib

from fireweed.ledger_writer.key_files import (
    KEY_BYTES,
    KeyringCorrupt,
    KeyringError,
    KeyringPermissionError,
    check_private,
    open_key_file,
    read_exact,
    write_all,
)
from fireweed.ledger_writer.key_slab import KeySlab, slot_tag
from fireweed.shared.canonical import canonical_json
from fireweed.shared.names import validate_tenant

__all__ = [
    "KEY_BYTES",
    "CIPHER",
    "Keyring",
    "KeyringError",
    "KeyringPermissionError",
    "KeyringCorrupt",
    "KeyExists",
    "DecryptError",
    "KeyDestroyed",
    "seal",
    "open",
    "aad",
    "normalise_name",
    "fingerprint_name",
    "auto_source_id",
]

CIPHER = "XChaCha20-Poly1305"

_SIGNING_FILE = "signing.ed25519.seed"
_FINGERPRINT_FILE = "fingerprint.key"
_SOURCE_ID_FILE = "source_id.key"
_SOURCE_ID_PERSON = b"fw-srcid-v1"
_MEMKEY_PERSON = b"fw-memkey-v1"

# PyNaCl's compiled libsodium binding, called directly on the two hot paths of a replay
# (see open and _memkey_step); zero-padded salt and personalisation as PyNaCl pads them.
_NONCE_BYTES = _lib.crypto_aead_xchacha20poly1305_ietf_npubbytes()
_TAG_BYTES = _lib.crypto_aead_xchacha20poly1305_ietf_abytes()
_NO_SALT = _ffi.new("unsigned char[]", _lib.crypto_generichash_blake2b_saltbytes())
_MEMKEY_PERSON_BUF = _ffi.new("unsigned char[]", _lib.crypto_generichash_blake2b_personalbytes())
_ffi.memmove(_MEMKEY_PERSON_BUF, _MEMKEY_PERSON, len(_MEMKEY_PERSON))
_NAMEFP_PERSON = b"fw-namefp-v1"

_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

log = logging.getLogger(__name__)


class KeyExists(KeyringError):
    """A key was to be created where one already exists; keys are never replaced."""


class DecryptError(KeyringError):
    """Ciphertext did not open: wrong key, wrong associated data, or tampered."""


class KeyDestroyed(DecryptError):
    """The memory key does not exist (a subject's key has been destroyed)."""


# --------------------------------------------------------------------------
# Sealing


def aad(tenant: str, seq: int, field: str) -> bytes:
    """Associated data binding a sealed field to its tenant, ledger seq and field name.

    Sealing with it means a ciphertext cannot be moved to another tenant,
    event or field and still open.
    """
    validate_tenant(tenant)
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise ValueError("seq must be a non-negative int")
    if not isinstance(field, str) or not field:
        raise ValueError("field must be a non-empty str")
    if field.isidentifier() and field.isascii():
        # These are exactly canonical_json's bytes: a valid tenant and an identifier need no
        # escaping. Written out because every sealed field of every replayed event needs one.
        return b'["fireweed-aad-v1","%s",%d,"%s"]' % (tenant.encode("ascii"), seq, field.encode("ascii"))
    return canonical_json(["fireweed-aad-v1", tenant, seq, field])


def _check_key(key: bytes | None) -> bytes:
    if key is None:
        raise KeyDestroyed("no key: a subject of this memory has been erased")
    if not isinstance(key, (bytes, bytearray)) or len(key) != KEY_BYTES:
        raise ValueError(f"a content key must be {KEY_BYTES} bytes")
    return bytes(key)


def seal(key: bytes | None, plaintext: bytes, aad: bytes) -> bytes:
    """Encrypt with XChaCha20-Poly1305; returns nonce || ciphertext || tag.

    The 24-byte nonce is random, which is safe for XChaCha20 at any volume
    we will reach. ``key=None`` (an erased memory key) raises KeyDestroyed.
    """
    k = _check_key(key)
    plaintext = bytes(plaintext)
    aad = bytes(aad)
    # What PyNaCl's Aead.encrypt does (a nonce from os.urandom, as nacl.utils.random makes it,
    # then the same libsodium call) through the same compiled binding, without the wrapper's
    # per-call checks: the writer seals every content field of every event it appends.
    nonce = os.urandom(_NONCE_BYTES)
    out = _ffi.new("unsigned char[]", len(plaintext) + _TAG_BYTES)
    out_len = _ffi.new("unsigned long long *")
    rc = _lib.crypto_aead_xchacha20poly1305_ietf_encrypt(
        out, out_len, plaintext, len(plaintext), aad or _ffi.NULL, len(aad), _ffi.NULL, nonce, k)
    if rc != 0:  # pragma: no cover - libsodium fails only on lengths past 2^64, fixed here
        raise RuntimeError("XChaCha20-Poly1305 encryption failed")
    return nonce + _ffi.buffer(out, out_len[0])[:]


def open(key: bytes | None, ct: bytes, aad: bytes) -> bytes:  # noqa: A001 - the brief's name
    """Decrypt what :func:`seal` produced; raises DecryptError on any mismatch."""
    k = _check_key(key)
    ct = bytes(ct)
    aad = bytes(aad)
    if len(ct) < _NONCE_BYTES + _TAG_BYTES:
        raise DecryptError("ciphertext does not open under this key and associated data")
    # The libsodium call PyNaCl's Aead.decrypt makes, through PyNaCl's own compiled binding,
    # without the wrapper's per-call argument checks (the key is checked above, the nonce is
    # sliced to size): a cold start opens every sealed field of the ledger.
    body = ct[_NONCE_BYTES:]
    out = _ffi.new("unsigned char[]", len(body) - _TAG_BYTES or 1)
    out_len = _ffi.new("unsigned long long *")
    rc = _lib.crypto_aead_xchacha20poly1305_ietf_decrypt(
        out, out_len, _ffi.NULL, body, len(body), aad or _ffi.NULL, len(aad), ct[:_NONCE_BYTES], k)
    if rc != 0:
        # One uniform error: callers learn nothing about which check failed, and no
        # libsodium detail reaches a log.
        raise DecryptError("ciphertext does not open under this key and associated data")
    return _ffi.buffer(out, out_len[0])[:]


def _memkey_step(data: bytes, key: bytes) -> bytes:
    """Keyed BLAKE2b-256 of `data` with the memory-key personalisation: what
    nacl.hash.blake2b(data, digest_size=32, key=key, person=_MEMKEY_PERSON) computes, through
    the same libsodium function, without re-checking constant parameters on every call."""
    out = _ffi.new("unsigned char[]", KEY_BYTES)
    rc = _lib.crypto_generichash_blake2b_salt_personal(out, KEY_BYTES, data, len(data), key, len(key),
                                                       _NO_SALT, _MEMKEY_PERSON_BUF)
    if rc != 0:  # pragma: no cover - libsodium fails only on bad lengths, fixed here
        raise RuntimeError("BLAKE2b failed")
    return _ffi.buffer(out, KEY_BYTES)[:]


# --------------------------------------------------------------------------
# Ids of sources registered without one


def auto_source_id(source_id_key: bytes, tenant: str, prefix: str, text: str, generation: int) -> str:
    """``prefix-`` + 32 hex digits of keyed BLAKE2b over (tenant, prefix, generation, text).

    Keyed, because the id stays in the clear in the ledger and in exports after the
    text is erased: an unkeyed hash would let anyone confirm a guessed erased sentence.
    Deterministic for one store, so an identical quotation finds the source it already
    registered. ``generation`` moves past an id whose source was (partly) redacted,
    since a redacted source can never be registered again under the same id.
    """
    if not isinstance(source_id_key, (bytes, bytearray)) or len(source_id_key) != KEY_BYTES:
        raise ValueError(f"source id key must be {KEY_BYTES} bytes")
    if not isinstance(generation, int) or generation < 0:
        raise ValueError("generation must be a non-negative integer")
    message = canonical_json(["fireweed-auto-source-id-v1", tenant, prefix, generation, text])
    digest = nacl.hash.blake2b(message, digest_size=16, key=bytes(source_id_key), person=_SOURCE_ID_PERSON,
                               encoder=nacl.encoding.RawEncoder)
    return f"{prefix}-{digest.hex()}"


# --------------------------------------------------------------------------
# Name fingerprints


def normalise_name(name: str) -> str:
    """Whitespace-normalised, lower-cased form of a name, as fingerprinted.

    NFKC first so composed/decomposed and full-width spellings of one name
    agree; casefold is lower-casing that also folds e.g. German sharp s.
    A tombstone must not be bypassed by a spelling variant.
    """
    if not isinstance(name, str):
        raise TypeError("name must be str")
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def fingerprint_name(fingerprint_key: bytes, name: str) -> str:
    """Keyed BLAKE2b-256 (hex) of :func:`normalise_name` (``name``)."""
    if not isinstance(fingerprint_key, (bytes, bytearray)) or len(fingerprint_key) != KEY_BYTES:
        raise ValueError(f"fingerprint key must be {KEY_BYTES} bytes")
    norm = normalise_name(name)
    if not norm:
        raise ValueError("cannot fingerprint an empty name")
    digest = nacl.hash.blake2b(
        norm.encode("utf-8"),
        digest_size=32,
        key=bytes(fingerprint_key),
        person=_NAMEFP_PERSON,
        encoder=nacl.encoding.RawEncoder,
    )
    return digest.hex()


def _make_durable(dfd: int, names: Sequence[str]) -> None:
    """Flush these files' data and the directory: syncfs where Linux offers it, else fsync each."""
    if _SYNCFS is not None and _SYNCFS(dfd) == 0:
        return
    for name in names:
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | _O_CLOEXEC, dir_fd=dfd)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    os.fsync(dfd)


def _load_syncfs() -> Any:
    try:
        fn = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        return None
    fn.argtypes = [ctypes.c_int]
    fn.restype = ctypes.c_int
    return fn


_SYNCFS = _load_syncfs() if sys.platform.startswith("linux") else None


# --------------------------------------------------------------------------
# The directory-backed keyring


class Keyring:
    """A keys directory. Creates it (0700) if missing; refuses one that is not private."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self._path = os.path.abspath(os.fspath(path))
        try:
            os.makedirs(self._path, mode=0o700, exist_ok=False)
        except FileExistsError:
            pass
        with self._dir():
            pass  # validate now, so a bad directory fails at start, not mid-erasure
        self._signing: nacl.signing.SigningKey | None = None
        self._fingerprint: bytes | None = None
        self._source_id_key: bytes | None = None
        self._slabs: dict[str, KeySlab] = {}  # by tenant, read on first use

    def __repr__(self) -> str:
        return f"Keyring({self._path!r})"

    @property
    def path(self) -> str:
        return self._path

    # -- low level -------------------------------------------------------

    @contextmanager
    def _dir(self) -> Iterator[int]:
        """An fd on the keys directory, re-checked each time.

        Operations go through ``dir_fd`` so a directory swapped for a symlink
        after the check cannot redirect key files elsewhere.
        """
        try:
            fd = os.open(self._path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | _O_CLOEXEC)
        except OSError as exc:
            if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                raise KeyringPermissionError(
                    f"keys directory {self._path} is a symlink or not a directory"
                ) from None
            raise
        try:
            st = os.fstat(fd)
            if st.st_uid != os.geteuid():
                raise KeyringPermissionError(
                    f"keys directory {self._path} is owned by uid {st.st_uid}, not by us "
                    f"(uid {os.geteuid()})"
                )
            if st.st_mode & 0o077:
                raise KeyringPermissionError(
                    f"keys directory {self._path} has mode {stat.S_IMODE(st.st_mode):04o}; "
                    f"it must not be group or world accessible (chmod 700 {self._path})"
                )
            yield fd
        finally:
            os.close(fd)

    def _read(self, dfd: int, name: str) -> bytes | None:
        fd = open_key_file(dfd, name, os.O_RDONLY)
        if fd is None:
            return None
        try:
            st = check_private(fd, name)
            if st.st_size != KEY_BYTES:
                raise KeyringCorrupt(f"key file {name} has {st.st_size} bytes, expected {KEY_BYTES}")
            return read_exact(fd, KEY_BYTES, 0, name)
        finally:
            os.close(fd)

    def _create(self, dfd: int, name: str, data: bytes, durable: bool = True) -> None:
        """Create ``name`` holding ``data`` atomically, never replacing anything.

        Written under a temporary name (O_EXCL|O_NOFOLLOW, 0600), fsync'd,
        then hard-linked into place: link() fails if the name exists, and a
        crash never leaves a half-written key under the real name.
        """
        tmp = f".tmp-{secrets.token_hex(8)}"
        fd = os.open(
            tmp,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | _O_CLOEXEC,
            0o600,
            dir_fd=dfd,
        )
        try:
            try:
                os.fchmod(fd, 0o600)  # a restrictive umask must not leave it unwritable
                write_all(fd, data, 0)
                if durable:
                    os.fsync(fd)
            finally:
                os.close(fd)
            try:
                os.link(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd, follow_symlinks=False)
            except FileExistsError:
                raise KeyExists(f"{name} already exists; keys are never replaced") from None
        except BaseException:
            self._wipe_and_unlink(dfd, tmp, only_last_link=True)  # the key never got its name: destroy it
            raise
        # Installed: the temporary name is only a second link to the key, nothing to wipe.
        os.unlink(tmp, dir_fd=dfd)
        if durable:
            os.fsync(dfd)

    def _wipe_and_unlink(self, dfd: int, name: str, *, only_last_link: bool = False) -> bool:
        if not self._overwrite(dfd, name, only_last_link=only_last_link):
            return False
        os.unlink(name, dir_fd=dfd)
        return True

    def _overwrite(self, dfd: int, name: str, *, only_last_link: bool = False, sync: bool = True) -> bool:
        """Overwrite a key file with random bytes; False if there is no such file."""
        fd = open_key_file(dfd, name, os.O_WRONLY)
        if fd is None:
            return False
        try:
            st = os.fstat(fd)
            # For the temp file, another link is the freshly installed key
            # itself and must survive; for a destroyed key, any other link
            # is a copy that must die with it, so overwrite regardless.
            skip = only_last_link and st.st_nlink > 1
            if stat.S_ISREG(st.st_mode) and st.st_size and not skip:
                os.pwrite(fd, nacl.utils.random(st.st_size), 0)
                if sync:
                    os.fsync(fd)
        finally:
            os.close(fd)
        return True

    def _get_or_create(self, name: str) -> bytes:
        with self._dir() as dfd:
            data = self._read(dfd, name)
            if data is None:
                try:
                    self._create(dfd, name, nacl.utils.random(KEY_BYTES))
                except KeyExists:
                    pass  # another process created it first; use theirs
                data = self._read(dfd, name)
            if data is None:  # pragma: no cover - deleted between create and read
                raise KeyringCorrupt(f"{name} vanished while being created")
            return data

    # -- subject keys ----------------------------------------------------

    def _slab(self, tenant: str) -> KeySlab:
        """The tenant's key slab, read from disk on first use (moving in any legacy key files)."""
        slab = self._slabs.get(tenant)
        if slab is None:
            slab = KeySlab(tenant)
            with self._dir() as dfd:
                slab.refresh(dfd)
                self._move_legacy_keys(dfd, tenant, slab)
            self._slabs[tenant] = slab
        return slab

    def _move_legacy_keys(self, dfd: int, tenant: str, slab: KeySlab) -> None:
        """Move keys kept one file per subject (before 2026-11-30) into the slab, then destroy the files.

        The slab's copy is durable before any file is overwritten, so a crash at any
        point leaves every key in at least one place, and a rerun finishes the move."""
        prefix = f"subject.{tenant}."
        names = [n for n in os.listdir(dfd) if n.startswith(prefix) and n.endswith(".key")]
        if not names:
            return
        found: dict[bytes, bytes] = {}
        for name in names:
            key = self._read(dfd, name)
            if key is None:
                continue
            tag = slot_tag(name[len(prefix):-len(".key")])
            held = slab.get(tag)
            if held is not None and held != key:
                raise KeyringCorrupt(f"{name} and {slab.name} hold different keys for one subject")
            found[tag] = key
        slab.append(dfd, found)
        # Overwrite every file, flush the overwrites together, then unlink: one flush, not one per file.
        wiped = [name for name in names if self._overwrite(dfd, name, sync=False)]
        _make_durable(dfd, wiped)
        for name in wiped:
            os.unlink(name, dir_fd=dfd)
        os.fsync(dfd)
        log.info("moved %d subject key files of tenant %s into %s", len(found), tenant, slab.name)

    def _held(self, tenant: str, tag: bytes) -> bytes | None:
        """The key for a tag; a miss re-reads the slab's new records before saying there is none."""
        slab = self._slab(tenant)
        key = slab.get(tag)
        if key is None:
            with self._dir() as dfd:
                slab.refresh(dfd)
            key = slab.get(tag)
        return key

    def new_subject_key(self, tenant: str, entity_id: str) -> None:
        """Create a random 32-byte content key for a subject; KeyExists if it has one."""
        if not self.new_subject_keys([(tenant, entity_id)]):
            raise KeyExists(f"subject {entity_id} of tenant {tenant} already has a key; keys are never replaced")

    def new_subject_keys(self, pairs: Sequence[tuple[str, str]]) -> int:
        """Create keys for every (tenant, entity_id) that has none, made durable together.

        One append and one fdatasync per tenant, so a group commit that
        introduces many subjects pays for durability once. Returns how many
        keys were created."""
        wanted: dict[str, dict[bytes, bytes]] = {}
        for tenant, entity_id in pairs:
            tag = slot_tag(entity_id)
            if self._slab(tenant).get(tag) is None:
                wanted.setdefault(tenant, {})[tag] = b""
        made = 0
        if wanted:
            with self._dir() as dfd:
                for tenant, tags in wanted.items():
                    fresh = {tag: nacl.utils.random(KEY_BYTES) for tag in tags}
                    made += len(self._slab(tenant).append(dfd, fresh))
        return made

    def has_key(self, tenant: str, entity_id: str) -> bool:
        """True while the subject's content key exists."""
        return self._held(tenant, slot_tag(entity_id)) is not None

    def destroy_subject_key(self, tenant: str, entity_id: str) -> bool:
        """Overwrite a subject's key record with zeros and fdatasync the slab.

        Returns True if a key was destroyed, False if there was none, so a
        retried erasure is idempotent.
        """
        return bool(self.destroy_subject_keys(tenant, [entity_id]))

    def destroy_subject_keys(self, tenant: str, key_ids: Sequence[str]) -> int:
        """Destroy several keys of one tenant with one fdatasync; returns how many existed."""
        slab = self._slab(tenant)
        with self._dir() as dfd:
            return slab.destroy_many(dfd, [slot_tag(k) for k in dict.fromkeys(key_ids)])

    def memory_key(self, tenant: str, entity_ids: Sequence[str]) -> bytes | None:
        """The content key of a memory naming ``entity_ids``, or None if any subject is erased.

        A cascade of keyed BLAKE2b, one step per subject (sorted by entity
        id), each keyed by that subject's key, over the previous step and a
        context binding the tenant and the full subject list: computing it
        requires every subject key, and it is independent of argument order.
        """
        if isinstance(entity_ids, (str, bytes)):
            raise TypeError("entity_ids must be a sequence of ids, not a single string")
        ids = sorted(set(entity_ids))
        if not ids:
            raise ValueError("a memory key needs at least one subject")
        keys = [self._held(tenant, slot_tag(e)) for e in ids]
        if None in keys:
            return None
        # canonical_json(["fireweed-memory-key-v1", tenant, ids]), written out: the names were
        # validated above (_subject_file) and need no escaping, and replay derives one per memory.
        context = b'["fireweed-memory-key-v1","%s",[%s]]' % (
            tenant.encode("ascii"), b",".join(b'"%s"' % e.encode("ascii") for e in ids))
        acc = b""
        for k in keys:
            assert k is not None
            acc = _memkey_step(acc + context, k)
        return acc

    # -- install secrets -------------------------------------------------

    # The secrets a store's history depends on: the signing key (its public half is published in
    # the store) and the fingerprint key (tombstones are keyed by it). source_id.key is not here:
    # losing it costs only deduplication, so it may be created for an old store.
    INSTALL_KEYS = (_SIGNING_FILE, _FINGERPRINT_FILE)

    def missing_install_keys(self) -> list[str]:
        """Names of the install secrets this directory does not hold; creates nothing.

        The writer asks before using a keys directory for a store that already has
        history: creating them there would mint keys the store has never seen."""
        with self._dir() as dfd:
            return [name for name in self.INSTALL_KEYS if self._read(dfd, name) is None]

    def signing_key(self) -> nacl.signing.SigningKey:
        """The per-install Ed25519 signing key, created on first use."""
        if self._signing is None:
            self._signing = nacl.signing.SigningKey(self._get_or_create(_SIGNING_FILE))
        return self._signing

    def held_public_key(self) -> bytes | None:
        """The public half of the signing key this directory holds; None if it holds none.

        Creates nothing: an import asks it before any backend could mint a key here."""
        with self._dir() as dfd:
            seed = self._read(dfd, _SIGNING_FILE)
        return None if seed is None else bytes(nacl.signing.SigningKey(seed).verify_key)

    def public_key_bytes(self) -> bytes:
        """The 32-byte Ed25519 public key, for publishing in the store."""
        return bytes(self.signing_key().verify_key)

    def fingerprint_key(self) -> bytes:
        """The per-install 32-byte secret for keyed name fingerprints, created on first use."""
        if self._fingerprint is None:
            self._fingerprint = self._get_or_create(_FINGERPRINT_FILE)
        return self._fingerprint

    def source_id_key(self) -> bytes:
        """The per-install 32-byte secret for auto source ids, created on first use.

        Losing it costs only deduplication (an identical quotation then registers a new
        source), never data, so it is not needed to read or verify anything."""
        if self._source_id_key is None:
            self._source_id_key = self._get_or_create(_SOURCE_ID_FILE)
        return self._source_id_key

    def auto_source_id(self, tenant: str, prefix: str, text: str, generation: int = 0) -> str:
        return auto_source_id(self.source_id_key(), tenant, prefix, text, generation)

    def name_fingerprint(self, name: str) -> str:
        """Keyed BLAKE2b hex of the whitespace-normalised lower-cased ``name``."""
        return fingerprint_name(self.fingerprint_key(), name)
