"""The decider's two sockets: fronts (one per agent) and the operator.

A front connection is bound to the tenant of its first frame; a later frame
naming another tenant is refused. Requests on one connection run concurrently,
at most LIMITS.pending_per_front at a time: past that the decider stops reading
that connection (back-pressure lands on that front alone, never on others).

A request keeps only its `args` once dispatched (the frame's other fields are
dropped), and its `args` only until its op returns: a reply waiting for a slow
reader holds its encoded bytes, not the request. A peer that reads none of its
replies for FramedStream.STALLED_WRITE seconds is disconnected, which frees them.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
from anyio.abc import SocketAttribute, SocketStream, TaskGroup

from fireweed.shared import policy
from fireweed.shared.errors import BadRequest, FireweedError, FrameError
from fireweed.shared.limits import LIMITS
from fireweed.shared.names import BadName, validate_tenant
from fireweed.shared.proc import peer_credentials
from fireweed.shared.wire import FramedStream, check_request, encode_frame, error_reply, ok_reply

log = logging.getLogger("fireweed.decider.server")

Handler = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]


class Endpoint:
    """Serves one socket: validates envelopes, binds tenants, dispatches `op_<name>` methods."""

    def __init__(self, name: str, ops: Any, on_open: Callable[[], None] | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        self.name = name
        self.ops = ops
        self.on_open = on_open
        self.on_close = on_close

    async def handle(self, stream: SocketStream) -> None:
        """Serve one connection; nothing a peer does (hanging up early included) may escape
        from here, because an exception leaving a handler would stop the whole listener."""
        try:
            await self._handle(stream)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, OSError):
            pass
        except Exception:
            log.exception("%s: connection handler failed", self.name)
        finally:
            with anyio.CancelScope(shield=True):
                try:
                    await stream.aclose()
                except Exception:
                    pass

    @staticmethod
    def _encode(reply: dict[str, Any]) -> bytes:
        """The reply's frame; a reply too big for a frame becomes an error saying so."""
        try:
            return encode_frame(reply)
        except FireweedError as exc:
            rid = reply.get("id")
            return encode_frame(error_reply(rid if isinstance(rid, (int, str)) else None,
                                            exc.code, "the reply was larger than the frame limit; ask for less"))

    @staticmethod
    async def _send(framed: FramedStream, frame: bytes) -> None:
        """Send an encoded reply; a peer that has gone (or stopped reading) is not our crash: the
        failed write has closed the stream, so the receive loop ends at its next read."""
        try:
            await framed.send_encoded(frame)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass

    async def _handle(self, stream: SocketStream) -> None:
        raw = stream.extra(SocketAttribute.raw_socket)
        _pid, uid, _gid = peer_credentials(raw)
        framed = FramedStream(stream, serving=True)
        if uid != os.getuid():
            log.warning("%s: refused a peer with uid %s", self.name, uid)
            with anyio.CancelScope(shield=True):
                await framed.aclose()
            return
        if self.on_open:
            self.on_open()
        conn = _Connection(slots=anyio.Semaphore(LIMITS.pending_per_front, fast_acquire=True))
        try:
            async with anyio.create_task_group() as tg:
                # One frame per call: whatever a frame parsed into is that call's local, gone when it
                # returns, so none of it is held while the loop waits for the next frame.
                while await self._next_frame(framed, conn, tg):
                    pass
                tg.cancel_scope.cancel()
        finally:
            if self.on_close:
                self.on_close()

    async def _next_frame(self, framed: FramedStream, conn: _Connection, tg: TaskGroup) -> bool:
        """Read one frame and answer or dispatch it; False when the connection is to end."""
        try:
            msg = await framed.receive()
        except FrameError as exc:
            # The byte stream has lost its framing: say why, then hang up.
            await self._send(framed, self._encode(error_reply(None, exc.code, str(exc))))
            return False
        if msg is None:
            return False
        try:
            req_id, op, tenant = check_request(msg, self.ops.OPS)
            validate_tenant(tenant)
            if conn.bound is None:
                conn.bound = tenant
            elif tenant != conn.bound:
                raise BadRequest(f"this connection is bound to tenant {conn.bound!r}", "tenant_mismatch")
        except (BadRequest, BadName) as exc:
            code = exc.code if isinstance(exc, BadRequest) else "bad_tenant"
            rid = msg.get("id")
            reply = self._encode(error_reply(rid if isinstance(rid, (int, str)) else None, code, str(exc)))
            del msg  # not held while the reply waits for the peer
            await self._send(framed, reply)
            return True
        # Keep what the ops read (a cancel's `target`, a request's `args`) and drop the rest of the
        # frame now: any other field a peer adds is parsed and forgotten, never held while the
        # request waits for a slot, runs, or waits for its reply to be read.
        target = msg.get("target") if op == "cancel" else None
        args = msg.get("args") if op != "cancel" else None
        del msg
        if op == "cancel":
            scope = conn.tasks.get(target) if isinstance(target, (int, str)) else None
            if scope is not None:
                scope.cancel()
            return True
        if req_id in conn.tasks:
            del args
            await self._send(framed, self._encode(error_reply(req_id, "duplicate_id", "this id is already in flight")))
            return True
        if not isinstance(args, dict):
            args = {}
        if op == "hello":
            # The front's declared policies apply to this connection's requests only.
            conn.declared = policy.checked(args.get("policy"))
        await conn.slots.acquire()
        scope = anyio.CancelScope()
        conn.tasks[req_id] = scope
        tg.start_soon(self._run, framed, scope, conn.tasks, conn.slots, req_id, op, tenant, args, conn.declared)
        return True

    async def _run(self, framed: FramedStream, scope: anyio.CancelScope, tasks: dict[Any, anyio.CancelScope],
                   slots: anyio.Semaphore, req_id: Any, op: str, tenant: str, args: dict[str, Any],
                   declared: dict[str, str]) -> None:
        frame: bytes | None = None
        policy.use(declared)  # this task's own context: other connections' requests are unaffected
        try:
            with scope:
                try:
                    prepare = getattr(self.ops, "prepare", None)
                    # prepare may answer in the op's place (a refusal that needs no op to run).
                    early = await prepare(op, tenant) if prepare is not None else None
                    result = early if early is not None else await getattr(self.ops, f"op_{op}")(tenant, args)
                    frame = self._encode(ok_reply(req_id, result))
                except FireweedError as exc:
                    frame = self._encode(error_reply(req_id, exc.code, str(exc), exc.recorded))
                except Exception as exc:  # a bug answers a typed error; the process lives on
                    log.exception("%s: op %s failed", self.name, op)
                    frame = self._encode(error_reply(req_id, "internal",
                                                     f"internal error in the decider ({type(exc).__name__})"))
            # Answered (or cancelled): the request's arguments go now. Until the peer reads the
            # reply, this task holds only the reply's bytes.
            del args
            if frame is None:  # cancelled by the front: no reply follows
                return
            await self._send(framed, frame)
        finally:
            tasks.pop(req_id, None)
            slots.release()


@dataclass
class _Connection:
    """What one connection keeps between frames."""

    slots: anyio.Semaphore  # a slot per request in flight: no yield while below the limit (fast_acquire)
    bound: str | None = None  # the tenant of the first valid frame
    declared: dict[str, str] = field(default_factory=lambda: dict(policy.DEFAULTS))  # until a hello says otherwise
    tasks: dict[Any, anyio.CancelScope] = field(default_factory=dict)  # requests in flight, by id


def fronts_counter(decider: Any, attr: str = "fronts") -> tuple[Callable[[], None], Callable[[], None]]:
    """Count the open connections of one kind in `decider.<attr>`; the idle clock restarts when
    the last connection of any kind closes."""
    def opened() -> None:
        setattr(decider, attr, getattr(decider, attr) + 1)

    def closed() -> None:
        setattr(decider, attr, getattr(decider, attr) - 1)
        if decider.fronts == 0 and decider.operators == 0:
            decider.last_front_left = time.monotonic()

    return opened, closed
