"""`python -m fireweed.ledger_writer`: the single writer of one store.

Spawned by the decider only. Reads its per-start secret from stdin, takes the
store's writer lock, opens the ledger, checks that the keys directory belongs to
the store, listens on the writer socket, says READY on stdout, then lets go of
every inherited stdio fd. If it cannot start it says `ERROR <reason>` on stdout
instead (the decider reports that reason to every caller) and exits.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import anyio

from fireweed.ledger_writer.erasure import Erasure
from fireweed.ledger_writer.exporting import Exporter
from fireweed.ledger_writer.keyring import KeyringError
from fireweed.ledger_writer.publish import KeysMismatch, bind_keys_to_store
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.sealing import Sealer
from fireweed.ledger_writer.operations import WriterOps
from fireweed.ledger_writer.server import WriterServer
from fireweed.ledger_writer.source_store import SourceStore
from fireweed.shared.config import ensure_private_dir, ensure_store, resolve_settings
from fireweed.shared.display import display_path
from fireweed.shared.errors import FireweedError
from fireweed.shared.proc import detach_stdio, rare_full_collections, setup_logging, try_lock

log = logging.getLogger("fireweed.writer")
LOCK_WAIT = 20.0


def _say_error(message: str) -> None:
    """Tell the decider why we cannot start, on the one line it reads (it shows it to callers
    and logs each cause once; logging here too would repeat it on every retry).

    Written as bytes with replacement: a path that is not UTF-8 must not turn the reason into
    an encoding traceback."""
    line = "ERROR " + " ".join(message.split())
    sys.stdout.buffer.write(line.encode("utf-8", "replace") + b"\n")
    sys.stdout.buffer.flush()


async def _open_ledger(path: Path) -> Ledger:
    try:
        return await Ledger.open(path)
    except (sqlite3.Error, OSError) as exc:
        # A file we cannot read as a ledger is left exactly as it is: it may be the only copy.
        raise LedgerUnusable(f"the ledger {display_path(path)} cannot be opened: {exc}") from None


class LedgerUnusable(FireweedError):
    code = "ledger_unusable"


async def run() -> int:
    os.umask(0o077)  # the ledger, its WAL, certificates and logs are this user's alone
    try:
        settings = resolve_settings()
    except FireweedError as exc:
        _say_error(str(exc))
        return 2
    secret = sys.stdin.buffer.readline().strip()
    if len(secret) < 32:
        _say_error("no secret on stdin")
        return 2
    try:
        ensure_store(settings)
        ensure_private_dir(settings.runtime_dir)
    except (FireweedError, OSError) as exc:
        _say_error(f"the store or runtime directory cannot be used: {exc}")
        return 2
    # A previous writer may still be committing its last batch; wait for its lock.
    deadline = time.monotonic() + LOCK_WAIT
    while (lock_fd := try_lock(settings.writer_lock)) is None:
        if time.monotonic() > deadline:
            _say_error("another ledger writer holds this store")
            return 3
        await anyio.sleep(0.05)
    # The ledger first: whether the store has history decides whether keys may be created.
    try:
        ledger = await _open_ledger(settings.ledger_path)
    except LedgerUnusable as exc:
        _say_error(str(exc))
        return 2
    try:
        keyring = bind_keys_to_store(settings.store, settings.keys, has_history=bool(ledger.heads))
    except KeysMismatch as exc:
        await ledger.close()
        _say_error(str(exc))
        return 2
    except (KeyringError, OSError) as exc:
        await ledger.close()
        _say_error(f"the keys directory cannot be used: {exc}")
        return 2
    sealer = Sealer(keyring)
    ledger.sealer = sealer.seal
    ledger.before_batch = sealer.prepare_batch
    sources = SourceStore(ledger, keyring.auto_source_id)
    erasure = Erasure(ledger, sealer, keyring, settings.store)

    def apply(*args: Any) -> None:
        sources.apply(*args)
        erasure.apply(*args)

    ledger.applier = apply
    ledger.after_commit = erasure.after_commit
    ledger.after_rollback = erasure.after_rollback
    finished, orphans = await ledger.conn._execute(erasure.recover, ledger.conn._conn)
    if finished:
        log.warning("destroyed %d key(s) of erasures that a crash interrupted after their commit", finished)
    if orphans:
        log.warning("removed %d certificate file(s) that a crash left unrecorded in the chain", orphans)
    exporter = Exporter(ledger, sealer, keyring, settings.store)
    if exporter.remove_interrupted():
        log.warning("removed the temp files of exports a crash interrupted")
    ops = WriterOps(ledger, sources, erasure, exporter)
    ops.fields_opener = sealer.open_fields
    server = WriterServer(ledger, ops, secret)
    sock_path = settings.writer_socket
    try:
        sock_path.unlink()
    except FileNotFoundError:
        pass
    listener = await anyio.create_unix_listener(str(sock_path))
    os.chmod(sock_path, 0o600)
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(ledger.run_committer)
            tg.start_soon(listener.serve, server.handle)
            try:
                print("READY", flush=True)
            except OSError:  # the decider that started us died first: nobody to serve
                detach_stdio(settings.log_path)  # and nothing may be left to write to its pipe
                log.warning("the decider that started this writer is gone; stopping")
                tg.cancel_scope.cancel()
                return 3
            detach_stdio(settings.log_path)
            log.info("writer ready on %s (ledger %s)", sock_path, settings.ledger_path)
            await server.decider_gone.wait()
            tg.cancel_scope.cancel()
    finally:
        with anyio.CancelScope(shield=True):
            await ledger.drain()
            await ledger.close()
            await listener.aclose()
            try:
                sock_path.unlink()
            except FileNotFoundError:
                pass
            os.close(lock_fd)
            log.info("writer stopped")
    return 0


def main() -> None:
    setup_logging("writer")
    rare_full_collections()
    sys.exit(anyio.run(run))


if __name__ == "__main__":
    main()
