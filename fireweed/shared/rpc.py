"""A multiplexing request/reply client over one framed unix-socket connection.

Many requests may be in flight at once; replies are matched by `id`. When the
connection drops, every pending call fails with Unavailable at once, so a caller
never waits on a peer that is gone.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio

from fireweed.shared.errors import FrameError, RemoteError, Unavailable
from fireweed.shared.wire import MAX_FRAME, FramedStream, encode_frame


class RpcClient:
    def __init__(self, framed: FramedStream) -> None:
        self.framed = framed
        self._ids = itertools.count(1)
        self._pending: dict[int, tuple[anyio.Event, list[dict[str, Any]]]] = {}
        self.closed = anyio.Event()
        self._close_reason = "connection closed"

    @property
    def is_closed(self) -> bool:
        return self.closed.is_set()

    async def _read_loop(self) -> None:
        try:
            while True:
                msg = await self.framed.receive()
                if msg is None:
                    break
                slot = self._pending.get(msg.get("id"))  # type: ignore[arg-type]
                if slot is not None:
                    slot[1].append(msg)
                    slot[0].set()
        except FrameError as exc:
            self._close_reason = f"peer sent a bad frame: {exc}"
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            pass
        finally:
            self.closed.set()
            for event, _box in self._pending.values():
                event.set()

    async def call(self, op: str, tenant: str, **fields: Any) -> dict[str, Any]:
        """Send one request and wait for its reply; raises RemoteError or Unavailable.

        The request leaves with the others queued in the same turn of the event loop (see
        :meth:`queue_request`): many callers at once cost the peer one wake-up, not one each."""
        return await self.queue_request(op, tenant, **fields)()

    async def send_request(self, op: str, tenant: str, **fields: Any) -> Callable[[], Awaitable[dict[str, Any]]]:
        """Send a request now and return a function that waits for its reply.

        Splitting the two lets a caller hold an ordering lock only while the
        frame goes out, not while the peer works on it."""
        wait = self.queue_request(op, tenant, **fields)
        try:
            await self.framed.flush_through(wait.ticket, gather=False)  # type: ignore[attr-defined]
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            self._pending.pop(wait.req_id, None)  # type: ignore[attr-defined]
            raise Unavailable(self._close_reason) from None
        except BaseException:
            self._pending.pop(wait.req_id, None)  # type: ignore[attr-defined]
            raise
        return wait

    def queue_request(self, op: str, tenant: str, **fields: Any) -> Callable[[], Awaitable[dict[str, Any]]]:
        """Queue a request without waiting and return a function that sends it, with whatever
        else was queued by then, and waits for its reply.

        Requests leave in the order they were queued: a caller may queue under an ordering lock
        and wait after releasing it, so that requests planned together share one send."""
        if self.closed.is_set():
            raise Unavailable(self._close_reason)
        req_id = next(self._ids)
        event = anyio.Event()
        box: list[dict[str, Any]] = []
        data = encode_frame({"op": op, "id": req_id, "tenant": tenant, **fields}, self.framed.limit)
        try:
            ticket = self.framed.queue_encoded(data)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
            raise Unavailable(self._close_reason) from None
        self._pending[req_id] = (event, box)

        async def wait() -> dict[str, Any]:
            try:
                try:
                    await self.framed.flush_through(ticket)
                except (anyio.BrokenResourceError, anyio.ClosedResourceError, OSError):
                    raise Unavailable(self._close_reason) from None
                await event.wait()
            finally:
                self._pending.pop(req_id, None)
            if not box:
                raise Unavailable(self._close_reason)
            return self._unwrap(box[0])

        wait.req_id = req_id  # type: ignore[attr-defined]  # lets a caller cancel it by id
        wait.ticket = ticket  # type: ignore[attr-defined]
        return wait

    @staticmethod
    def _unwrap(reply: dict[str, Any]) -> dict[str, Any]:
        if reply.get("ok"):
            result = reply.get("result")
            return result if isinstance(result, dict) else {}
        err = reply.get("error") or {}
        recorded = err.get("recorded")
        raise RemoteError(str(err.get("message", "error")), str(err.get("code", "internal")),
                          recorded if isinstance(recorded, str) else None)

    async def aclose(self) -> None:
        with anyio.CancelScope(shield=True):
            try:
                await self.framed.aclose()
            except Exception:
                pass


@asynccontextmanager
async def serving(client: RpcClient) -> AsyncIterator[RpcClient]:
    """Run the client's reply reader for the block's lifetime, then close the connection.

    An exception from the block is re-raised outside the task group, so callers
    see it as itself rather than wrapped in an exception group."""
    failure: Exception | None = None
    async with anyio.create_task_group() as tg:
        tg.start_soon(client._read_loop)
        try:
            yield client
        except Exception as exc:
            failure = exc
        finally:
            await client.aclose()
            tg.cancel_scope.cancel()
    if failure is not None:
        raise failure


@asynccontextmanager
async def connect_unix(path: Path | str, limit: int = MAX_FRAME) -> AsyncIterator[RpcClient]:
    """Connect to a Fireweed socket and run the reply reader for the block's lifetime."""
    try:
        stream = await anyio.connect_unix(str(path))
    except OSError as exc:
        raise Unavailable(f"cannot connect to {path}: {exc.strerror or exc}") from None
    async with serving(RpcClient(FramedStream(stream, limit))) as client:
        yield client


async def answers(path: os.PathLike[str] | str) -> bool:
    """Whether something accepts connections on the unix socket (a live server, not a stale file)."""
    try:
        stream = await anyio.connect_unix(str(path))
    except OSError:
        return False
    await stream.aclose()
    return True
