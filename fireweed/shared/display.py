"""Paths shown to people and programs, in text that every JSON parser accepts."""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path


def display_path(path: str | Path) -> str:
    """``path`` as valid Unicode: bytes the file system name holds that are not UTF-8 (kept by
    Python as lone surrogates, which strict JSON parsers reject) become U+FFFD."""
    return os.fsencode(path).decode("utf-8", "replace")


def verifier_command(bundle: str) -> str:
    """The shell command that checks ``bundle`` with the standalone verifier, from any directory.

    The verifier imports nothing from Fireweed; this interpreter is named because ``python`` may
    not exist, and it has PyNaCl, with which the verifier also checks the signatures."""
    script = Path(__file__).resolve().parent.parent.parent / "open_format" / "verify_bundle.py"
    if not script.is_file():  # installed without the source tree: say where the script lives
        return f"python3 open_format/verify_bundle.py {shlex.quote(bundle)} (the script is in Fireweed's source tree)"
    return " ".join(shlex.quote(part) for part in (sys.executable, str(script), bundle))
