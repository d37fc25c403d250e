"""recall and the read audit: the read gate answers or abstains; receipts are re-checked on the way out."""

from __future__ import annotations

import secrets
from collections import deque
from typing import Any

from fireweed.decider.args import int_arg, iso_time, text_arg
from fireweed.decider.core import Decider
from fireweed.shared import policy
from fireweed.shared.limits import LIMITS
from fireweed.shared.events import READ_KEY_PREFIX
from fireweed.shared.spelling import norm, spelling


def read_audit_mode() -> str:
    """off | fingerprint | text, as the requesting front declared it (shared.policy)."""
    return policy.current("read_audit")


class ReadLog:
    """The read audit as the decider holds it: rebuilt from read_recorded events, cut by erasure."""

    def __init__(self, keep: int = 1000) -> None:
        self.keep = keep
        self.by_tenant: dict[str, deque[dict[str, Any]]] = {}

    def reset(self) -> None:
        self.by_tenant.clear()

    def observe(self, tenant: str, seq: int, kind: str, payload: dict[str, Any], recorded_at: str) -> None:
        if kind == "read_recorded":
            log = self.by_tenant.setdefault(tenant, deque(maxlen=self.keep))
            log.append({"seq": seq, "recorded_at": recorded_at, **{k: v for k, v in payload.items() if k != "sealed"}})
        elif kind == "erased":
            gone = payload.get("entity_id")
            shredded = set(payload.get("read_keys") or [])
            log = self.by_tenant.get(tenant)
            if log is not None:
                kept = [r for r in log if gone not in (r.get("subjects") or []) and r.get("read_key") not in shredded]
                log.clear()
                log.extend(kept)

    def naming(self, tenant: str, name: str) -> list[str]:
        """The keys of the records held here whose question spells the name (see forget)."""
        pattern = spelling([norm(name)])
        if pattern is None:
            return []
        return sorted({str(r["read_key"]) for r in self.by_tenant.get(tenant, ())
                       if isinstance(r.get("read_key"), str) and isinstance(r.get("query"), str)
                       and pattern.search(norm(r["query"]))})


class RecallOps:
    d: Decider
    reads: ReadLog

    async def op_recall(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        query = text_arg(args, "query", LIMITS.query_chars)
        assert query is not None
        as_of = iso_time(text_arg(args, "as_of", 64, required=False), "as_of")
        as_of_seq = int_arg(args, "as_of_seq", None, 0, 2**53 - 1)
        limit = int_arg(args, "limit", 5, 1, 50)
        await self.d.writer_ready()
        # Readers see committed events only: cap the transaction axis at what is durable.
        visible = self.d.visible_seq(tenant)
        seq_cap = visible if as_of_seq is None else min(as_of_seq, visible)
        answer = self.d.projection.recall(tenant, query, as_of, seq_cap, limit or 5).to_dict()
        results = answer.get("results") or []
        if results:
            writer = await self.d.writer_ready()
            checks = await writer.call("verify_receipts", tenant, receipts=[r.get("receipt") for r in results])
            for r, check in zip(results, checks.get("results", [])):
                r["receipt_status"] = check.get("status")
                if check.get("why"):
                    r["receipt_note"] = check["why"]
        if answer["verdict"] == "abstained":
            answer["message"] = (
                f"this is a refusal to answer, not an empty result: "
                f"{'the term ' + repr(answer['term']) + ' is not grounded by any stored claim' if answer.get('term') else 'nothing stored grounds this question'}"
            )
        else:
            answer["message"] = f"{len(results)} grounded claim(s), most specific first"
        answer["query"] = query
        if as_of or as_of_seq is not None:
            answer["as_of"] = as_of
            answer["as_of_seq"] = as_of_seq
        await self._record_read(tenant, query, answer)
        return answer

    async def _record_read(self, tenant: str, query: str, answer: dict[str, Any]) -> None:
        mode = read_audit_mode()
        if mode == "off":
            return
        results = answer.get("results") or []
        subjects = sorted({s for r in results for s in (r.get("subjects") or [])})
        payload: dict[str, Any] = {
            "verdict": answer["verdict"],
            "code": answer.get("code"),
            "memories": [r.get("memory_id") for r in results],
            "subjects": subjects,
            "mode": mode,
        }
        if mode == "text":
            payload["query"] = query
            # Its own key: the question may name someone no stored claim names, and forget of
            # that person must still be able to destroy it (see forget).
            payload["read_key"] = f"{READ_KEY_PREFIX}{secrets.token_hex(12)}"
        else:
            writer = await self.d.writer_ready()
            payload["query_fingerprint"] = (await writer.call("fingerprint", tenant, names=[query]))["fingerprints"][0]

        def plan() -> list[tuple[str, dict[str, Any]]]:
            # A subject may have been erased while the question was being answered: its key is
            # gone, so the record cannot name it, and the question's words go with it (a record
            # the writer refused would fail every other mutation of its group commit).
            live = [s for s in subjects if self.d.projection.entity(tenant, s) is not None]
            if len(live) == len(subjects):
                return [("read_recorded", payload)]
            gone = {**payload, "subjects": live, "memories": [], "subject_erased": True}
            if "query" in gone:
                gone["query"] = "[erased]"
            return [("read_recorded", gone)]

        await self.d.mutate(tenant, plan)

    async def op_review_reads(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        limit = int_arg(args, "limit", 20, 1, 500) or 20
        mode = read_audit_mode()
        visible = self.d.visible_seq(tenant)  # a record still being written is not shown
        log = [r for r in self.reads.by_tenant.get(tenant, ()) if r["seq"] <= visible][-limit:]
        if mode == "off" and not log:
            return {"verdict": "ok", "enabled": False, "reads": [],
                    "message": f"the read audit is off; set {policy.READ_AUDIT_ENV}=fingerprint or text in the environment of `fireweed serve`"}
        # A record's read_key names its key, an internal of the writer: not for the reader.
        reads = [{k: v for k, v in r.items() if k != "read_key"} for r in reversed(log)]
        return {"verdict": "ok", "enabled": mode != "off", "mode": mode, "reads": reads}
