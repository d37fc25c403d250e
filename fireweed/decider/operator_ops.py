"""Operator verbs, served on the operator socket only; the MCP front never connects there."""

from __future__ import annotations

import os
import time
from typing import Any

from fireweed.decider.core import Decider


class OperatorOps:
    OPS = frozenset({"status", "stop"})

    def __init__(self, decider: Decider) -> None:
        self.d = decider

    async def op_status(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        return {
            "decider_pid": os.getpid(),
            "writer_pid": self.d.writer_pid,
            "writer_ready": self.d.ready.is_set(),
            "writer_starts": self.d.writer_starts,
            "fronts": self.d.fronts,
            "uptime_s": int(time.time() - self.d.started),
            "heads": dict(self.d.committed),
            "store": str(self.d.settings.store),
            "idle_exit_s": self.d.settings.idle_exit,
        }

    async def op_stop(self, tenant: str, args: dict[str, Any]) -> dict[str, Any]:
        self.d.stopping.set()
        return {"stopping": True}
