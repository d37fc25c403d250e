"""The keyring: private directory, exclusive 0600 files, subject keys, sealing."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

import nacl.signing
import pytest

from fireweed.ledger_writer import keyring as kr_mod
from fireweed.ledger_writer.keyring import (
    DecryptError,
    KeyDestroyed,
    KeyExists,
    Keyring,
    KeyringCorrupt,
    KeyringPermissionError,
    aad,
    fingerprint_name,
    normalise_name,
    open as open_sealed,
    seal,
)
from fireweed.shared.names import BadName

T = "acme"


def mode(p: Path | str) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


def slab(keys_dir: Path, tenant: str = T) -> Path:
    return keys_dir / f"subjects.{tenant}.keys"


def records(keys_dir: Path, tenant: str = T) -> list[bytes]:
    """The slab's 64-byte records, as docs/FORMAT.md describes them (computed here with hashlib)."""
    data = slab(keys_dir, tenant).read_bytes()
    return [data[i:i + 64] for i in range(0, len(data) - len(data) % 64, 64)]


def tag_of(entity_id: str) -> bytes:
    return hashlib.sha256(b"fireweed-subject-slot-v1\x00" + entity_id.encode()).digest()


def key_on_disk(keys_dir: Path, entity_id: str, tenant: str = T) -> bytes | None:
    found = [r[32:] for r in records(keys_dir, tenant) if r[:32] == tag_of(entity_id)]
    assert len(found) <= 1
    return found[0] if found else None


@pytest.fixture
def keys_dir(tmp_path: Path) -> Path:
    return tmp_path / "keys"


@pytest.fixture
def ring(keys_dir: Path) -> Keyring:
    return Keyring(keys_dir)


# ---------------------------------------------------------------- directory


def test_creates_private_directory(keys_dir: Path) -> None:
    assert not keys_dir.exists()
    Keyring(keys_dir)
    assert keys_dir.is_dir() and mode(keys_dir) == 0o700


@pytest.mark.parametrize("bad_mode", [0o755, 0o750, 0o701, 0o710, 0o707, 0o770])
def test_refuses_group_or_world_accessible_dir(keys_dir: Path, bad_mode: int) -> None:
    keys_dir.mkdir(mode=0o700)
    Keyring(keys_dir)  # control: 0700 is accepted
    os.chmod(keys_dir, bad_mode)
    with pytest.raises(KeyringPermissionError, match="chmod 700"):
        Keyring(keys_dir)


def test_rechecks_directory_on_every_operation_that_touches_it(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    Keyring(keys_dir).new_subject_key(T, "e2")  # on disk, not yet read by `ring`
    os.chmod(keys_dir, 0o755)
    with pytest.raises(KeyringPermissionError):
        ring.has_key(T, "e2")  # a read from the directory
    with pytest.raises(KeyringPermissionError):
        ring.new_subject_key(T, "e3")  # a write to it
    assert ring.has_key(T, "e1")  # held in memory since it was made: no directory access
    os.chmod(keys_dir, 0o700)
    assert ring.has_key(T, "e2")
    ring.new_subject_key(T, "e3")


def test_destroyed_key_is_not_served_from_memory(ring: Keyring) -> None:
    ring.new_subject_key(T, "e1")
    assert ring.memory_key(T, ["e1"]) is not None  # control: cached and derivable
    assert ring.destroy_subject_key(T, "e1")
    assert not ring.has_key(T, "e1")
    assert ring.memory_key(T, ["e1"]) is None


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to give the directory to another uid")
def test_refuses_dir_owned_by_someone_else(keys_dir: Path) -> None:
    keys_dir.mkdir(mode=0o700)
    Keyring(keys_dir)  # control
    os.chown(keys_dir, 12345, 12345)
    with pytest.raises(KeyringPermissionError, match="owned by uid 12345"):
        Keyring(keys_dir)


def test_refuses_symlinked_dir(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    Keyring(real)  # control
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(KeyringPermissionError):
        Keyring(link)


def test_refuses_a_file_as_dir(tmp_path: Path) -> None:
    f = tmp_path / "file"
    f.write_bytes(b"")
    with pytest.raises((KeyringPermissionError, FileExistsError, NotADirectoryError)):
        Keyring(f)


# ---------------------------------------------------------------- files


def test_key_files_are_0600_and_no_temp_files_remain(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    ring.signing_key()
    ring.fingerprint_key()
    ring.new_subject_key(T, "e2")
    names = sorted(os.listdir(keys_dir))
    assert names == ["fingerprint.key", "signing.ed25519.seed", f"subjects.{T}.keys"]
    for n in names:
        assert mode(keys_dir / n) == 0o600
    assert [(keys_dir / n).stat().st_size for n in names] == [32, 32, 128]  # two 64-byte records


def test_files_0600_even_under_restrictive_umask(ring: Keyring, keys_dir: Path) -> None:
    old = os.umask(0o277)
    try:
        ring.new_subject_key(T, "e1")
    finally:
        os.umask(old)
    assert mode(slab(keys_dir)) == 0o600
    ring.new_subject_key(T, "e2")  # control: the file is still ours to append to


def test_files_created_with_o_excl_and_o_nofollow(ring: Keyring, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real_open = os.open

    def spy(path, flags, *args, **kwargs):  # type: ignore[no-untyped-def]
        if flags & os.O_CREAT:
            seen.append(flags)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(kr_mod.os, "open", spy)
    ring.new_subject_key(T, "e1")
    assert seen, "no file was created"
    for flags in seen:
        assert flags & os.O_EXCL and flags & os.O_NOFOLLOW


def test_existing_key_is_never_replaced(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    before = slab(keys_dir).read_bytes()
    with pytest.raises(KeyExists):
        ring.new_subject_key(T, "e1")
    with pytest.raises(KeyExists):
        Keyring(keys_dir).new_subject_key(T, "e1")  # also for a keyring that reads it from disk
    assert slab(keys_dir).read_bytes() == before
    ring.new_subject_key(T, "e2")  # control: a new subject is fine
    assert slab(keys_dir).read_bytes().startswith(before)


def test_planted_symlink_is_neither_followed_nor_replaced(ring: Keyring, keys_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(b"x" * 32)
    slab(keys_dir).symlink_to(target)
    with pytest.raises(KeyringPermissionError):
        ring.new_subject_key(T, "e1")
    with pytest.raises(KeyringPermissionError):
        ring.has_key(T, "e1")
    with pytest.raises(KeyringPermissionError):
        ring.destroy_subject_key(T, "e1")
    assert target.read_bytes() == b"x" * 32


def test_group_readable_key_file_refused(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    assert ring.has_key(T, "e1")  # control
    os.chmod(slab(keys_dir), 0o640)
    # The checks run when a key is read from disk: a keyring (a writer start) that reads it now
    with pytest.raises(KeyringPermissionError):
        Keyring(keys_dir).memory_key(T, ["e1"])


def test_two_records_for_one_subject_are_corrupt(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    assert Keyring(keys_dir).memory_key(T, ["e1"]) is not None  # control: one record reads back
    with slab(keys_dir).open("ab") as fh:
        fh.write(tag_of("e1") + bytes(range(32)))
    assert ring.memory_key(T, ["e1"]) is not None  # the key this keyring made is held in memory
    with pytest.raises(KeyringCorrupt, match="two records"):
        Keyring(keys_dir).memory_key(T, ["e1"])


def test_a_torn_append_is_ignored_then_overwritten(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    key = key_on_disk(keys_dir, "e1")
    with slab(keys_dir).open("ab") as fh:
        fh.write(tag_of("e2")[:20])  # a crash in the middle of an append: never acknowledged
    fresh = Keyring(keys_dir)
    assert fresh.memory_key(T, ["e1"]) == ring.memory_key(T, ["e1"]) and not fresh.has_key(T, "e2")
    fresh.new_subject_key(T, "e2")
    assert slab(keys_dir).stat().st_size == 128  # the torn tail was overwritten, records stay aligned
    again = Keyring(keys_dir)
    assert again.has_key(T, "e1") and again.has_key(T, "e2")
    assert key_on_disk(keys_dir, "e1") == key


def test_names_are_validated(ring: Keyring) -> None:
    for tenant, ent in [("../x", "e"), (T, "../../etc/passwd"), (T, ".hidden"), ("a.b", "e")]:
        with pytest.raises(BadName):
            ring.new_subject_key(tenant, ent)


# ---------------------------------------------------------------- subject keys and sealing


def test_memory_key_needs_every_subject(ring: Keyring) -> None:
    ring.new_subject_key(T, "e1")
    ring.new_subject_key(T, "e2")
    k12 = ring.memory_key(T, ["e1", "e2"])
    assert isinstance(k12, bytes) and len(k12) == 32
    assert ring.memory_key(T, ["e2", "e1", "e2"]) == k12  # order and duplicates do not matter
    assert ring.memory_key(T, ["e1"]) not in (None, k12)
    assert ring.memory_key(T, ["e2"]) not in (None, k12, ring.memory_key(T, ["e1"]))
    assert ring.memory_key(T, ["e1", "missing"]) is None


def test_memory_key_is_not_a_subject_key(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    raw = key_on_disk(keys_dir, "e1")
    assert raw is not None and len(raw) == 32  # control: the record is where FORMAT.md says
    assert ring.memory_key(T, ["e1"]) != raw


def test_memory_key_bad_arguments(ring: Keyring) -> None:
    with pytest.raises(ValueError):
        ring.memory_key(T, [])
    with pytest.raises(TypeError):
        ring.memory_key(T, "e1")


def test_seal_open_round_trip_and_destroy(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "alice")
    ring.new_subject_key(T, "bob")
    key = ring.memory_key(T, ["alice", "bob"])
    bob_key = ring.memory_key(T, ["bob"])
    a = aad(T, 7, "claim")
    ct = seal(key, b"Alice manages Bob.", a)
    ct_bob = seal(bob_key, b"Bob likes tea.", aad(T, 8, "claim"))
    assert b"Alice" not in ct
    assert open_sealed(ring.memory_key(T, ["alice", "bob"]), ct, a) == b"Alice manages Bob."

    alice_raw = key_on_disk(keys_dir, "alice")
    assert alice_raw is not None and alice_raw in slab(keys_dir).read_bytes()  # control
    assert ring.destroy_subject_key(T, "alice") is True
    assert key_on_disk(keys_dir, "alice") is None and alice_raw not in slab(keys_dir).read_bytes()
    assert ring.has_key(T, "alice") is False
    assert ring.memory_key(T, ["alice", "bob"]) is None
    assert ring.memory_key(T, ["alice"]) is None
    with pytest.raises(KeyDestroyed):
        open_sealed(ring.memory_key(T, ["alice", "bob"]), ct, a)
    # The bystander is untouched, also after a restart.
    assert open_sealed(Keyring(keys_dir).memory_key(T, ["bob"]), ct_bob, aad(T, 8, "claim")) == b"Bob likes tea."
    assert Keyring(keys_dir).memory_key(T, ["alice", "bob"]) is None
    # A re-created key for the same id is a different key: old content stays sealed.
    ring.new_subject_key(T, "alice")
    with pytest.raises(DecryptError):
        open_sealed(ring.memory_key(T, ["alice", "bob"]), ct, a)
    # Destroying twice is idempotent.
    ring.destroy_subject_key(T, "alice")
    assert ring.destroy_subject_key(T, "alice") is False


def test_destroy_overwrites_the_record_in_place(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_keys([(T, "e1"), (T, "e2"), (T, "e3")])
    inode = slab(keys_dir).stat().st_ino
    before = records(keys_dir)
    assert [r[:32] for r in before] == [tag_of("e1"), tag_of("e2"), tag_of("e3")]  # control
    assert ring.destroy_subject_key(T, "e2")
    after = records(keys_dir)
    assert after == [before[0], bytes(64), before[2]]  # zeros where e2 was; the others untouched
    assert slab(keys_dir).stat().st_ino == inode  # overwritten in place, not replaced by a copy
    fresh = Keyring(keys_dir)
    assert fresh.has_key(T, "e1") and fresh.has_key(T, "e3") and not fresh.has_key(T, "e2")
    fresh.new_subject_key(T, "e4")  # an emptied slot is never reused
    assert records(keys_dir)[1] == bytes(64) and len(records(keys_dir)) == 4


def test_keys_made_one_file_per_subject_move_into_the_slab(keys_dir: Path) -> None:
    Keyring(keys_dir)
    old = {e: os.urandom(32) for e in ("e1", "e2")}
    for e, key in old.items():  # the layout before 2026-11-30
        fd = os.open(keys_dir / f"subject.{T}.{e}.key", os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.write(fd, key)
        os.close(fd)
    (keys_dir / "subject.other.e9.key").write_bytes(os.urandom(32))
    os.chmod(keys_dir / "subject.other.e9.key", 0o600)
    ring = Keyring(keys_dir)
    assert ring.has_key(T, "e1") and ring.has_key(T, "e2") and not ring.has_key(T, "e3")
    assert {e: key_on_disk(keys_dir, e) for e in old} == old  # the same keys, now in the slab
    assert not (keys_dir / f"subject.{T}.e1.key").exists() and not (keys_dir / f"subject.{T}.e2.key").exists()
    assert (keys_dir / "subject.other.e9.key").exists()  # another tenant's move waits for that tenant
    ring.has_key("other", "e9")
    assert not (keys_dir / "subject.other.e9.key").exists() and key_on_disk(keys_dir, "e9", "other")
    # Content sealed under the old files still opens.
    ctx = b'["fireweed-memory-key-v1","acme",["e1"]]'
    assert ring.memory_key(T, ["e1"]) == hashlib.blake2b(ctx, digest_size=32, key=old["e1"], person=b"fw-memkey-v1").digest()


def test_destroying_several_keys_at_once_zeroes_exactly_theirs_even_ones_another_writer_added(
        keys_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = Keyring(keys_dir), Keyring(keys_dir)
    a.new_subject_keys([(T, "e1"), (T, "mem_1"), (T, "e2")])
    b.new_subject_key(T, "mem_2")  # a has not read this record yet
    before = records(keys_dir)
    syncs: list[int] = []
    real = os.fdatasync
    monkeypatch.setattr(os, "fdatasync", lambda fd: (syncs.append(fd), real(fd))[1])
    assert a.destroy_subject_keys(T, ["e1", "mem_1", "mem_2", "mem_9"]) == 3  # mem_9 never had one
    assert len(syncs) == 1  # durable together
    assert records(keys_dir) == [bytes(64), bytes(64), before[2], bytes(64)]  # e2's record untouched
    assert a.has_key(T, "e2") and not any(Keyring(keys_dir).has_key(T, k) for k in ("e1", "mem_1", "mem_2"))
    assert a.destroy_subject_keys(T, ["e1", "mem_1", "mem_2"]) == 0  # idempotent


def test_two_stores_sharing_a_keys_directory_append_to_one_slab(keys_dir: Path) -> None:
    a, b = Keyring(keys_dir), Keyring(keys_dir)
    a.new_subject_key(T, "a1")
    b.new_subject_key(T, "b1")  # b read a1's record, then appended after it
    a.new_subject_key(T, "a2")
    assert [r[:32] for r in records(keys_dir)] == [tag_of("a1"), tag_of("b1"), tag_of("a2")]
    assert b.destroy_subject_key(T, "b1")
    assert a.has_key(T, "a1") and a.has_key(T, "a2") and Keyring(keys_dir).has_key(T, "a2")
    assert not Keyring(keys_dir).has_key(T, "b1")


def test_tenants_are_separate(ring: Keyring) -> None:
    ring.new_subject_key("t1", "e1")
    assert ring.has_key("t1", "e1") and not ring.has_key("t2", "e1")
    ring.new_subject_key("t2", "e1")
    assert ring.memory_key("t1", ["e1"]) != ring.memory_key("t2", ["e1"])
    ring.destroy_subject_key("t1", "e1")
    assert ring.memory_key("t1", ["e1"]) is None and ring.memory_key("t2", ["e1"]) is not None


@pytest.mark.parametrize(
    "other",
    [aad("other", 7, "claim"), aad(T, 8, "claim"), aad(T, 7, "evidence"), b"", b"garbage"],
)
def test_aad_mismatch_fails(ring: Keyring, other: bytes) -> None:
    ring.new_subject_key(T, "e1")
    key = ring.memory_key(T, ["e1"])
    right = aad(T, 7, "claim")
    ct = seal(key, b"secret", right)
    assert open_sealed(key, ct, right) == b"secret"  # control
    with pytest.raises(DecryptError):
        open_sealed(key, ct, other)


def test_tampered_or_truncated_ciphertext_fails() -> None:
    key = os.urandom(32)
    a = aad(T, 1, "claim")
    ct = seal(key, b"secret", a)
    assert open_sealed(key, ct, a) == b"secret"
    for i in range(len(ct)):
        bad = bytearray(ct)
        bad[i] ^= 1
        with pytest.raises(DecryptError):
            open_sealed(key, bytes(bad), a)
    for cut in (0, 10, 24, len(ct) - 1):
        with pytest.raises(DecryptError):
            open_sealed(key, ct[:cut], a)
    with pytest.raises(DecryptError):
        open_sealed(os.urandom(32), ct, a)


def test_seal_uses_fresh_nonces() -> None:
    key, a = os.urandom(32), aad(T, 1, "claim")
    assert seal(key, b"same", a) != seal(key, b"same", a)


def test_seal_rejects_bad_keys() -> None:
    with pytest.raises(KeyDestroyed):
        seal(None, b"x", b"")
    with pytest.raises(ValueError):
        seal(b"short", b"x", b"")


def test_aad_is_canonical_and_validated() -> None:
    assert aad(T, 7, "claim") == b'["fireweed-aad-v1","acme",7,"claim"]'
    assert aad(T, 7, "claim") != aad(T, 70, "claim")
    for bad in [("a/b", 1, "f"), (T, -1, "f"), (T, True, "f"), (T, 1, ""), (T, "1", "f")]:
        with pytest.raises(ValueError):
            aad(*bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------- install secrets


def test_signing_key_created_once_and_persistent(ring: Keyring, keys_dir: Path) -> None:
    sk = ring.signing_key()
    assert isinstance(sk, nacl.signing.SigningKey)
    assert Keyring(keys_dir).signing_key().encode() == sk.encode()
    assert Keyring(keys_dir).public_key_bytes() == bytes(sk.verify_key)
    # Control: another install has another key.
    other = Keyring(keys_dir.parent / "other-keys")
    assert other.public_key_bytes() != ring.public_key_bytes()


def test_fingerprint_key_is_separate_from_signing_key(ring: Keyring) -> None:
    assert ring.fingerprint_key() != ring.signing_key().encode()
    assert len(ring.fingerprint_key()) == 32


def test_name_fingerprint(ring: Keyring, keys_dir: Path) -> None:
    fp = ring.name_fingerprint("Priya Raman")
    assert len(fp) == 64 and int(fp, 16) >= 0
    for variant in ["  priya   RAMAN ", "Priya\nRaman", "PRIYA\u00a0RAMAN", "Priya\tRaman"]:
        assert ring.name_fingerprint(variant) == fp
    assert ring.name_fingerprint("Priya Ramen") != fp
    assert ring.name_fingerprint("PriyaRaman") != fp
    # Stable across restarts, different across installs, and keyed.
    assert Keyring(keys_dir).name_fingerprint("priya raman") == fp
    assert Keyring(keys_dir.parent / "other").name_fingerprint("Priya Raman") != fp
    assert hashlib.blake2b(b"priya raman", digest_size=32).hexdigest() != fp
    with pytest.raises(ValueError):
        ring.name_fingerprint("   ")


def test_fingerprint_construction_is_reproducible_with_hashlib() -> None:
    # Pins the documented construction (keyed BLAKE2b-256, personalisation
    # "fw-namefp-v1", over the normalised UTF-8 name) with an independent
    # implementation, so a silent change would orphan every tombstone.
    key = bytes(range(32))
    expected = hashlib.blake2b(
        "priya raman".encode(), digest_size=32, key=key, person=b"fw-namefp-v1"
    ).hexdigest()
    assert fingerprint_name(key, " Priya  Raman") == expected
    assert fingerprint_name(bytes(32), " Priya  Raman") != expected


def test_memory_key_construction_is_reproducible_with_hashlib(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    ring.new_subject_key(T, "e2")
    k1, k2 = key_on_disk(keys_dir, "e1"), key_on_disk(keys_dir, "e2")
    assert k1 is not None and k2 is not None
    ctx = b'["fireweed-memory-key-v1","acme",["e1","e2"]]'
    step1 = hashlib.blake2b(ctx, digest_size=32, key=k1, person=b"fw-memkey-v1").digest()
    step2 = hashlib.blake2b(step1 + ctx, digest_size=32, key=k2, person=b"fw-memkey-v1").digest()
    assert ring.memory_key(T, ["e2", "e1"]) == step2
    assert ring.memory_key(T, ["e1"]) != step2


def test_normalise_name_unicode() -> None:
    assert normalise_name("Ren\u0065\u0301e  STRAẞE") == normalise_name("Renée strasse")
    assert normalise_name("Ｐriya") == "priya"  # full-width folds
    assert normalise_name("Priya") != normalise_name("Priyа")  # Cyrillic а stays distinct
    with pytest.raises(ValueError):
        fingerprint_name(b"short", "x")


# ---------------------------------------------------------------- secrecy


def test_no_key_material_in_reprs_or_errors(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "e1")
    secrets_hex = [r[32:].hex() for r in records(keys_dir)] + [ring.signing_key().encode().hex(), ring.fingerprint_key().hex(), ring.memory_key(T, ["e1"]).hex()]
    texts = [repr(ring), str(ring)]
    try:
        open_sealed(ring.memory_key(T, ["e1"]), b"\x00" * 60, b"")
    except DecryptError as exc:
        texts.append(str(exc) + repr(exc))
    try:
        ring.new_subject_key(T, "e1")
    except KeyExists as exc:
        texts.append(str(exc))
    blob = "\n".join(texts)
    assert str(keys_dir) in repr(ring)  # control: the repr is informative
    for h in secrets_hex:
        assert h not in blob and h[:16] not in blob


def test_keys_made_together_are_each_a_fresh_private_key(ring: Keyring, keys_dir: Path) -> None:
    ring.new_subject_key(T, "old")
    before = key_on_disk(keys_dir, "old")
    assert ring.new_subject_keys([(T, "a"), (T, "b"), (T, "a"), (T, "old")]) == 2  # old is kept, a once
    assert key_on_disk(keys_dir, "old") == before
    a, b = key_on_disk(keys_dir, "a"), key_on_disk(keys_dir, "b")
    assert a is not None and b is not None and len(a) == len(b) == 32 and a != b
    assert len(records(keys_dir)) == 3 and mode(slab(keys_dir)) == 0o600
    assert ring.memory_key(T, ["a", "b"]) is not None
    assert not [p for p in keys_dir.iterdir() if p.name.startswith(".tmp")]


def test_direct_libsodium_calls_agree_with_pynacls_public_api() -> None:
    import nacl.encoding
    import nacl.exceptions
    import nacl.hash
    import nacl.secret
    import nacl.utils

    import fireweed.ledger_writer.keyring as kr

    for n in (0, 1, 63, 64, 1000):
        key, data = nacl.utils.random(32), nacl.utils.random(n)
        assert kr._memkey_step(data, key) == nacl.hash.blake2b(
            data, digest_size=32, key=key, person=kr._MEMKEY_PERSON, encoder=nacl.encoding.RawEncoder)
        for ad in (b"", b"fireweed-aad"):
            ct = bytes(nacl.secret.Aead(key).encrypt(data, ad))  # sealed by PyNaCl's public API
            assert kr.open(key, ct, ad) == data
            for bad_ct, bad_aad in ((ct[:-1] + bytes([ct[-1] ^ 1]), ad), (ct, ad + b"x"), (ct[:30], ad)):
                with pytest.raises(kr.DecryptError):
                    kr.open(key, bad_ct, bad_aad)
            with pytest.raises(kr.DecryptError):
                kr.open(nacl.utils.random(32), ct, ad)
            # And the other way: what seal makes opens with PyNaCl's public API, only with its AAD.
            ours = kr.seal(key, data, ad)
            assert len(ours) == 24 + n + 16
            assert bytes(nacl.secret.Aead(key).decrypt(ours, ad)) == data
            with pytest.raises(nacl.exceptions.CryptoError):
                nacl.secret.Aead(key).decrypt(ours, ad + b"x")
            with pytest.raises(nacl.exceptions.CryptoError):
                nacl.secret.Aead(nacl.utils.random(32)).decrypt(ours, ad)
