"""`python -m fireweed.decider`: the judge of one store, started detached by a front.

Takes the store's decider lock (a second decider for the store exits), records
where its sockets are in the store (runtime.json), spawns its writer, replays the
ledger into its projection, and serves fronts and the operator until stopped or
idle with no fronts for FIREWEED_IDLE_EXIT seconds.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import time

import anyio

from fireweed.decider.core import Decider
from fireweed.decider.front_ops import FrontOps
from fireweed.decider.operator_ops import OperatorOps
from fireweed.decider.server import Endpoint, fronts_counter
from fireweed.shared.config import (
    computed_runtime_dir,
    ensure_private_dir,
    ensure_store,
    record_runtime_dir,
    resolve_settings,
    runtime_dir_for,
)
from fireweed.shared.errors import ConfigError
from fireweed.shared.proc import detach_stdio, rare_full_collections, setup_logging, try_lock
from fireweed.shared.rpc import answers

log = logging.getLogger("fireweed.decider")


async def _listen(path: os.PathLike[str] | str) -> anyio.abc.SocketListener:
    try:
        os.unlink(path)  # stale from a killed predecessor; we hold the lock, so it is not live
    except FileNotFoundError:
        pass
    listener = await anyio.create_unix_listener(str(path))
    os.chmod(path, 0o600)
    return listener


def _stop_asked_since(mark: os.PathLike[str] | str, since: float) -> bool:
    try:
        return os.stat(mark).st_mtime >= since
    except OSError:
        return False


async def run() -> int:
    os.umask(0o077)  # the ledger, its WAL, certificates and logs are this user's alone
    settings = resolve_settings()
    ensure_store(settings)
    # The lock lives in the store, not in the runtime directory: the runtime directory depends
    # on the caller's environment (XDG_RUNTIME_DIR), so a lock there let a second decider start
    # for the same store. A predecessor may still be shutting down (idle exit); wait for it.
    # But not for one that serves: queued behind it, this decider would take over the store the
    # moment it stopped, reviving a backend that `backend stop` had just stopped.
    deadline = time.monotonic() + 20
    waiting_since: float | None = None
    while (lock_fd := try_lock(settings.decider_lock)) is None:
        waiting_since = waiting_since or time.time()
        if time.monotonic() > deadline or await answers(settings.decider_socket):
            log.info("another decider serves this store; exiting")
            return 0
        await anyio.sleep(0.05)
    if waiting_since is not None and _stop_asked_since(settings.stop_mark, waiting_since):
        # The one this decider waited for was stopped by `backend stop`: taking the store over now
        # would revive the backend the operator just stopped.
        log.info("the backend was stopped while this decider waited for it; exiting")
        return 0
    # Sockets go where the store's record says if that directory is still usable (clients with
    # any environment read the record first), else where this environment puts them.
    runtime = runtime_dir_for(settings.store)
    try:
        ensure_private_dir(runtime)
    except (ConfigError, OSError):
        runtime = computed_runtime_dir(settings.store)
        ensure_private_dir(runtime)
    record_runtime_dir(settings.store, runtime)
    decider = Decider(settings)
    opened, closed = fronts_counter(decider)
    front_ops = FrontOps(decider)
    fronts = Endpoint("fronts", front_ops, opened, closed)
    # An operator's import or export may outlast the idle time: its connection counts as activity.
    operator = Endpoint("operator", OperatorOps(decider, front_ops), *fronts_counter(decider, "operators"))
    # The front socket last: a connectable front socket is what `backend start` and every front
    # take as "the backend is up", and `backend start` goes straight on to the operator socket.
    op_listener = await _listen(settings.operator_socket)
    front_listener = await _listen(settings.decider_socket)
    log.info("decider %s serving %s", os.getpid(), settings.store)
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(decider.supervise_writer)
            serving = anyio.CancelScope()

            async def serve_sockets() -> None:
                with serving:
                    async with anyio.create_task_group() as sockets:
                        sockets.start_soon(front_listener.serve, fronts.handle)
                        sockets.start_soon(op_listener.serve, operator.handle)

            tg.start_soon(serve_sockets)

            async def idle_watch() -> None:
                while True:
                    await anyio.sleep(min(1.0, max(settings.idle_exit / 4, 0.05)))
                    if decider.fronts == 0 and decider.operators == 0 \
                            and time.monotonic() - decider.last_front_left > settings.idle_exit:
                        log.info("idle for %ss with no fronts; stopping", settings.idle_exit)
                        decider.stopping.set()

            async def signals() -> None:
                with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as received:
                    async for _sig in received:
                        decider.stopping.set()

            tg.start_soon(idle_watch)
            tg.start_soon(signals)
            await decider.stopping.wait()
            # Stop taking work, let the writer commit and exit, then leave.
            serving.cancel()
            await front_listener.aclose()
            await op_listener.aclose()
            with anyio.move_on_after(20):
                await decider.supervisor_done.wait()
            tg.cancel_scope.cancel()
    finally:
        for path in (settings.decider_socket, settings.operator_socket):
            try:
                os.unlink(path)
            except FileNotFoundError:
                pass
        os.close(lock_fd)  # last: whoever waits on it (backend stop) finds the decider gone
        log.info("decider stopped")
    return 0


def main() -> None:
    settings_log = None
    try:
        settings_log = resolve_settings().log_path
    except Exception:
        pass
    detach_stdio(settings_log)
    setup_logging("decider")
    rare_full_collections()
    sys.exit(anyio.run(run))


if __name__ == "__main__":
    main()
