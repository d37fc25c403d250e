from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from fw import Front, stop_backend

_PYCACHE: str | None = None


def pytest_configure(config: pytest.Config) -> None:
    """The suite starts thousands of Python processes (fronts, backends, CLI runs). Where bytecode
    caching is off (PYTHONDONTWRITEBYTECODE, as some CI images set), each one compiles the package
    anew, about a third of a second a backend start; so the children cache it, in a directory of
    this run's own rather than in the checkout."""
    global _PYCACHE
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    if "PYTHONPYCACHEPREFIX" not in os.environ:
        _PYCACHE = tempfile.mkdtemp(prefix="fireweed-test-pycache-")
        os.environ["PYTHONPYCACHEPREFIX"] = _PYCACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    if _PYCACHE is not None:
        shutil.rmtree(_PYCACHE, ignore_errors=True)


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
