"""The writer's half of erasure: destroy keys, redact parts, sign the certificate.

Everything that changes state happens while the `erased` event is applied,
inside the same SQLite transaction that appends it: the subject's key is
destroyed and its source parts lose their text and salt (the leaf hash stays,
so every Merkle root and every other party's receipt still verifies). After the
COMMIT the WAL is checkpointed with TRUNCATE, and secure_delete (on for the
writer's connection) has zeroed the freed bytes, so no old page keeps the text.
An export an agent wrote inside the store (store/exports/<tenant>/) that holds the
subject is deleted too: it is a signed plaintext copy, which cannot be redacted.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

from fireweed.ledger_writer.certificate import (
    CertificateRefused,
    build_certificate,
    certificate_bytes,
    render_certificate,
    sign_certificate,
)
from fireweed.ledger_writer.export import EXPORTS_DIR, fsync_dir
from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer.ledger import Ledger, LedgerError
from fireweed.ledger_writer.sealing import Sealer
from fireweed.shared.errors import BadRequest
from fireweed.shared.events import MEMORY_KEY_PREFIX, READ_KEY_PREFIX
from fireweed.shared.spelling import norm as _norm
from fireweed.shared.spelling import spelling as _spelling


def tenant_fingerprint(keyring: Keyring, tenant: str, name: str) -> str:
    """The keyed fingerprint of a name within one tenant.

    The tenant is hashed in, so the same person erased in two tenants leaves two
    unlinkable fingerprints (tenant names are validated: no NUL can occur in them)."""
    return keyring.name_fingerprint(f"{tenant.encode().hex()}\x00{name}")  # hex: case-folding must not merge tenants


log = logging.getLogger("fireweed.erasure")

_ASIDE = ".erasing."


def _erased_keys(payload: dict[str, Any]) -> list[str]:
    """The keys an `erased` event destroys: the subject's, those of the read-audit records whose
    question named the subject, and the own key of every memory its closure takes (a memory
    sealed before memories had one has none, and destroying it is then a no-op)."""
    entity_id = payload.get("entity_id")
    out = [entity_id] if isinstance(entity_id, str) else []
    for field, prefix in (("read_keys", READ_KEY_PREFIX), ("memories", MEMORY_KEY_PREFIX), ("derived", MEMORY_KEY_PREFIX)):
        ids = payload.get(field) or []
        out.extend(k for k in (ids if isinstance(ids, list) else []) if isinstance(k, str) and k.startswith(prefix))
    return out


class Erasure:
    def __init__(self, ledger: Ledger, sealer: Sealer, keyring: Keyring, store: Path) -> None:
        self.ledger = ledger
        self.sealer = sealer
        self.keyring = keyring
        self.cert_dir = store / "certificates"
        self.exports_dir = store / EXPORTS_DIR
        self._keys_due: list[tuple[str, str]] = []  # erased subjects whose key is still to be destroyed
        self._aside: list[tuple[str, str]] = []  # (export, its set-aside name) of the batch being written
        self._checkpoint_due = False  # an erasure's WAL checkpoint could not run yet

    def attach(self, tenant: str, event: dict[str, Any]) -> None:
        """Move the subject's name out of the event before it is queued: it is used to find
        parts to redact and is never stored."""
        if event.get("kind") == "erased":
            names = event.pop("redact_names", None) or []
            event.setdefault("attachments", {})["redact_names"] = [n for n in names if isinstance(n, str) and n.strip()]

    def apply(self, cur: sqlite3.Cursor, tenant: str, seq: int, kind: str, payload: dict[str, Any],
              attachments: dict[str, Any]) -> None:
        if kind != "erased":
            return
        entity_id = payload.get("entity_id")
        if not isinstance(entity_id, str):
            raise LedgerError("erased needs an entity_id", "bad_payload")
        targets: set[tuple[str, int]] = set()
        for part in payload.get("parts") or []:
            if isinstance(part, dict) and isinstance(part.get("source_id"), str) and isinstance(part.get("index"), int):
                targets.add((part["source_id"], part["index"]))
        names = [_norm(n) for n in attachments.get("redact_names", [])]
        spelled = _spelling(names)
        if spelled is not None:
            # Any sentence that still spells the subject's name goes too: a leak cannot be undone.
            rows = cur.execute("SELECT source_id, idx, text FROM source_parts WHERE tenant=? AND text IS NOT NULL", (tenant,))
            for source_id, idx, text in rows.fetchall():
                if spelled.search(_norm(bytes(text).decode("utf-8", "replace"))):
                    targets.add((source_id, idx))
        cur.executemany(
            "UPDATE source_parts SET text=NULL, salt=NULL WHERE tenant=? AND source_id=? AND idx=?",
            [(tenant, sid, idx) for sid, idx in sorted(targets)],
        )
        payload_parts = len(targets)
        attachments["redacted"] = payload_parts
        attachments["exports_deleted"] = self._set_aside_exports(tenant, entity_id, names)
        # The key cannot be restored once destroyed, so it is destroyed only after the COMMIT
        # (after_commit); a crash in between leaves a committed erasure whose key the next start
        # destroys (finish_interrupted). Until then nothing more is sealed under it.
        for key_id in _erased_keys(payload):
            self.sealer.doom(tenant, key_id)

    def _set_aside_exports(self, tenant: str, entity_id: str, names: list[str]) -> int:
        """Set aside this tenant's in-store exports that hold the subject (its id or its name).

        They are renamed to `.erasing.<entity_id>.<name>` (a name no agent can give) inside the
        erasure's transaction, deleted once it has committed (after_commit), put back if it rolls
        back (after_rollback), and at a writer's start deleted or put back by whether the chain
        holds the erasure: the exports go with the erasure, all or nothing, across a crash."""
        folder = self.exports_dir / tenant
        try:
            entries = list(os.scandir(folder))
        except FileNotFoundError:
            return 0
        spelled = _spelling(names)
        needle = f"\"{entity_id.casefold()}\""
        moved = 0
        for entry in entries:
            if not entry.is_file(follow_symlinks=False) or entry.name.startswith("."):
                continue
            try:
                with open(entry.path, "rb") as fh:
                    body = _norm(fh.read().decode("utf-8", "replace"))
            except OSError:
                continue
            if needle in body or (spelled is not None and spelled.search(body)):
                aside = os.path.join(folder, f"{_ASIDE}{entity_id}.{entry.name}")
                os.replace(entry.path, aside)
                self._aside.append((entry.path, aside))
                moved += 1
        if moved:
            fsync_dir(folder)  # the renames must outlive a crash, so that a start finds them
        return moved

    def _settle_aside(self, keep: bool) -> None:
        """Delete the exports set aside (the erasure committed), or put them back (it did not)."""
        folders = set()
        for original, aside in self._aside:
            try:
                if keep:
                    os.replace(aside, original)
                else:
                    os.unlink(aside)
            except OSError as exc:
                log.error("could not settle an export set aside by an erasure (%s); the next start will", exc)
            folders.add(os.path.dirname(aside))
        self._aside.clear()
        for folder in folders:
            try:
                fsync_dir(folder)
            except OSError:
                pass

    def settle_interrupted_exports(self, conn: sqlite3.Connection) -> int:
        """At start: the exports a crash left set aside go if their erasure committed, else back."""
        settled = 0
        try:
            tenants = [e for e in os.scandir(self.exports_dir) if e.is_dir(follow_symlinks=False)]
        except FileNotFoundError:
            return 0
        for tenant_dir in tenants:
            asides = [e for e in os.scandir(tenant_dir.path) if e.name.startswith(_ASIDE)]
            if not asides:
                continue
            erased: set[str] = set()
            rows = conn.execute("SELECT payload FROM events WHERE tenant=? AND kind='erased'", (tenant_dir.name,))
            for (body,) in rows.fetchall():
                try:
                    erased.add(str(json.loads(bytes(body))["entity_id"]))
                except (ValueError, KeyError, TypeError):
                    continue
            for entry in asides:
                entity_id, _, original = entry.name[len(_ASIDE):].partition(".")
                if entity_id in erased:
                    os.unlink(entry.path)
                else:
                    os.replace(entry.path, os.path.join(tenant_dir.path, original))
                settled += 1
            fsync_dir(tenant_dir.path)
        return settled

    def after_commit(self, conn: sqlite3.Connection, committed: list[tuple[str, dict[str, Any]]]) -> None:
        """The erasures are durable: destroy their subjects' keys, and push the redacted pages
        out of the WAL. Neither may fail the commit, which has happened: what cannot be done now
        is retried after the next commit (and a start finishes any key left)."""
        erased = [(tenant, key_id) for tenant, ev in committed if ev.get("kind") == "erased"
                  for key_id in _erased_keys(ev["payload"])]
        self._settle_aside(keep=False)
        self._keys_due.extend(erased)
        by_tenant: dict[str, list[str]] = {}
        for tenant, key_id in self._keys_due:
            by_tenant.setdefault(tenant, []).append(key_id)
        for tenant, key_ids in by_tenant.items():
            try:
                self.sealer.forget(tenant, *key_ids)  # one fdatasync for a subject and its closure
            except OSError as exc:
                log.error("could not destroy an erased subject's keys yet (%s); will retry", exc)
                continue
            self._keys_due = [due for due in self._keys_due if due[0] != tenant]
        if erased or self._checkpoint_due:
            try:
                # TRUNCATE needs no statement open on this connection; a read in progress (a
                # replay page, a locate) makes it fail with "locked": the next commit tries again.
                busy = conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
            except sqlite3.Error as exc:
                busy, reason = 1, str(exc)
            else:
                reason = "busy"
            self._checkpoint_due = bool(busy)
            if busy:
                log.warning("the WAL still holds redacted pages (%s); checkpointing again after the next commit", reason)

    def after_rollback(self) -> None:
        self.sealer.spare_all()
        self._settle_aside(keep=True)

    def finish_interrupted(self, conn: sqlite3.Connection) -> int:
        """Destroy the key of every erased subject that still has one: a writer that died between
        an erasure's COMMIT and the key's destruction. Returns how many were destroyed."""
        done = 0
        for tenant, payload in conn.execute("SELECT tenant, payload FROM events WHERE kind='erased'").fetchall():
            try:
                keys = _erased_keys(json.loads(bytes(payload)))
            except (ValueError, TypeError, AttributeError):
                continue
            held = [k for k in keys if self.keyring.has_key(tenant, k)]
            if held:
                done += self.sealer.forget(tenant, *held)
        return done

    def recover(self, conn: sqlite3.Connection) -> tuple[int, int]:
        """At a writer's start, finish what a crash left of erasures: destroy the keys of committed
        erasures, move their pages out of the WAL (nothing else would until the next erasure),
        and remove certificate files the chain does not record. Returns (keys, certificates)."""
        keys = self.finish_interrupted(conn)
        self.settle_interrupted_exports(conn)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        return keys, self.remove_unrecorded_certificates(conn)

    def remove_unrecorded_certificates(self, conn: sqlite3.Connection) -> int:
        """At start: delete certificate files that no certificate_issued event records (a crash
        between writing one and recording it; the agent was never given it), and half-written
        temps, so that the folder holds exactly what the chain says was issued."""
        try:
            entries = list(os.scandir(self.cert_dir))
        except FileNotFoundError:
            return 0
        recorded: set[str] = set()
        for (body,) in conn.execute("SELECT payload FROM events WHERE kind='certificate_issued'").fetchall():
            try:
                name = json.loads(bytes(body)).get("file")
            except (ValueError, AttributeError):
                continue
            if isinstance(name, str):
                recorded.add(name)
        removed = 0
        for entry in entries:
            if entry.is_file(follow_symlinks=False) and entry.name not in recorded and entry.name.endswith((".json", ".tmp")):
                os.unlink(entry.path)
                removed += 1
        return removed

    def reads_naming(self, conn: sqlite3.Connection, tenant: str, names: list[str]) -> list[str]:
        """The keys of the read-audit records whose question spells one of the names.

        A question is kept (in text mode) under a key of its own, so that an erasure can destroy
        it with the subject's key: it may name the subject without any stored claim doing so."""
        spelled = _spelling([_norm(n) for n in names])
        if spelled is None:
            return []
        out: set[str] = set()
        rows = conn.execute("SELECT seq, payload FROM events WHERE tenant=? AND kind='read_recorded'", (tenant,))
        for seq, body in rows.fetchall():
            stored = json.loads(bytes(body))
            read_key, sealed = stored.get("read_key"), stored.get("sealed")
            if not isinstance(read_key, str) or not isinstance(sealed, dict) or read_key in out:
                continue
            try:
                query = json.loads(self.sealer.open_fields(tenant, seq, sealed).get("query", b'""'))
            except ValueError:
                continue
            if isinstance(query, str) and spelled.search(_norm(query)):
                out.add(read_key)
        return sorted(out)

    # ---- ops ---------------------------------------------------------------
    async def op_reads_naming(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        names = msg.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or not 0 < len(names) <= 16:
            raise BadRequest("`names` must be a list of 1 to 16 strings")
        return {"read_keys": await self.ledger.conn._execute(self.reads_naming, self.ledger.conn._conn, tenant, names)}

    async def op_fingerprint(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        names = msg.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(names) > 256:
            raise BadRequest("`names` must be a list of at most 256 strings")
        return {"fingerprints": [tenant_fingerprint(self.keyring, tenant, n) for n in names]}

    async def op_sign_certificate(self, tenant: str, msg: dict[str, Any]) -> dict[str, Any]:
        """Sign, save under store/certificates/, and return the certificate and its hash.

        Probe questions spell the subject's name and facts, so the saved
        certificate lists each probe by a keyed fingerprint, never by its text."""
        fields = msg.get("fields")
        if not isinstance(fields, dict):
            raise BadRequest("`fields` must be an object")
        probes = fields.get("probes")
        if not isinstance(probes, list):
            raise BadRequest("`fields.probes` must be a list")
        masked = []
        for i, p in enumerate(probes):
            if not isinstance(p, dict):
                raise BadRequest("each probe must be an object")
            fp = tenant_fingerprint(self.keyring, tenant, str(p.get("question", "")) or "?")[:16]
            masked.append({"question": f"probe {i + 1} ({p.get('kind', 'question')}), text fingerprint {fp}",
                           "verdict": str(p.get("verdict", ""))})
        try:
            unsigned = build_certificate(
                tenant=tenant,
                subject_fingerprint=str(fields.get("subject_fingerprint")),
                closure_size=fields.get("closure_size"),
                memories_erased=fields.get("memories_erased"),
                derived_invalidated=fields.get("derived_invalidated"),
                bystanders_surviving=fields.get("bystanders_surviving"),
                probes=masked,
                ledger_head_before=fields.get("ledger_head_before"),
                ledger_head_after=fields.get("ledger_head_after"),
                key_destroyed=not self.keyring.has_key(tenant, str(fields.get("entity_id"))),
            )
            cert = sign_certificate(unsigned, self.keyring.signing_key())
        except CertificateRefused as exc:
            return {"issued": False, "reason": str(exc)}
        except (TypeError, ValueError) as exc:
            raise BadRequest(f"certificate fields are invalid: {exc}", "bad_certificate") from None
        data = certificate_bytes(cert)
        digest = hashlib.sha256(data).hexdigest()
        self.cert_dir.mkdir(mode=0o700, exist_ok=True)
        path = self.cert_dir / f"{tenant}-{digest[:24]}.json"
        tmp = path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
        return {"issued": True, "certificate": cert, "certificate_hash": digest, "path": str(path),
                "rendered": render_certificate(cert)}


def read_certificate(path: Path) -> dict[str, Any]:
    return json.loads(path.read_bytes())
