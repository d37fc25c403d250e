"""`fireweed demo`: a short scripted session through a real front, printed as it happens.

It is the same path an agent takes: a `fireweed serve` child on a temporary
store, spoken to in JSON-RPC over its stdio. The script is driven by what
tools/list returns, so each new capability shows up here once its tool exists.
The demo prints to stdout because it is a client of the front, not the front.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fireweed.bench import FrontProcess, fireweed_cli, scratch_store

SOURCE_ID = "kestrel-notes"
SOURCE = (
    "Mara Quill founded Kestrel Works in 2011. "
    "Tobias Fenn joined Kestrel Works as chief engineer in 2015. "
    "Mara Quill hired Tobias Fenn after he repaired the town's clock tower. "
    "Tobias Fenn might leave Kestrel Works next year."
)
SHOWN_LINES = 3  # of each result's text: the verdict line and what explains it
_ECHOED = ("claim:", "evidence:", "query:", "subject:", "tenant:", "store:")
WIDTH = 110

Args = dict[str, Any]


@dataclass(frozen=True)
class Step:
    tool: str
    why: str
    args: Callable[[dict[str, Any]], Args]  # given the tool's listing (its inputSchema), the arguments
    expect: str  # the verdict the first line should start with


def _field(listing: dict[str, Any], preferred: str) -> str:
    """The argument that carries the main text: `preferred` if the schema has it, else its first required one."""
    schema = listing.get("inputSchema") or {}
    props = schema.get("properties") or {}
    if preferred in props:
        return preferred
    required = schema.get("required") or list(props)
    return required[0] if required else preferred


def _remember(claim: str, evidence: str) -> Callable[[dict[str, Any]], Args]:
    return lambda _listing: {"claim": claim, "evidence": evidence, "source_id": SOURCE_ID}


def _text_arg(preferred: str, value: str) -> Callable[[dict[str, Any]], Args]:
    return lambda listing: {_field(listing, preferred): value}


STEPS: list[Step] = [
    Step("add_source", "Register a short document; the claims below quote it.",
         lambda _l: {"source_id": SOURCE_ID, "text": SOURCE}, "ADMITTED"),
    Step("remember", "A claim the document supports is admitted, with a receipt (a byte range in the hashed source).",
         _remember("Tobias Fenn joined Kestrel Works in 2015.",
                   "Tobias Fenn joined Kestrel Works as chief engineer in 2015."), "ADMITTED"),
    Step("remember", "A number the evidence does not carry is refused: the claim says 2009, the source 2011.",
         _remember("Mara Quill founded Kestrel Works in 2009.", "Mara Quill founded Kestrel Works in 2011."),
         "REFUSED (numeral_invented)"),
    Step("remember", "Swapping who did what to whom is refused.",
         _remember("Tobias Fenn hired Mara Quill.",
                   "Mara Quill hired Tobias Fenn after he repaired the town's clock tower."),
         "REFUSED (relation_transposed)"),
    Step("remember", "The source itself only says 'might': held for a person to review, invisible to recall.",
         _remember("Tobias Fenn might leave Kestrel Works next year.",
                   "Tobias Fenn might leave Kestrel Works next year."), "QUARANTINED"),
    Step("memory_stats", "Counts by state: the hedged memory is stored, but only as quarantined.", lambda _l: {}, "OK"),
    Step("recall", "A question a stored claim grounds is answered, with its receipt re-checked.",
         _text_arg("query", "When did Tobias Fenn join Kestrel Works?"), "ANSWERED"),
    Step("recall", "A question nothing stored grounds abstains instead of guessing.",
         _text_arg("query", "What is Tobias Fenn's salary?"), "ABSTAINED"),
    Step("forget", "Erase a person: every memory naming him, with a signed certificate.",
         _text_arg("subject", "Tobias Fenn"), "ERASED"),
    Step("recall", "After forget, the same question abstains.",
         _text_arg("query", "When did Tobias Fenn join Kestrel Works?"), "ABSTAINED"),
]


def _cut(text: str, width: int = WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _summary(tool: str, args: Args) -> str:
    shown = " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in args.items())
    return _cut(f"→ {tool} {shown}".rstrip())


def _say(line: str = "") -> None:
    print(line, flush=True)


def _reply_lines(result: dict[str, Any]) -> list[str]:
    blocks = result.get("content") or [{}]
    lines = str(blocks[0].get("text", "")).splitlines() or ["(no text)"]
    # The request line already shows the claim and the evidence; show what the server added.
    return lines[:1] + [line for line in lines[1:] if not line.startswith(_ECHOED)]


def _session(front: FrontProcess, env: dict[str, str]) -> int:
    """Run the script; returns how many steps answered other than the script expected."""
    init = front.initialize()
    info = init.get("serverInfo", {})
    _say("→ initialize")
    _say(f"← {info.get('name')} {info.get('version')}, protocol {init.get('protocolVersion')}")
    _say()
    reply = front.request("tools/list")
    listings = {t["name"]: t for t in reply.get("result", {}).get("tools", [])}
    _say("→ tools/list")
    _say("← " + ", ".join(listings))

    surprises = 0
    for step in STEPS:
        listing = listings.get(step.tool)
        if listing is None:  # this capability is not built yet; the demo grows when it is
            continue
        args = step.args(listing)
        _say()
        _say(f"# {step.why}")
        _say(_summary(step.tool, args))
        lines = _reply_lines(front.call_tool(step.tool, args))
        _say(_cut("← " + lines[0]))
        for extra in lines[1:SHOWN_LINES]:
            _say(_cut("  " + extra))
        if not lines[0].startswith(step.expect):
            surprises += 1
            _say(f"  (the script expected {step.expect})")

    unscripted = [name for name in listings if name not in {s.tool for s in STEPS}]
    if unscripted:
        _say()
        _say(_cut("Also offered (not shown here): " + ", ".join(unscripted)))

    _say()
    _say("# The ledger is a hash chain anyone can recompute (an operator command, not an MCP tool).")
    _say("→ fireweed verify")
    verified = fireweed_cli(env, "verify", timeout=60)
    out = (verified.stdout or verified.stderr).splitlines() or ["(no output)"]
    _say(_cut("← " + out[0]))
    for line in out[1:2]:
        _say(_cut("  " + line.strip()))
    return surprises


def run_demo() -> int:
    """`fireweed demo`: start a real front on a temporary store, run the script, clean up everything."""
    try:
        with scratch_store(None, prefix="fireweed-demo-", idle_exit=60.0) as scratch:
            _say("Fireweed demo: a real `fireweed serve` on a temporary store, spoken to as an agent would.")
            _say(f"  store {scratch.store}")
            _say(f"  keys  {scratch.keys} (outside the store)")
            _say()
            front = FrontProcess(scratch.env, scratch.log_dir / "front.log")
            try:
                surprises = _session(front, scratch.env)
            finally:
                front.close()
            _say()
            _say("Stopping the backend and removing the temporary store.")
    except (OSError, RuntimeError, TimeoutError) as exc:
        print(f"fireweed: error: the demo failed: {exc}", file=sys.stderr)
        return 1
    if surprises:
        _say(f"Note: {surprises} step(s) answered differently from what the script expected (marked above).")
    return 0
