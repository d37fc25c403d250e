"""The decider's two sockets: fronts (one per agent) and the operator.

A front connection is bound to the tenant of its first frame; a later frame
naming another tenant is refused. Requests on one connection run concurrently,
at most LIMITS.pending_per_front at a time: past that the decider stops reading
that connection (back-pressure lands on that front alone, never on others).
A peer that reads none of its replies for FramedStream.STALLED_WRITE seconds
is disconnected, which ends its requests.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from anyio.abc import SocketAttribute, SocketStream

from fireweed.shared import policy
from fireweed.shared.errors import BadRequest, FireweedError, FrameError
from fireweed.shared.limits import LIMITS
from fireweed.shared.names import BadName, validate_tenant
from fireweed.shared.proc import peer_credentials
from fireweed.shared.wire import FramedStream, check_request, error_reply, ok_reply

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

    async def _send(self, framed: FramedStream, reply: dict[str, Any]) -> None:
        """Send a reply; a peer that has gone (or stopped reading), or a reply too big for a frame,
        is not our crash. A failed write has shut the stream down: the receive loop ends next."""
        try:
            try:
                await framed.send(reply)
            except FireweedError as exc:  # the reply did not fit a frame: say so instead
                await framed.send(error_reply(reply.get("id") if isinstance(reply.get("id"), (int, str)) else None,
                                              exc.code, "the reply was larger than the frame limit; ask for less"))
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
        bound: str | None = None
        declared = dict(policy.DEFAULTS)  # until the connection's hello says otherwise
        tasks: dict[Any, anyio.CancelScope] = {}
        slots = anyio.Semaphore(LIMITS.pending_per_front, fast_acquire=True)  # per request: no yield while below the limit
        try:
            async with anyio.create_task_group() as tg:
                while True:
                    try:
                        msg = await framed.receive()
                    except FrameError as exc:
                        # The byte stream has lost its framing: say why, then hang up.
                        await self._send(framed, error_reply(None, exc.code, str(exc)))
                        break
                    if msg is None:
                        break
                    try:
                        req_id, op, tenant = check_request(msg, self.ops.OPS)
                        validate_tenant(tenant)
                        if bound is None:
                            bound = tenant
                        elif tenant != bound:
                            raise BadRequest(f"this connection is bound to tenant {bound!r}", "tenant_mismatch")
                    except (BadRequest, BadName) as exc:
                        code = exc.code if isinstance(exc, BadRequest) else "bad_tenant"
                        rid = msg.get("id")
                        await self._send(framed, error_reply(rid if isinstance(rid, (int, str)) else None, code, str(exc)))
                        continue
                    if op == "cancel":
                        target = msg.get("target")
                        scope = tasks.get(target) if isinstance(target, (int, str)) else None
                        if scope is not None:
                            scope.cancel()
                        continue
                    if req_id in tasks:
                        await self._send(framed, error_reply(req_id, "duplicate_id", "this id is already in flight"))
                        continue
                    if op == "hello":
                        # The front's declared policies apply to this connection's requests only.
                        args = msg.get("args")
                        declared = policy.checked(args.get("policy") if isinstance(args, dict) else None)
                    await slots.acquire()
                    scope = anyio.CancelScope()
                    tasks[req_id] = scope
                    tg.start_soon(self._run, framed, scope, tasks, slots, req_id, op, tenant, msg, declared)
                tg.cancel_scope.cancel()
        finally:
            if self.on_close:
                self.on_close()

    async def _run(self, framed: FramedStream, scope: anyio.CancelScope, tasks: dict[Any, anyio.CancelScope],
                   slots: anyio.Semaphore, req_id: Any, op: str, tenant: str, msg: dict[str, Any],
                   declared: dict[str, str]) -> None:
        reply: dict[str, Any] | None = None
        policy.use(declared)  # this task's own context: other connections' requests are unaffected
        try:
            with scope:
                args = msg.get("args") if isinstance(msg.get("args"), dict) else {}
                try:
                    prepare = getattr(self.ops, "prepare", None)
                    if prepare is not None:
                        await prepare(op)
                    result = await getattr(self.ops, f"op_{op}")(tenant, args)
                    reply = ok_reply(req_id, result)
                except FireweedError as exc:
                    reply = error_reply(req_id, exc.code, str(exc))
                except Exception as exc:  # a bug answers a typed error; the process lives on
                    log.exception("%s: op %s failed", self.name, op)
                    reply = error_reply(req_id, "internal", f"internal error in the decider ({type(exc).__name__})")
            if reply is None:  # cancelled by the front: no reply follows
                return
            await self._send(framed, reply)
        finally:
            tasks.pop(req_id, None)
            slots.release()


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
