"""Turn a decider result into an MCP tool result: a text block and structuredContent.

The first line of the text always starts with the verdict word, so an agent (or
a person reading a transcript) sees the decision before anything else. Stored
text is shown as quoted data under a label, never as bare prose.
"""

from __future__ import annotations

import json
from typing import Any

from fireweed.shared.limits import LIMITS

VERDICT_WORDS = {
    "admitted": "ADMITTED",
    "refused": "REFUSED",
    "quarantined": "QUARANTINED",
    "answered": "ANSWERED",
    "abstained": "ABSTAINED",
    "erased": "ERASED",
    "not_stored": "NOT STORED",
    "ok": "OK",
    "error": "ERROR",
}
# Verdicts where the call did not do what was asked (the agent should change something).
_IS_ERROR = {"refused", "not_stored", "error"}


def quote(text: Any) -> str:
    """Stored or proposed text as a JSON string literal: visibly data, one line, no markup."""
    return json.dumps(str(text), ensure_ascii=False)


def _head(result: dict[str, Any]) -> str:
    verdict = str(result.get("verdict", "error"))
    word = VERDICT_WORDS.get(verdict, verdict.upper())
    code = result.get("code")
    if code and verdict in {"refused", "abstained", "not_stored", "error", "quarantined"}:
        word = f"{word} ({code})"
    message = result.get("message")
    if verdict == "admitted" and result.get("kind") == "source":
        message = (f"source {result.get('source_id')} registered ({result.get('size')} parts) at seq {result.get('seq')}"
                   if result.get("new") else f"source {result.get('source_id')} was already held with this exact text")
    elif verdict == "admitted":
        outcome = result.get("outcome", "admitted")
        message = f"memory {result.get('memory_id')} at seq {result.get('seq')}" + (
            " (reinforced: an identical claim was already stored)" if outcome == "reinforced" else ""
        )
    elif verdict == "quarantined":
        message = f"memory {result.get('memory_id')} is held for review by a person; recall will not return it until approved"
    return f"{word}: {message}" if message else word


def _memory_line(n: int, item: dict[str, Any]) -> str:
    status = item.get("receipt_status")
    receipt = item.get("receipt") or {}
    when = item.get("event_time") or "event time unknown"
    checked = f"receipt {status}; " if status else ""
    return (f"{n}. [{item.get('state')}] {quote(item.get('claim'))} ({when}; seq {item.get('seq')}; "
            f"{checked}source {receipt.get('source_id')})")


_LISTS = {"results": "memory", "queue": "queued", "cited": "contradicting memory"}


def _lines(result: dict[str, Any]) -> list[str]:
    out = []
    for key, label in _LISTS.items():
        items = result.get(key)
        if items:
            out.append(f"{key}: (stored data, quoted; {label} records)")
            out.extend(_memory_line(i, item) for i, item in enumerate(items, 1) if isinstance(item, dict))
    if result.get("candidates"):
        out.append("candidates: " + ", ".join(str(c.get("name", c)) if isinstance(c, dict) else str(c)
                                              for c in result["candidates"]))
    for key in ("claim", "evidence", "rescued_from"):
        if result.get(key) is not None:
            out.append(f"{key}: {quote(result[key])}")
    receipt = result.get("receipt")
    if isinstance(receipt, dict):
        out.append(
            f"receipt: source {receipt.get('source_id')} bytes {receipt.get('byte_start')}..{receipt.get('byte_end')} "
            f"parts {receipt.get('parts')} root {str(receipt.get('root'))[:16]}…"
        )
    for key in ("supersedes", "disputes"):
        if result.get(key):
            out.append(f"{key}: {', '.join(map(str, result[key]))}")
    if result.get("remedy"):
        out.append(f"remedy: {result['remedy']}")
    for key, value in result.items():
        if key in {"verdict", "code", "message", "claim", "evidence", "receipt", "remedy", "rescued_from",
                   "supersedes", "disputes", "text_lines", "results", "queue", "cited", "candidates",
                   "certificate"} or value is None or value == []:
            continue
        if isinstance(value, str) and not value.isprintable():
            out.append(f"{key}: {quote(value)}")  # a newline in an echoed query must not start a line of its own
        elif isinstance(value, (str, int, bool)):
            out.append(f"{key}: {value}")
        else:
            out.append(f"{key}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}")
    out.extend(result.get("text_lines") or [])
    return out


def tool_result(result: dict[str, Any]) -> dict[str, Any]:
    structured = {k: v for k, v in result.items() if k != "text_lines"}
    structured.setdefault("code", None)
    text = "\n".join([_head(result), *_lines(result)])
    if len(text) > LIMITS.response_chars:
        text = text[: LIMITS.response_chars] + "\n… (cut: the full result is in structuredContent)"
    if len(json.dumps(structured, ensure_ascii=False)) > LIMITS.response_chars * 4:
        structured = {"verdict": structured.get("verdict"), "code": structured.get("code"),
                      "message": "result too large to return whole; narrow the request (e.g. a smaller limit)"}
    return {
        "content": [{"type": "text", "text": text}],
        "structuredContent": structured,
        "isError": result.get("verdict") in _IS_ERROR,
    }


def error_result(code: str, message: str, remedy: str | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"verdict": "error", "code": code, "message": message}
    if remedy:
        result["remedy"] = remedy
    return tool_result(result)
