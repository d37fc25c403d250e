"""`fireweed serve`: the MCP front on stdin/stdout for one agent.

Before anything else runs, the real stdout is moved to a private descriptor
and fd 1 is pointed at stderr: whatever any library prints lands in the log,
and the only bytes on the agent's stdout are protocol messages.
"""

from __future__ import annotations

import logging
import os
import sys
import time

import anyio

from fireweed.proposer_api.link import BackendLink
from fireweed.proposer_api.mcp_session import INVALID_REQUEST, Output, Session, _error
from fireweed.proposer_api.stdin_lines import LineReader
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


async def serve(settings: Settings) -> int:
    # Launched with stdin or stdout closed ("fireweed serve <&-"): no agent can speak to us. Python
    # says so with None at start-up; the descriptor number itself may since name a file we opened.
    if sys.__stdin__ is None or sys.__stdout__ is None:
        log.error("fireweed serve needs an open stdin and stdout: the MCP client speaks over them")
        return 2
    out = Output(_take_stdout())
    stdin = LineReader(0, LIMITS.line_bytes)
    async with anyio.create_task_group() as tg:
        link = BackendLink(settings, tg)
        session = Session(out, link, tg)
        tg.start_soon(link.warm)
        while True:
            if not await session.take_slot(stdin, EXIT_GRACE):
                break  # the agent left while the backend held every slot: nothing can be answered
            line, too_long = await stdin.readline()
            if too_long:
                session.slots.release()
                await out.send(_error(None, INVALID_REQUEST, f"Invalid Request: a line over {LIMITS.line_bytes} bytes"))
                continue
            if not line:
                session.slots.release()
                break
            await session.handle_line(line, slot_held=True)
        # stdin closed: give requests in flight what is left of a moment to answer, then leave
        # (one grace in all: take_slot may have spent some of it waiting for a slot).
        closed = stdin.eof_at if stdin.eof_at is not None else time.monotonic()
        with anyio.move_on_after(max(0.0, closed + EXIT_GRACE - time.monotonic())):
            while session.in_flight:
                await anyio.sleep(0.01)
        tg.cancel_scope.cancel()
    await link.aclose()
    return 0
