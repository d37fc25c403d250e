"""Process plumbing shared by the backend processes: locks, peer credentials, detaching."""

from __future__ import annotations

import fcntl
import gc
import logging
import os
import socket
import struct
import sys
from pathlib import Path


def try_lock(path: Path) -> int | None:
    """Take an exclusive flock on `path`; the fd (kept open for life) or None if held.

    flock is released by the kernel when the holder dies, so a kill -9 never
    leaves a stale lock behind."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def lock_holder(path: Path) -> int | None:
    """The pid written in a lock file whose lock is currently held, else None."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            data = os.read(fd, 32).strip()
            return int(data) if data.isdigit() else -1
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def peer_credentials(sock: socket.socket) -> tuple[int, int, int]:
    """(pid, uid, gid) of the process at the other end of a unix socket (SO_PEERCRED)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return struct.unpack("3i", creds)


def detach_stdio(log_path: Path | None) -> None:
    """Point fds 0, 1 and 2 away from whatever pipes we inherited.

    A backend that keeps its starter's stdout open keeps that pipe from ever
    reaching EOF, so an agent, a test or CI reading it would wait forever."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    if log_path is not None:
        log_path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        out = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    else:
        out = devnull
    os.dup2(out, 1)
    os.dup2(out, 2)
    if out != devnull:
        os.close(out)
    os.close(devnull)


# Loggers of libraries that print the arguments of what they run (aiosqlite logs every
# statement's parameters at DEBUG): held at WARNING whatever the level, so that no claim,
# salt or source text can reach a log.
_QUIET = ("aiosqlite", "asyncio")


def setup_logging(name: str) -> None:
    level = os.environ.get("FIREWEED_LOG_LEVEL", "INFO").upper()
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        level = "INFO"
    logging.basicConfig(
        level=level,
        format=f"%(asctime)s {name}[{os.getpid()}] %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    for noisy in _QUIET:
        logging.getLogger(noisy).setLevel(logging.WARNING)


# The backend holds state that grows with the ledger (the decider's projection, the writer's key
# index), and a full collection walks all of it: at 100k events a 0.3-1 s pause. CPython starts
# one after 10 collections of the middle generation (once the old generation has grown by a
# quarter), which here came every few thousand remembers. 100 makes them about ten times rarer; the young generations, where
# short-lived cycles die, are collected exactly as before.
FULL_COLLECTION_AFTER = 100


def rare_full_collections() -> None:
    """Set the cyclic collector of a long-lived backend process to run full collections rarely."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)


# State grown live between two moves out of the collector's generations (see GrowthFreezer).
FREEZE_EVERY = 4096


class GrowthFreezer:
    """Moves a long-lived process's state out of the collector's generations as it grows.

    Rarer full collections (above) still walk all of that state when they come: in the decider,
    0.1 s at 5,000 remembers held and 0.7 s at 35,000, a stall every client sees. Every `every`
    units of growth this collects what is not yet frozen (the garbage grown since the last
    freeze) and freezes the rest, as a replay's end does, so a collection walks only new objects.
    A cycle that dies after being frozen is not collected: for state that is kept, none does."""

    def __init__(self, every: int = FREEZE_EVERY) -> None:
        self.every = every
        self.since = 0

    def grew(self, n: int) -> None:
        """Count `n` units of growth (events applied); freeze once `every` have accumulated."""
        self.since += n
        if self.since >= self.every:
            self.since = 0
            if gc.isenabled():
                gc.collect()
                gc.freeze()
