"""forget: the exact closure, one atomic erasure, probes, then (only then) a signed certificate."""

from __future__ import annotations

from typing import Any

import anyio

from fireweed.decider.args import bool_arg, text_arg
from fireweed.decider.core import Decider
from fireweed.decider.facts import parse_claim
from fireweed.decider.lexicon import normalize, tokenize
from fireweed.decider.name_spans import name_tokens
from fireweed.decider.projection import Erasure
from fireweed.decider.recall_ops import ReadLog
from fireweed.decider.results import refused
from fireweed.shared.errors import RemoteError, Unavailable


class ForgetOps:
    d: Decider
    reads: ReadLog
    _certifying: anyio.Lock

    async def _resolve(self, tenant: str, subject: str) -> tuple[str | None, dict[str, Any] | None]:
        res = self.d.projection.resolve_subject(tenant, subject)
        if res.status == "ambiguous":
            return None, refused("ambiguous_subject", f"{subject!r} names more than one subject: {res.names()}",
                                         "Give the full name of the one you mean.", candidates=res.candidates)
        if res.status != "resolved" or not res.entity_ids:
            return None, refused("entity_not_found", f"no subject named {subject!r} is stored for this tenant",
                                         "Check the spelling; recall shows the names that are stored.")
        return res.entity_ids[0], None

    async def op_forget(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        subject = text_arg(args, "subject", 300)
        assert subject is not None
        preview = bool_arg(args, "preview")
        entity_id, refusal = await self._resolve(tenant, subject)
        if refusal is not None:
            if refusal.get("code") == "entity_not_found":
                return await self._already_erased(tenant, subject) or refusal
            return refusal
        assert entity_id is not None
        entity = self.d.projection.entity(tenant, entity_id) or {}
        name = str(entity.get("name") or subject)
        if not preview and not _names_in_full(subject, name):
            # Recall may take "Tobias" for the one Tobias stored; an erasure cannot be undone, so
            # it takes only the name as stored (a title in front of it aside).
            return refused("full_name_required", f"{subject!r} is part of the name {name!r}; nothing was erased",
                           f"Call forget with the full name {name!r} (preview=true shows what would go).",
                           candidates=[{"entity_id": entity_id, "name": name}])
        if self.d.projection.is_frozen(tenant, entity_id):
            if not preview:
                await self.d.mutate(tenant, lambda: [("erasure_refused", {"entity_id": entity_id, "reason": "legal_hold"})])
            return refused("legal_hold", f"{name} is under a legal hold: nothing was erased (the refusal is recorded)",
                                   "An operator must release the hold (fireweed release SUBJECT) before erasure.")
        closure = self.d.projection.erasure_closure(tenant, entity_id)
        summary = {
            "subject": name,
            "memories": closure.memories,
            "derived": closure.derived,
            "source_parts": closure.parts,
            "bystanders": closure.bystanders,
            "bystander_subjects": closure.bystander_entities,
        }
        labelled = self.d.projection.sources_labelled_with(tenant, name)
        if labelled:
            summary["labels_keeping_name"] = labelled
        if preview:
            return {"verdict": "ok", "code": "preview", **summary,
                    "message": f"preview only, nothing erased: {len(closure.memories)} memories and "
                               f"{len(closure.derived)} derived would go, {len(closure.bystanders)} bystander memories stay"}
        probes = self.d.projection.probe_questions(tenant, entity_id)
        writer = await self.d.writer_ready()
        fingerprint = (await writer.call("fingerprint", tenant, names=[name]))["fingerprints"][0]
        before = await self._head(tenant)
        payload = {
            "entity_id": entity_id,
            "name_fingerprint": fingerprint,
            "memories": closure.memories,
            "derived": closure.derived,
            "parts": closure.parts,
            # kept so that the erasure can be certified later from the chain alone (_certify_later)
            "bystanders_surviving": len(closure.bystanders),
        }
        # The read-audit questions that spell the name go with it: those in the ledger (found by
        # the writer, which can open them) and those recorded since (held here).
        scanned = (await writer.call("reads_naming", tenant, names=[name]))["read_keys"]

        def plan() -> list[tuple[str, dict[str, Any]]]:
            reads = sorted(set(scanned) | set(self.reads.naming(tenant, name)))
            return [("erased", {**payload, "read_keys": reads} if reads else payload)]

        committed = await self.d.mutate(tenant, plan, extra={"redact_names": [name]})
        after = {"seq": committed[-1]["seq"], "hash": committed[-1]["hash"]}
        probe_results = self._probe(tenant, probes)
        result: dict[str, Any] = {
            "verdict": "erased", **summary,
            "closure_size": len(closure.memories) + len(closure.derived),
            "probes": [{"question": p["question"], "verdict": p["verdict"]} for p in probe_results],
            "ledger_head_before": before, "ledger_head_after": after,
        }
        if labelled:
            result["certificate"] = None
            result["code"] = "name_in_labels"
            result["message"] = (f"{name} was erased, but NO CERTIFICATE ISSUED: the name stays in the id or declared "
                                 f"origin of source(s) {', '.join(labelled[:5])}, labels kept in the clear in the "
                                 "ledger's chain, which no erasure can change (the erasure itself stands)")
            result["remedy"] = "Never put a person's name in a source_id, origin or supplied_by: they are labels, not content."
            return result
        fields = {
            "entity_id": entity_id,
            "subject_fingerprint": fingerprint,
            "closure_size": result["closure_size"],
            "memories_erased": len(closure.memories),
            "derived_invalidated": len(closure.derived),
            "bystanders_surviving": len(closure.bystanders),
            "probes": probe_results,
            "ledger_head_before": before,
            "ledger_head_after": after,
        }
        if not await self._certify(tenant, name, fields, result):
            return result
        result["message"] = (f"{name}: {len(closure.memories)} memories erased, {len(closure.derived)} derived invalidated, "
                             f"{len(closure.bystanders)} bystander memories kept; every probe abstained; certificate signed")
        return result

    def _probe(self, tenant: str, questions: list[str]) -> list[dict[str, str]]:
        results = []
        for question in questions:
            answer = self.d.projection.recall(tenant, question, None, self.d.visible_seq(tenant), 5)
            results.append({"question": question, "verdict": "ABSTAINED" if answer.verdict == "abstained" else "ANSWERED",
                            "kind": "generic" if question.lower().startswith(("what do you know", "who is", "tell me"))
                            else "relation"})
        return results

    async def _certify(self, tenant: str, name: str, fields: dict[str, Any], result: dict[str, Any]) -> bool:
        """Sign the certificate and record it in the chain, filling `result` either way; False when
        none was issued. The erasure has committed already: a failure here never undoes it."""
        answered = [p for p in fields["probes"] if p["verdict"] != "ABSTAINED"]
        result["certificate"] = None
        if answered:
            result["message"] = (f"{name} was erased, but NO CERTIFICATE ISSUED: the probe {answered[0]['question']!r} "
                                 "still answered (the erasure itself stands)")
            result["code"] = "probe_answered"
            return False
        writer = await self.d.writer_ready()
        try:
            signed = await writer.call("sign_certificate", tenant, fields=fields)
        except RemoteError as exc:
            result["message"] = f"{name} was erased, but NO CERTIFICATE ISSUED: {exc}"
            result["code"] = "certificate_failed"
            result["remedy"] = (f"Call forget with {name!r} again once the cause is fixed: "
                                "it certifies the erasure then, without erasing anything twice.")
            return False
        if not signed.get("issued"):
            result["message"] = f"{name} was erased, but {signed.get('reason')}"
            result["code"] = "probe_answered"
            return False
        cert_event = {"certificate_hash": signed["certificate_hash"], "subject_fingerprint": fields["subject_fingerprint"],
                      "file": signed["path"].rsplit("/", 1)[-1]}
        await self.d.mutate(tenant, lambda: [("certificate_issued", cert_event)])
        result["certificate"] = signed["certificate"]
        result["certificate_path"] = signed["path"]
        result["certificate_hash"] = signed["certificate_hash"]
        result["text_lines"] = ["", signed["rendered"]]
        return True

    async def _already_erased(self, tenant: str, subject: str) -> dict[str, Any] | None:
        """The answer for a name no longer stored because it was erased: the agent may be retrying
        a forget whose answer it never got (the backend stopped after the erasure committed). An
        erasure left without a certificate is certified now (see _certify_later)."""
        if not self.d.projection.has_tombstones(tenant):
            return None
        writer = await self.d.writer_ready()
        fingerprint = (await writer.call("fingerprint", tenant, names=[subject]))["fingerprints"][0]
        if self.d.projection.erasure_of(tenant, fingerprint) is None:
            return None
        async with self._certifying:  # two retries at once must not both certify it
            found = self.d.projection.erasure_of(tenant, fingerprint)
            assert found is not None  # tombstones are never removed
            erasure, certificate_hash = found
            result: dict[str, Any] = {
                "verdict": "erased", "code": "already_erased", "subject": subject, "memories": [], "bystanders": [],
                "probes": [], "certificate": None, "certificate_hash": certificate_hash, "erased_at_seq": erasure.seq}
            if certificate_hash is not None:
                result["message"] = (f"{subject} was already erased (ledger seq {erasure.seq}); nothing more to erase; "
                                     f"its certificate (hash {certificate_hash}) is in the store's certificates folder")
                return result
            return await self._certify_later(tenant, subject, fingerprint, erasure, result)

    async def _certify_later(self, tenant: str, subject: str, fingerprint: str, erasure: Erasure,
                             result: dict[str, Any]) -> dict[str, Any]:
        """Certify an erasure whose own call stopped before its certificate: the backend stopped in
        between, or the signing failed. Its counts come from the `erased` event and its chain heads
        from the ledger. The probes are those the name alone can ask, since the memories that gave
        the relation probes are gone; the answer and the certificate's probe list say so."""
        prefix = f"{subject} was already erased (ledger seq {erasure.seq}); nothing more to erase"
        labelled = self.d.projection.sources_labelled_with(tenant, subject)
        if labelled:
            result["message"] = (f"{prefix}; NO CERTIFICATE ISSUED: the name stays in the id or declared origin of "
                                 f"source(s) {', '.join(labelled[:5])}, labels no erasure can change")
            result["code"] = "name_in_labels"
            return result
        if erasure.bystanders is None:
            result["message"] = (f"{prefix}; NO CERTIFICATE was issued for it, and none can be now: the erasure "
                                 "predates the record of its bystander count, which a certificate states")
            return result
        before = {"seq": erasure.seq - 1, "hash": await self._hash_at(tenant, erasure.seq - 1)}
        probe_results = self._probe(tenant, self.d.projection.name_probes_after(tenant, subject))
        fields = {
            "entity_id": erasure.entity_id,
            "subject_fingerprint": fingerprint,
            "closure_size": erasure.memories + erasure.derived,
            "memories_erased": erasure.memories,
            "derived_invalidated": erasure.derived,
            "bystanders_surviving": erasure.bystanders,
            "probes": probe_results,
            "ledger_head_before": before,
            "ledger_head_after": {"seq": erasure.seq, "hash": await self._hash_at(tenant, erasure.seq)},
        }
        result["probes"] = [{"question": p["question"], "verdict": p["verdict"]} for p in probe_results]
        certified = await self._certify(tenant, subject, fields, result)
        result["code"] = "certified_late" if certified else result["code"]
        if certified:
            result["message"] = (f"{prefix}; its certificate had not been issued, and is now: {len(probe_results)} "
                                 "probes by name abstained (relation probes cannot be asked once the facts are gone)")
        return result

    async def _hash_at(self, tenant: str, seq: int) -> str:
        """The chain hash of the tenant's event `seq` (the genesis hash for 0). One event a page:
        a page stops early at a size, and an event before an erasure may be a large source."""
        if seq == 0:
            return "00" * 32
        writer = await self.d.writer_ready()
        events = (await writer.call("replay", tenant, after=seq - 1, limit=1)).get("events", [])
        if not events or events[0].get("seq") != seq:
            raise Unavailable(f"the ledger returned no event {seq} to certify the erasure against; retry")
        return str(events[0]["hash"])

    async def _head(self, tenant: str) -> dict[str, Any]:
        writer = await self.d.writer_ready()
        heads = (await writer.call("heads", tenant)).get("heads", {})
        return heads.get(tenant, {"seq": 0, "hash": "00" * 32})

    async def tombstone_refusal(self, tenant: str, claim: str, acknowledged: bool) -> tuple[dict[str, Any] | None, bool]:
        """(a NOT STORED result, or None; whether the claim must go to review as a re-admission)."""
        if not self.d.projection.has_tombstones(tenant):
            return None, False
        names = _name_candidates(claim)
        if not names:
            return None, False
        writer = await self.d.writer_ready()
        hit = None
        for k in range(0, len(names), _FINGERPRINT_BATCH):
            batch = names[k:k + _FINGERPRINT_BATCH]
            fingerprints = (await writer.call("fingerprint", tenant, names=batch))["fingerprints"]
            hit = next((n for n, fp in zip(batch, fingerprints) if self.d.projection.name_tombstoned(tenant, fp)), None)
            if hit is not None:
                break
        if hit is None:
            return None, False
        if acknowledged:
            return None, True
        return {
            "verdict": "not_stored", "code": "previously_erased",
            "message": f"{hit} was erased from this memory; a claim naming them is not stored",
            "remedy": "If a person has decided this subject may be remembered again, call remember with "
                      "acknowledge_erasure=true: the claim then waits in the review queue until an operator approves it.",
            "claim": claim,
        }, False


_FINGERPRINT_BATCH = 256  # the writer's limit per fingerprint call
_MAX_NGRAM = 4


def _name_candidates(claim: str) -> list[str]:
    """Every way the claim could spell an erased name, for the tombstone check.

    The names the parser finds are found by capitalisation, so "PRIYA RAMAN" or "priya raman"
    would slip past them. Fingerprints are of the case-folded name, so every run of two to four
    words is tried as well; a single word only when capitalised, so that an erased one-word name
    ("Biscuit") does not stop every claim that uses it as an ordinary word."""
    names: list[str] = []
    for span in parse_claim(claim).ordered_spans():
        names.extend([span.text.strip("'\" "), span.key])
    words = [t.text for t in tokenize(normalize(claim)[:20_000]) if any(ch.isalnum() for ch in t.text) and t.text != "'s"]
    for n in range(2, _MAX_NGRAM + 1):
        names.extend(" ".join(words[i:i + n]) for i in range(len(words) - n + 1))
    names.extend(w for w in words if w[:1].isupper())
    return [x for x in dict.fromkeys(names) if x]


def _names_in_full(given: str, stored: str) -> bool:
    """Whether ``given`` is the stored name, in any case, possibly after a title ("Dr. Ada Obi")."""
    want = name_tokens(stored)
    got = name_tokens(given)
    return bool(want) and len(got) >= len(want) and got[len(got) - len(want):] == want
