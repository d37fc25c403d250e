"""`python -m fireweed.ledger_writer`: the single writer of one store.

Spawned by the decider only. Reads its per-start secret from stdin, takes the
store's writer lock, opens the ledger, listens on the writer socket, says READY
on stdout, then lets go of every inherited stdio fd.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from typing import Any

import anyio

from fireweed.ledger_writer.erasure import Erasure
from fireweed.ledger_writer.exporting import Exporter
from fireweed.ledger_writer.keyring import Keyring, KeyringError
from fireweed.ledger_writer.publish import publish_public_key
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.sealing import Sealer
from fireweed.ledger_writer.operations import WriterOps
from fireweed.ledger_writer.server import WriterServer
from fireweed.ledger_writer.source_store import SourceStore
from fireweed.shared.config import ensure_private_dir, ensure_store, resolve_settings
from fireweed.shared.proc import detach_stdio, rare_full_collections, setup_logging, try_lock

log = logging.getLogger("fireweed.writer")
LOCK_WAIT = 20.0


async def run() -> int:
    os.umask(0o077)  # the ledger, its WAL, certificates and logs are this user's alone
    settings = resolve_settings()
    secret = sys.stdin.buffer.readline().strip()
    if len(secret) < 32:
        print("ERROR no secret on stdin", flush=True)
        return 2
    ensure_store(settings)
    ensure_private_dir(settings.runtime_dir)
    # A previous writer may still be committing its last batch; wait for its lock.
    deadline = time.monotonic() + LOCK_WAIT
    while (lock_fd := try_lock(settings.store / "writer.lock")) is None:
        if time.monotonic() > deadline:
            print("ERROR another ledger writer holds this store", flush=True)
            return 3
        await anyio.sleep(0.05)
    try:
        keyring = Keyring(settings.keys)
        keyring.fingerprint_key()
        keyring.source_id_key()
        publish_public_key(settings.store, keyring.public_key_bytes())
    except (KeyringError, OSError) as exc:
        print(f"ERROR the keys directory cannot be used: {exc}", flush=True)
        return 2
    sealer = Sealer(keyring)
    ledger = await Ledger.open(settings.ledger_path)
    ledger.sealer = sealer.seal
    ledger.before_batch = sealer.prepare_batch
    sources = SourceStore(ledger, keyring.auto_source_id)
    erasure = Erasure(ledger, sealer, keyring, settings.store)

    def apply(*args: Any) -> None:
        sources.apply(*args)
        erasure.apply(*args)

    ledger.applier = apply
    ledger.after_commit = erasure.after_commit
    ops = WriterOps(ledger, sources, erasure, Exporter(ledger, sealer, keyring, settings.store))
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
            print("READY", flush=True)
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
