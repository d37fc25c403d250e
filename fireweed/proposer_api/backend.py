"""Find the store's backend, or start it, from a front (or the CLI).

Starting is serialised by a spawn lock in the runtime directory, so two fronts
that start at the same moment end up sharing one backend: the second one finds
the socket answering once it holds the lock.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time

import anyio

from fireweed.shared.config import Settings, check_store_path, ensure_private_dir, ensure_store
from fireweed.shared.errors import Unavailable
from fireweed.shared.proc import try_lock
from fireweed.shared.rpc import answers

log = logging.getLogger("fireweed.front.backend")
START_TIMEOUT = 30.0
MAX_RESPAWNS = 3  # a decider killed while starting is started again, this many times at most


def spawn_decider(settings: Settings) -> subprocess.Popen[bytes]:
    """Start a detached decider (it starts its own writer); returns its process.

    Its stdin is /dev/null and its stdout/stderr go to the store's log, so no
    pipe of whoever started us stays open in it."""
    ensure_store(settings)
    log_fd = os.open(settings.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "fireweed.decider"],
            stdin=subprocess.DEVNULL,
            stdout=log_fd,
            stderr=log_fd,
            env=settings.child_env(),
            start_new_session=True,
            close_fds=True,
            cwd="/",
        )
    finally:
        os.close(log_fd)
    # Reap it if it exits while we live, so it never lingers as a zombie.
    threading.Thread(target=proc.wait, daemon=True, name="reap-decider").start()
    return proc


async def ensure_backend(settings: Settings, timeout: float = START_TIMEOUT) -> bool:
    """Make sure a decider answers on the store's socket; True if this call started it."""
    if await answers(settings.decider_socket):
        return False
    check_store_path(settings.store)  # before the runtime directory is made for a store that cannot exist
    ensure_private_dir(settings.runtime_dir)
    deadline = time.monotonic() + timeout
    lock_path = settings.runtime_dir / "spawn.lock"
    while (fd := try_lock(lock_path)) is None:
        if time.monotonic() > deadline:
            raise Unavailable("timed out waiting for another process that is starting the backend")
        await anyio.sleep(0.02)
    try:
        if await answers(settings.decider_socket):
            return False
        proc = spawn_decider(settings)
        log.info("started backend decider pid %s", proc.pid)
        respawns = 0
        while time.monotonic() < deadline:
            if await answers(settings.decider_socket):
                return True
            status = proc.returncode  # set by the reaper thread once the child has exited
            if status is not None:
                # Killed before it answered (a signal): start it again, a few times. Exited by
                # itself: it could not start, and waiting out the timeout would only hide why.
                if status >= 0 or respawns == MAX_RESPAWNS:
                    if await answers(settings.decider_socket):
                        return False  # it gave way to a decider that another store path started
                    raise Unavailable(f"the backend exited (status {status}) before it answered; see {settings.log_path}")
                respawns += 1
                log.warning("the backend decider %s was killed while starting; starting it again", proc.pid)
                proc = spawn_decider(settings)
            await anyio.sleep(0.02)
        raise Unavailable(f"the backend did not start within {timeout:.0f}s; see {settings.log_path}")
    finally:
        os.close(fd)
