"""Frames between Fireweed processes: a 4-byte big-endian length, then one UTF-8 JSON object.

Every message carries `op`, `id` and `tenant`; every reply carries the request's
`id` and either `ok: true` with `result` or `ok: false` with `error: {code, message}`.
A frame that cannot be parsed closes the connection (the byte stream has lost
its framing); a parsed frame that is not a valid message is answered and the
connection goes on.
"""

from __future__ import annotations

import json
import struct
from typing import Any

import anyio
from anyio.abc import ByteStream
from anyio.streams.buffered import BufferedByteReceiveStream

from fireweed.shared.errors import BadRequest, FrameError

MAX_FRAME = 8 * 1024 * 1024
_LEN = struct.Struct(">I")


def dumps_safe(message: Any) -> str:
    """JSON text that always encodes to UTF-8: a lone surrogate (which a peer may send us
    inside an id or a string) is written as a \\u escape instead of failing the encode."""
    text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(message, ensure_ascii=True, separators=(",", ":"))
    return text


def encode_frame(message: dict[str, Any], limit: int = MAX_FRAME) -> bytes:
    body = dumps_safe(message).encode("utf-8")
    if len(body) > limit:
        raise FrameError(f"frame of {len(body)} bytes is over the {limit}-byte limit", "frame_too_large")
    return _LEN.pack(len(body)) + body


class RawJson(bytes):
    """A result already serialised as UTF-8 JSON by its producer, sent as it is."""


def encode_reply(req_id: Any, result: dict[str, Any] | RawJson, limit: int = MAX_FRAME) -> bytes:
    """The frame of an ok reply; a RawJson result is embedded without being decoded."""
    if not isinstance(result, RawJson):
        return encode_frame(ok_reply(req_id, result), limit)
    body = b'{"id":' + dumps_safe(req_id).encode("utf-8") + b',"ok":true,"result":' + bytes(result) + b"}"
    if len(body) > limit:
        raise FrameError(f"frame of {len(body)} bytes is over the {limit}-byte limit", "frame_too_large")
    return _LEN.pack(len(body)) + body


class FramedStream:
    """A byte stream read and written as frames; writes are serialised by a lock."""

    def __init__(self, stream: ByteStream, limit: int = MAX_FRAME) -> None:
        self.stream = stream
        self.limit = limit
        self._reader = BufferedByteReceiveStream(stream)
        self._send_lock = anyio.Lock()

    async def receive(self) -> dict[str, Any] | None:
        """The next frame as a dict, or None at a clean end of stream.

        Raises FrameError when the stream cannot be trusted any more (oversized
        length, truncated body, bytes that are not JSON, a non-object)."""
        try:
            header = await self._reader.receive_exactly(4)
        except (anyio.EndOfStream, anyio.IncompleteRead, anyio.BrokenResourceError, anyio.ClosedResourceError):
            return None
        (length,) = _LEN.unpack(header)
        if length > self.limit:
            raise FrameError(f"frame length {length} is over the {self.limit}-byte limit", "frame_too_large")
        try:
            body = await self._reader.receive_exactly(length)
        except (anyio.EndOfStream, anyio.IncompleteRead, anyio.BrokenResourceError, anyio.ClosedResourceError):
            raise FrameError("connection closed in the middle of a frame", "truncated_frame") from None
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
        """Send a frame made by encode_frame or encode_reply."""
        async with self._send_lock:
            await self.stream.send(data)

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


def error_reply(req_id: Any, code: str, message: str) -> dict[str, Any]:
    return {"id": req_id, "ok": False, "error": {"code": code, "message": message}}
