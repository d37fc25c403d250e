"""The install's Ed25519 public key, published in the store where any verifier can find it.

The published key is also how a store recognises its keys directory. A store used with
another keys directory (a different FIREWEED_KEYS or XDG_CONFIG_HOME in another shell)
would otherwise be served under freshly minted keys: every stored memory unreadable, every
tombstone (keyed by the fingerprint key) unrecognised, the published key replaced. So the
writer binds the two at start (`bind_keys_to_store`) and never replaces a published key.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from fireweed.ledger_writer.certificate import public_key_id
from fireweed.ledger_writer.keyring import Keyring
from fireweed.shared.display import display_path
from fireweed.shared.errors import ConfigError

PUBLIC_KEY_FILE = "public_key.json"


class KeysMismatch(ConfigError):
    """The keys directory does not belong to the store (or the store's published key is unreadable)."""

    code = "keys_mismatch"


def _doc(public_key: bytes) -> dict[str, str]:
    return {"algorithm": "ed25519", "public_key": public_key.hex(), "key_id": public_key_id(public_key)}


def published_key(store: Path) -> bytes | None:
    """The public key published in the store; None if none is published.

    Raises KeysMismatch for a file that exists but cannot be read as a key: it is not
    ours to overwrite, and without it we cannot tell whether the keys belong here."""
    path = store / PUBLIC_KEY_FILE
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise KeysMismatch(f"the store's published key {display_path(path)} cannot be read ({exc})") from None
    try:
        doc = json.loads(text)
        key = bytes.fromhex(doc["public_key"])
        if len(key) != 32:
            raise ValueError("not 32 bytes")
    except (ValueError, KeyError, TypeError) as exc:
        raise KeysMismatch(
            f"the store's published key {display_path(path)} is not a valid key file ({exc}); "
            "restore it from a backup (it is never rewritten once published)") from None
    return key


def publish_public_key(store: Path, public_key: bytes) -> Path:
    """Write store/public_key.json (atomically) if none is published yet.

    An existing key that says the same is left alone; one that differs raises KeysMismatch
    and is never replaced (certificates already issued are verified against it)."""
    path = store / PUBLIC_KEY_FILE
    held = published_key(store)
    if held is not None:
        if held != public_key:
            raise KeysMismatch(
                f"the store {display_path(store)} already publishes public key {public_key_id(held)}; "
                f"refusing to replace it with {public_key_id(public_key)}")
        return path
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(_doc(public_key), indent=2, sort_keys=True) + "\n")
    os.replace(tmp, path)
    return path


def bind_keys_to_store(store: Path, keys_dir: Path, has_history: bool) -> Keyring:
    """Open the keys directory for this store, refusing one that does not belong to it.

    A store that has history or a published key must be served with the keys directory
    it was written with: that directory must already hold the install keys, and its
    signing key's public half must equal the published one. Only a store with neither
    (a brand-new store) gets keys created, and its public key published. Raises
    KeysMismatch naming both directories; creates nothing in a directory it refuses."""
    held = published_key(store)
    established = has_history or held is not None
    why = "has history" if has_history else f"publishes public key {public_key_id(held)}" if held else ""
    # The keys directory is the backend's setting, fixed when it was started: retrying cannot
    # mend this, restarting it with the right directory does.
    hint = ("stop this backend (`fireweed backend stop`) and start it with --keys or FIREWEED_KEYS set to "
            "the keys directory this store was written with; new keys would leave every stored memory "
            "unreadable and erased subjects unrecognised")
    if established and not os.path.lexists(keys_dir):
        raise KeysMismatch(f"the keys directory {display_path(keys_dir)} does not exist, but the store "
                           f"{display_path(store)} {why}; {hint}")
    keyring = Keyring(keys_dir)
    if established:
        missing = keyring.missing_install_keys()
        if missing:
            raise KeysMismatch(
                f"the keys directory {display_path(keys_dir)} does not hold this store's keys "
                f"(no {', '.join(missing)}), but the store {display_path(store)} {why}; {hint}")
    ours = keyring.public_key_bytes()
    if held is not None and held != ours:
        raise KeysMismatch(
            f"the keys directory {display_path(keys_dir)} belongs to another store: its public key "
            f"{public_key_id(ours)} differs from {public_key_id(held)} published in "
            f"{display_path(store / PUBLIC_KEY_FILE)}; {hint}")
    keyring.fingerprint_key()
    keyring.source_id_key()
    publish_public_key(store, ours)
    return keyring


def read_public_key(store: Path) -> bytes:
    """The published key, for verifiers; raises OSError, ValueError or KeyError if there is none."""
    doc = json.loads((store / PUBLIC_KEY_FILE).read_text())
    return bytes.fromhex(doc["public_key"])
