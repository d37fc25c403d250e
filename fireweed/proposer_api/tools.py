"""The MCP tools: names, schemas, honest annotations, and which decider op serves each.

Descriptions are fixed text: no stored memory ever flows into a tool
description, so nothing written by one agent can instruct another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fireweed.shared.limits import LIMITS

_STR_OR_NULL = {"type": ["string", "null"]}


def _output(extra: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {
        "verdict": {"type": "string", "description": "admitted | refused | quarantined | answered | abstained | erased | not_stored | ok | error"},
        "code": _STR_OR_NULL,
        "message": {"type": "string"},
        "remedy": {"type": "string"},
    }
    props.update(extra or {})
    return {"type": "object", "properties": props, "required": ["verdict"], "additionalProperties": True}


_RECEIPT = {
    "type": ["object", "null"],
    "description": "source_id, Merkle root, byte range, covered parts with leaf hashes and inclusion proofs",
}


@dataclass(frozen=True)
class Tool:
    name: str
    title: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]
    op: str
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False
    extra_annotations: dict[str, Any] = field(default_factory=dict)

    def listing(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "inputSchema": self.input_schema,
            "outputSchema": self.output_schema,
            "annotations": {
                "title": self.title,
                "readOnlyHint": self.read_only,
                "destructiveHint": self.destructive,
                "idempotentHint": self.idempotent,
                "openWorldHint": False,
            },
        }


def _obj(props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


REMEMBER = Tool(
    name="remember",
    title="Remember a grounded claim",
    description=(
        "Propose one claim together with the verbatim evidence that supports it. Deterministic gates decide: "
        "the evidence must name the claim's subject (else REFUSED unknown_subject), keep its relation in order "
        "(relation_transposed), carry every number the claim states (numeral_invented), and say no less than the "
        "claim (asserts_more_than_evidence; negation included). A firewall rejects greetings, placeholders, "
        "questions and instructions, and QUARANTINES hedged claims for a person to review. What is admitted is "
        "bound to a receipt: a byte range in a hashed source that anyone can re-check. Give source_id (and "
        "source_text the first time) to quote a document; without it the evidence is registered as its own "
        "source. ADMITTED is answered only after the ledger row is durable."
    ),
    input_schema=_obj(
        {
            "claim": {"type": "string", "minLength": 1, "maxLength": LIMITS.claim_chars,
                      "description": "One fact about a named subject, in the evidence's own words."},
            "evidence": {"type": "string", "minLength": 1, "maxLength": LIMITS.evidence_chars,
                         "description": "The verbatim sentence(s) from the source that state the claim."},
            "source_id": {"type": "string", "maxLength": 128,
                          "description": "A safe name for the source document (letters, digits, . _ - :)."},
            "source_text": {"type": "string", "maxLength": LIMITS.source_chars,
                            "description": "The full source document, registered under source_id before the claim."},
            "event_time": {"type": "string", "maxLength": 64,
                           "description": "When the fact became true (ISO 8601). Unknown if omitted, never 'now'."},
            "acknowledge_erasure": {"type": "boolean",
                                    "description": "Ask to re-admit a claim about an erased subject (goes to review)."},
        },
        ["claim", "evidence"],
    ),
    output_schema=_output({
        "memory_id": _STR_OR_NULL, "claim": {"type": "string"}, "evidence": {"type": "string"},
        "receipt": _RECEIPT, "seq": {"type": ["integer", "null"]}, "hash": _STR_OR_NULL,
        "outcome": {"type": "string"}, "event_time": _STR_OR_NULL,
    }),
    op="remember",
)

ADD_SOURCE = Tool(
    name="add_source",
    title="Register a source document",
    description=(
        "Register a document so claims can quote it by source_id. It is split into sentences, each salted and "
        "hashed into a Merkle tree whose root goes into the ledger. origin, origin_kind and supplied_by are "
        "recorded as declared by you, not verified."
    ),
    input_schema=_obj(
        {
            "source_id": {"type": "string", "minLength": 1, "maxLength": 128},
            "text": {"type": "string", "minLength": 1, "maxLength": LIMITS.source_chars},
            "origin": {"type": "string", "maxLength": 200, "description": "Where it came from (declared)."},
            "origin_kind": {"type": "string", "maxLength": 200, "description": "e.g. email, web page, note (declared)."},
            "supplied_by": {"type": "string", "maxLength": 200, "description": "Who supplied it (declared)."},
        },
        ["source_id", "text"],
    ),
    output_schema=_output({"source_id": {"type": "string"}, "root": _STR_OR_NULL, "new": {"type": "boolean"}}),
    op="add_source",
    idempotent=True,
)

MEMORY_STATS = Tool(
    name="memory_stats",
    title="Memory statistics",
    description="Counts of memories per state, entities and sources, the ledger chain head (seq and hash), the tenant and the store path.",
    input_schema=_obj({}, []),
    output_schema=_output({
        "tenant": {"type": "string"}, "store": {"type": "string"},
        "head": {"type": "object", "properties": {"seq": {"type": "integer"}, "hash": _STR_OR_NULL}},
        "states": {"type": "object"},
    }),
    op="memory_stats",
    read_only=True,
    idempotent=True,
)

TOOLS: list[Tool] = [REMEMBER, ADD_SOURCE, MEMORY_STATS]
TOOLS_BY_NAME: dict[str, Tool] = {t.name: t for t in TOOLS}
