"""Operator verbs, served on the operator socket only; the MCP front never connects there.

Review decisions and legal holds are a person's: every one is a ledger event
that names who decided.
"""

from __future__ import annotations

import os
import re
import time
from typing import Any

from fireweed.decider.args import int_arg, text_arg
from fireweed.decider.core import Decider
from fireweed.decider.export_ops import export_via_writer, imported_state_events
from fireweed.decider.front_ops import FrontOps
from fireweed.shared.display import display_path
from fireweed.shared.errors import BadRequest, Unavailable
from fireweed.shared.names import operator_text_problem

# Source ids the decider derived (old: unkeyed 24 hex digits; now: keyed, 32).
_AUTO_ID = re.compile(r"(?:evidence|src)-[0-9a-f]{24}(?:[0-9a-f]{8})?")


class OperatorOps:
    OPS = frozenset({"status", "stop", "review_list", "review_decide", "hold", "release", "export",
                     "import_source", "import_memory", "import_done"})

    def __init__(self, decider: Decider, front: FrontOps) -> None:
        self.d = decider
        self.front = front

    # Until the projection has been replayed it would answer from an empty memory.
    NEEDS_PROJECTION = frozenset(OPS - {"status", "stop"})

    async def prepare(self, op: str) -> None:
        if op in self.NEEDS_PROJECTION:
            await self.d.writer_ready()

    async def op_status(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        # `wait_ready` (seconds): answer once the writer is ready or its start has failed, so
        # that `backend start` can tell a working backend from one whose writer cannot start.
        wait = int_arg(args, "wait_ready", None, 1, 120)
        if wait is not None:
            try:
                await self.d.writer_ready(timeout=float(wait))
            except Unavailable:
                pass  # the reason is in writer_failure below
        return {
            "decider_pid": os.getpid(),
            "writer_pid": self.d.writer_pid,
            "writer_ready": self.d.ready.is_set(),
            # Why the writer cannot start (None once one is ready; kept while a retry runs);
            # last_writer_error keeps the latest cause even after a writer came up.
            "writer_failure": self.d.writer_failure,
            "writer_starts": self.d.writer_starts,
            "last_writer_error": self.d.last_writer_error or None,
            "fronts": self.d.fronts,
            "uptime_s": int(time.time() - self.d.started),
            "heads": dict(self.d.committed),
            "store": display_path(self.d.settings.store),
            "idle_exit_s": self.d.settings.idle_exit,
        }

    async def op_stop(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        self.d.stopping.set()
        return {"stopping": True}

    async def op_review_list(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        await self.d.writer_ready()
        limit = int_arg(args, "limit", 100, 1, 10_000) or 100
        return {"queue": self.d.projection.review_queue(tenant, limit, self.d.visible_seq(tenant))}

    @staticmethod
    def _by(args: dict[str, Any]) -> str:
        by = (text_arg(args, "by", 200) or "").strip()
        if not by:
            raise BadRequest("--by NAME is required: every decision names the person who made it", "invalid_arguments")
        # Checked here too, not only by the CLI: any client of our uid can speak to this socket,
        # and `by` goes unsealed into the hash chain, where it can never be removed.
        problem = operator_text_problem(by)
        if problem:
            raise BadRequest(f"--by (`by`) must be one line of plain text: {problem}", "invalid_arguments")
        return by

    @staticmethod
    def _note(args: dict[str, Any]) -> str:
        note = text_arg(args, "note", 2000, required=False) or ""
        problem = operator_text_problem(note) if note else None  # no note at all is fine
        if problem:
            raise BadRequest(f"--note (`note`) must be one line of plain text: {problem}", "invalid_arguments")
        return note

    async def op_review_decide(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        memory_id = text_arg(args, "memory_id", 100)
        decision = text_arg(args, "decision", 20)
        if decision not in {"approve", "reject"}:
            raise BadRequest("decision must be approve or reject", "invalid_arguments")
        by = self._by(args)
        note = self._note(args)
        await self.d.writer_ready()

        def plan() -> list[tuple[str, dict[str, Any]]]:
            memory = self.d.projection.memory(tenant, str(memory_id))
            if memory is None:
                raise BadRequest(f"no memory {memory_id!r} in tenant {tenant!r}", "not_found")
            state = self.d.projection.effective_state(tenant, str(memory_id))
            if state != "quarantined":
                raise BadRequest(f"memory {memory_id} is {state}, not waiting for review", "not_in_review")
            return [("review_decided", {"memory_id": memory_id, "decision": decision, "by": by, "note": note,
                                        "subjects": memory.get("subjects") or []})]

        committed = await self.d.mutate(tenant, plan)
        return {"memory_id": memory_id, "decision": decision, "by": by, "seq": committed[-1]["seq"],
                "state": self.d.projection.effective_state(tenant, str(memory_id))}

    async def _hold(self, tenant: str, args: dict[str, Any], on: bool) -> dict[str, Any]:
        subject = text_arg(args, "subject", 300) or ""
        by = self._by(args)
        await self.d.writer_ready()
        res = self.d.projection.resolve_subject(tenant, subject)
        if res.status == "ambiguous":
            raise BadRequest(f"{subject!r} is ambiguous: {res.names()}",
                             "ambiguous_subject")
        if res.status != "resolved":
            raise BadRequest(f"no subject named {subject!r} in tenant {tenant!r}", "entity_not_found")
        entity_id = res.entity_ids[0]
        # The name as stored: "hold Oskar" freezes the one Oskar there is, and says which.
        name = str((self.d.projection.entity(tenant, entity_id) or {}).get("name") or subject)
        if self.d.projection.is_frozen(tenant, entity_id) == on:
            return {"subject": subject, "name": name, "entity_id": entity_id, "frozen": on, "changed": False}
        kind = "hold_set" if on else "hold_released"
        committed = await self.d.mutate(tenant, lambda: [(kind, {"entity_id": entity_id, "by": by})])
        return {"subject": subject, "name": name, "entity_id": entity_id, "frozen": on, "changed": True,
                "seq": committed[-1]["seq"]}

    async def op_hold(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        return await self._hold(tenant, args, True)

    async def op_release(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        return await self._hold(tenant, args, False)

    # ---- export and import (the CLI may write anywhere; an agent may not) --------
    async def op_export(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        out = text_arg(args, "out", 4096)
        subject = text_arg(args, "subject", 300, required=False)
        return await export_via_writer(self.d, tenant, out, subject, from_agent=False)

    async def op_import_source(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """Register an exported source again, with its redacted parts still redacted.

        Ids of the automatic form are not kept: the new store derives its own, keyed with its
        own secret, so an old store's unkeyed `evidence-<sha256>` id does not carry into it
        and identical quotations in the new store find the source. The answer names the id
        under which the source now lives."""
        parts = args.get("parts")
        if parts is None:  # a CLI from before parts were carried: the text as agents send it
            return await self.front.op_add_source(tenant, args)
        if not isinstance(parts, list):
            raise BadRequest("`parts` must be a list", "invalid_arguments")
        declared = {k: text_arg(args, k, 200, required=False) for k in ("origin", "origin_kind", "supplied_by")}
        raw_id = args.get("source_id")
        auto = next((p for p in ("evidence", "src") if isinstance(raw_id, str) and _AUTO_ID.fullmatch(raw_id)
                     and raw_id.startswith(p + "-")), None)
        source_id = None if auto else self.front._source_id(raw_id)
        # The writer rebuilds the text from the parts; this string is only the decider's lock key.
        lock_key = f"import\x00{raw_id}"
        info = await self.front.ensure_source(tenant, source_id, lock_key, declared, auto=auto, import_parts=parts)
        return {"verdict": "admitted", "kind": "source", **info}

    async def op_import_memory(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        state = text_arg(args, "recorded_state", 20, required=False) or "active"
        count = int_arg(args, "count", 1, 1, 2**53 - 1) or 1
        fields = {k: args[k] for k in ("claim", "evidence", "source_id", "event_time") if args.get(k) is not None}
        result = await self.front.op_remember(tenant, fields)
        memory_id = result.get("memory_id")
        if memory_id and result.get("verdict") in {"admitted", "quarantined"}:
            approved_by = text_arg(args, "approved_by", 300, required=False)
            events = imported_state_events(self.d, tenant, memory_id, state, "state as exported", approved_by)
            # How often the claim was reinforced in the exported store: one event carries the count.
            held = (self.d.projection.memory(tenant, memory_id) or {}).get("count", 1)
            if count > held:
                events.append(("memory_reinforced", {"memory_id": memory_id, "count": count}))
            if events:
                await self.d.mutate(tenant, lambda: events)
        return result

    async def op_import_done(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        provenance = args.get("provenance")
        if not isinstance(provenance, dict):
            raise BadRequest("`provenance` must be an object", "invalid_arguments")
        committed = await self.d.mutate(tenant, lambda: [("import_recorded", provenance)])
        return {"seq": committed[-1]["seq"]}
