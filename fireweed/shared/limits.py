"""Size limits, in one place, enforced at every boundary with a clear error."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    claim_chars: int = 2_000
    evidence_chars: int = 20_000
    source_chars: int = 1_000_000
    query_chars: int = 2_000
    line_bytes: int = 4 * 1024 * 1024  # one JSON-RPC line on stdin
    response_chars: int = 256_000  # a tool result's text is cut beyond this
    pending_per_front: int = 64  # requests in flight per front before it stops reading
    json_depth: int = 64


LIMITS = Limits()
