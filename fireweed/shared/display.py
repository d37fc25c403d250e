"""Paths shown to people and programs, in text that every JSON parser accepts."""

from __future__ import annotations

import os
from pathlib import Path


def display_path(path: str | Path) -> str:
    """``path`` as valid Unicode: bytes the file system name holds that are not UTF-8 (kept by
    Python as lone surrogates, which strict JSON parsers reject) become U+FFFD."""
    return os.fsencode(path).decode("utf-8", "replace")
