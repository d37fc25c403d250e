"""Frames over a real unix socket: bursts in, bursts out, order kept, a gone peer reported."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import anyio
import pytest
from anyio.abc import SocketStream
from anyio import wait_all_tasks_blocked

from fireweed.shared.errors import FrameError
from fireweed.shared.rpc import RpcClient
from fireweed.shared.wire import FramedStream, dumps_bytes, encode_frame

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


class _StuckSocket:
    """A non-blocking socket that takes `room` bytes, then nothing more."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.taken = b""

    def gettimeout(self) -> float:
        return 0.0

    def send(self, data: Any) -> int:
        n = min(self.room, len(data))
        if not n:
            raise BlockingIOError
        self.room -= n
        self.taken += bytes(data[:n])
        return n

    def shutdown(self, how: int) -> None:
        self.shut = how


class _Stream:
    def __init__(self, sock: _StuckSocket) -> None:
        self.sock = sock

    def extra(self, attr: Any, default: Any = None) -> Any:
        return self.sock


async def test_a_write_cancelled_before_its_first_byte_is_kept_for_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    async def never(_sock: Any) -> None:
        await anyio.sleep_forever()

    monkeypatch.setattr(anyio, "wait_writable", never)
    sock = _StuckSocket(room=0)
    framed = FramedStream(_Stream(sock))  # type: ignore[arg-type]
    with anyio.move_on_after(0.05):
        await framed.send({"n": 1})
    assert sock.taken == b"" and framed._send_error is None  # the stream is intact
    sock.room = 10_000
    await framed.send({"n": 2})  # carries the cancelled frame first, then its own
    assert sock.taken == encode_frame({"n": 1}) + encode_frame({"n": 2})
    assert framed._sent == framed._queued == 2  # both frames counted as sent, not one joined batch


async def test_a_write_stalled_mid_frame_finishes_or_fails_but_never_stops_half_way(monkeypatch: pytest.MonkeyPatch) -> None:
    async def never(_sock: Any) -> None:
        await anyio.sleep_forever()

    monkeypatch.setattr(anyio, "wait_writable", never)
    monkeypatch.setattr(FramedStream, "STALLED_WRITE", 0.2)
    sock = _StuckSocket(room=3)  # part of the length prefix goes out, then the peer stops reading
    framed = FramedStream(_Stream(sock))  # type: ignore[arg-type]
    with anyio.move_on_after(0.01):  # a cancel does not cut the frame short...
        with pytest.raises(anyio.BrokenResourceError):
            await framed.send({"n": 1})  # ...the stall deadline ends it, with the stream given up
    with pytest.raises(anyio.BrokenResourceError):
        await framed.send({"n": 2})
    assert sock.taken == encode_frame({"n": 1})[:3]


async def test_a_requeued_batch_still_counts_every_frame_it_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    writable = anyio.Event()

    async def wait(_sock: Any) -> None:
        await writable.wait()

    monkeypatch.setattr(anyio, "wait_writable", wait)
    sock = _StuckSocket(room=0)
    framed = FramedStream(_Stream(sock))  # type: ignore[arg-type]
    scopes = [anyio.CancelScope() for _ in range(3)]

    async def send(i: int) -> None:
        with scopes[i]:
            await framed.send({"n": i})

    async with anyio.create_task_group() as tg:
        for i in range(3):
            tg.start_soon(send, i)
            await wait_all_tasks_blocked()  # 0 is writing (stuck), then 1 and 2 queue behind it
        scopes[0].cancel()  # frame 0 goes back to the queue; 1 takes frames 0, 1 and 2 as one batch
        await wait_all_tasks_blocked()
        scopes[1].cancel()  # that three-frame batch goes back as one entry
        await wait_all_tasks_blocked()
        sock.room = 10_000
        writable.set()  # 2 writes it
    assert sock.taken == b"".join(encode_frame({"n": i}) for i in range(3))
    assert framed._sent == framed._queued == 3


async def _fill_unread(framed: FramedStream) -> int:
    """Send frames the peer does not read until one cannot start; returns how many went out (the
    one that could not start stays queued, and goes out with the next send)."""
    sent = 0
    while True:
        with anyio.move_on_after(0.05):  # well below STALLED_WRITE: this only finds a full buffer
            await framed.send({"n": sent, "pad": "x" * 4000})
            sent += 1
            continue
        return sent


async def test_a_serving_stream_gives_up_a_peer_that_reads_none_of_its_replies(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A reply that cannot even start is bounded too: the stream is shut down, which wakes the
    receive loop waiting on it with an end of stream, and the peer sees the end after its backlog."""
    monkeypatch.setattr(FramedStream, "STALLED_WRITE", 0.3)
    client, server, listener = await _pair(tmp_path)
    replies = FramedStream(server, serving=True)
    peer = FramedStream(client)
    ended = anyio.Event()

    async def receive_loop() -> None:
        assert await replies.receive() is None
        ended.set()

    async with anyio.create_task_group() as tg:
        tg.start_soon(receive_loop)
        sent = await _fill_unread(replies)
        assert sent > 0 and replies._send_error is None  # a cancelled wait is not a stall
        with anyio.fail_after(5):
            with pytest.raises(anyio.BrokenResourceError):
                await replies.send({"n": "last"})
            await ended.wait()
    got = 0
    with anyio.fail_after(5):
        while await peer.receive() is not None:  # the frames that did go out, then the end
            got += 1
    assert got == sent
    await client.aclose()
    await server.aclose()
    await listener.aclose()


async def test_a_client_stream_waits_for_a_server_applying_back_pressure(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: the same unread peer, seen from a client end, is waited for past STALLED_WRITE,
    and what was sent arrives whole once the peer reads again; a serving stream whose peer pauses for
    less than STALLED_WRITE is not given up either."""
    monkeypatch.setattr(FramedStream, "STALLED_WRITE", 0.3)
    for serving, pause in ((False, 1.0), (True, 0.1)):
        (tmp_path / str(serving)).mkdir()
        client, server, listener = await _pair(tmp_path / str(serving))
        sender = FramedStream(server, serving=serving)
        reader = FramedStream(client)
        sent = await _fill_unread(sender)
        got: list[Any] = []

        async def read_later() -> None:
            await anyio.sleep(pause)
            for _ in range(sent + 2):
                got.append(await reader.receive())

        async with anyio.create_task_group() as tg:
            tg.start_soon(read_later)
            with anyio.fail_after(5):
                await sender.send({"n": "last"})  # waits for the reader, and does not fail
        assert [m["n"] for m in got] == [*range(sent + 1), "last"]
        assert sender._send_error is None
        await client.aclose()
        await server.aclose()
        await listener.aclose()


def test_a_path_that_is_not_utf8_is_shown_as_valid_unicode():
    import os

    from fireweed.shared.display import display_path

    odd = os.fsdecode(b"/tmp/st\xe9re")
    assert display_path(odd) == "/tmp/st\ufffdre"
    dumps_bytes({"store": display_path(odd)}).decode("utf-8")  # strict UTF-8, no lone surrogate
    assert display_path("/tmp/Zoë's store") == "/tmp/Zoë's store"  # the positive: UTF-8 names are kept


def test_a_failed_write_says_whether_it_was_recorded_as_a_field_not_in_prose() -> None:
    from fireweed.proposer_api.mcp_session import _unavailable_remedy
    from fireweed.shared.errors import RemoteError, Unavailable
    from fireweed.shared.wire import error_reply

    assert "recorded" not in error_reply(1, "unavailable", "gone")["error"]
    for recorded in ("no", "unknown"):
        exc = Unavailable("the writer stopped", recorded=recorded)
        reply = error_reply(1, exc.code, str(exc), exc.recorded)
        assert reply["error"]["recorded"] == recorded and exc.to_wire()["recorded"] == recorded
        with pytest.raises(RemoteError) as got:
            RpcClient._unwrap(reply)
        assert got.value.recorded == recorded and got.value.code == "unavailable"
    assert Unavailable("x", recorded="maybe").recorded is None  # only the two known values cross
    # the front's remedy follows the field, whatever the message says
    assert "Nothing of this call was recorded" in _unavailable_remedy(False, "no")
    assert "may or may not have been recorded" in _unavailable_remedy(False, "unknown")
    assert "may or may not have been recorded" in _unavailable_remedy(False, None)  # the backend went away
    assert "may or may not" not in _unavailable_remedy(True, None)  # a read changes nothing


class _CountingSocket(_StuckSocket):
    def __init__(self) -> None:
        super().__init__(room=1 << 20)
        self.sends = 0

    def send(self, data: Any) -> int:
        self.sends += 1
        return super().send(data)


async def _send_together(framed: FramedStream, n: int) -> None:
    """n callers that finish in the same turn of the event loop, as a group commit's callers do."""
    async with anyio.create_task_group() as tg:
        for i in range(n):
            tg.start_soon(framed.send, {"n": i})


async def test_replies_finished_together_leave_a_serving_stream_in_one_write() -> None:
    sock = _CountingSocket()
    await _send_together(FramedStream(_Stream(sock), serving=True), 5)  # type: ignore[arg-type]
    assert sock.sends == 1
    assert sock.taken == b"".join(encode_frame({"n": i}) for i in range(5))  # in the order sent
    # the positive's twin: replies finished in different turns are written one by one
    sock = _CountingSocket()
    framed = FramedStream(_Stream(sock), serving=True)  # type: ignore[arg-type]
    for i in range(3):
        await framed.send({"n": i})
    assert sock.sends == 3 and sock.taken == b"".join(encode_frame({"n": i}) for i in range(3))


async def test_a_client_stream_writes_each_request_at_once() -> None:
    # A client's caller may hold an ordering lock while its frame goes out, so the client end
    # never waits a turn: the first request is written before any other task runs.
    sock = _CountingSocket()
    framed = FramedStream(_Stream(sock))  # type: ignore[arg-type]
    await _send_together(framed, 5)
    assert sock.sends == 5
    assert sock.taken == b"".join(encode_frame({"n": i}) for i in range(5))


async def test_requests_queued_together_leave_in_one_write_in_queue_order() -> None:
    # The decider queues each append under its order lock and sends it after releasing the lock:
    # appends queued before the first of them is sent share one write, in the order queued (seq).
    sock = _CountingSocket()
    client = RpcClient(FramedStream(_Stream(sock)))  # type: ignore[arg-type]
    waits = [client.queue_request("append", "t", n=n) for n in range(5)]
    assert sock.sends == 0  # queued, not sent

    async def wait_for(wait: Any) -> None:
        with anyio.move_on_after(0.2):  # no writer answers: only the sending is under test
            await wait()

    async with anyio.create_task_group() as tg:
        for wait in reversed(waits):  # whoever flushes first takes all queued before it
            tg.start_soon(wait_for, wait)
    assert sock.sends == 1
    sent = [json.loads(part) for part in _frames(sock.taken)]
    assert [m["n"] for m in sent] == list(range(5)) and [m["id"] for m in sent] == list(range(1, 6))
    # the twin: requests sent with send_request go out one by one, each at once
    sock = _CountingSocket()
    client = RpcClient(FramedStream(_Stream(sock)))  # type: ignore[arg-type]
    for n in range(3):
        await client.send_request("append", "t", n=n)
    assert sock.sends == 3


class _GoneSocket(_StuckSocket):
    def send(self, data: Any) -> int:
        raise ConnectionResetError("peer gone")


async def test_a_queued_request_whose_write_fails_is_unavailable_to_every_waiter() -> None:
    from fireweed.shared.errors import Unavailable

    client = RpcClient(FramedStream(_Stream(_GoneSocket(room=0))))  # type: ignore[arg-type]
    waits = [client.queue_request("append", "t", n=n) for n in range(2)]
    for wait in waits:  # the first write fails for both frames; the second waiter learns it too
        with pytest.raises(Unavailable):
            await wait()
    with pytest.raises(Unavailable):  # and nothing more is queued on a stream given up
        client.queue_request("append", "t", n=2)
    assert not client._pending  # no waiter is left behind
    # the twin: on a working socket the same two requests are sent
    sock = _CountingSocket()
    ok = RpcClient(FramedStream(_Stream(sock)))  # type: ignore[arg-type]
    for wait in [ok.queue_request("append", "t", n=n) for n in range(2)]:
        with anyio.move_on_after(0.05):
            await wait()
    assert len(_frames(sock.taken)) == 2


def _frames(data: bytes) -> list[bytes]:
    out = []
    while data:
        (length,) = struct.unpack(">I", data[:4])
        out.append(data[4:4 + length])
        data = data[4 + length:]
    return out
