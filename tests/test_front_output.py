"""The front's stdout: replies that come back together leave in one write, in the order sent."""

from __future__ import annotations

import json
import os

import anyio
import pytest

from fireweed.proposer_api.mcp_session import Output

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _lines(fd: int) -> list[dict]:
    return [json.loads(line) for line in os.read(fd, 1 << 16).splitlines()]


async def test_replies_sent_in_one_turn_go_out_in_one_write(monkeypatch: pytest.MonkeyPatch) -> None:
    r, w = os.pipe()
    writes: list[int] = []
    real_write = os.write

    def counting(fd: int, data: bytes) -> int:
        writes.append(fd)
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", counting)
    out = Output(w)
    try:
        async with anyio.create_task_group() as tg:  # five replies finished in the same turn
            for i in range(5):
                tg.start_soon(out.send, {"id": i})
        assert writes == [w]
        assert _lines(r) == [{"id": i} for i in range(5)]
        # the twin: replies sent in different turns are written one by one, still in order
        for i in range(3):
            await out.send({"id": i})
        assert writes == [w] * 4
        assert _lines(r) == [{"id": i} for i in range(3)]
    finally:
        os.close(r)
        os.close(w)


async def test_a_reply_sent_while_a_write_is_on_its_way_waits_for_its_own_write(monkeypatch: pytest.MonkeyPatch) -> None:
    r, w = os.pipe()
    os.set_blocking(w, False)
    real_write = os.write
    calls = 0

    def first_write_stalls(fd: int, data: bytes) -> int:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise BlockingIOError  # the pipe is full for a moment: the writer sleeps and retries
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", first_write_stalls)
    out = Output(w)
    returned: list[int] = []

    async def send(i: int) -> None:
        await out.send({"id": i})
        returned.append(i)

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(send, 0)
            await anyio.sleep(0)
            await anyio.sleep(0)  # the first write has begun and stalled
            tg.start_soon(send, 1)  # joins the next write, not the stalled one
        assert returned == [0, 1]  # each returned only once its own line was out
        assert _lines(r) == [{"id": 0}, {"id": 1}]
        assert calls == 3  # the stalled attempt, its retry, then the second line's own write
    finally:
        os.close(r)
        os.close(w)
