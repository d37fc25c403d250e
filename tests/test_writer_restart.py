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
from typing import Any

import anyio
import pytest

from fireweed.decider.core import Decider
from fireweed.decider.front_ops import FrontOps
from fireweed.shared.config import resolve_settings
from fireweed.shared.errors import Unavailable

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class StandInWriter:
    """Answers prepare_source and append at once; can hand the decider over to a successor."""

    def __init__(self) -> None:
        self.is_closed = False
        self.ops: list[str] = []
        self.after_prepare: Any = None

    async def call(self, op: str, tenant: str, **fields: Any) -> dict[str, Any]:
        wait = await self.send_request(op, tenant, **fields)
        return await wait()

    async def send_request(self, op: str, tenant: str, **fields: Any) -> Any:
        self.ops.append(op)
        if op == "prepare_source":
            text = fields["text"]
            leaf = "ab" * 32
            receipt = {"source_id": "evidence-1", "root": leaf, "size": 1, "byte_start": 0,
                       "byte_end": len(text.encode()), "parts": [0], "leaves": [leaf], "proofs": [[]]}
            result: dict[str, Any] = {"source_id": "evidence-1", "exists": False, "root": leaf, "size": 1,
                                      "leaves": [leaf], "located": {"found": True, "receipt": receipt, "span": text,
                                                                    "part_spans": [[0, len(text.encode())]],
                                                                    "part_texts": [text]}}
            if self.after_prepare is not None:
                self.after_prepare()
        elif op == "append":
            result = {"events": [{"tenant": tenant, "seq": e["seq"], "kind": e["kind"],
                                  "recorded_at": e["recorded_at"], "hash": "00" * 32} for e in fields["events"]]}
        else:
            result = {}

        async def wait() -> dict[str, Any]:
            await anyio.lowlevel.checkpoint()
            return result

        return wait

    async def aclose(self) -> None:
        self.is_closed = True


def _decider(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writer: StandInWriter) -> Decider:
    monkeypatch.setenv("FIREWEED_STORE", str(tmp_path / "store"))
    monkeypatch.setenv("FIREWEED_KEYS", str(tmp_path / "keys"))
    d = Decider(resolve_settings())
    d.writer = writer  # type: ignore[assignment]
    d.ready.set()
    return d


CLAIM = {"claim": "Ada Park repaired the pump.", "evidence": "Ada Park repaired the pump on Monday."}


async def test_the_writer_that_staged_the_source_gets_the_append(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = StandInWriter()
    d = _decider(tmp_path, monkeypatch, first)
    result = await FrontOps(d).op_remember("default", dict(CLAIM))
    assert result["verdict"] == "admitted"
    assert first.ops == ["prepare_source", "append"]


async def test_a_writer_replaced_after_staging_fails_the_call_and_the_new_one_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = StandInWriter(), StandInWriter()
    d = _decider(tmp_path, monkeypatch, first)

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
