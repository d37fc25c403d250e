"""A minimal JSON-RPC client for benchmarks: one real `fireweed serve` over its stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any


class Server:
    """A `fireweed serve` on a fresh temporary store (keys outside it), stopped on exit."""

    def __init__(self, tenant: str = "eval") -> None:
        self.tmp = tempfile.TemporaryDirectory(prefix="fireweed-eval-")
        root = Path(self.tmp.name)
        self.env = dict(os.environ, FIREWEED_STORE=str(root / "store"), FIREWEED_KEYS=str(root / "keys"),
                        FIREWEED_TENANT=tenant, FIREWEED_IDLE_EXIT="120")
        self.proc = subprocess.Popen([sys.executable, "-m", "fireweed", "serve"], env=self.env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self._id = 0
        self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "fireweed-eval", "version": "1"}})
        self._send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self._id += 1
        self._send({"jsonrpc": "2.0", "id": self._id, "method": method, "params": params})
        assert self.proc.stdout is not None
        reply = json.loads(self.proc.stdout.readline())
        assert reply.get("id") == self._id, reply
        return reply

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})["result"]

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(10)
        subprocess.run([sys.executable, "-m", "fireweed", "backend", "stop"], env=self.env,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=60)
        self.tmp.cleanup()

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def default_dataset() -> Path:
    return Path(__file__).resolve().parent.parent.parent / "shared" / "eval" / "dev.json"
