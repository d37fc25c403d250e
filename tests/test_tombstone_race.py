"""An erasure that commits while a remember about the same subject is on its way.

A remember checks the tombstones first (the fingerprints are keyed, so that takes a writer call),
then stages its source and plans under the order lock. An erasure can commit in between; the plan
must see it, or the claim about the erased subject slips back in with no acknowledgement. Run
in-process on the decider's own code, with a stand-in writer that lets the erasure land exactly
in that gap.
"""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from fireweed.decider.front_ops import FrontOps
from fireweed.shared.errors import Unavailable
from standin_writer import StandInWriter, decider_on, fingerprint

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _erase(d, name: str) -> None:  # type: ignore[no-untyped-def]
    seq = d.next_seq.get("default", 0) + 1
    d.projection.apply("default", seq, "erased", {"entity_id": "ent_gone", "name_fingerprint": fingerprint(name),
                                                  "memories": [], "derived": [], "parts": []},
                       "2026-11-30T00:00:00.000000Z")
    d.next_seq["default"] = d.committed["default"] = seq


async def test_an_erasure_landing_between_the_check_and_the_plan_stops_the_claim(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, writer)
    ops = FrontOps(d)
    fired: list[str] = []

    def erase_once() -> None:  # the store's first erasure commits while the remember stages its source
        if not fired:
            fired.append("Ada Park")
            _erase(d, "Ada Park")

    writer.after_prepare = erase_once
    result = await ops.op_remember("default", {"claim": "Ada Park repaired the pump.",
                                               "evidence": "Ada Park repaired the pump on Monday."})
    assert fired and result["verdict"] == "not_stored" and result["code"] == "previously_erased"
    assert "append" not in writer.ops  # nothing about her was written
    # the positive, over the same store and the same gap: a claim about someone else is admitted
    fired.clear()
    writer.after_prepare = lambda: _erase(d, "Zoe Quill")
    result = await ops.op_remember("default", {"claim": "Bo Han repaired the gate.",
                                               "evidence": "Bo Han repaired the gate on Monday."})
    assert result["verdict"] == "admitted"


async def test_a_forget_retried_after_its_answer_was_lost_certifies_the_erasure_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, writer)
    ops = FrontOps(d)
    for claim in ("Ada Park repaired the pump.", "Bo Han repaired the gate."):
        assert (await ops.op_remember("default", {"claim": claim, "evidence": claim}))["verdict"] == "admitted"
    writer.fail_on = {"sign_certificate"}  # the writer dies after the erasure committed
    with pytest.raises(Unavailable):
        await ops.op_forget("default", {"subject": "Ada Park"})
    erased = next(ev for ev in writer.appended if ev["kind"] == "erased")
    assert not writer.signed
    writer.fail_on = set()
    # two retries at once (an agent retrying on two connections): one certificate between them
    answers: list[dict] = []

    async def retry() -> None:
        answers.append(await ops.op_forget("default", {"subject": "Ada Park"}))

    async with anyio.create_task_group() as tg:
        tg.start_soon(retry)
        tg.start_soon(retry)
    assert sorted(a["code"] for a in answers) == ["already_erased", "certified_late"]
    late = next(a for a in answers if a["code"] == "certified_late")
    assert late["verdict"] == "erased" and late["erased_at_seq"] == erased["seq"] and late["certificate"]
    assert all(p["verdict"] == "ABSTAINED" for p in late["probes"]) and len(late["probes"]) >= 3
    assert len(writer.signed) == 1 and [ev["kind"] for ev in writer.appended].count("certificate_issued") == 1
    fields = writer.signed[0]
    assert fields["ledger_head_after"] == {"seq": erased["seq"], "hash": f"{erased['seq']:064x}"}
    assert fields["ledger_head_before"]["seq"] == erased["seq"] - 1
    assert fields["memories_erased"] == 1  # the counts are the erasure's own, read from its event
    assert fields["bystanders_surviving"] == erased["payload"]["bystanders_surviving"] == 1  # Bo Han shares the source
    # the probes never spell what was erased, only the name the caller gave
    assert not any("pump" in p["question"] for p in fields["probes"])
    # the positive: a name that was never stored is still not found
    never = await ops.op_forget("default", {"subject": "Cy Moss"})
    assert never["verdict"] == "refused" and never["code"] == "entity_not_found"


async def test_an_erasure_recorded_without_its_bystander_count_is_not_certified_late(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, writer)
    ops = FrontOps(d)
    assert (await ops.op_remember("default", {"claim": "Bo Han repaired the gate.",
                                              "evidence": "Bo Han repaired the gate."}))["verdict"] == "admitted"
    _erase(d, "Ada Park")  # an `erased` event as stores before the count wrote it
    old = await ops.op_forget("default", {"subject": "Ada Park"})
    assert old["code"] == "already_erased" and "NO CERTIFICATE" in old["message"] and not writer.signed


async def test_a_question_answered_before_an_erasure_is_recorded_without_the_erased_subject(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fireweed.shared import policy

    writer = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, writer)
    ops = FrontOps(d)
    policy.use({**policy.DEFAULTS, "read_audit": "text"})
    for claim in ("Ada Park repaired the pump.", "Bo Han repaired the gate."):
        assert (await ops.op_remember("default", {"claim": claim, "evidence": claim}))["verdict"] == "admitted"
    asked = {q: d.projection.recall("default", q, None, d.visible_seq("default"), 5).to_dict()
             for q in ("What did Ada Park repair?", "What did Bo Han repair?")}
    ada = next(iter(asked["What did Ada Park repair?"]["results"]))["subjects"][0]
    seq = d.next_seq["default"] + 1  # she is erased while both answers are on their way to the read audit
    d.projection.apply("default", seq, "erased", {"entity_id": ada, "name_fingerprint": fingerprint("Ada Park"),
                                                  "memories": [], "derived": [], "parts": []}, "2026-11-30T00:00:00.000000Z")
    d.next_seq["default"] = d.committed["default"] = seq
    for q, answer in asked.items():
        await ops._record_read("default", q, answer)
    recorded = [ev["payload"] for ev in writer.appended if ev["kind"] == "read_recorded"]
    assert [r["query"] for r in recorded] == ["[erased]", "What did Bo Han repair?"]  # the twin keeps its words
    assert ada not in recorded[0]["subjects"] and recorded[1]["subjects"]


async def test_a_quotation_redacted_while_it_is_staged_is_refused_with_a_code_never_an_internal_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writer = StandInWriter()
    d = decider_on(tmp_path, monkeypatch, writer)
    ops = FrontOps(d)
    claim = "Ada Park repaired the pump."
    assert (await ops.op_remember("default", {"claim": claim, "evidence": claim}))["verdict"] == "admitted"
    writer.redacted = True  # the same quotation again: its held copy is found redacted...
    fired: list[str] = []

    def erase_once() -> None:  # ...because she was erased while it was being staged
        if not fired:
            fired.append("Ada Park")
            _erase(d, "Ada Park")

    writer.after_prepare = erase_once
    result = await ops.op_remember("default", {"claim": claim, "evidence": claim})
    assert fired and result["verdict"] == "not_stored" and result["code"] == "previously_erased", result
    # the twin: redacted with no erasure behind it (nothing to check again) is still a typed refusal
    writer.after_prepare = None
    other = "Bo Han repaired the gate."
    writer.redacted = False
    assert (await ops.op_remember("default", {"claim": other, "evidence": other}))["verdict"] == "admitted"
    writer.redacted = True
    result = await ops.op_remember("default", {"claim": other, "evidence": other})
    assert result["verdict"] == "refused" and result["code"] == "evidence_not_in_source", result
