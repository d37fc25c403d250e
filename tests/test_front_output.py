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


class _Pipe:
    """A pipe whose first `stalls` writes find it full (BlockingIOError), as an agent slow to read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, stalls: int = 0) -> None:
        self.r, self.w = os.pipe()
        os.set_blocking(self.w, False)
        self.stalls = stalls
        self.calls = 0
        real_write = os.write

        def write(fd: int, data: bytes) -> int:
            self.calls += 1
            if self.stalls:
                self.stalls -= 1
                raise BlockingIOError
            return real_write(fd, data)

        monkeypatch.setattr(os, "write", write)

    def close(self) -> None:
        os.close(self.r)
        os.close(self.w)


def _lines(fd: int) -> list[dict]:
    """What the pipe holds now, as messages (never waits: a missing line fails the test, not hangs it)."""
    os.set_blocking(fd, False)
    data = b""
    while True:
        try:
            chunk = os.read(fd, 1 << 16)
        except BlockingIOError:
            break
        if not chunk:
            break
        data += chunk
    return [json.loads(line) for line in data.splitlines()]


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
    pipe = _Pipe(monkeypatch, stalls=1)  # the writer sleeps and retries
    out = Output(pipe.w)
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
        assert _lines(pipe.r) == [{"id": 0}, {"id": 1}]
        assert pipe.calls == 3  # the stalled attempt, its retry, then the second line's own write
    finally:
        pipe.close()


async def test_cancelling_the_request_whose_call_is_writing_loses_no_other_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = _Pipe(monkeypatch, stalls=3)
    out = Output(pipe.w)
    leader = anyio.CancelScope()

    async def ours() -> None:
        with leader:
            await out.send({"id": 0})

    try:
        with anyio.fail_after(5):
            async with anyio.create_task_group() as tg:
                tg.start_soon(ours)
                await anyio.sleep(0.0005)  # our reply's write has begun and stalls
                tg.start_soon(out.send, {"id": 1})  # another request's reply joins the next write
                await anyio.sleep(0)
                leader.cancel()  # the agent cancels the request whose call is writing
        assert _lines(pipe.r) == [{"id": 0}, {"id": 1}]
    finally:
        pipe.close()


async def test_an_agent_that_reads_nothing_is_given_up_after_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    r, w = os.pipe()
    os.set_blocking(w, False)
    monkeypatch.setattr(Output, "STALLED_WRITE", 0.05)
    out = Output(w)
    try:
        with anyio.fail_after(5):
            await out.send({"pad": "x" * 200_000})  # more than the pipe holds, and nobody reads
            await out.send({"id": 1})  # returns at once: the stream was given up
        assert out._gone
    finally:
        os.close(r)
        os.close(w)
