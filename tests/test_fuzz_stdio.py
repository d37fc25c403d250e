"""Hostile input on the stdio boundary: one real `fireweed serve`, fed by hypothesis.

The agent is an untrusted proposer; anything can arrive on the front's stdin.
Properties, checked after every example:
  * the front, the decider and the writer are the same, living processes (pids
    unchanged: a crashed backend would be respawned silently by the front, so
    "the next call works" alone would hide a crash);
  * every line that deserves an answer gets exactly one well-formed JSON-RPC
    reply with a typed error code (never -32603 "Internal error") or a tool
    result whose first line is a verdict word; notifications and blank lines get
    none; stdout carries nothing but JSON-RPC;
  * garbage writes nothing (ledger row count unchanged);
and after the whole module: the front still answers ping and `fireweed verify`
passes.

One front serves every example (starting one per example would cost a second
each). Each example is followed by a `ping` with a fresh id, a sentinel: once
its reply is back, every reply the example deserved has been read.

CI runs FIREWEED_FUZZ_EXAMPLES (default 60) examples per property, derandomised
so CI is reproducible; `python tests/fuzz_long.py` runs many more, randomised.
The crashes this harness found (an unhashable cancel target, lone surrogates in
ids, methods and arguments) are fixed; each also has a plain regression test at
the end of this file, and the strategies generate them on purpose.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fireweed.proposer_api.tools import TOOLS
from fireweed.shared.limits import LIMITS
from fw import PY, Front, backend_pids, fireweed, stop_backend, text_of

EXAMPLES = int(os.environ.get("FIREWEED_FUZZ_EXAMPLES", "60"))
LONG_RUN = "FIREWEED_FUZZ_EXAMPLES" in os.environ
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # a round trip through three processes has no useful per-example deadline
    database=None,  # no .hypothesis directory in the work tree
    derandomize=not LONG_RUN,  # CI sees the same cases every run; the long run explores
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

VERDICT_WORDS = ("ADMITTED", "REFUSED", "QUARANTINED", "ANSWERED", "ABSTAINED", "ERASED", "NOT STORED", "OK", "ERROR")
# Every JSON-RPC error code the front documents; -32603 (Internal error) is deliberately absent.
TYPED_CODES = {-32700, -32600, -32601, -32602, -32002, -32022}
TOOL_NAMES = [t.name for t in TOOLS]
SEED_CLAIM = "Quorra Vantablack founded Emberline in 2014."


# ---- the shared front --------------------------------------------------------------------
@dataclass
class Tally:
    """What the fuzzer saw, per strategy and outcome; written out for the README table."""

    boundary: str
    outcomes: Counter[str] = field(default_factory=Counter)
    cases: Counter[str] = field(default_factory=Counter)

    def case(self, strategy: str) -> None:
        self.cases[strategy] += 1

    def saw(self, outcome: str) -> None:
        self.outcomes[outcome] += 1

    def report(self) -> dict[str, Any]:
        return {"boundary": self.boundary, "cases": sum(self.cases.values()), "by_strategy": dict(self.cases),
                "outcomes": dict(self.outcomes)}


def write_report(tally: Tally) -> None:
    """Print the tally; append it as one JSON line to $FIREWEED_FUZZ_REPORT when set (fuzz_long.py)."""
    line = json.dumps(tally.report(), sort_keys=True)
    print(f"\nfuzz tally: {line}")
    path = os.environ.get("FIREWEED_FUZZ_REPORT")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(line + "\n")


def ledger_count(env: dict[str, str]) -> int:
    path = Path(env["FIREWEED_STORE"]) / "ledger.db"
    if not path.exists():  # the backend is still starting: nothing is written yet
        return 0
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    finally:
        conn.close()


def alive(pid: int | None) -> bool:
    if pid is None or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat", "rb") as fh:  # a zombie is dead too
        return fh.read().split(b")")[-1].split()[0] != b"Z"


@dataclass
class Harness:
    env: dict[str, str] = field(repr=False)  # hypothesis prints its arguments: keep the environment out of logs
    front: Front
    pids: dict[str, int | None]
    tally: Tally
    sentinels: int = 0

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text("Harness(...)")  # hypothesis's printer would list every field, the environment included

    def processes_unchanged(self) -> None:
        assert self.front.proc.poll() is None, "the front died"
        assert backend_pids(self.env) == self.pids, f"a backend process was replaced: {backend_pids(self.env)} != {self.pids}"
        assert all(alive(p) for p in self.pids.values()), self.pids

    def exchange(self, line: bytes, wait_for: Any = None, unless_refused: bool = False) -> list[dict[str, Any]]:
        """Send one line, then a sentinel ping; every message read before the sentinel's reply.

        `wait_for`: an id whose reply must also arrive (requests run concurrently, so a
        slow tools/call may answer after the sentinel). `unless_refused`: stop waiting
        for it if the line itself was refused (an error with id null), as happens when
        the front's parser gives up on nesting this process's parser still accepts."""
        self.sentinels += 1
        sentinel = f"sentinel-{self.sentinels}-{uuid.uuid4().hex}"
        if not line.endswith(b"\n"):
            line += b"\n"
        self.front.send_raw(line)
        self.front.send({"jsonrpc": "2.0", "id": sentinel, "method": "ping"})
        got: list[dict[str, Any]] = []
        seen_sentinel = False
        pending = wait_for is not None
        deadline = time.monotonic() + 60
        while not seen_sentinel or pending:
            assert time.monotonic() < deadline, f"no reply within 60 s; got {got}"
            raw = self.front.lines.get(timeout=60)
            assert raw, "the front closed its stdout"
            msg = json.loads(raw)  # stdout carries JSON-RPC and nothing else
            check_reply(msg)
            if msg.get("id") == sentinel:
                assert msg.get("result") == {}, msg
                seen_sentinel = True
                continue
            if pending and msg.get("id") == wait_for:
                pending = False
            if pending and unless_refused and msg.get("id") is None and "error" in msg:
                pending = False
            got.append(msg)
        return got


def check_reply(msg: Any) -> None:
    """One well-formed JSON-RPC 2.0 response with a typed error or a well-formed tool result."""
    assert isinstance(msg, dict) and msg.get("jsonrpc") == "2.0" and "id" in msg, msg
    assert ("result" in msg) != ("error" in msg), msg
    if "error" in msg:
        err = msg["error"]
        assert isinstance(err.get("code"), int) and isinstance(err.get("message"), str) and err["message"], msg
        assert err["code"] in TYPED_CODES, f"untyped error: {msg}"
        return
    result = msg["result"]
    assert isinstance(result, dict), msg
    if "content" in result:  # a tool result
        text = result["content"][0]["text"]
        assert result["content"][0]["type"] == "text" and text.startswith(VERDICT_WORDS), msg
        structured = result["structuredContent"]
        assert isinstance(structured.get("verdict"), str), msg
        assert structured.get("code") != "internal", f"a tool hit an internal error: {text[:300]}"
        assert isinstance(result["isError"], bool)


def _make_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["FIREWEED_STORE"] = str(root / "store")
    env["FIREWEED_KEYS"] = str(root / "keys")
    env["FIREWEED_IDLE_EXIT"] = "120"
    env.pop("FIREWEED_TENANT", None)
    return env


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Harness]:
    env = _make_env(tmp_path_factory.mktemp("fuzz-stdio"))
    front = Front(env)
    try:
        front.initialize()
        seeded = front.call("remember", {"claim": SEED_CLAIM, "evidence": SEED_CLAIM})
        assert text_of(seeded).startswith("ADMITTED"), text_of(seeded)
        h = Harness(env, front, backend_pids(env), Tally("stdio (MCP front)"))
        assert all(alive(p) for p in h.pids.values())
        yield h
        write_report(h.tally)
    finally:
        try:
            front.close()
        except Exception:
            pass
        stop_backend(env)


@pytest.fixture
def fresh_front(harness: Harness) -> Iterator[Front]:
    """A new front (agent) on the module's backend: for inputs that may kill a front, not the backend."""
    f = Front(harness.env)
    f.initialize()
    yield f
    try:
        f.close()
    except Exception:
        pass


# ---- strategies -----------------------------------------------------------------------------
# Characters that have broken text handling somewhere: NUL and controls, BOM, bidi overrides,
# zero-width joiners, combining marks, non-characters, line/paragraph separators, astral emoji.
EDGE_CHARS = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085", "\u00a0", "\ufeff", "\u202e", "\u2066", "\u200d",
              "\u200b", "\u0301", "\ufffd", "\uffff", "\ufffe", "\u2028", "\u2029", "\U0001f600", "\U0010ffff",
              "\U000e0001", "\r", "\n", "\t", "\"", "\\", "'", "{", "}", "[", "]",
              "\ud800", "\udbff", "\udc00", "\udfff"]  # lone surrogates: legal in JSON text, not in UTF-8
edgy_text = st.text(alphabet=st.one_of(st.characters(codec="utf-8"), st.sampled_from(EDGE_CHARS)), max_size=300)
json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), edgy_text,
)
json_values = st.recursive(json_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(edgy_text, inner, max_size=4)), max_leaves=12)


@st.composite
def jsonrpc_messages(draw: st.DrawFn) -> dict[str, Any]:
    """Objects shaped like JSON-RPC, with every field possibly missing or of the wrong type."""
    msg: dict[str, Any] = {}
    if draw(st.booleans()):
        msg["jsonrpc"] = draw(st.sampled_from(["2.0", "2.0", "1.0", 2.0, None, ""]))
    if draw(st.booleans()):
        msg["id"] = draw(json_scalars)
    if draw(st.integers(0, 5)):
        msg["method"] = draw(st.one_of(
            st.sampled_from(["initialize", "ping", "tools/list", "tools/call", "server/discover",
                             "notifications/initialized", "notifications/cancelled", "resources/list", ""]),
            edgy_text, json_scalars))
    if draw(st.booleans()):
        msg["params"] = draw(st.one_of(
            json_values,
            st.fixed_dictionaries({}, optional={
                "name": st.one_of(st.sampled_from(TOOL_NAMES), json_scalars),
                "arguments": json_values,
                "cursor": json_scalars,
                "protocolVersion": json_scalars,
                "requestId": json_scalars,
                "_meta": st.one_of(json_values, st.fixed_dictionaries(
                    {"io.modelcontextprotocol/protocolVersion": st.one_of(st.just("2026-07-28"), json_scalars)})),
            })))
    if draw(st.integers(0, 4)) == 0:
        msg["result"] = draw(json_values)
    return msg


def _argument_values(spec: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Right type, wrong type, just over and just under the limit, edge characters."""
    limit = spec.get("maxLength", 300)
    right: st.SearchStrategy[Any]
    if spec.get("type") == "string":
        # At and just over the limit; big limits (sources) are tried at 5,000 and just over, not
        # at a full megabyte per example: the exact boundary is a deterministic test below.
        sizes = [0, 1, min(limit, 5000), limit + 1]
        right = st.one_of(edgy_text, st.builds(lambda c, n: c * n, st.sampled_from(["x", "\u00e9", "\U0001f600", "\u0000"]),
                                               st.sampled_from(sizes)))
    elif spec.get("type") == "integer":
        right = st.integers(min_value=-(2**64), max_value=2**64)
    elif spec.get("type") == "boolean":
        right = st.booleans()
    else:
        right = json_values
    return st.one_of(right, json_values)


@st.composite
def tool_calls(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    tool = draw(st.sampled_from(TOOLS))
    props: dict[str, Any] = tool.input_schema.get("properties", {})
    names = list(props) + ["", "extra", "__proto__"]
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    args = {n: draw(_argument_values(props.get(n, {}))) for n in chosen}
    if draw(st.integers(0, 6)) == 0:
        return tool.name, draw(json_values)  # arguments that are not even an object
    return tool.name, args


# ---- properties ------------------------------------------------------------------------------
def json_line(value: Any) -> bytes:
    """One JSON line as an agent would send it: raw UTF-8, or \\u escapes when it holds a lone surrogate."""
    try:
        return json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value).encode("ascii")


def _is_request(message: dict[str, Any]) -> bool:
    """A well-formed request: it must get exactly one reply carrying its id."""
    req_id = message.get("id")
    return (message.get("jsonrpc") == "2.0" and isinstance(message.get("method"), str)
            and isinstance(req_id, (int, str)) and not isinstance(req_id, bool))


def _expect_for_line(line: bytes) -> str:
    """What the front must answer to one raw line, computed the way a JSON-RPC peer would."""
    if not line.strip():
        return "nothing"
    try:
        value = json.loads(line.decode("utf-8"))
    except RecursionError:
        return "invalid_request"
    except (UnicodeDecodeError, ValueError):
        return "parse_error"
    if not isinstance(value, dict):
        return "invalid_request"
    return "message"


@FUZZ
@given(body=st.one_of(
    st.binary(max_size=4000),
    st.builds(lambda prefix, rest: prefix + rest,
              st.sampled_from([b"\x00", b"\xef\xbb\xbf", b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b"{", b"[", b"\"",
                               b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"", b"\x1b[2J"]),
              st.binary(max_size=200)),
))
def test_any_bytes_get_a_parse_error_or_an_answer(harness: Harness, body: bytes) -> None:
    line = body.replace(b"\n", b" ")  # one line per example, so the expectation is exact
    rows = ledger_count(harness.env)
    expect = _expect_for_line(line)
    wait_for = None
    if expect == "message":
        message = json.loads(line.decode("utf-8"))
        if _is_request(message):
            wait_for = message["id"]
    harness.tally.case("raw bytes")
    replies = harness.exchange(line, wait_for)
    if expect == "nothing":
        assert replies == []
    elif expect == "parse_error":
        assert [(r["id"], r["error"]["code"]) for r in replies] == [(None, -32700)], replies
    elif expect == "invalid_request":
        assert [(r["id"], r["error"]["code"]) for r in replies] == [(None, -32600)], replies
    for r in replies:
        harness.tally.saw(f"error {r['error']['code']}" if "error" in r else "result")
    if not replies:
        harness.tally.saw("no reply (blank line)")
    assert ledger_count(harness.env) == rows  # garbage writes nothing
    harness.processes_unchanged()


@FUZZ
@given(value=json_values)
def test_any_json_that_is_not_an_object_is_an_invalid_request(harness: Harness, value: Any) -> None:
    if isinstance(value, dict):
        value = [value]  # objects are the next property's business; a list is a batch, refused
    rows = ledger_count(harness.env)
    harness.tally.case("JSON non-objects")
    replies = harness.exchange(json_line(value))
    assert [(r["id"], r["error"]["code"]) for r in replies] == [(None, -32600)], replies
    harness.tally.saw("error -32600")
    assert ledger_count(harness.env) == rows
    harness.processes_unchanged()


@FUZZ
@given(message=jsonrpc_messages())
def test_malformed_json_rpc_gets_one_typed_answer_or_none(harness: Harness, message: dict[str, Any]) -> None:
    rows = ledger_count(harness.env)
    harness.tally.case("JSON-RPC shapes")
    req_id = message.get("id")
    valid_request = _is_request(message)
    replies = harness.exchange(json_line(message), wait_for=req_id if valid_request else None)
    if valid_request:
        assert [r["id"] for r in replies] == [req_id], replies  # exactly one reply, to this request
    else:
        assert len(replies) <= 1 and all(r["id"] in (None, req_id) for r in replies), replies
        assert all("error" in r for r in replies), replies
    for r in replies:
        harness.tally.saw(f"error {r['error']['code']}" if "error" in r else
                          ("tool result" if "content" in r["result"] else "result"))
    if not replies:
        harness.tally.saw("no reply (notification or response)")
    assert ledger_count(harness.env) == rows
    harness.processes_unchanged()


@FUZZ
@given(call=tool_calls())
def test_tool_arguments_of_any_shape_get_a_verdict(harness: Harness, call: tuple[str, dict[str, Any]]) -> None:
    """Typed garbage in tool arguments: a tool result with a verdict word, never a crash.

    Arguments of the right types may legitimately be stored, so this property does
    not require an unchanged ledger; the module's last test requires that it verifies."""
    name, args = call
    harness.tally.case("tool arguments")
    req_id = f"call-{uuid.uuid4().hex}"
    msg = {"jsonrpc": "2.0", "id": req_id, "method": "tools/call", "params": {"name": name, "arguments": args}}
    line = json_line(msg)
    if len(line) > LIMITS.line_bytes:  # e.g. a million NULs, six bytes each once escaped
        replies = harness.exchange(line)
        assert [(r["id"], r["error"]["code"]) for r in replies] == [(None, -32600)], replies
        harness.tally.saw("error -32600 (line too long)")
        harness.processes_unchanged()
        return
    replies = harness.exchange(line, wait_for=req_id)
    assert [r["id"] for r in replies] == [req_id], replies
    result = replies[0].get("result")
    assert result is not None and "content" in result, replies  # a tool-level answer, not a protocol error
    verdict = result["structuredContent"]["verdict"]
    harness.tally.saw(f"{verdict} ({result['structuredContent'].get('code')})" if result["isError"] else verdict)
    if args is not None and not isinstance(args, dict):  # null arguments mean {} (as the MCP SDK sends)
        assert result["isError"] and "object" in text_of(result)
    harness.processes_unchanged()


@FUZZ
@given(depth=st.integers(min_value=1, max_value=120_000), opener=st.sampled_from(["[", "{\"a\":"]),
       where=st.sampled_from(["top", "arguments", "id"]))
def test_deeply_nested_json_is_refused_or_answered(harness: Harness, depth: int, opener: str, where: str) -> None:
    closer = "]" if opener == "[" else "}"
    nested = opener * depth + "1" + closer * depth
    req_id = f"deep-{uuid.uuid4().hex}"
    if where == "top":
        line = nested
    elif where == "arguments":
        line = ('{"jsonrpc":"2.0","id":"%s","method":"tools/call","params":{"name":"recall","arguments":{"query":%s}}}'
                % (req_id, nested))
    else:
        line = '{"jsonrpc":"2.0","id":%s,"method":"ping"}' % nested
    rows = ledger_count(harness.env)
    harness.tally.case("deep JSON")
    # Where exactly "too deep" starts depends on each process's stack, so near the limit
    # either answer is right: refused as too deep (id null), or parsed and refused as a
    # query that is not a string.
    replies = harness.exchange(line.encode(), wait_for=req_id if where == "arguments" else None, unless_refused=True)
    assert len(replies) == 1, replies
    reply = replies[0]
    if "error" in reply or where != "arguments":
        assert reply["id"] is None and reply["error"]["code"] == -32600, reply  # too deep, a batch, or a bad id
    else:
        assert reply["id"] == req_id and reply["result"]["isError"] and "query" in text_of(reply["result"]), reply
    harness.tally.saw(f"error {reply['error']['code']}" if "error" in reply else "tool error")
    assert ledger_count(harness.env) == rows
    harness.processes_unchanged()


# ---- oversized input, with the limits from fireweed/shared/limits.py ---------------------------------
def test_a_line_over_the_limit_is_refused_and_the_session_goes_on(harness: Harness) -> None:
    front, fw_env = harness.front, harness.env
    rows = ledger_count(fw_env)
    front.send_raw(b"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"pad\":\"" + b"x" * LIMITS.line_bytes + b"\"}\n")
    reply = front.read(60)
    assert reply["id"] is None and reply["error"]["code"] == -32600
    assert str(LIMITS.line_bytes) in reply["error"]["message"]
    assert front.request("ping")["result"] == {}
    assert ledger_count(fw_env) == rows


OVERSIZED = [
    ("remember", "claim", {"evidence": "Quorra Vantablack founded Emberline."}, LIMITS.claim_chars),
    ("remember", "evidence", {"claim": "Quorra Vantablack founded Emberline."}, LIMITS.evidence_chars),
    ("remember", "source_text", {"claim": "Quorra Vantablack founded Emberline.", "evidence": "Quorra Vantablack founded Emberline.",
                                 "source_id": "big-remember"}, LIMITS.source_chars),
    ("remember", "source_id", {"claim": "Quorra Vantablack founded Emberline.", "evidence": "Quorra Vantablack founded Emberline."}, 128),
    ("remember", "event_time", {"claim": "Quorra Vantablack founded Emberline.", "evidence": "Quorra Vantablack founded Emberline."}, 64),
    ("add_source", "text", {"source_id": "big-add"}, LIMITS.source_chars),
    ("recall", "query", {}, LIMITS.query_chars),
    ("trace_evidence", "claim", {}, LIMITS.claim_chars),
    ("forget", "subject", {}, 300),
]


@pytest.mark.parametrize(("tool", "argument", "others", "limit"), OVERSIZED, ids=[f"{t}.{a}" for t, a, _, _ in OVERSIZED])
def test_an_over_long_argument_is_a_clear_error_naming_it(harness: Harness, tool: str, argument: str,
                                                         others: dict[str, str], limit: int) -> None:
    front, fw_env = harness.front, harness.env
    rows = ledger_count(fw_env)
    at_limit = front.call(tool, {**others, argument: "Q" * limit})
    assert f"at most {limit}" not in text_of(at_limit)  # positive control: the limit itself is allowed
    over = front.call(tool, {**others, argument: "Q" * (limit + 1)})
    first = text_of(over).splitlines()[0]
    assert over["isError"] is True and first.startswith("ERROR (invalid_arguments)"), first
    assert f"`{argument}`" in first and str(limit + 1) in first and f"at most {limit}" in first, first
    assert over["structuredContent"]["code"] == "invalid_arguments"
    if tool in ("recall", "trace_evidence", "forget"):
        assert ledger_count(fw_env) == rows  # a refused argument writes nothing


def test_a_source_within_the_advertised_limit_is_accepted_or_refused_naming_it(harness: Harness) -> None:
    r = harness.front.call("add_source", {"source_id": "accented", "text": "\u00e9" * 600_000})
    assert not r["isError"] or "`text`" in text_of(r), text_of(r)


# ---- agent-chosen file names (export_memory writes a file) ---------------------------------------------
ESCAPES = ["../escape", "../../escape.json", "/tmp/fireweed-escape.json", "a/b", ".hidden", "..", "x\u0000y",
           "exports/../../escape", "~/escape.json", "C:\\escape.json", "\u202enosj.json", "x" * 255]


def test_an_agent_cannot_write_an_export_outside_the_exports_folder(harness: Harness) -> None:
    store = Path(harness.env["FIREWEED_STORE"])
    outside_before = sorted(p.name for p in store.parent.iterdir())
    for name in ESCAPES:
        r = harness.front.call("export_memory", {"path": name})
        code = r["structuredContent"].get("code")
        # (a 255-character name is plain but too long once ".json" is added: export_failed, typed)
        assert r["isError"] and code in {"bad_export_path", "invalid_arguments", "export_failed"}, (name, text_of(r))
    assert not Path("/tmp/fireweed-escape.json").exists()
    assert sorted(p.name for p in store.parent.iterdir()) == outside_before  # nothing beside the store
    assert not [p for p in (store / "exports").rglob("*") if "escape" in p.name]
    # Positive controls: a plain name, and an absolute path naming a file directly in the
    # tenant's own folder (exports/<tenant>/: one tenant never sees another's file names).
    folder = store.resolve() / "exports" / "default"
    for name in ("fine-name", str(folder / "absolute-ok.json")):
        ok = harness.front.call("export_memory", {"path": name})
        assert text_of(ok).startswith("OK"), text_of(ok)
        written = Path(ok["structuredContent"]["path"]).resolve()
        assert written.parent == folder, written
        assert (written.stat().st_mode & 0o777) == 0o600  # plaintext memories: owner only
    outside = harness.front.call("export_memory", {"path": str(store.resolve() / "exports" / "other-tenant.json")})
    assert outside["structuredContent"]["code"] == "bad_export_path"  # the shared folder above is not the tenant's
    again = harness.front.call("export_memory", {"path": "fine-name"})
    assert again["structuredContent"]["code"] == "export_exists"  # an agent never overwrites a file
    harness.processes_unchanged()


def test_two_unnamed_exports_in_a_row_both_succeed(harness: Harness) -> None:
    first = harness.front.call("export_memory")
    second = harness.front.call("export_memory")
    assert text_of(first).startswith("OK") and text_of(second).startswith("OK"), text_of(second)
    assert first["structuredContent"]["path"] != second["structuredContent"]["path"]


# ---- one slow front does not stall another ----------------------------------------------------------
def test_a_front_that_stops_reading_does_not_stall_another(harness: Harness) -> None:
    """Back-pressure lands on the slow front alone.

    The slow agent floods requests and never reads its stdout: its pipe fills, its
    front blocks writing, stops reading the decider, and the decider's replies to it
    pile up until its 64 in-flight slots are used; then the decider stops reading
    that one connection. A second front on the same backend must keep working."""
    front, fw_env = harness.front, harness.env
    assert text_of(front.call("remember", {"claim": SEED_CLAIM, "evidence": SEED_CLAIM})).startswith("ADMITTED")
    slow = subprocess.Popen([PY, "-m", "fireweed", "serve"], env=fw_env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    pids = backend_pids(fw_env)

    def flood() -> None:
        assert slow.stdin is not None
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
                "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "slow", "version": "0"}}}
        try:
            slow.stdin.write((json.dumps(init) + "\n").encode())
            for i in range(1, 5000):  # about 10 MB of answers nobody will read
                call = {"jsonrpc": "2.0", "id": i, "method": "tools/call",
                        "params": {"name": "recall", "arguments": {"query": "When did Quorra Vantablack found Emberline?"}}}
                slow.stdin.write((json.dumps(call) + "\n").encode())
                slow.stdin.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass  # the slow front was killed at the end of the test

    flooder = threading.Thread(target=flood, daemon=True)
    flooder.start()
    try:
        time.sleep(3)  # let the slow front's stdout pipe and socket buffers fill
        # Precondition: the slow front is alive and stuck (its slots are full; it reads ahead at
        # most a bounded amount of stdin, so that it still notices its agent leaving).
        assert slow.poll() is None
        started = time.monotonic()
        for i in range(20):
            r = front.call("recall", {"query": "When did Quorra Vantablack found Emberline?"}, timeout=15)
            assert text_of(r).startswith("ANSWERED")
            fact = f"Quorra Vantablack visited Emberline in {2000 + i}."
            assert text_of(front.call("remember", {"claim": fact, "evidence": fact}, timeout=15)).startswith("ADMITTED")
        assert time.monotonic() - started < 30, "the healthy front was slowed to a crawl"
        assert backend_pids(fw_env) == pids and slow.poll() is None  # nobody crashed; the slow one is merely stuck
    finally:
        slow.kill()
        slow.wait()
        flooder.join(5)


# ---- regressions: inputs that once killed the front (found by this harness, fixed) ----------------------
@pytest.mark.parametrize("request_id", [[1], {"a": 1}])
def test_cancel_with_an_unhashable_request_id_is_ignored(fresh_front: Front, request_id: Any) -> None:
    fresh_front.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": request_id}})
    assert fresh_front.request("ping", timeout=10)["result"] == {}


@pytest.mark.parametrize(("line", "expect"), [
    (b'{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}', "result"),
    (b'{"jsonrpc":"2.0","id":5,"method":"\\ud800"}', "error"),
    (b'{"jsonrpc":"2.0","id":"\\udfff","method":"tools/list"}', "result"),
], ids=["id", "method", "id-list"])
def test_a_lone_surrogate_in_an_id_or_method_gets_an_answer_not_a_crash(fresh_front: Front, line: bytes,
                                                                        expect: str) -> None:
    """The reply echoes the surrogate as a \\u escape (valid JSON), and the session goes on."""
    fresh_front.send_raw(line + b"\n")
    reply = fresh_front.read(10)
    assert expect in reply and reply["jsonrpc"] == "2.0", reply
    assert reply["id"] == json.loads(line)["id"]
    assert fresh_front.request("ping", timeout=10)["result"] == {}
    assert fresh_front.proc.poll() is None


def test_a_lone_surrogate_in_a_tool_argument_is_an_argument_error(fresh_front: Front) -> None:
    fresh_front.send_raw(b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"remember",'
                         b'"arguments":{"claim":"Dana Whit \\ud800 sings.","evidence":"Dana Whit sings."}}}\n')
    reply = fresh_front.read(30)
    assert "result" in reply, reply
    assert reply["result"]["isError"] and "`claim`" in text_of(reply["result"])


# ---- last: the module's processes survived everything above ------------------------------------------
def test_zz_after_the_fuzzing_everything_still_stands(harness: Harness) -> None:
    """Runs last in this module (file order): the same processes, a working session, a sound chain."""
    harness.processes_unchanged()
    assert harness.front.request("ping")["result"] == {}
    recalled = harness.front.call("recall", {"query": "When did Quorra Vantablack found Emberline?"})
    assert text_of(recalled).startswith("ANSWERED"), text_of(recalled)
    verify = fireweed(harness.env, "verify")
    assert verify.returncode == 0 and verify.stdout.startswith("OK"), verify.stdout + verify.stderr
    assert not [line for line in harness.front.raw_out if not line.strip().startswith(b"{")]  # stdout is protocol only
