"""The writer's export op: a bundle built on the ledger's own thread, so it never
interleaves with an erasure, written where the caller may write."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Any

from fireweed.ledger_writer import export as ex
from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.sealing import Sealer
from fireweed.shared.errors import BadRequest


class Exporter:
    def __init__(self, ledger: Ledger, sealer: Sealer, keyring: Keyring, store: Path) -> None:
        self.ledger = ledger
        self.sealer = sealer
        self.keyring = keyring
        self.store = store
        # Where an export records its temp file while writing it (see ex.write_bundle).
        self.pending = store / "exports_pending"

    def remove_interrupted(self) -> int:
        """At start: delete the plaintext temps of exports a crash interrupted."""
        return ex.remove_pending_temps(self.pending)

    def _refuse_own_files(self, path: Path) -> None:
        """An operator's --out may be anywhere but in the store or the keys directory: a bundle
        written over ledger.db or a key file would destroy every memory for good."""
        target = Path(os.path.realpath(path))  # a link pointing into the store counts as inside it
        for name, root in (("the store", self.store), ("the keys directory", Path(self.keyring.path))):
            real = Path(os.path.realpath(root))
            if target == real or real in target.parents:
                raise BadRequest(f"{path} is inside {name} ({real}); write the bundle somewhere else",
                                 "invalid_arguments")

    async def op_export(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        subject = msg.get("subject")
        if subject is not None and (not isinstance(subject, str) or not subject.strip() or len(subject) > 300):
            raise BadRequest("`subject` must be a non-empty name", "invalid_arguments")
        from_agent = msg.get("from_agent") is not False
        requested = msg.get("path")
        if requested is not None and not isinstance(requested, str):
            raise BadRequest("`path` must be a string", "invalid_arguments")
        if from_agent:
            path = ex.exports_path(self.store, requested, tenant=tenant)
        elif requested:
            path = Path(requested)
            self._refuse_own_files(path)
        else:
            raise BadRequest("an --out file is required", "invalid_arguments")

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            key = self.keyring.signing_key()
            if subject:
                hits = ex.find_subjects(conn, tenant, self.sealer.open, subject)
                if not hits:
                    raise ex.ExportError(f"no subject named {subject!r} is stored for this tenant", "entity_not_found")
                if len(hits) > 1:
                    names = ", ".join(h["name"] for h in hits)
                    raise ex.ExportError(f"{subject!r} names more than one subject: {names}; give the full name",
                                         "ambiguous_subject")
                bundle = ex.build_subject_bundle(conn, tenant, self.sealer.open, self.store, hits[0]["entity_id"],
                                                 signing_key=key)
            else:
                bundle = ex.build_bundle(conn, tenant, self.sealer.open, self.store, signing_key=key)
            written = ex.write_bundle(path, bundle, exclusive=from_agent, pending=self.pending)
            return {"path": str(written), "memories": len(bundle.get("memories") or []),
                    "events": len(bundle.get("events") or []), "subject": subject,
                    "sources": len(bundle.get("sources") or [])}

        try:
            return await self.ledger.conn._execute(work, self.ledger.conn._conn)
        except FileExistsError:
            raise BadRequest(f"{path} already exists; exports never overwrite from an agent", "export_exists") from None
        except OSError as exc:
            raise BadRequest(f"cannot write {path}: {exc.strerror or exc}", "export_failed") from None
