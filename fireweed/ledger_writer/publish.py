"""The install's Ed25519 public key, published in the store where any verifier can find it."""

from __future__ import annotations

import json
import os
from pathlib import Path

from fireweed.ledger_writer.certificate import public_key_id

PUBLIC_KEY_FILE = "public_key.json"


def publish_public_key(store: Path, public_key: bytes) -> Path:
    """Write store/public_key.json (atomically) unless it already says the same."""
    path = store / PUBLIC_KEY_FILE
    doc = {"algorithm": "ed25519", "public_key": public_key.hex(), "key_id": public_key_id(public_key)}
    try:
        if json.loads(path.read_text()) == doc:
            return path
    except (OSError, ValueError):
        pass
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, path)
    return path


def read_public_key(store: Path) -> bytes:
    doc = json.loads((store / PUBLIC_KEY_FILE).read_text())
    return bytes.fromhex(doc["public_key"])
