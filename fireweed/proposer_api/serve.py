"""`fireweed serve`: the MCP front on stdin/stdout for one agent.

Before anything else runs, the real stdout is moved to a private descriptor
and fd 1 is pointed at stderr: whatever any library prints lands in the log,
and the only bytes on the agent's stdout are protocol messages.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import BinaryIO

import anyio

from fireweed.proposer_api.link import BackendLink
from fireweed.proposer_api.mcp_session import INVALID_REQUEST, Output, Session, _error
from fireweed.shared.config import Settings
from fireweed.shared.limits import LIMITS

log = logging.getLogger("fireweed.front")
EXIT_GRACE = 1.0


def _take_stdout() -> int:
    fd = os.dup(1)
    os.set_inheritable(fd, False)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return fd


def _read_line(stream: BinaryIO) -> tuple[bytes, bool]:
    """One line (without caring for its end); (data, too_long). b"" at EOF."""
    line = stream.readline(LIMITS.line_bytes + 1)
    if len(line) <= LIMITS.line_bytes or line.endswith(b"\n"):
        return line, False
    while line and not line.endswith(b"\n"):  # skip the rest of the oversized line
        line = stream.readline(1 << 20)
    return b"", True


async def serve(settings: Settings) -> int:
    out = Output(_take_stdout())
    stdin = sys.stdin.buffer
    async with anyio.create_task_group() as tg:
        link = BackendLink(settings, tg)
        session = Session(out, link, tg)
        tg.start_soon(link.warm)
        while True:
            line, too_long = await anyio.to_thread.run_sync(_read_line, stdin, abandon_on_cancel=True)
            if too_long:
                await out.send(_error(None, INVALID_REQUEST, f"Invalid Request: a line over {LIMITS.line_bytes} bytes"))
                continue
            if not line:
                break
            await session.handle_line(line)
        # stdin closed: give requests in flight a moment to answer, then leave.
        with anyio.move_on_after(EXIT_GRACE):
            while session.in_flight:
                await anyio.sleep(0.01)
        tg.cancel_scope.cancel()
    await link.aclose()
    return 0
