"""A front that starts the backend notices a decider that dies before it answers.

In-process: ensure_backend with the spawn replaced by processes that die at once, then by the
real decider.
"""

from __future__ import annotations

import subprocess
import time

import pytest

from fireweed.proposer_api import backend
from fireweed.shared.config import resolve_settings
from fireweed.shared.errors import Unavailable
from fw import stop_backend

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _dying(script: str):  # type: ignore[no-untyped-def]
    def spawn(settings):  # type: ignore[no-untyped-def]
        proc = subprocess.Popen(["sh", "-c", script])
        proc.wait()  # what the reaper thread does
        return proc
    return spawn


async def test_a_decider_killed_while_starting_is_started_again(fw_env, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in fw_env.items():
        monkeypatch.setenv(key, value)
    settings = resolve_settings()
    real = backend.spawn_decider
    spawned: list[str] = []

    def spawn(s):  # type: ignore[no-untyped-def]
        if not spawned:
            spawned.append("killed")
            return _dying("kill -9 $$")(s)
        spawned.append("real")
        return real(s)

    monkeypatch.setattr(backend, "spawn_decider", spawn)
    t0 = time.monotonic()
    try:
        assert await backend.ensure_backend(settings, timeout=20) is True
        assert spawned == ["killed", "real"] and time.monotonic() - t0 < 15
    finally:
        stop_backend(fw_env)


async def test_a_decider_that_exits_by_itself_is_reported_at_once(fw_env, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in fw_env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setattr(backend, "spawn_decider", _dying("exit 3"))
    t0 = time.monotonic()
    with pytest.raises(Unavailable) as info:
        await backend.ensure_backend(resolve_settings(), timeout=20)
    assert "status 3" in str(info.value) and time.monotonic() - t0 < 5
