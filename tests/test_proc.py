"""Process helpers shared by the backend processes."""

from __future__ import annotations

import gc

from typing import Any

import anyio
import pytest

from fireweed.shared.proc import FULL_COLLECTION_AFTER, GrowthFreezer, rare_full_collections


def test_rare_full_collections_changes_only_the_oldest_generation() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)  # CPython's defaults
        rare_full_collections()
        assert gc.get_threshold() == (700, 10, FULL_COLLECTION_AFTER)
        assert FULL_COLLECTION_AFTER > 10  # control: the default is in fact changed
        assert gc.isenabled()  # the collector still runs
    finally:
        gc.set_threshold(*before)


def _count_freezes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    monkeypatch.setattr(gc, "collect", lambda *a: calls.append("collect") or 0)
    monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
    return calls


def test_growth_freezer_collects_then_freezes_once_per_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _count_freezes(monkeypatch)
    f = GrowthFreezer(every=10)
    for _ in range(9):
        f.grew(1)
    assert calls == []  # control: below the interval
    f.grew(1)
    assert calls == ["collect", "freeze"]
    f.grew(25)  # one step past the interval: one freeze, the count starts again
    assert calls == ["collect", "freeze"] * 2 and f.since == 0


def test_the_deciders_mutations_feed_its_growth_freezer(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from fireweed.decider.core import Decider
    from fireweed.shared.config import resolve_settings

    class Writer:  # acknowledges every append at once
        def queue_request(self, op: str, tenant: str, **fields: Any) -> Any:
            async def wait() -> dict[str, Any]:
                return {"events": [{"seq": e["seq"]} for e in fields["events"]]}
            return wait

    calls = _count_freezes(monkeypatch)
    d = Decider(resolve_settings(str(tmp_path / "store"), str(tmp_path / "keys")))
    d.freezer = GrowthFreezer(every=4)
    d.writer = Writer()  # type: ignore[assignment]
    d.ready.set()

    async def main() -> None:
        await d.mutate("t", lambda: [("read_recorded", {})] * 3)
        assert calls == []  # control: three events, below the interval
        await d.mutate("t", lambda: [("read_recorded", {})])
        assert calls == ["collect", "freeze"]

    anyio.run(main)
    assert d.projection.stats("t")["reads"] == 4
