"""The decider's side of the writer: spawn it with a fresh secret, connect, authenticate.

The secret is 32 random bytes written to the writer's stdin at spawn and never
stored anywhere; a writer therefore serves exactly the decider that started it.
"""

from __future__ import annotations

import logging
import os
import secrets
import subprocess
import sys
from contextlib import asynccontextmanager
from collections.abc import AsyncIterator

import anyio
from anyio.abc import Process

from fireweed.shared.config import Settings
from fireweed.shared.display import display_path
from fireweed.shared.errors import Unavailable
from fireweed.shared.rpc import RpcClient, serving
from fireweed.shared.wire import FramedStream

log = logging.getLogger("fireweed.decider.writer")
SPAWN_TIMEOUT = 30.0


class WriterStartError(Unavailable):
    """The writer process was spawned but did not come up; `reason` is why, in its own words.

    Distinct from losing a running writer: a start failure usually has a cause a person must
    fix (keys directory, ledger file), so callers are told it at once instead of waiting."""

    code = "writer_failed"

    def __init__(self, reason: str) -> None:
        super().__init__(f"the ledger writer cannot start: {reason}")
        self.reason = reason


def _start_failure(line: bytes, returncode: int | None, settings: Settings) -> str:
    """The writer's own ERROR line if it said one, else what we know about its exit."""
    said = line.decode("utf-8", errors="replace").strip()
    if said.startswith("ERROR "):
        return said[len("ERROR "):]
    if said:
        return f"unexpected answer {said[:200]!r}"
    if returncode is None:
        return f"no answer within {SPAWN_TIMEOUT:.0f}s (see {display_path(settings.log_path)})"
    return f"it exited with status {returncode} without saying why (see {display_path(settings.log_path)})"


@asynccontextmanager
async def writer_connection(settings: Settings) -> AsyncIterator[tuple[RpcClient, Process]]:
    """Spawn a writer, connect and authenticate; yields (client, process).

    The caller runs `client._read_loop` in its task group. On exit the
    connection is closed, which tells the writer to commit and stop, and the
    process is reaped (killed if it does not stop in time)."""
    secret = secrets.token_hex(32)
    log_fd = os.open(settings.log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        process = await anyio.open_process(
            [sys.executable, "-m", "fireweed.ledger_writer"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log_fd,
            env=settings.child_env(),
            start_new_session=True,
        )
    finally:
        os.close(log_fd)
    try:
        assert process.stdin is not None and process.stdout is not None
        await process.stdin.send(secret.encode() + b"\n")
        await process.stdin.aclose()
        line = b""
        with anyio.move_on_after(SPAWN_TIMEOUT):
            while not line.endswith(b"\n"):
                try:
                    line += await process.stdout.receive(64)
                except anyio.EndOfStream:
                    break
        await process.stdout.aclose()
        if line.strip() != b"READY":
            if not line:
                with anyio.move_on_after(2):  # it closed stdout: learn its exit status if it is exiting
                    await process.wait()
            raise WriterStartError(_start_failure(line, process.returncode, settings))
        stream = await anyio.connect_unix(str(settings.writer_socket))
        async with serving(RpcClient(FramedStream(stream))) as client:
            await client.call("auth", settings.tenant, secret=secret)
            yield client, process
    finally:
        with anyio.CancelScope(shield=True):
            with anyio.move_on_after(15):
                await process.wait()
            if process.returncode is None:
                log.warning("writer did not stop in time; killing it")
                process.kill()
                await process.wait()
