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
from fireweed.shared.errors import Unavailable
from fireweed.shared.rpc import RpcClient, serving
from fireweed.shared.wire import FramedStream

log = logging.getLogger("fireweed.decider.writer")
SPAWN_TIMEOUT = 30.0


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
            raise Unavailable(f"the ledger writer did not start: {line.decode(errors='replace').strip() or 'no answer'}")
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
