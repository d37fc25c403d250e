"""The ledger writer's socket: exactly one authenticated peer, the decider that spawned it.

The decider hands this process a per-start secret on its stdin at spawn time
(never the environment, never a file). A connection must present that secret in
its first frame and come from the same uid and from our parent process (SO_PEERCRED);
anything else is refused and the writer keeps serving. When the authenticated
decider goes away the writer commits what it holds and exits: a writer without
its decider has nobody it may take orders from.
"""

from __future__ import annotations

import hmac
import logging
import os
from typing import Any

import anyio
from anyio.abc import SocketAttribute, SocketStream

from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.operations import WriterOps
from fireweed.shared.errors import BadRequest, FireweedError, FrameError
from fireweed.shared.proc import peer_credentials
from fireweed.shared.wire import FramedStream, check_request, encode_frame, encode_reply, error_reply, ok_reply

log = logging.getLogger("fireweed.writer")


class WriterServer:
    def __init__(self, ledger: Ledger, ops: WriterOps, secret: bytes) -> None:
        self.ledger = ledger
        self.ops = ops
        self._secret = secret
        self.authenticated_once = False
        self.decider_gone = anyio.Event()

    async def handle(self, stream: SocketStream) -> None:
        """Serve one connection; nothing a peer does may escape from here (it would stop the listener)."""
        try:
            await self._handle(stream)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream, OSError):
            pass
        except Exception:
            log.exception("writer connection handler failed")

    async def _handle(self, stream: SocketStream) -> None:
        # serving: a peer that stops reading our replies for STALLED_WRITE seconds is hung up on (the
        # decider's reply reader never stops; if the decider has, the writer commits and exits as when
        # it goes away, and a live decider restarts a writer and replays)
        framed = FramedStream(stream, serving=True)
        try:
            if not await self._authenticate(stream, framed):
                return
            self.authenticated_once = True
            log.info("decider connected")
            try:
                await self._serve(framed)
            finally:
                log.info("decider connection closed")
                self.decider_gone.set()
        except FrameError as exc:
            log.warning("closing connection after a bad frame: %s", exc)
        finally:
            with anyio.CancelScope(shield=True):
                await framed.aclose()

    async def _authenticate(self, stream: SocketStream, framed: FramedStream) -> bool:
        raw = stream.extra(SocketAttribute.raw_socket)
        pid, uid, _gid = peer_credentials(raw)
        try:
            with anyio.fail_after(5):
                first = await framed.receive()
        except TimeoutError:
            return False
        if first is None:
            return False
        secret = first.get("secret")
        good = (
            first.get("op") == "auth"
            and isinstance(secret, str)
            and hmac.compare_digest(secret.encode("utf-8", "replace"), self._secret)
        )
        if uid != os.getuid() or pid != os.getppid():
            good = False
        if self.authenticated_once:
            good = False  # exactly one decider connection per writer, ever
        if not good:
            log.warning("refused a writer connection from pid %s uid %s", pid, uid)
            rid = first.get("id")
            await framed.send(error_reply(rid if isinstance(rid, (int, str)) else None, "refused",
                                          "connection refused: not the decider this writer was started with"))
            return False
        await framed.send(ok_reply(first.get("id"), {"pid": os.getpid()}))
        return True

    async def _serve(self, framed: FramedStream) -> None:
        async with anyio.create_task_group() as tg:
            while True:
                msg = await framed.receive()
                if msg is None:
                    break
                try:
                    req_id, op, tenant = check_request(msg, self.ops.OPS)
                except BadRequest as exc:
                    rid = msg.get("id")
                    await self._send_frame(framed, encode_frame(
                        error_reply(rid if isinstance(rid, (int, str)) else None, exc.code, str(exc))))
                    continue
                # Submission happens here, in frame order, so appends keep the
                # decider's order; only the wait for durability runs concurrently.
                try:
                    waiter = self.ops.start(op, tenant, msg)
                except Exception as exc:
                    await self._send_frame(framed, _error_frame(req_id, exc))
                    continue
                if isinstance(waiter, dict):  # done already: reply here, without a task
                    await self._send_frame(framed, _reply_frame(req_id, waiter))
                    continue
                tg.start_soon(self._finish, framed, req_id, waiter)
            tg.cancel_scope.cancel()

    async def _finish(self, framed: FramedStream, req_id: Any, waiter: Any) -> None:
        try:
            result = await waiter
        except Exception as exc:
            await self._send_frame(framed, _error_frame(req_id, exc))
            return
        await self._send_frame(framed, _reply_frame(req_id, result))

    @staticmethod
    async def _send_frame(framed: FramedStream, frame: bytes) -> None:
        try:
            await framed.send_encoded(frame)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass


def _reply_frame(req_id: Any, result: Any) -> bytes:
    try:
        return encode_reply(req_id, result)
    except Exception as exc:  # e.g. a result over the frame limit
        return _error_frame(req_id, exc)


def _error_frame(req_id: Any, exc: Exception) -> bytes:
    """A typed error reply; called inside the except block that caught `exc`."""
    if isinstance(exc, FireweedError):
        return encode_frame(error_reply(req_id, exc.code, str(exc)))
    # a bug must not kill the writer; the decider gets a typed error and the log the traceback
    log.exception("writer op failed")
    return encode_frame(error_reply(req_id, "internal", f"internal error in the writer: {type(exc).__name__}"))
