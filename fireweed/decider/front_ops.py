"""What a front (one agent's MCP session) may ask of the decider.

Every method takes the tenant the front is bound to and the request's fields,
validates them itself (the front validates too, but the decider trusts no
caller), and returns a plain result dict whose `verdict` the front renders.
Refusals are results, not errors: they are answers the agent should read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import anyio

from fireweed.decider.args import bool_arg, iso_time
from fireweed.decider.args import text_arg as _text
from fireweed.decider.audit_ops import AuditOps
from fireweed.decider.core import Decider
from fireweed.decider.evidence_span import narrow_receipt
from fireweed.decider.export_ops import ExportOps
from fireweed.decider.firewall import classify
from fireweed.decider.projection import Plan
from fireweed.decider.forget_ops import ForgetOps
from fireweed.decider.recall_ops import ReadLog, RecallOps
from fireweed.decider.results import refused
from fireweed.decider.write_gate import judge
from fireweed.shared import policy
from fireweed.shared.display import display_path
from fireweed.shared.errors import BadRequest, RemoteError, Unavailable
from fireweed.shared.limits import LIMITS
from fireweed.shared.names import BadName, validate_source_id
from fireweed.shared.rpc import RpcClient

log = logging.getLogger("fireweed.decider.ops")

# (the plan of a remember, its events) -> the events to commit in their place (Plan is the projection's)
Finish = Callable[[Plan, list[tuple[str, dict[str, Any]]]], list[tuple[str, dict[str, Any]]]]


def readmission_policy() -> str:
    """review (default): a re-admission waits for an operator; agent: the acknowledgement itself admits.
    The requesting front's declared policy (shared.policy), never the backend's environment."""
    return policy.current("readmission")


class FrontOps(RecallOps, AuditOps, ForgetOps, ExportOps):
    OPS = frozenset({"hello", "echo", "remember", "add_source", "memory_stats", "cancel", "recall", "review_reads",
                     "review_quarantine", "verify_receipts", "trace_evidence", "forget", "export_memory"})

    def __init__(self, decider: Decider) -> None:
        self.d = decider
        # Striped: one lock per (tenant, source) would grow without bound; a collision only serialises.
        self._source_locks = [anyio.Lock(fast_acquire=True) for _ in range(256)]
        self.reads = ReadLog()
        self._certifying = anyio.Lock()
        decider.observers.append(self.reads)

    # Until the projection has been replayed it would answer from an empty memory.
    NEEDS_PROJECTION = frozenset(OPS - {"hello", "echo", "cancel"})
    # What an agent may still ask of a tenant that is being imported: a half-imported tenant
    # lacks the holds, the tombstones and some states of the bundle, so it is neither written
    # nor read (a held subject's memories would be returned, a rejected claim answered) until
    # the import completes. memory_stats shows how far it got (`importing`).
    WHILE_IMPORTING = frozenset({"hello", "echo", "cancel", "memory_stats"})

    async def prepare(self, op: str, tenant: str) -> dict[str, Any] | None:
        if op in self.NEEDS_PROJECTION:
            await self.d.writer_ready()
        sha = self.d.projection.importing(tenant)
        if sha is not None and op not in self.WHILE_IMPORTING:
            # The common case answered here as a refusal the agent can act on; a write that
            # races with the start of an import is refused by Decider.mutate under the order lock.
            return refused("import_in_progress",
                           f"Tenant {tenant!r} is being restored from an export bundle (SHA-256 {sha[:16]}…) and the "
                           "restore is not complete; nothing was read or written.",
                           "Wait until the operator's `fireweed import` of that bundle has completed, then call again.")
        return None

    async def op_hello(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"tenant": tenant, "store": display_path(self.d.settings.store)}

    async def op_echo(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """The transport ceiling: front → decider → writer → back, with no ledger write."""
        writer = await self.d.writer_ready()
        await writer.call("ping", tenant)
        return {"verdict": "ok"}

    # ---- sources -----------------------------------------------------------
    async def ensure_source(self, tenant: str, source_id: str | None, text: str, declared: dict[str, Any] | None = None,
                            single_part: bool = False, auto: str | None = None,
                            import_parts: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """Register `text` as `source_id` unless the same text is already held.

        With no `source_id`, `auto` names the prefix of an id the writer derives (keyed, so
        the id reveals nothing of the text); the answer carries the id it chose."""
        writer = await self.d.writer_ready()
        lock = self._source_lock(tenant, source_id) if source_id is not None else self._text_lock(tenant, str(auto), text)
        ident: dict[str, Any] = {"source_id": source_id} if source_id is not None else {"auto": auto}
        if import_parts is not None:
            ident["parts"] = import_parts  # only the operator's import sends these (see op_import_source)
        else:
            ident["text"] = text  # with parts the writer rebuilds the text from them
        async with lock:
            try:
                prepared = await writer.call("prepare_source", tenant, single_part=single_part, **ident)
            except RemoteError as exc:
                raise BadRequest(str(exc), exc.code) from None
            source_id = str(prepared["source_id"])
            if prepared.get("exists"):
                return {"source_id": source_id, "new": False}
            payload: dict[str, Any] = {
                "source_id": source_id,
                "root": prepared["root"],
                "size": prepared["size"],
                "leaves": prepared["leaves"],
            }
            for key, value in (declared or {}).items():
                if value is not None:
                    payload[key] = value
            if declared:
                payload["declared_not_verified"] = sorted(k for k, v in declared.items() if v is not None)
            committed = await self.d.mutate(tenant, lambda: [("source_added", payload)], on=writer)
        return {"source_id": source_id, "new": True, "root": prepared["root"], "size": prepared["size"],
                "seq": committed[-1]["seq"] if committed else None}

    def _source_lock(self, tenant: str, source_id: str) -> anyio.Lock:
        return self._source_locks[hash((tenant, source_id)) % len(self._source_locks)]

    def _text_lock(self, tenant: str, prefix: str, text: str) -> anyio.Lock:
        """The lock for a source the writer will name: keyed by the text itself, which the
        decider holds anyway; the key never leaves this process (Python's hash is salted)."""
        return self._source_locks[hash((tenant, prefix, text)) % len(self._source_locks)]

    async def op_add_source(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        source_id = self._source_id(args.get("source_id"))
        text = _text(args, "text", LIMITS.source_chars)
        assert text is not None
        declared = {k: _text(args, k, 200, required=False) for k in ("origin", "origin_kind", "supplied_by")}
        info = await self.ensure_source(tenant, source_id, text, declared)
        return {"verdict": "admitted", "kind": "source", **info}

    @staticmethod
    def _source_id(value: Any) -> str:
        try:
            return validate_source_id(value)
        except BadName as exc:
            raise BadRequest(str(exc), "bad_source_id") from None

    # ---- remember -------------------------------------------------------
    async def op_remember(self, tenant: str, args: dict[str, Any], finish: Finish | None = None) -> dict[str, Any]:
        """`finish` (the operator's import only) adds events to the memory's own commit (see _admit)."""
        # The tombstone check needs the writer (fingerprints are keyed there), so it runs before
        # the plan, outside the order lock. An erasure that commits in between is caught by the
        # plan, which sees the tombstones change; the remember is then checked again from the top.
        for _ in range(_TOMBSTONE_RETRIES):
            try:
                return await self._remember(tenant, args, finish)
            except _TombstonesMoved:
                continue
        raise Unavailable("subjects were being erased throughout this call; nothing was written; retry", recorded="no")

    async def _remember(self, tenant: str, args: dict[str, Any], finish: Finish | None) -> dict[str, Any]:
        claim = _text(args, "claim", LIMITS.claim_chars)
        evidence = _text(args, "evidence", LIMITS.evidence_chars)
        source_text = _text(args, "source_text", LIMITS.source_chars, required=False)
        source_id = args.get("source_id")
        event_time = iso_time(_text(args, "event_time", 64, required=False))
        ack = bool_arg(args, "acknowledge_erasure")
        assert claim is not None and evidence is not None
        if not evidence.strip():
            return refused("empty_evidence", "The evidence is empty.", "Quote the sentence of the source that says what the claim says.")
        if source_id is not None:
            source_id = self._source_id(source_id)

        # Tombstones first: a claim about an erased subject never reaches the gates.
        marks = self.d.projection.tombstone_count(tenant)
        tombstone, readmission = await self.tombstone_refusal(tenant, claim, ack)
        if tombstone is not None:
            return tombstone
        # The firewall's clean-up runs before the gates so they judge what would be stored.
        decision = classify(claim, LIMITS.claim_chars)
        if decision.action == "reject":
            return refused(decision.reason or "rejected", f"Not a storable claim ({decision.reason}).",
                           _FIREWALL_REMEDY.get(decision.reason or "", "State one fact about a named subject, as the evidence says it."),
                           claim=claim, evidence=evidence, stage="firewall")
        text = decision.text
        verdict = judge(text, evidence)
        if not verdict.ok:
            return refused(verdict.code or "refused", verdict.detail, verdict.remedy,
                           claim=text, evidence=evidence, stage="gate", gate=verdict.gate)
        quarantine_reason = decision.reason if decision.action == "quarantine" else None
        if readmission and readmission_policy() == "review":
            quarantine_reason = "readmission_requested"

        if source_text is None and source_id is None:
            return await self._remember_quoted(tenant, text, claim, evidence, event_time, quarantine_reason,
                                               readmission, decision.action == "rescue", marks, finish)
        if source_text is not None:
            source_id = (await self.ensure_source(tenant, source_id, source_text,
                                                  auto=None if source_id else "src"))["source_id"]
        writer = await self.d.writer_ready()
        try:
            located = await writer.call("locate", tenant, source_id=source_id, evidence=evidence)
        except RemoteError as exc:
            if exc.code == "source_not_found":
                return refused("source_not_found", str(exc), "Pass source_text with the document, or add_source it first.",
                               claim=text, evidence=evidence)
            raise
        if not located.get("found"):
            return refused("evidence_not_in_source", f"The evidence does not occur in source {source_id!r}.",
                           "Quote the source verbatim (whitespace and quote style may differ, words may not).",
                           claim=text, evidence=evidence, source_id=source_id)
        receipt, span = narrow_receipt(located, text)
        return await self._admit(tenant, text, claim, span, receipt, source_id, event_time, quarantine_reason,
                                 readmission, decision.action == "rescue", [], marks, finish=finish)

    async def _remember_quoted(self, tenant: str, text: str, claim: str, evidence: str, event_time: str | None,
                               quarantine_reason: str | None, readmission: bool, rescued: bool,
                               marks: int, finish: Finish | None) -> dict[str, Any]:
        """Evidence with no source: it becomes a one-part source of its own, appended together with
        the memory in one mutation (one commit), under the source's lock so two identical
        quotations never register it twice."""
        writer = await self.d.writer_ready()
        async with self._text_lock(tenant, "evidence", evidence):
            # The writer derives the id (a keyed hash: no one can confirm a guessed sentence
            # from it) and, asked optimistically, stages the source without a read. Only when
            # the projection already holds that id (the same quotation again, or a redacted
            # copy of it) does the writer look: it reuses an intact copy and moves past a
            # redacted one to a new id.
            prepared = await writer.call("prepare_source", tenant, auto="evidence", text=evidence,
                                         single_part=True, evidence=evidence, known_new=True)
            if self.d.projection.source(tenant, prepared["source_id"]) is not None:
                prepared = await writer.call("prepare_source", tenant, auto="evidence", text=evidence,
                                             single_part=True, evidence=evidence)
            source_id = str(prepared["source_id"])
            located = prepared["located"]
            if not located.get("found"):
                if self.d.projection.tombstone_count(tenant) != marks:
                    raise _TombstonesMoved  # an erasure redacted the held copy meanwhile: check again
                return refused("evidence_not_in_source", f"The evidence does not occur in source {source_id!r}.",
                               "Quote the evidence again; the held copy of it changed while this call ran.",
                               claim=text, evidence=evidence, source_id=source_id)
            before: list[tuple[str, dict[str, Any]]] = []
            if not prepared.get("exists"):
                before = [("source_added", {"source_id": source_id, "root": prepared["root"],
                                            "size": prepared["size"], "leaves": prepared["leaves"]})]
            receipt, span = narrow_receipt(located, text)
            return await self._admit(tenant, text, claim, span, receipt, source_id, event_time, quarantine_reason,
                                     readmission, rescued, before, marks, on=writer if before else None, finish=finish)

    async def _admit(self, tenant: str, text: str, claim: str, span: str, receipt: dict[str, Any], source_id: str,
                     event_time: str | None, quarantine_reason: str | None, readmission: bool, rescued: bool,
                     before: list[tuple[str, dict[str, Any]]], marks: int, on: RpcClient | None = None,
                     finish: Finish | None = None) -> dict[str, Any]:
        """Plan against the projection and append (after any events that must precede the memory).

        `marks` is the tombstone count the remember's tombstone check saw. `finish(plan, events)`
        returns the memory's events with what must commit together with them (an import step:
        the exported state and count), planned under the same order lock."""
        outcome: dict[str, Any] = {}

        def plan() -> list[tuple[str, dict[str, Any]]]:
            if self.d.projection.tombstone_count(tenant) != marks:
                raise _TombstonesMoved  # an erasure committed since the check: check again
            p = self.d.projection.plan_remember(tenant, text, span, receipt, source_id, event_time, quarantine_reason)
            if readmission and not quarantine_reason:
                for kind, payload in p.events:
                    if kind == "memory_admitted":
                        payload["readmission"] = "acknowledged_by_agent"  # the ledger records whose decision it was
            outcome["plan"] = p
            return before + (finish(p, p.events) if finish is not None else p.events)

        committed = await self.d.mutate(tenant, plan, on=on)  # `on`: the writer that staged the new source
        p = outcome["plan"]
        last = committed[-1] if committed else {}
        result = {
            "verdict": "quarantined" if p.outcome == "quarantined" else "admitted",
            "outcome": p.outcome,
            "memory_id": p.memory_id,
            "claim": text,
            "evidence": span,
            "receipt": receipt,
            "event_time": event_time,
            "seq": last.get("seq"),
            "hash": last.get("hash"),
            "supersedes": list(p.supersedes),
            "disputes": list(p.disputes),
        }
        if quarantine_reason:
            result["code"] = quarantine_reason
        elif readmission:
            result["readmission"] = "admitted on the agent's acknowledgement (FIREWEED_READMISSION=agent)"
        if rescued:
            result["rescued_from"] = claim
        return result

    async def op_memory_stats(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        writer = await self.d.writer_ready()
        heads = (await writer.call("heads", tenant)).get("heads", {})
        head = heads.get(tenant, {"seq": 0, "hash": None})
        stats = self.d.projection.stats(tenant, self.d.visible_seq(tenant))
        return {**stats, "verdict": "ok", "tenant": tenant, "store": display_path(self.d.settings.store), "head": head}


_FIREWALL_REMEDY = {
    "greeting": "Greetings are not facts; remember a statement about a named subject.",
    "placeholder": "Replace the placeholder with the actual fact.",
    "bare_pronoun": "Name the subject instead of a pronoun.",
    "question": "Questions are asked with recall; remember states a fact.",
    "instruction_to_model": "Memories are data, not instructions; store the fact, not a command.",
    "empty": "Give a non-empty claim.",
    "oversized": "Split the claim into single facts.",
}


_TOMBSTONE_RETRIES = 5


class _TombstonesMoved(Exception):
    """An erasure committed between a remember's tombstone check and its plan."""
