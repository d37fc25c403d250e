"""The front's connection to the decider: started lazily, re-made after a backend restart."""

from __future__ import annotations

import logging
from typing import Any

import anyio
from anyio.abc import TaskGroup

from fireweed.proposer_api.backend import ensure_backend
from fireweed.shared import policy
from fireweed.shared.config import Settings
from fireweed.shared.errors import FireweedError, Unavailable
from fireweed.shared.rpc import RpcClient
from fireweed.shared.wire import FramedStream

log = logging.getLogger("fireweed.front.link")


class BackendLink:
    def __init__(self, settings: Settings, tg: TaskGroup) -> None:
        self.settings = settings
        self.tg = tg
        self.client: RpcClient | None = None
        self._connect_lock = anyio.Lock()

    async def _client(self) -> RpcClient:
        client = self.client
        if client is not None and not client.is_closed:
            return client  # every call asks: no lock when the connection is up
        async with self._connect_lock:
            if self.client is not None and not self.client.is_closed:
                return self.client
            try:
                await ensure_backend(self.settings)
            except OSError as exc:  # the store or runtime dir cannot be made: say which, every call
                where = f" ({exc.filename})" if exc.filename else ""
                raise Unavailable(f"cannot start the backend: {exc.strerror or exc}{where}") from None
            try:
                stream = await anyio.connect_unix(str(self.settings.decider_socket))
            except OSError as exc:
                raise Unavailable(f"cannot reach the backend: {exc.strerror or exc}") from None
            client = RpcClient(FramedStream(stream))
            self.tg.start_soon(client._read_loop)
            await client.call("hello", self.settings.tenant, args={"policy": policy.from_environment()})
            self.client = client
            return client

    async def warm(self) -> None:
        """Connect (starting the backend if needed) before the first tool call needs it."""
        try:
            await self._client()
        except FireweedError as exc:
            log.warning("backend not reachable yet: %s", exc)

    async def call(self, op: str, args: dict[str, Any]) -> dict[str, Any]:
        client = await self._client()
        wait = await client.send_request(op, self.settings.tenant, args=args)
        try:
            return await wait()
        except anyio.get_cancelled_exc_class():
            # Tell the decider to stop this request where it still can.
            with anyio.CancelScope(shield=True):
                try:
                    await client.framed.send({"op": "cancel", "id": 0, "tenant": self.settings.tenant,
                                              "target": getattr(wait, "req_id", None)})
                except Exception:
                    pass
            raise

    async def aclose(self) -> None:
        if self.client is not None:
            await self.client.aclose()
