"""The decider's state: the projection, the link to its writer, and the one ordered path to append.

The decider is the sequencer. Under `order_lock` it plans a mutation against the
projection, numbers its events, applies them to the projection and sends them
to the writer, in that order; only the wait for durability happens outside the
lock. Plans therefore see every earlier plan (decisions that read state are
linearised with the ledger order), while group commit still batches many
mutations into one fsync. Readers see only committed events (`committed`).
If an append fails, the projection may hold events that never committed, so
the decider drops its writer connection: the writer restarts and the projection
is rebuilt by replay from what is durable.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, Protocol

import anyio

from fireweed.decider.projection import Projection
from fireweed.decider.writer_link import WriterStartError, writer_connection
from fireweed.shared.config import Settings
from fireweed.shared.display import display_path
from fireweed.shared.errors import BadRequest, FireweedError, RemoteError, Unavailable
from fireweed.shared.events import utc_now_after
from fireweed.shared.proc import GrowthFreezer
from fireweed.shared.rpc import RpcClient

log = logging.getLogger("fireweed.decider")

Planned = list[tuple[str, dict[str, Any]]]

# The bundle SHA-256 an operator's import call acts for, set for the duration of that call (each
# request runs in its own task, so it never leaks to another). While a tenant is being imported
# (docs/FORMAT.md section 9) only mutations acting for that same bundle may write into it.
IMPORT_SHA: ContextVar[str | None] = ContextVar("fireweed_import_sha", default=None)


def import_in_progress(tenant: str, sha: str) -> BadRequest:
    """The refusal of a write into a tenant that an unfinished import owns."""
    return BadRequest(
        f"tenant {tenant!r} is being imported from the bundle with SHA-256 {sha} and is not complete; nothing was "
        "written. The operator completes it by running `fireweed import` again with that bundle, or, if the bundle "
        f"is lost, gives it up with `fireweed import --abandon {sha} --by NAME`", "import_in_progress")

# After a failed writer start the supervisor retries with a growing pause up to this long; a
# caller arriving meanwhile cuts the pause short, so a fixed cause is picked up at once without
# spawning a process every two seconds for as long as nobody fixes it.
FAILED_RETRY_MAX = 30.0
# How long a caller waits for the fresh attempt it asked for before it is told the known cause.
FAILED_CALLER_WAIT = 5.0


class Observer(Protocol):
    """A side index that follows every applied event (live and on replay)."""

    def reset(self) -> None: ...

    def observe(self, tenant: str, seq: int, kind: str, payload: dict[str, Any], recorded_at: str) -> None: ...


class Decider:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.projection = Projection()
        self.writer: RpcClient | None = None
        self.writer_pid: int | None = None
        self.ready = anyio.Event()
        self.order_lock = anyio.Lock(fast_acquire=True)  # taken by every mutation: no yield when it is free
        self.next_seq: dict[str, int] = {}
        self.committed: dict[str, int] = {}
        self.stopping = anyio.Event()
        self.fronts = 0
        self.operators = 0  # operator connections open (an import or export in progress keeps the backend up)
        self.last_front_left = time.monotonic()
        self.started = time.time()
        self.writer_starts = 0
        self.last_writer_error = ""
        # Why the latest writer start failed; None once a writer is ready. While it is set,
        # callers are told the cause at once instead of waiting for a writer that cannot come.
        self.writer_failure: str | None = None
        self._attempt_ended = anyio.Event()  # set (then replaced) whenever a start attempt ends
        self._retry_now = anyio.Event()  # set by a caller to cut the supervisor's pause short
        self.supervisor_done = anyio.Event()
        # Side indexes (the read log) that follow every applied event, live and on replay.
        self.observers: list[Observer] = []
        self.freezer = GrowthFreezer()  # the projection grown live; a replay freezes in bulk()

    # ---- writer supervision ----------------------------------------------
    async def supervise_writer(self) -> None:
        """Keep one writer running and the projection current until stopping."""
        try:
            await self._supervise()
        finally:
            self.supervisor_done.set()

    def _attempt_end(self, failure: str | None) -> None:
        """Record how a writer start ended and wake every caller waiting to learn it."""
        self.writer_failure = failure
        ended, self._attempt_ended = self._attempt_ended, anyio.Event()
        ended.set()

    async def _supervise(self) -> None:
        backoff = 0.1
        while not self.stopping.is_set():
            try:
                async with writer_connection(self.settings) as (client, process):
                    self.writer_starts += 1
                    self.writer_pid = process.pid
                    await self._replay(client)
                    self.writer = client
                    self.ready.set()
                    self._attempt_end(None)
                    backoff = 0.1
                    log.info("writer %s ready; projection at %s", process.pid, self.committed)
                    async with anyio.create_task_group() as tg:
                        async def stop_watch() -> None:
                            await self.stopping.wait()
                            tg.cancel_scope.cancel()

                        tg.start_soon(stop_watch)
                        await client.closed.wait()
                        tg.cancel_scope.cancel()
                    self.ready = anyio.Event()
                    self.writer = None
                    if not self.stopping.is_set():
                        log.warning("lost the ledger writer; restarting it and replaying")
            except (FireweedError, OSError) as exc:
                reason = exc.reason if isinstance(exc, WriterStartError) else str(exc)
                if reason != self.writer_failure:  # once per cause, not once per retry
                    log.error("writer start failed: %s", reason)
                self.last_writer_error = reason
                self._attempt_end(reason)
            self.ready = anyio.Event() if self.ready.is_set() else self.ready
            self.writer = None
            if not self.stopping.is_set():
                with anyio.move_on_after(backoff):
                    await self._retry_now.wait()
                self._retry_now = anyio.Event()
                backoff = min(backoff * 2, FAILED_RETRY_MAX if self.writer_failure else 2.0)

    async def _replay(self, client: RpcClient) -> None:
        projection = Projection()
        for obs in self.observers:
            obs.reset()
        heads = (await client.call("heads", self.settings.tenant)).get("heads", {})
        committed: dict[str, int] = {}
        t0 = time.monotonic()
        n = 0
        with projection.bulk():  # the garbage collector would rescan every replayed object again and again
            for tenant in sorted(heads):
                after = 0
                pending = await client.send_request("replay", tenant, after=0, limit=2000)
                while pending is not None:
                    page = await pending()
                    events = page["events"]
                    # Ask for the next page before applying this one, so the writer reads and
                    # decrypts while the decider applies.
                    pending = None
                    if page.get("more") and events:
                        pending = await client.send_request("replay", tenant, after=events[-1]["seq"], limit=2000)
                    for ev in events:
                        payload = ev["payload"]
                        opened = ev.get("opened")
                        if opened is not None and isinstance(payload, dict):
                            # the writer sends a sealed event as stored plus its opened fields
                            payload.pop("sealed", None)
                            payload.update(opened)
                        projection.apply(tenant, ev["seq"], ev["kind"], payload, ev["recorded_at"])
                        for obs in self.observers:
                            obs.observe(tenant, ev["seq"], ev["kind"], payload, ev["recorded_at"])
                        after = ev["seq"]
                        n += 1
                committed[tenant] = after
        self.projection = projection
        self.committed = committed
        self.next_seq = dict(committed)
        log.info("replayed %d events in %.2fs", n, time.monotonic() - t0)

    async def writer_ready(self, timeout: float = 120.0) -> RpcClient:
        """The ready writer; waits while one is (re)starting.

        If the latest start failed, the caller gets that cause within FAILED_CALLER_WAIT
        (after one fresh attempt, in case it has been fixed) as a `writer_failed` error,
        rather than waiting out `timeout` for a writer that cannot come."""
        if self.writer is not None and self.ready.is_set():
            return self.writer  # every call asks: no timeout scope when there is nothing to wait for
        with anyio.move_on_after(timeout):
            if self.writer_failure is not None:
                ended = self._attempt_ended
                self._retry_now.set()
                with anyio.move_on_after(min(timeout, FAILED_CALLER_WAIT)):
                    await ended.wait()
            else:
                while not self.ready.is_set() and self.writer_failure is None:
                    await self._attempt_ended.wait()
        if self.writer is not None and self.ready.is_set():
            return self.writer
        if self.writer_failure is not None:
            raise Unavailable(
                f"the ledger writer cannot start: {self.writer_failure}. Nothing was written by this call; "
                f"the backend keeps retrying, so a call after the cause is fixed will work "
                f"(log: {display_path(self.settings.log_path)})", "writer_failed", recorded="no")
        raise Unavailable("the ledger writer is restarting; nothing was written by this call; retry in a moment",
                          recorded="no")

    # ---- the one ordered mutation path ------------------------------------
    async def mutate(self, tenant: str, plan: Callable[[], Planned],
                     extra: dict[str, Any] | None = None, on: RpcClient | None = None) -> list[dict[str, Any]]:
        """Plan, number, apply and send under the order lock; wait for durability outside it.

        `plan` runs with the lock held and may raise a FireweedError to refuse;
        it returns the events to append (possibly none). `extra` fields go to
        the writer with each event but are not part of it (e.g. the name an
        erasure redacts by). `on` is the writer that staged something these events
        need (a prepared source): only that writer holds it, so if it has gone the
        call fails before anything is planned, instead of a new writer refusing the
        append and being dropped in turn. Returns the committed events, each with
        seq, recorded_at and hash."""
        if on is not None and on.is_closed:
            raise Unavailable("the ledger writer restarted; nothing was written by this call; retry", recorded="no")
        writer = await self.writer_ready()
        async with self.order_lock:
            if writer is not self.writer or (on is not None and on is not writer):
                raise Unavailable("the ledger writer restarted; nothing was written by this call; retry", recorded="no")
            # Checked under the order lock, so no write slips in between an import's start and its
            # end: a half-imported tenant is written only by the import that will complete it.
            importing = self.projection.importing(tenant)
            if importing is not None and IMPORT_SHA.get() != importing:
                raise import_in_progress(tenant, importing)
            planned = plan()
            if not planned:
                return []
            seq = self.next_seq.get(tenant, 0)
            # One mutation is one commit: its events are recorded together, at one time (and the
            # clock is read once rather than per event). No two commits of a tenant share a time, so
            # the commit stays recoverable from the ledger: the projection steps as_of_seq by it.
            recorded_at = utc_now_after(self.projection.last_recorded(tenant))
            events = []
            for kind, payload in planned:
                seq += 1
                events.append({"seq": seq, "kind": kind, "payload": payload, "recorded_at": recorded_at})
            wire = [{**ev, **(extra or {})} for ev in events]  # extra: writer-only inputs, never stored
            for ev in events:
                self.projection.apply(tenant, ev["seq"], ev["kind"], ev["payload"], ev["recorded_at"])
                for obs in self.observers:
                    obs.observe(tenant, ev["seq"], ev["kind"], ev["payload"], ev["recorded_at"])
            self.next_seq[tenant] = seq
            self.freezer.grew(len(events))
            try:
                # queued under the lock, so appends reach the writer in seq order; sent after it,
                # together with the appends other callers plan meanwhile (one send, one wake-up)
                wait = writer.queue_request("append", tenant, events=wire)
            except Unavailable:
                await self._resync("the writer went away while the mutation was being sent")
                raise
        try:
            result = await wait()
        except RemoteError as exc:
            await self._resync(f"the writer refused an append: {exc}")
            raise Unavailable(f"the ledger did not record this call ({exc.code}: {exc}); retry", recorded="no") from None
        except Unavailable:
            await self._resync("the writer went away before acknowledging")
            raise Unavailable(
                "the ledger writer stopped before acknowledging; this call may or may not have been recorded "
                "(retrying is safe: an identical remember reinforces, never duplicates, and a repeated forget "
                "answers already_erased, and certifies, if the first one went through)",
                recorded="unknown",
            ) from None
        committed = result.get("events", [])
        if committed:
            last = committed[-1]["seq"]
            if last > self.committed.get(tenant, 0):
                self.committed[tenant] = last
        return committed

    async def _resync(self, why: str) -> None:
        """Drop the writer so that the projection is rebuilt from what is durable."""
        log.warning("resynchronising: %s", why)
        writer = self.writer
        self.ready = anyio.Event()
        self.writer = None
        if writer is not None:
            await writer.aclose()

    def visible_seq(self, tenant: str) -> int:
        return self.committed.get(tenant, 0)
