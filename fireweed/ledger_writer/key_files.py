"""Opening a file in the keys directory safely, and the keyring's errors.

Every key file is opened relative to a checked directory fd, never through a
symlink, and without blocking on a FIFO planted under its name; a file that is
read must be a regular file, ours, and private (no group or world bits).
"""

from __future__ import annotations

import errno
import os
import stat

__all__ = [
    "KEY_BYTES", "KeyringCorrupt", "KeyringError", "KeyringPermissionError", "check_private", "open_key_file",
    "read_exact", "write_all",
]

KEY_BYTES = 32  # every key the keyring keeps: subject keys, the signing seed, the fingerprint key
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class KeyringError(Exception):
    """Base class for keyring failures."""


class KeyringPermissionError(KeyringError):
    """The keys directory or a key file is not private to us (mode, owner, symlink)."""


class KeyringCorrupt(KeyringError):
    """A key file exists but is not what it must be (type, size, contents)."""


def open_key_file(dfd: int, name: str, flags: int, mode: int = 0o600) -> int | None:
    """An fd on `name` in the directory `dfd`; None if it does not exist (and `flags` do not create it).

    O_NOFOLLOW refuses a symlink and O_NONBLOCK keeps a planted FIFO from hanging us;
    either is reported as KeyringPermissionError."""
    try:
        return os.open(name, flags | os.O_NOFOLLOW | os.O_NONBLOCK | _O_CLOEXEC, mode, dir_fd=dfd)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENXIO):
            raise KeyringPermissionError(f"key file {name} is a symlink or special file") from None
        raise


def check_private(fd: int, name: str) -> os.stat_result:
    """Raise unless the open file is a regular file owned by us with no group or world bits."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise KeyringCorrupt(f"key file {name} is not a regular file")
    if st.st_uid != os.geteuid() or st.st_mode & 0o077:
        raise KeyringPermissionError(
            f"key file {name} must be 0600 and ours (mode {stat.S_IMODE(st.st_mode):04o}, uid {st.st_uid})")
    return st


def read_exact(fd: int, size: int, offset: int, name: str) -> bytes:
    """`size` bytes from `offset`; KeyringCorrupt if the file ends first."""
    parts = []
    while size:
        chunk = os.pread(fd, size, offset)
        if not chunk:
            raise KeyringCorrupt(f"key file {name} is truncated")
        parts.append(chunk)
        size -= len(chunk)
        offset += len(chunk)
    return b"".join(parts)


def write_all(fd: int, data: bytes, offset: int) -> None:
    """Write all of `data` at `offset`, however many calls the kernel takes."""
    view = memoryview(data)
    while view:
        n = os.pwrite(fd, view, offset)
        view, offset = view[n:], offset + n
