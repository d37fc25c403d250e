"""Frames over a real unix socket: bursts in, bursts out, order kept, a gone peer reported."""

from __future__ import annotations

import struct
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.abc import SocketStream

from fireweed.shared.errors import FrameError
from fireweed.shared.wire import FramedStream, encode_frame

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


async def _pair(tmp_path: Path) -> tuple[SocketStream, SocketStream, Any]:
    listener = await anyio.create_unix_listener(str(tmp_path / "s.sock"))
    client = await anyio.connect_unix(str(tmp_path / "s.sock"))
    server = await listener.accept()
    return client, server, listener


async def test_concurrent_sends_arrive_whole_and_in_order(tmp_path: Path) -> None:
    client, server, listener = await _pair(tmp_path)
    sender, receiver = FramedStream(client), FramedStream(server)
    big = "x" * 300_000  # more than a socket buffer: part of it waits for the reader
    got: list[dict[str, Any]] = []

    async def read(n: int) -> None:
        for _ in range(n):
            msg = await receiver.receive()
            assert msg is not None
            got.append(msg)

    async with anyio.create_task_group() as tg:
        tg.start_soon(read, 200)
        async with anyio.create_task_group() as senders:
            for i in range(200):
                senders.start_soon(sender.send, {"i": i, "pad": big if i % 50 == 0 else ""})
    # each sender's frame is whole; frames queued together keep the order they were queued in
    assert [m["i"] for m in got] == list(range(200))
    assert all(m["pad"] == (big if m["i"] % 50 == 0 else "") for m in got)
    await client.aclose()
    assert await receiver.receive() is None  # a clean end of stream
    await server.aclose()
    await listener.aclose()


async def test_frames_split_and_joined_by_the_socket_are_read_alike(tmp_path: Path) -> None:
    client, server, listener = await _pair(tmp_path)
    receiver = FramedStream(server)
    data = b"".join(encode_frame({"n": n}) for n in range(5))
    await client.send(data[:3])  # inside the first length prefix
    await anyio.sleep(0.01)
    await client.send(data[3:17])  # the rest of it and part of the next frame
    await anyio.sleep(0.01)
    await client.send(data[17:])
    assert [(await receiver.receive()) for _ in range(5)] == [{"n": n} for n in range(5)]
    await client.send(struct.pack(">I", 10) + b"{}")  # a frame cut short by the end of the stream
    await client.aclose()
    with pytest.raises(FrameError):
        await receiver.receive()
    await server.aclose()
    await listener.aclose()


async def test_a_send_to_a_gone_peer_raises_and_keeps_raising(tmp_path: Path) -> None:
    client, server, listener = await _pair(tmp_path)
    sender = FramedStream(client)
    await sender.send({"ok": 1})  # control: the peer is there
    await server.aclose()
    with pytest.raises(anyio.BrokenResourceError):
        for _ in range(100):  # the first write after the close may still be buffered
            await sender.send({"ok": 2})
    with pytest.raises(anyio.BrokenResourceError):
        await sender.send({"ok": 3})
    await client.aclose()
    await listener.aclose()
