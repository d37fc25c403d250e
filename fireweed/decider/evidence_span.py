"""Narrow a located evidence span to the sentences that support the claim.

An agent may quote a whole paragraph; storing all of it would put other
people's sentences into this subject's record (and into its erasure closure).
A covered part is kept when it shares a content word with the claim; the kept
range is the contiguous run from the first kept part to the last.
"""

from __future__ import annotations

import re
from typing import Any

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*", re.UNICODE)
_SMALL = frozenset(
    "a an and are as at be been but by for from had has have he her his i in is it its of on or our she that the "
    "their them they this to was we were which who will with you".split()
)


def _content(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text) if w.lower() not in _SMALL and len(w) > 1}


def narrow_receipt(located: dict[str, Any], claim: str) -> tuple[dict[str, Any], str]:
    """(receipt restricted to supporting parts, the narrowed evidence text)."""
    receipt = dict(located["receipt"])
    parts: list[int] = list(receipt["parts"])
    spans: list[list[int]] = located["part_spans"]
    texts: list[str] = located["part_texts"]
    span_text: str = located["span"]
    if len(parts) <= 1:
        return receipt, span_text
    words = _content(claim)
    keep = [i for i, t in enumerate(texts) if words & _content(t)]
    if not keep or len(keep) == len(parts):
        return receipt, span_text
    first, last = keep[0], keep[-1]
    start = max(receipt["byte_start"], spans[first][0])
    end = min(receipt["byte_end"], spans[last][1])
    raw = span_text.encode("utf-8")
    offset = receipt["byte_start"]
    # Parts tile the source, so they carry the whitespace between sentences; trim
    # it from the range itself so the stored text is exactly the bytes it names.
    while start < end and raw[start - offset:start - offset + 1].isspace():
        start += 1
    while end > start and raw[end - offset - 1:end - offset].isspace():
        end -= 1
    narrowed = raw[start - offset:end - offset].decode("utf-8", "replace")
    sel = slice(first, last + 1)
    receipt.update(byte_start=start, byte_end=end, parts=parts[sel],
                   leaves=receipt["leaves"][sel], proofs=receipt["proofs"][sel])
    return receipt, narrowed
