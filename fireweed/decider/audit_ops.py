"""Looking back at what is stored: the review queue, receipt re-verification, evidence traces."""

from __future__ import annotations

from typing import Any

from fireweed.decider.args import int_arg, text_arg
from fireweed.decider.core import Decider
from fireweed.shared.limits import LIMITS

# What the system itself attests (hashed, chained, re-computable) versus what an agent declared.
ATTESTED = ["claim bytes (sealed and hash-chained)", "evidence byte range in the source", "Merkle root in the source event",
            "inclusion proof of each covered part", "seq and recorded_at (transaction time)"]
DECLARED = ["event_time", "origin", "origin_kind", "supplied_by"]


class AuditOps:
    d: Decider

    async def op_review_quarantine(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        limit = int_arg(args, "limit", 20, 1, 500) or 20
        queue = self.d.projection.review_queue(tenant, limit, self.d.visible_seq(tenant))
        return {"verdict": "ok", "count": len(queue), "queue": queue,
                "message": "read-only: decisions are a person's (fireweed review approve|reject ID --by NAME)"}

    async def op_verify_receipts(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        memories = self.d.projection.all_memories(tenant, self.d.visible_seq(tenant))
        writer = await self.d.writer_ready()
        checks = (await writer.call("verify_receipts", tenant, receipts=[m.get("receipt") for m in memories]))["results"]
        failed = []
        verified = 0
        not_held = 0
        for m, c in zip(memories, checks):
            status = c.get("status")
            if status == "verified":
                verified += 1
            elif status == "source not held":
                not_held += 1
            else:
                failed.append({"memory_id": m.get("memory_id"), "claim": m.get("claim"), "why": c.get("why")})
        checkable = len(memories) - not_held
        lines = [f"{verified}/{checkable} checkable receipts verified ({not_held} with the source not held)"]
        lines += [f"FAILED {f['memory_id']}: {f['why']}" for f in failed]
        return {"verdict": "ok" if not failed else "error", "code": None if not failed else "receipt_failed",
                "message": lines[0], "verified": verified, "checkable": checkable, "not_held": not_held,
                "total": len(memories), "failed": failed, "text_lines": lines[1:]}

    async def op_trace_evidence(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        claim = text_arg(args, "claim", LIMITS.claim_chars)
        assert claim is not None
        found = self.d.projection.find_claim(tenant, claim, self.d.visible_seq(tenant))
        if not found:
            return {"verdict": "abstained", "code": "no_such_memory",
                    "message": "this is a refusal, not an empty result: no stored memory has this claim",
                    "remedy": "Pass the claim exactly as remember stored it (recall shows it)."}
        memory = found[0]
        writer = await self.d.writer_ready()
        check = (await writer.call("verify_receipts", tenant, receipts=[memory.get("receipt")]))["results"][0]
        source = self.d.projection.source(tenant, memory.get("source_id") or "") or {}
        chain = await writer.call("verify_chain", tenant)
        receipt = memory.get("receipt") or {}
        return {
            "verdict": "ok",
            "message": f"memory {memory.get('memory_id')} traced to source {receipt.get('source_id')}",
            "memory_id": memory.get("memory_id"),
            "claim": memory.get("claim"),
            "state": memory.get("state"),
            "range": [receipt.get("byte_start"), receipt.get("byte_end")],
            "bytes_match": check.get("status"),
            "bytes_note": check.get("why"),
            "source_id": receipt.get("source_id"),
            "source_seq": source.get("seq"),
            "source_recorded_at": source.get("recorded_at"),
            "memory_seq": memory.get("seq"),
            "chain_verifies": chain.get("ok"),
            "chain_break": chain.get("bad"),
            "attested": ATTESTED,
            "declared_not_verified": DECLARED,
            "receipt": receipt,
        }
