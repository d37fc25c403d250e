"""A writer that restarts between staging a source and appending the memory that needs it.

The decider asks the writer to stage a quoted evidence's source (`prepare_source`), then plans
and appends the memory with its `source_added`. Only the writer that staged the source holds it.
If that writer died in between and a new one is serving, the call must fail before anything is
planned: appending to the new writer makes it refuse (`source_not_prepared`), and a refused
append makes the decider drop that writer too, so under load one kill became a restart cascade.
These tests run the decider's own code in-process against stand-in writers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fireweed.decider.front_ops import FrontOps
from fireweed.shared.errors import Unavailable
from standin_writer import StandInWriter, decider_on

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


CLAIM = {"claim": "Ada Park repaired the pump.", "evidence": "Ada Park repaired the pump on Monday."}


async def test_the_writer_that_staged_the_source_gets_the_append(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, first)
    result = await FrontOps(d).op_remember("default", dict(CLAIM))
    assert result["verdict"] == "admitted"
    assert first.ops == ["prepare_source", "append"]


async def test_a_writer_replaced_after_staging_fails_the_call_and_the_new_one_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = StandInWriter(), StandInWriter()
    d = decider_on(tmp_path, monkeypatch, first)

    def restart() -> None:  # the writer dies after staging; the supervisor has a new one ready
        first.is_closed = True
        d.writer = second  # type: ignore[assignment]

    first.after_prepare = restart
    with pytest.raises(Unavailable, match="restarted"):
        await FrontOps(d).op_remember("default", dict(CLAIM))
    assert second.ops == []  # nothing was sent to the writer that never staged the source
    assert d.writer is second and not second.is_closed  # and it was not dropped in turn
    assert d.projection.stats("default")["memories"] == 0  # nothing was applied
    # the retry stages on the new writer and goes through
    result = await FrontOps(d).op_remember("default", dict(CLAIM))
    assert result["verdict"] == "admitted" and second.ops == ["prepare_source", "append"]
