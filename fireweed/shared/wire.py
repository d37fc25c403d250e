"""Frames between Fireweed processes: a 4-byte big-endian length, then one UTF-8 JSON object.

Every message carries `op`, `id` and `tenant`; every reply carries the request's
`id` and either `ok: true` with `result` or `ok: false` with `error: {code, message}`.
A frame that cannot be parsed closes the connection (the byte stream has lost
its framing); a parsed frame that is not a valid message is answered and the
connection goes on.
"""

from __future__ import annotations

import json
import socket
import struct
from typing import Any

import anyio
import anyio.lowlevel
from anyio.abc import ByteStream, SocketAttribute

from fireweed.shared.errors import BadRequest, FrameError

MAX_FRAME = 8 * 1024 * 1024
_LEN = struct.Struct(">I")


def dumps_bytes(message: Any) -> bytes:
    """Compact JSON as UTF-8 bytes that always encode: a lone surrogate (which a peer may send
    us inside an id or a string) is written as a \\u escape instead of failing the encode."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def encode_frame(message: dict[str, Any], limit: int = MAX_FRAME) -> bytes:
    body = dumps_bytes(message)
    if len(body) > limit:
        raise FrameError(f"frame of {len(body)} bytes is over the {limit}-byte limit", "frame_too_large")
    return _LEN.pack(len(body)) + body


class RawJson(bytes):
    """A result already serialised as UTF-8 JSON by its producer, sent as it is."""


def encode_reply(req_id: Any, result: dict[str, Any] | RawJson, limit: int = MAX_FRAME) -> bytes:
    """The frame of an ok reply; a RawJson result is embedded without being decoded."""
    if not isinstance(result, RawJson):
        return encode_frame(ok_reply(req_id, result), limit)
    body = b'{"id":' + dumps_bytes(req_id) + b',"ok":true,"result":' + bytes(result) + b"}"
    if len(body) > limit:
        raise FrameError(f"frame of {len(body)} bytes is over the {limit}-byte limit", "frame_too_large")
    return _LEN.pack(len(body)) + body


class FramedStream:
    """A byte stream read and written as frames.

    Reads take whatever the socket holds (up to RECV_BYTES) and cut every whole frame
    out of it, so a burst of frames costs one receive, not two per frame. Writes are
    serialised; frames queued while an earlier write is in progress go out together in
    the next one, so a burst of replies costs one send and one wake-up of the peer; a
    write the socket takes whole is made at once, without a trip through the event loop.

    A write that fails gives the stream up: the socket is shut down, and a receive in progress
    or to come reads it as ended, so its owner hangs up instead of serving a peer it cannot answer.

    `serving` marks the end that answers requests (the decider's and the writer's sockets).
    There a peer that takes none of our bytes for STALLED_WRITE seconds, even before the
    first byte of a reply, has stopped reading its replies, and the stream is given up:
    otherwise each unanswered request (and all it parsed into) would wait for the peer as
    long as it keeps the connection open. A client end (`serving=False`) waits as long as
    the server likes, because a server not reading our requests is its back-pressure.

    A serving end also waits one turn of the event loop before it writes, so that the replies
    its callers finish together go out together. A client end writes at once, unless its caller
    queues frames (under an ordering lock) and flushes them after (the decider's appends)."""

    RECV_BYTES = 1 << 16
    STALLED_WRITE = 10.0  # seconds a peer may take none of our bytes before the stream is given up

    def __init__(self, stream: ByteStream, limit: int = MAX_FRAME, *, serving: bool = False) -> None:
        self.stream = stream
        self.limit = limit
        self.serving = serving
        self._buf = bytearray()
        self._eof = False
        self._outbox: list[bytes] = []
        self._writing = False
        self._idle = anyio.Event()
        self._queued = 0  # frames ever queued, and ever handed to the socket, in order
        self._sent = 0
        self._pending = 0  # frames in _outbox (a requeued batch is one entry holding several)
        self._send_error: Exception | None = None
        self._socket = stream.extra(SocketAttribute.raw_socket, None)  # to shut down when given up
        self._raw = self._socket
        if self._raw is not None and self._raw.gettimeout() != 0:
            self._raw = None  # only a non-blocking socket may be written outside the event loop

    async def _fill(self, need: int) -> bool:
        """Read until the buffer holds `need` bytes; False at end of stream first, or once the
        stream has been given up after a failed write (even while this read was waiting)."""
        while len(self._buf) < need and self._send_error is None:
            if self._eof:
                return False
            try:
                chunk = await self.stream.receive(min(max(self.RECV_BYTES, need - len(self._buf)), 1 << 20))
            except (anyio.EndOfStream, anyio.BrokenResourceError, anyio.ClosedResourceError):
                self._eof = True
                return False
            self._buf += chunk
        return self._send_error is None

    async def receive(self) -> dict[str, Any] | None:
        """The next frame as a dict, or None at a clean end of stream.

        Raises FrameError when the stream cannot be trusted any more (oversized
        length, truncated body, bytes that are not JSON, a non-object)."""
        if not await self._fill(4):
            return None  # end of stream, within a length prefix at most: nothing to answer
        (length,) = _LEN.unpack_from(self._buf)
        if length > self.limit:
            raise FrameError(f"frame length {length} is over the {self.limit}-byte limit", "frame_too_large")
        if not await self._fill(4 + length):
            if self._send_error is not None:
                return None  # given up (see _give_up): nothing can answer the rest of this stream
            raise FrameError("connection closed in the middle of a frame", "truncated_frame")
        body = bytes(self._buf[4:4 + length])
        del self._buf[:4 + length]
        try:
            message = json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise FrameError("frame is not UTF-8 JSON", "bad_json") from None
        if not isinstance(message, dict):
            raise FrameError("frame is not a JSON object", "not_an_object")
        return message

    async def send(self, message: dict[str, Any]) -> None:
        await self.send_encoded(encode_frame(message, self.limit))

    async def send_encoded(self, data: bytes) -> None:
        """Send a frame made by encode_frame or encode_reply.

        Returns once the frame is handed to the socket, by this call or by an earlier
        caller's write that took it along; raises if that write failed."""
        await self.flush_through(self.queue_encoded(data), gather=self.serving)

    def queue_encoded(self, data: bytes) -> int:
        """Queue a frame without sending it; returns its ticket for :meth:`flush_through`.

        Frames leave in the order they were queued, so a caller may queue under an ordering lock
        and send after releasing it."""
        if self._send_error is not None:
            raise self._send_error
        self._outbox.append(data)
        self._pending += 1
        self._queued += 1
        return self._queued

    async def flush_through(self, ticket: int, *, gather: bool = True) -> None:
        """Return once the frame with this ticket is handed to the socket, by this call or by
        another caller's write that took it along; raise if that write failed.

        With ``gather`` the write waits one turn of the event loop first, so that the frames other
        tasks queue in that same turn (replies a group commit finished together, appends planned
        together) leave in one send: one system call, and one wake-up of the peer, instead of one
        per frame."""
        while self._writing:  # frames queued during a write go out together in the next one
            idle = self._idle
            await idle.wait()
            if self._sent >= ticket:
                return
            if self._send_error is not None:
                raise self._send_error
        if self._sent >= ticket:
            return  # a write that finished before this call took it along
        if self._send_error is not None:
            raise self._send_error
        self._writing = True
        if gather:
            await anyio.lowlevel.cancel_shielded_checkpoint()
        batch = self._outbox[0] if len(self._outbox) == 1 else b"".join(self._outbox)
        count, self._pending = self._pending, 0
        self._outbox = []
        try:
            await self._write(batch)
            self._sent += count
        except anyio.get_cancelled_exc_class():
            # cancelled before any byte of the batch went out: the stream is intact, and the
            # frames go back to the front of the queue for the next write to carry
            self._outbox[:0] = [batch]
            self._pending += count  # one outbox entry now, but still `count` frames to account for
            raise
        except Exception as exc:
            self._send_error = exc  # the frames this write carried are lost, and so is the stream
            self._give_up()
            raise
        finally:
            self._writing = False
            self._idle.set()
            self._idle = anyio.Event()

    def _give_up(self) -> None:
        """After a failed write: receives read the stream as ended from now on, even one waiting
        in another task, so the owner hangs up. Frames received but not yet taken are dropped:
        nothing could answer them. The socket is shut down, not closed: that wakes a receive
        waiting in another task with an end of stream, whereas anyio's aclose would close the
        descriptor under that receive's selector registration (asyncio then fails to remove it,
        and a later socket given the same number is confused with it). The owner closes the
        stream as after any end of stream."""
        self._eof = True
        self._buf.clear()
        if self._socket is not None:
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already gone

    async def _write(self, batch: bytes) -> None:
        """Write the whole batch. Cancellable until its first byte is written; after that it
        finishes (a frame cut short would make every later one unreadable) or, if the peer
        stops reading for STALLED_WRITE seconds, fails and leaves the stream unusable. On a
        serving stream the wait for the first byte has the same deadline (see the class)."""
        sock = self._raw
        if sock is None:  # not a socket (a test double): anyio's send, shielded whole
            with anyio.CancelScope(shield=True):
                await self.stream.send(batch)
            return
        view = memoryview(batch)
        started = False
        while view:
            try:
                n = sock.send(view)  # without a trip through the event loop when the socket takes it
            except (BlockingIOError, InterruptedError):
                n = 0
            except OSError as exc:
                raise anyio.BrokenResourceError from exc  # as anyio's own send reports a gone peer
            if n:
                started = True
                view = view[n:]
            elif not started:
                if not self.serving:
                    await anyio.wait_writable(sock)
                    continue
                with anyio.move_on_after(self.STALLED_WRITE) as waited:  # not shielded: still cancellable
                    await anyio.wait_writable(sock)
                if waited.cancelled_caught:
                    raise anyio.BrokenResourceError("the peer has not read its replies for "
                                                    f"{self.STALLED_WRITE:g} seconds")
            else:
                with anyio.CancelScope(shield=True, deadline=anyio.current_time() + self.STALLED_WRITE) as scope:
                    await anyio.wait_writable(sock)
                if scope.cancelled_caught:
                    raise anyio.BrokenResourceError("the peer stopped reading in the middle of a frame")

    async def aclose(self) -> None:
        await self.stream.aclose()


def check_request(message: dict[str, Any], known_ops: frozenset[str] | set[str]) -> tuple[Any, str, str]:
    """Validate the envelope of a request; returns (id, op, tenant) or raises BadRequest."""
    req_id = message.get("id")
    if not isinstance(req_id, (int, str)) or isinstance(req_id, bool) or (isinstance(req_id, str) and len(req_id) > 128):
        raise BadRequest("`id` must be an integer or a string of at most 128 characters")
    op = message.get("op")
    if not isinstance(op, str):
        raise BadRequest("`op` must be a string")
    if op not in known_ops:
        raise BadRequest(f"unknown op {op[:64]!r}", "unknown_op")
    tenant = message.get("tenant")
    if not isinstance(tenant, str):
        raise BadRequest("`tenant` must be a string")
    return req_id, op, tenant


def ok_reply(req_id: Any, result: dict[str, Any]) -> dict[str, Any]:
    return {"id": req_id, "ok": True, "result": result}


def error_reply(req_id: Any, code: str, message: str, recorded: str | None = None) -> dict[str, Any]:
    error = {"code": code, "message": message}
    if recorded is not None:
        error["recorded"] = recorded  # whether a failed write was recorded: "no" or "unknown"
    return {"id": req_id, "ok": False, "error": error}
