"""Content fields sealed per subject before they are hashed into the chain.

Each content field of an event is sealed with XChaCha20-Poly1305 under the key
derived from EVERY subject the event names, with (tenant, seq, field) as
associated data, so a ciphertext cannot be moved to another event or field.
The chain hashes the ciphertext: destroying one subject's key makes the
content unreadable forever while every hash still verifies.

Stored form: the plain payload minus its content fields, plus
`"sealed": {"keys": [entity ids], "fields": {name: base64(ciphertext)}}`.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from fireweed.ledger_writer import keyring as kr
from fireweed.ledger_writer.ledger import LedgerError
from fireweed.shared.canonical import canonical_json
from fireweed.shared.events import MEMORY_KEY_PREFIX, READ_KEY_PREFIX

CONTENT_FIELDS: dict[str, tuple[str, ...]] = {
    "entity_created": ("name",),
    # relation is derived from the claim's words, so it is content too
    "memory_admitted": ("claim", "evidence", "relation"),
    "review_decided": ("note",),
    "memory_state_changed": ("note",),
    "read_recorded": ("query", "answer"),
}
# Memories that name no entity are sealed under a per-tenant key of their own.
TENANT_KEY_ID = "_tenant"
ERASED = "[erased]"
ERASED_JSON = b'"[erased]"'
_OWN_KEY_PREFIXES = (READ_KEY_PREFIX, MEMORY_KEY_PREFIX)


def _own_key(kind: str, payload: dict[str, Any]) -> str | None:
    """The id of the event's own key, if it has one: a read-audit record's (the erasure of whoever
    its question names destroys it) or a memory's, its id (the erasure whose closure takes it
    destroys it, whichever subjects it was filed under), which also seals the notes made on it."""
    if kind == "read_recorded":
        key_id, prefix = payload.get("read_key"), READ_KEY_PREFIX
    elif kind in ("memory_admitted", "review_decided", "memory_state_changed"):
        key_id, prefix = payload.get("memory_id"), MEMORY_KEY_PREFIX
    else:
        return None
    return key_id if isinstance(key_id, str) and key_id.startswith(prefix) else None


def key_ids(kind: str, payload: dict[str, Any]) -> list[str]:
    if kind == "entity_created":
        return [str(payload["entity_id"])]
    ids = {str(s) for s in payload.get("subjects") or []}
    own = _own_key(kind, payload)
    if own is not None:
        ids.add(own)
    return sorted(ids) or [TENANT_KEY_ID]


class Sealer:
    def __init__(self, keyring: kr.Keyring) -> None:
        self.keyring = keyring
        self._cache: dict[tuple[str, tuple[str, ...]], bytes] = {}
        # Subjects erased by the transaction being written: no later event of that transaction may
        # seal under their keys, which are destroyed on disk only once the COMMIT is durable.
        self._doomed: set[tuple[str, str]] = set()

    def _key(self, tenant: str, ids: list[str], create: bool) -> bytes | None:
        if self._doomed and any((tenant, i) in self._doomed for i in ids):
            return None
        cache_key = (tenant, tuple(ids))
        key = self._cache.get(cache_key)
        if key is not None:
            return key
        if create:
            for entity_id in ids:
                if not self.keyring.has_key(tenant, entity_id):
                    self.keyring.new_subject_key(tenant, entity_id)
        key = self.keyring.memory_key(tenant, ids)
        if key is not None and not any(i.startswith(_OWN_KEY_PREFIXES) for i in ids):  # an own key serves one event
            if len(self._cache) > 50_000:
                self._cache.clear()
            self._cache[cache_key] = key
        return key

    def prepare_batch(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Create, durably and all at once, the keys a group commit is about to seal under."""
        pairs = []
        for tenant, ev in events:
            kind, payload = ev.get("kind"), ev.get("payload")
            if not isinstance(payload, dict) or not CONTENT_FIELDS.get(str(kind)):
                continue
            try:
                ids = key_ids(str(kind), payload)
            except (KeyError, TypeError):
                continue
            if kind == "entity_created" or ids == [TENANT_KEY_ID]:
                pairs.extend((tenant, i) for i in ids if (tenant, (i,)) not in self._cache)
            own = _own_key(str(kind), payload)
            if own is not None:
                pairs.append((tenant, own))
        if pairs:
            try:
                self.keyring.new_subject_keys(pairs)
            except Exception:
                pass  # sealing creates (or refuses) each key itself and reports it per mutation

    def doom(self, tenant: str, entity_id: str) -> None:
        """Stop sealing under the subject's key now; `forget` destroys it after the COMMIT."""
        self._doomed.add((tenant, entity_id))

    def spare_all(self) -> None:
        """The transaction that doomed them rolled back: their keys are in use again."""
        self._doomed.clear()

    def forget(self, tenant: str, *key_ids: str) -> int:
        """Drop every cached key derived from these keys, then destroy the keys themselves (with
        one fdatasync); returns how many existed."""
        gone = {k for k in key_ids if not k.startswith(_OWN_KEY_PREFIXES)}  # own keys are never cached (see _key)
        if gone:
            for cache_key in [k for k in self._cache if k[0] == tenant and gone.intersection(k[1])]:
                del self._cache[cache_key]
        destroyed = self.keyring.destroy_subject_keys(tenant, key_ids)
        self._doomed.difference_update((tenant, k) for k in key_ids)
        return destroyed

    def seal(self, tenant: str, seq: int, kind: str, payload: dict[str, Any]) -> bytes:
        fields = [f for f in CONTENT_FIELDS.get(kind, ()) if f in payload]
        if not fields:
            return canonical_json(payload)
        ids = key_ids(kind, payload)
        # New subjects get their key when they first appear; an erased one never gets a new key.
        create = kind == "entity_created" or ids == [TENANT_KEY_ID]
        own = _own_key(kind, payload)
        if own is not None and not self.keyring.has_key(tenant, own):
            self.keyring.new_subject_key(tenant, own)  # an event's own key is new with it
        key = self._key(tenant, ids, create)
        if key is None:
            raise LedgerError("the event names a subject whose key was destroyed (erased)", "subject_erased")
        stored = {k: v for k, v in payload.items() if k not in fields}
        stored["sealed"] = {
            "keys": ids,
            "fields": {
                f: base64.b64encode(kr.seal(key, canonical_json(payload[f]), kr.aad(tenant, seq, f))).decode("ascii")
                for f in fields
            },
        }
        return canonical_json(stored)

    def open(self, tenant: str, seq: int, kind: str, stored: dict[str, Any]) -> dict[str, Any]:
        sealed = stored.pop("sealed", None)
        if not isinstance(sealed, dict):
            return stored
        for name, raw in self.open_fields(tenant, seq, sealed).items():
            try:
                stored[name] = json.loads(raw)
            except ValueError:
                stored[name] = ERASED
        return stored

    def open_fields(self, tenant: str, seq: int, sealed: dict[str, Any]) -> dict[str, bytes]:
        """Each sealed field's plaintext, the canonical JSON it was sealed as; `"[erased]"` as
        JSON for a field whose key is destroyed or that does not open."""
        ids = [str(i) for i in sealed.get("keys") or []]
        key = self._key(tenant, ids, False) if ids else None
        fields = sealed.get("fields")
        out: dict[str, bytes] = {}
        for name, blob in (fields.items() if isinstance(fields, dict) else ()):
            if key is None:
                out[name] = ERASED_JSON
                continue
            try:
                out[name] = kr.open(key, base64.b64decode(blob), kr.aad(tenant, seq, name))
            except (kr.DecryptError, ValueError, TypeError):
                out[name] = ERASED_JSON
        return out
