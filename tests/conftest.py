from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from fw import Front, stop_backend


@pytest.fixture
def fw_env(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A fresh store and keys directory; every backend started on it is stopped afterwards."""
    env = dict(os.environ)
    env["FIREWEED_STORE"] = str(tmp_path / "store")
    env["FIREWEED_KEYS"] = str(tmp_path / "keys")
    env["FIREWEED_IDLE_EXIT"] = "60"
    env.pop("FIREWEED_TENANT", None)
    yield env
    stop_backend(env)


@pytest.fixture
def front(fw_env: dict[str, str]) -> Iterator[Front]:
    f = Front(fw_env)
    f.initialize()
    yield f
    f.close()
