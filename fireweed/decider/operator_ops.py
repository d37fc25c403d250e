"""Operator verbs, served on the operator socket only; the MCP front never connects there.

Review decisions and legal holds are a person's: every one is a ledger event
that names who decided.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from typing import Any

from fireweed.decider.args import int_arg, text_arg
from fireweed.decider.core import IMPORT_SHA, Decider, Planned, import_in_progress
from fireweed.decider.export_ops import export_via_writer, imported_state_events
from fireweed.decider.front_ops import FrontOps
from fireweed.decider.projection import Plan
from fireweed.shared.display import display_path
from fireweed.shared.errors import BadRequest, Unavailable
from fireweed.shared.names import operator_text_problem

# Source ids the decider derived (old: unkeyed 24 hex digits; now: keyed, 32).
_AUTO_ID = re.compile(r"(?:evidence|src)-[0-9a-f]{24}(?:[0-9a-f]{8})?")
_SHA256 = re.compile(r"[0-9a-f]{64}")


class _AlreadyImported(Exception):
    """Raised in an import step's plan: another call committed this step first; nothing is appended."""


class OperatorOps:
    OPS = frozenset({"status", "stop", "review_list", "review_decide", "hold", "release", "export",
                     "import_start", "import_source", "import_memory", "import_done", "import_abandon"})

    def __init__(self, decider: Decider, front: FrontOps) -> None:
        self.d = decider
        self.front = front

    # Until the projection has been replayed it would answer from an empty memory.
    NEEDS_PROJECTION = frozenset(OPS - {"status", "stop"})

    # Refused outright while the tenant is being imported: an export would be of half a tenant
    # (`hold` is the import's own when it names the bundle; Decider.mutate refuses any other).
    NOT_WHILE_IMPORTING = frozenset({"export"})

    async def prepare(self, op: str, tenant: str) -> None:
        if op in self.NEEDS_PROJECTION:
            await self.d.writer_ready()
        sha = self.d.projection.importing(tenant)
        if sha is not None and op in self.NOT_WHILE_IMPORTING:
            raise import_in_progress(tenant, sha)

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
        if args.get("import") is not None:  # a hold the import carries from the exported store
            with self._acting_for_import(tenant, args.get("import")):
                return await self._hold(tenant, args, True)
        return await self._hold(tenant, args, True)

    async def op_release(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        return await self._hold(tenant, args, False)

    # ---- export and import (the CLI may write anywhere; an agent may not) --------
    async def op_export(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        out = text_arg(args, "out", 4096)
        subject = text_arg(args, "subject", 300, required=False)
        return await export_via_writer(self.d, tenant, out, subject, from_agent=False)

    # ---- import: one bundle restored into an empty tenant, resumable (docs/FORMAT.md section 9) ----
    @staticmethod
    def _sha(value: Any, what: str = "`import`") -> str:
        if not isinstance(value, str) or not _SHA256.fullmatch(value):
            raise BadRequest(f"{what} must be the bundle's SHA-256 (64 lower-case hex digits)", "invalid_arguments")
        return value

    @contextlib.contextmanager
    def _acting_for_import(self, tenant: str, value: Any) -> Iterator[str]:
        """Run an import step as the import of bundle `value`, which must be the one under way.

        Decider.mutate admits the step's writes into the half-imported tenant because of it."""
        sha = self._sha(value)
        importing = self.d.projection.importing(tenant)
        if importing != sha:
            if importing is not None:
                raise import_in_progress(tenant, importing)
            raise BadRequest(f"no import of bundle {sha} is under way in tenant {tenant!r}: send import_start first",
                             "import_not_started")
        token = IMPORT_SHA.set(sha)
        try:
            yield sha
        finally:
            IMPORT_SHA.reset(token)

    async def op_import_start(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """Begin (or resume) the import of one bundle: the `import_started` event is its first write.

        An empty tenant starts it; a tenant whose unfinished import is of this same bundle resumes
        it (`resumed`, with `done`: the memories already restored); anything else is refused,
        naming the bundle of an unfinished import if there is one."""
        sha = self._sha(args.get("bundle_sha256"), "`bundle_sha256`")
        payload = {"bundle_sha256": sha, "from_tenant": text_arg(args, "from_tenant", 200, required=False),
                   "from_head": args.get("from_head") if isinstance(args.get("from_head"), dict) else None}
        resumed: dict[str, Any] = {}

        def plan() -> Planned:  # under the order lock: two imports cannot both find the tenant empty
            importing = self.d.projection.importing(tenant)
            if importing == sha:
                resumed["done"] = self.d.projection.import_steps_done(tenant)
                return []
            if importing is not None:
                raise import_in_progress(tenant, importing)
            if self.d.projection.head(tenant):
                done = " (it holds a completed import of this bundle)" if self.d.projection.imported_from(tenant) == sha else ""
                raise BadRequest(f"tenant {tenant!r} is not empty{done}; import only into an empty store", "not_empty")
            return [("import_started", payload)]

        token = IMPORT_SHA.set(sha)
        try:
            committed = await self.d.mutate(tenant, plan)
        finally:
            IMPORT_SHA.reset(token)
        if resumed:
            return {"resumed": True, "done": resumed["done"], "bundle_sha256": sha}
        return {"resumed": False, "done": 0, "bundle_sha256": sha, "seq": committed[-1]["seq"]}

    async def op_import_source(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """Register an exported source again, with its redacted parts still redacted.

        Ids of the automatic form are not kept: the new store derives its own, keyed with its
        own secret, so an old store's unkeyed `evidence-<sha256>` id does not carry into it
        and identical quotations in the new store find the source. The answer names the id
        under which the source now lives. A resumed import finds a source it already registered
        (same id, same text) held, and registers nothing (`new: false`)."""
        parts = args.get("parts")
        if not isinstance(parts, list):
            raise BadRequest("`parts` must be a list", "invalid_arguments")
        declared = {k: text_arg(args, k, 200, required=False) for k in ("origin", "origin_kind", "supplied_by")}
        raw_id = args.get("source_id")
        auto = next((p for p in ("evidence", "src") if isinstance(raw_id, str) and _AUTO_ID.fullmatch(raw_id)
                     and raw_id.startswith(p + "-")), None)
        source_id = None if auto else self.front._source_id(raw_id)
        # The writer rebuilds the text from the parts; this string is only the decider's lock key.
        lock_key = f"import\x00{raw_id}"
        with self._acting_for_import(tenant, args.get("import")):
            info = await self.front.ensure_source(tenant, source_id, lock_key, declared, auto=auto, import_parts=parts)
        return {"verdict": "admitted", "kind": "source", **info}

    async def op_import_memory(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """One import step: the claim passes the checks a remember does, and its admission, the
        exported state, approval and count, and `import_ref` (the exported memory id) are one
        commit. A step is thus in the ledger whole or not at all, and a resumed import skips
        exactly the steps that committed (verdict `already_imported`), never reinforcing again."""
        state = text_arg(args, "recorded_state", 20, required=False) or "active"
        count = int_arg(args, "count", 1, 1, 2**53 - 1) or 1
        ref = text_arg(args, "import_ref", 200) or ""
        approved_by = text_arg(args, "approved_by", 300, required=False)
        fields = {k: args[k] for k in ("claim", "evidence", "source_id", "event_time") if args.get(k) is not None}
        with self._acting_for_import(tenant, args.get("import")):
            if self.d.projection.import_step_done(tenant, ref):
                return {"verdict": "already_imported", "import_ref": ref}

            def finish(p: Plan, events: Planned) -> Planned:
                # Runs in the step's plan, under the order lock: the check cannot race a twin call.
                if self.d.projection.import_step_done(tenant, ref):
                    raise _AlreadyImported
                return self._imported_fixups(tenant, p, events, ref, state, count, approved_by)

            try:
                return await self.front.op_remember(tenant, fields, finish=finish)
            except _AlreadyImported:
                return {"verdict": "already_imported", "import_ref": ref}

    def _imported_fixups(self, tenant: str, p: Plan, events: Planned, ref: str, state: str, count: int,
                         approved_by: str | None) -> Planned:
        """Tag the step's events with `import_ref` and append what brings the memory to its
        exported state and count, computed from the state the step's own events leave it in."""
        mid = p.memory_id
        if p.outcome == "reinforced":
            held = next(int(pl["count"]) for k, pl in events if k == "memory_reinforced" and pl["memory_id"] == mid)
            current = self.d.projection.effective_state(tenant, mid) or "active"
        else:
            held = 1
            current = "quarantined" if p.outcome == "quarantined" else "active"
        for kind, payload in events:  # the last change the step's own events make to the memory's state
            if kind == "memory_state_changed" and payload.get("memory_id") == mid:
                current = str(payload["to"])
        tagged = [(k, {**pl, "import_ref": ref} if k in ("memory_admitted", "memory_reinforced") and pl.get("memory_id") == mid
                   else pl) for k, pl in events]
        fixups = imported_state_events(current, mid, p.subjects, state, "state as exported", approved_by)
        if count > held:  # how often the claim was reinforced in the exported store: one event carries the count
            fixups.append(("memory_reinforced", {"memory_id": mid, "count": count}))
        return tagged + fixups

    async def op_import_abandon(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """Give up the unfinished import of one bundle, for an operator who no longer has it: the
        `import_abandoned` event reopens the tenant with what the import had restored."""
        sha = self._sha(args.get("bundle_sha256"), "`bundle_sha256`")
        by = self._by(args)
        if self.d.projection.importing(tenant) is None:
            raise BadRequest(f"no import is under way in tenant {tenant!r}: there is nothing to give up", "not_importing")
        restored: dict[str, int] = {}
        with self._acting_for_import(tenant, sha):

            def plan() -> Planned:
                if self.d.projection.importing(tenant) != sha:  # a twin call, or the import, ended it first
                    raise BadRequest(f"no import of bundle {sha} is under way in tenant {tenant!r}", "not_importing")
                restored["done"] = self.d.projection.import_steps_done(tenant)
                return [("import_abandoned", {"bundle_sha256": sha, "by": by, "memories_restored": restored["done"]})]

            committed = await self.d.mutate(tenant, plan)
        return {"seq": committed[-1]["seq"], "memories_restored": restored["done"]}

    async def op_import_done(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        """The import's last write: `import_recorded` with the provenance ends it."""
        provenance = args.get("provenance")
        if not isinstance(provenance, dict):
            raise BadRequest("`provenance` must be an object", "invalid_arguments")
        sha = self._sha(provenance.get("bundle_sha256"), "`provenance.bundle_sha256`")
        with self._acting_for_import(tenant, args.get("import", sha)):
            if args.get("import", sha) != sha:
                raise BadRequest("`import` and `provenance.bundle_sha256` name different bundles", "invalid_arguments")

            def plan() -> Planned:
                if self.d.projection.importing(tenant) != sha:  # a twin call completed it first
                    raise BadRequest(f"the import of bundle {sha} in tenant {tenant!r} is already complete", "not_importing")
                return [("import_recorded", provenance)]

            committed = await self.d.mutate(tenant, plan)
        return {"seq": committed[-1]["seq"]}
