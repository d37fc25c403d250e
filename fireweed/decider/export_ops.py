"""export_memory for agents (only inside the store's exports folder) and the operator's export/import."""

from __future__ import annotations

from typing import Any

from fireweed.decider.args import text_arg
from fireweed.decider.core import Decider
from fireweed.decider.results import refused
from fireweed.shared.display import verifier_command
from fireweed.shared.errors import RemoteError


async def export_via_writer(d: Decider, tenant: str, path: str | None, subject: str | None, from_agent: bool) -> dict[str, Any]:
    writer = await d.writer_ready()
    try:
        out = await writer.call("export", tenant, path=path, subject=subject, from_agent=from_agent)
    except RemoteError as exc:
        if exc.code in {"entity_not_found", "ambiguous_subject", "bad_export_path", "export_exists", "export_failed",
                        "invalid_arguments"}:
            return refused(exc.code, str(exc),
                           "Give a plain file name (it is written inside the store's exports folder) and a full subject name.")
        raise
    what = f"everything stored about {subject}" if subject else "the tenant's memory"
    return {"verdict": "ok", "message": f"exported {what}: {out['memories']} memories, {out['events']} events",
            **out, "verify_with": verifier_command(out["path"])}


class ExportOps:
    d: Decider

    async def op_export_memory(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        path = text_arg(args, "path", 255, required=False)
        subject = text_arg(args, "subject", 300, required=False)
        return await export_via_writer(self.d, tenant, path, subject, from_agent=True)


def imported_state_events(current: str, memory_id: str, subjects: list[str], state: str, reason: str,
                          approved_by: str | None = None) -> list[tuple[str, dict[str, Any]]]:
    """The events that bring an imported memory from `current` to the state it had in the exported store.

    The import admits each claim again, so the firewall may quarantine one that a person had
    approved there: the approval is recorded again, naming who gave it. Pure (the caller
    gives the state the import step's own events leave the memory in), so that the step's
    admission and these events are planned together and committed as one."""
    if state in {"quarantined", "rejected"} and current != state:
        return [("memory_state_changed", {"memory_id": memory_id, "from": current, "to": state, "reason": reason})]
    if state == "active" and current == "quarantined":
        return [("review_decided", {"memory_id": memory_id, "decision": "approve",
                                    "by": approved_by or "an operator of the exported store",
                                    "note": "approved in the exported store; carried by import",
                                    "subjects": list(subjects)})]
    return []
