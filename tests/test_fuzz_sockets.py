"""Hostile input on the three unix sockets: decider.sock, operator.sock, writer.sock.

A local process of the same user can connect to any of them (the runtime
directory is 0700, which keeps other users out, not our own). What each must
withstand, checked after every example:
  * no process dies: the decider's and the writer's pids are unchanged (a front
    would silently respawn a dead backend, so only the pid tells);
  * every frame that parses gets a typed error reply (a code from the documented
    set, never `internal`) and the connection goes on; a frame that cannot be
    parsed gets an error frame and the connection is closed (PROTOCOL.md);
  * the writer answers a stranger `refused` (or closes on bytes that are not a
    frame) and keeps serving its decider;
  * garbage writes nothing (ledger row count unchanged);
and after the module: a front still works through the same backend and
`fireweed verify` passes.

Examples per property: FIREWEED_FUZZ_EXAMPLES (default 60); `tests/fuzz_long.py`
runs more. The crashes this harness found (a peer hanging up before its error
reply, an unhashable cancel target, a lone surrogate in an id, an error reply
over the frame limit, a stranger hanging up on the writer) are fixed and kept
as plain regression tests at the end of this file.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import struct
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fireweed.decider.front_ops import FrontOps
from fireweed.decider.operator_ops import OperatorOps
from fireweed.shared.events import utc_now
from fireweed.shared.config import runtime_dir_for
from fireweed.shared.limits import LIMITS
from fireweed.shared.names import BadName, validate_tenant
from fireweed.shared.wire import MAX_FRAME
from fw import PY, Front, backend_pids, fireweed, ledger_rows, stop_backend, text_of
from test_fuzz_stdio import FUZZ, Tally, alive, edgy_text, json_scalars, json_values, ledger_count, write_report

SEED_CLAIM = "Quorra Vantablack founded Emberline in 2014."
SEED_HEDGED = "Quorra Vantablack might sell Emberline."
# Error codes a socket may answer with (PROTOCOL.md and the ops' own argument checks).
FRAME_CODES = {"bad_frame", "frame_too_large", "truncated_frame", "bad_json", "not_an_object"}
REQUEST_CODES = {"bad_request", "unknown_op", "bad_tenant", "tenant_mismatch", "duplicate_id", "invalid_arguments", "too_large",
                 "bad_source_id", "bad_source_text", "source_too_large", "source_conflict", "not_found",
                 "not_in_review", "entity_not_found", "ambiguous_subject", "unavailable"}
# Front ops that can append to the ledger (or write a file) when given well-formed arguments.
WRITING_FRONT_OPS = {"remember", "add_source", "forget", "export_memory"}
# Operator verbs left out of the random envelopes: `stop` stops the backend, `export` writes a file
# wherever `out` says, and the import verbs append events: all legitimately, for any process of
# this user (SECURITY.md says so). Their argument checks are exercised by the CLI tests.
OPERATOR_UNFUZZED = {"stop", "export", "import_start", "import_source", "import_memory", "import_done"}


# ---- raw framed connections ---------------------------------------------------------------------
def frame(message: Any) -> bytes:
    """A frame as a peer would write it: raw UTF-8, or \\u escapes when it holds a lone surrogate."""
    try:
        body = json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        body = json.dumps(message).encode("ascii")
    return struct.pack(">I", len(body)) + body


class Raw:
    """One raw connection to a Fireweed socket, spoken to in frames."""

    def __init__(self, path: Path, timeout: float = 30) -> None:
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.settimeout(timeout)
        self.sock.connect(str(path))

    def __enter__(self) -> "Raw":
        return self

    def __exit__(self, *exc: object) -> None:
        self.sock.close()

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def end_writing(self) -> None:
        self.sock.shutdown(socket.SHUT_WR)

    def _exactly(self, n: int) -> bytes | None:
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(min(n - len(data), 1 << 20))
            if not chunk:
                return None
            data += chunk
        return data

    def read(self) -> dict[str, Any] | None:
        """The next frame, or None when the peer has closed the connection."""
        try:
            header = self._exactly(4)
        except ConnectionResetError:
            return None
        if header is None:
            return None
        body = self._exactly(struct.unpack(">I", header)[0])
        assert body is not None, "the peer closed in the middle of a frame"
        message = json.loads(body)
        assert isinstance(message, dict), message
        return message

    def read_until_closed(self) -> list[dict[str, Any]]:
        frames = []
        while (msg := self.read()) is not None:
            frames.append(msg)
        return frames


def check_reply(msg: dict[str, Any]) -> str:
    """A well-formed reply; returns its outcome ("ok" or the error code)."""
    assert "id" in msg and isinstance(msg.get("ok"), bool), msg
    if msg["ok"]:
        assert isinstance(msg.get("result"), dict), msg
        return "ok"
    err = msg.get("error")
    assert isinstance(err, dict) and isinstance(err.get("message"), str) and err["message"], msg
    assert err.get("code") in REQUEST_CODES | FRAME_CODES | {"refused"}, f"untyped error: {msg}"
    return str(err["code"])


# ---- the module's backend -------------------------------------------------------------------------
@dataclass
class Backend:
    env: dict[str, str] = field(repr=False)
    front: Front
    pids: dict[str, int | None]
    decider: Tally = field(default_factory=lambda: Tally("decider socket"))
    operator: Tally = field(default_factory=lambda: Tally("operator socket"))
    writer: Tally = field(default_factory=lambda: Tally("writer socket"))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text("Backend(...)")  # hypothesis's printer would list every field, the environment included

    def path(self, name: str) -> Path:
        return runtime_dir_for(Path(self.env["FIREWEED_STORE"])) / name

    def unchanged(self) -> None:
        assert backend_pids(self.env) == self.pids, f"a backend process was replaced: {backend_pids(self.env)} != {self.pids}"
        assert all(alive(p) for p in self.pids.values()), self.pids


def _make_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["FIREWEED_STORE"] = str(root / "store")
    env["FIREWEED_KEYS"] = str(root / "keys")
    env["FIREWEED_IDLE_EXIT"] = "120"
    env.pop("FIREWEED_TENANT", None)
    env.pop("FIREWEED_READ_AUDIT", None)  # recall must not write: garbage checks count rows
    return env


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backend]:
    env = _make_env(tmp_path_factory.mktemp("fuzz-sockets"))
    front = Front(env)  # keeps one front connected, so the backend never idles out mid-module
    try:
        front.initialize()
        assert text_of(front.call("remember", {"claim": SEED_CLAIM, "evidence": SEED_CLAIM})).startswith("ADMITTED")
        assert text_of(front.call("remember", {"claim": SEED_HEDGED, "evidence": SEED_HEDGED})).startswith("QUARANTINED")
        b = Backend(env, front, backend_pids(env))
        assert all(alive(p) for p in b.pids.values())
        yield b
        for tally in (b.decider, b.operator, b.writer):
            write_report(tally)
    finally:
        try:
            front.close()
        except Exception:
            pass
        stop_backend(env)


# ---- strategies ------------------------------------------------------------------------------------
valid_tenants = st.from_regex(r"[A-Za-z0-9_\-]{1,64}", fullmatch=True)
tenants = st.one_of(valid_tenants, st.sampled_from(["../x", "", ".", "a/b", "a b", "x" * 65, "caf\u00e9"]),
                    edgy_text, json_scalars)
ids = st.one_of(st.integers(min_value=-(2**63), max_value=2**63), edgy_text, json_values)


def mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """`good` four times in five: one_of alone drifts to the garbage branch and never reaches a handler."""
    return st.integers(0, 4).flatmap(lambda n: bad if n == 0 else good)


# Mostly well-formed envelopes, so that the fuzzed arguments reach the handlers behind them.
envelope_ids = mostly(st.one_of(st.integers(0, 10**9), st.text(max_size=20)), ids)
envelope_tenants = mostly(st.one_of(st.just("default"), valid_tenants), tenants)


def expected_binding(message: dict[str, Any], ops: frozenset[str]) -> str | None:
    """The tenant a first frame binds its connection to, by PROTOCOL.md's rules; None if it binds nothing."""
    req_id, op, tenant = message.get("id"), message.get("op"), message.get("tenant")
    if isinstance(req_id, bool) or not isinstance(req_id, (int, str)) or not isinstance(op, str) or op not in ops:
        return None
    if isinstance(req_id, str) and len(req_id) > 128:  # ids are bounded: they are echoed in every reply
        return None
    if not isinstance(tenant, str):
        return None
    try:
        return validate_tenant(tenant)
    except BadName:
        return None


def exchange(conn: Raw, message: dict[str, Any], ops: frozenset[str], bound: str | None = None) -> list[dict[str, Any]]:
    """Send one frame, then a sentinel `hello`/`status`; return the replies before the sentinel's.

    A dispatched request may answer after the sentinel (requests run concurrently),
    so its reply is waited for too; `cancel` is the one op that never answers."""
    tenant = bound or expected_binding(message, ops) or "fuzz"
    sentinel = f"sentinel-{uuid.uuid4().hex}"
    dispatched = expected_binding(message, ops) is not None and message.get("op") != "cancel" and bound in (None, message.get("tenant"))
    conn.send(frame(message) + frame({"op": "hello" if "hello" in ops else "status", "id": sentinel, "tenant": tenant}))
    got: list[dict[str, Any]] = []
    seen_sentinel, waiting = False, dispatched
    while not seen_sentinel or waiting:
        reply = conn.read()
        assert reply is not None, f"the connection was closed after {message!r:.300}"
        if reply.get("id") == sentinel:
            assert reply["ok"], reply
            seen_sentinel = True
            continue
        if waiting and reply.get("id") == message.get("id"):
            waiting = False
        got.append(reply)
    return got


# ---- decider socket ------------------------------------------------------------------------------------
def _expect_body(body: bytes) -> str:
    try:
        value = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "bad_json"
    return "message" if isinstance(value, dict) else "not_an_object"


@FUZZ
@given(body=st.one_of(st.binary(max_size=3000), st.builds(lambda v: json.dumps(v).encode(), json_values),
                      st.sampled_from([b"", b"{", b"\x00" * 16, b"\xef\xbb\xbf{}", b"\xed\xa0\x80", b"[" * 5000, b"NaN"])),
       sock=st.sampled_from(["decider.sock", "operator.sock"]))
def test_a_frame_body_of_any_bytes_gets_a_typed_answer(backend: Backend, body: bytes, sock: str) -> None:
    tally = backend.decider if sock == "decider.sock" else backend.operator
    rows = ledger_count(backend.env)
    expect = _expect_body(body)
    ops = FrontOps.OPS if sock == "decider.sock" else OperatorOps.OPS
    with Raw(backend.path(sock)) as conn:
        if expect == "message":
            message = json.loads(body)
            if message.get("op") in OPERATOR_UNFUZZED | WRITING_FRONT_OPS:
                return
            tally.case("frame bodies")
            replies = exchange(conn, message, ops)
            for r in replies:
                tally.saw(check_reply(r))
            if not replies:
                tally.saw("no reply (cancel)")
        else:
            tally.case("frame bodies")
            conn.send(struct.pack(">I", len(body)) + body)
            frames = conn.read_until_closed()  # an error frame, then the connection is closed
            assert [f["error"]["code"] for f in frames] == [expect], frames
            assert frames[0]["id"] is None
            tally.saw(f"{expect} + close")
    assert ledger_count(backend.env) == rows
    backend.unchanged()


@FUZZ
@given(length=st.integers(min_value=MAX_FRAME + 1, max_value=2**32 - 1), sock=st.sampled_from(["decider.sock", "operator.sock"]),
       tail=st.binary(max_size=64))
def test_an_oversized_length_is_frame_too_large_then_close(backend: Backend, length: int, sock: str, tail: bytes) -> None:
    tally = backend.decider if sock == "decider.sock" else backend.operator
    tally.case("oversized lengths")
    with Raw(backend.path(sock)) as conn:
        conn.send(struct.pack(">I", length) + tail)
        frames = conn.read_until_closed()
    assert [f["error"]["code"] for f in frames] == ["frame_too_large"], frames
    assert str(MAX_FRAME) in frames[0]["error"]["message"]
    tally.saw("frame_too_large + close")
    backend.unchanged()


@FUZZ
@given(length=st.integers(min_value=1, max_value=100_000), data=st.data(), sock=st.sampled_from(["decider.sock", "operator.sock"]))
def test_a_truncated_frame_is_reported_then_closed(backend: Backend, length: int, data: st.DataObject, sock: str) -> None:
    tally = backend.decider if sock == "decider.sock" else backend.operator
    tally.case("truncated frames")
    partial_header = data.draw(st.booleans())
    with Raw(backend.path(sock)) as conn:
        if partial_header:  # 1 to 3 bytes of a length, then end of stream: nothing to answer
            conn.send(struct.pack(">I", length)[: data.draw(st.integers(1, 3))])
        else:
            conn.send(struct.pack(">I", length) + data.draw(st.binary(max_size=min(length - 1, 2000))))
        conn.end_writing()
        frames = conn.read_until_closed()
    if partial_header:
        assert frames == [], frames
        tally.saw("close (partial header)")
    else:
        assert [f["error"]["code"] for f in frames] == ["truncated_frame"], frames
        tally.saw("truncated_frame + close")
    backend.unchanged()


@FUZZ
@given(op=mostly(st.sampled_from(sorted(FrontOps.OPS - WRITING_FRONT_OPS)), st.one_of(edgy_text, json_scalars)),
       req_id=envelope_ids, tenant=envelope_tenants, args=st.one_of(json_values, st.fixed_dictionaries({}, optional={
           "query": json_scalars, "claim": json_scalars, "limit": json_scalars, "as_of": json_scalars,
           "as_of_seq": json_scalars, "subject": json_scalars, "preview": json_scalars})),
       target=st.one_of(st.none(), st.integers(), edgy_text, json_values))
def test_decider_envelopes_of_any_shape_get_a_typed_reply(backend: Backend, op: Any, req_id: Any, tenant: Any,
                                                         args: Any, target: Any) -> None:
    message = {"op": op, "id": req_id, "tenant": tenant, "args": args}
    if op == "cancel":
        message["target"] = target
    backend.decider.case("envelopes")
    rows = ledger_count(backend.env)
    with Raw(backend.path("decider.sock")) as conn:
        replies = exchange(conn, message, FrontOps.OPS)
    assert len(replies) <= 1, replies
    if op == "cancel" and expected_binding(message, FrontOps.OPS):
        assert replies == []  # cancel never answers
        backend.decider.saw("no reply (cancel)")
    else:
        assert len(replies) == 1, replies
        backend.decider.saw(check_reply(replies[0]))
        if expected_binding(message, FrontOps.OPS) is None:
            assert replies[0]["ok"] is False  # a bad envelope is never served
    assert ledger_count(backend.env) == rows
    backend.unchanged()


@FUZZ
@given(op=st.sampled_from(sorted(WRITING_FRONT_OPS - {"export_memory"})), data=st.data())
def test_writing_ops_with_a_broken_argument_write_nothing(backend: Backend, op: str, data: st.DataObject) -> None:
    """remember/add_source/forget where one required argument is missing, mistyped or unsafe."""
    good = {"remember": {"claim": "Ilse Varga joined Emberline in 2019.", "evidence": "Ilse Varga joined Emberline in 2019."},
            "add_source": {"source_id": "fuzz-source", "text": "Ilse Varga joined Emberline in 2019."},
            "forget": {"subject": "Quorra Vantablack"}}[op]
    args = dict(good)
    broken = data.draw(st.sampled_from(sorted(args)))
    how = data.draw(st.sampled_from(["missing", "mistyped", "too long"] + (["unsafe name"] if broken == "source_id" else [])))
    if how == "missing":
        del args[broken]
    elif how == "mistyped":
        args[broken] = data.draw(st.one_of(st.booleans(), st.integers(), st.floats(), st.lists(json_scalars),
                                           st.dictionaries(edgy_text, json_scalars)))
    elif how == "too long":
        args[broken] = "Q" * (LIMITS.source_chars + 1)
    else:
        args[broken] = data.draw(st.sampled_from(["../etc/passwd", ".hidden", "a b", "", "x" * 129, "caf\u00e9", "a\u0000b"]))
    backend.decider.case("writing ops, broken argument")
    rows = ledger_count(backend.env)
    with Raw(backend.path("decider.sock")) as conn:
        replies = exchange(conn, {"op": op, "id": 1, "tenant": "default", "args": args}, FrontOps.OPS)
    assert len(replies) == 1
    outcome = check_reply(replies[0])
    assert outcome in {"invalid_arguments", "too_large", "bad_source_id", "bad_source_text", "source_too_large"}, replies
    if how in ("missing", "mistyped", "too long"):
        assert f"`{broken}`" in replies[0]["error"]["message"] or broken in replies[0]["error"]["message"], replies
    backend.decider.saw(outcome)
    assert ledger_count(backend.env) == rows
    backend.unchanged()


@FUZZ
@given(first=valid_tenants, second=valid_tenants, op=st.sampled_from(sorted(FrontOps.OPS - WRITING_FRONT_OPS - {"cancel"})))
def test_a_frame_claiming_another_tenant_is_tenant_mismatch(backend: Backend, first: str, second: str, op: str) -> None:
    backend.decider.case("frames claiming another tenant")
    with Raw(backend.path("decider.sock")) as conn:
        conn.send(frame({"op": "hello", "id": 1, "tenant": first}))
        bound = conn.read()
        assert bound is not None and bound["ok"] and bound["result"]["tenant"] == first
        replies = exchange(conn, {"op": op, "id": 2, "tenant": second, "args": {}}, FrontOps.OPS, bound=first)
    assert len(replies) == 1
    if second == first:
        assert replies[0]["id"] == 2 and check_reply(replies[0]) != "tenant_mismatch"
        backend.decider.saw("same tenant: served")
    else:
        assert replies[0]["ok"] is False and replies[0]["error"]["code"] == "tenant_mismatch", replies
        backend.decider.saw("tenant_mismatch")
    backend.unchanged()


def test_operator_verbs_are_unknown_on_the_decider_socket(backend: Backend) -> None:
    """What a front (or an agent that reached decider.sock) can ask never includes an operator's verb."""
    rows = ledger_count(backend.env)
    queue = backend.front.call("review_quarantine")["structuredContent"]["queue"]
    args = {"memory_id": queue[0]["memory_id"] if queue else "x", "decision": "approve", "by": "Mallory",
            "subject": "Quorra Vantablack", "out": "/tmp/fireweed-escape.json", "provenance": {}}
    with Raw(backend.path("decider.sock")) as conn:
        for n, op in enumerate(sorted(OperatorOps.OPS - FrontOps.OPS)):
            replies = exchange(conn, {"op": op, "id": n, "tenant": "default", "args": args}, FrontOps.OPS)
            assert [r["error"]["code"] for r in replies] == ["unknown_op"], (op, replies)
    assert ledger_count(backend.env) == rows and not Path("/tmp/fireweed-escape.json").exists()
    backend.unchanged()


# ---- operator socket ---------------------------------------------------------------------------------------
@FUZZ
@given(op=mostly(st.sampled_from(sorted(OperatorOps.OPS - OPERATOR_UNFUZZED)), st.one_of(edgy_text, json_scalars)),
       req_id=envelope_ids, tenant=envelope_tenants,
       args=st.one_of(json_values, st.fixed_dictionaries({}, optional={
           "memory_id": json_scalars, "decision": st.one_of(st.sampled_from(["approve", "reject", "maybe"]), json_scalars),
           "by": json_scalars, "note": json_scalars, "subject": json_scalars, "limit": json_scalars})))
def test_operator_verbs_with_bad_arguments_get_a_typed_reply(backend: Backend, op: Any, req_id: Any, tenant: Any,
                                                            args: Any) -> None:
    """Every verb but OPERATOR_UNFUZZED, with arguments of any shape."""
    if op in OPERATOR_UNFUZZED:
        return
    backend.operator.case("envelopes and verbs")
    rows = ledger_count(backend.env)
    message = {"op": op, "id": req_id, "tenant": tenant, "args": args}
    with Raw(backend.path("operator.sock")) as conn:
        replies = exchange(conn, message, OperatorOps.OPS)
    assert len(replies) == 1, replies
    backend.operator.saw(check_reply(replies[0]))
    assert ledger_count(backend.env) == rows  # no random memory id or subject names anything real
    backend.unchanged()


def test_operator_decisions_without_by_are_refused_and_write_nothing(backend: Backend) -> None:
    queue = json.loads(json.dumps(backend.front.call("review_quarantine")["structuredContent"]["queue"]))
    memory_id = queue[0]["memory_id"]
    rows = ledger_count(backend.env)
    for args in (("review", "approve", memory_id), ("review", "reject", memory_id, "--by", "  "),
                 ("hold", "Quorra Vantablack"), ("release", "Quorra Vantablack", "--by", "")):
        r = fireweed(backend.env, *args)
        assert r.returncode != 0 and "--by" in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
    r = fireweed(backend.env, "review", "approve")
    assert r.returncode != 0 and "memory ID" in r.stderr
    r = fireweed(backend.env, "review", "approve", "mem_doesnotexist", "--by", "Olga")
    assert r.returncode != 0 and "not_found" in r.stderr
    r = fireweed(backend.env, "review", "maybe", memory_id, "--by", "Olga")
    assert r.returncode == 2 and "invalid choice" in r.stderr
    assert ledger_count(backend.env) == rows
    # Positive control: with --by the decision is made and recorded, naming the reviewer.
    ok = fireweed(backend.env, "review", "reject", memory_id, "--by", "Olga")
    assert ok.returncode == 0 and "by Olga" in ok.stdout, ok.stderr
    assert ledger_rows(backend.env)[-1][1] == "review_decided"
    backend.unchanged()


# ---- writer socket (strangers) --------------------------------------------------------------------------------
@FUZZ
@given(first=st.one_of(
    st.fixed_dictionaries({"op": st.just("auth"), "id": ids, "tenant": tenants,
                           "secret": st.one_of(st.text(alphabet="0123456789abcdef", min_size=0, max_size=128), json_scalars)}),
    st.fixed_dictionaries({"op": st.sampled_from(["append", "heads", "replay", "ping", "sign_certificate", "fingerprint"]),
                           "id": ids, "tenant": tenants},
                          optional={"events": json_values, "secret": edgy_text, "fields": json_values}),
    st.dictionaries(edgy_text, json_values, max_size=5)),
    replayed=st.lists(st.sampled_from([
        {"op": "append", "id": 2, "tenant": "default",
         "events": [{"seq": 99, "kind": "erased", "payload": {"entity_id": "ent_x"}, "recorded_at": "2026-01-01T00:00:00.000000Z"}]},
        {"op": "heads", "id": 3, "tenant": "default"},
        {"op": "sign_certificate", "id": 4, "tenant": "default", "fields": {"entity_id": "ent_x"}},
        {"op": "auth", "id": 5, "tenant": "default", "secret": "00" * 32}]), max_size=3))
def test_the_writer_refuses_strangers_and_keeps_serving(backend: Backend, first: dict[str, Any],
                                                       replayed: list[dict[str, Any]]) -> None:
    """No secret, a wrong secret, any first frame, followed by frames replayed from a decider's session."""
    backend.writer.case("first frames from a stranger")
    rows = ledger_count(backend.env)
    with Raw(backend.path("writer.sock")) as conn:
        conn.send(frame(first) + b"".join(frame(m) for m in replayed))
        frames = conn.read_until_closed()  # read to the end; hanging up early has its own regression test
    assert len(frames) == 1 and frames[0]["ok"] is False and frames[0]["error"]["code"] == "refused", frames
    backend.writer.saw("refused + close")
    assert ledger_count(backend.env) == rows
    backend.unchanged()


@FUZZ
@given(body=st.one_of(st.binary(max_size=2000), st.builds(lambda v: json.dumps(v).encode(), st.one_of(
    st.lists(json_scalars), json_scalars))), oversized=st.booleans())
def test_the_writer_closes_on_a_first_frame_that_is_not_a_frame(backend: Backend, body: bytes, oversized: bool) -> None:
    if _expect_body(body) == "message":
        body = b"[" + body  # objects are the property above's business
    backend.writer.case("unparseable first frames")
    with Raw(backend.path("writer.sock")) as conn:
        length = MAX_FRAME + 1 if oversized else len(body)
        conn.send(struct.pack(">I", length) + body)
        conn.end_writing()
        frames = conn.read_until_closed()
    assert frames == [] or [f["error"]["code"] for f in frames] == ["refused"], frames
    backend.writer.saw("close" if not frames else "refused + close")
    backend.unchanged()


# ---- frame and argument limits at the decider (the front is not the only client) -----------------------------
def test_a_frame_over_8_mib_gets_frame_too_large(backend: Backend) -> None:
    with Raw(backend.path("decider.sock")) as conn:
        conn.send(struct.pack(">I", MAX_FRAME + 1) + b"{" + b" " * 65_536)
        frames = conn.read_until_closed()
    assert [f["error"]["code"] for f in frames] == ["frame_too_large"]
    # Positive control: a frame of exactly the limit is read and answered.
    head = b'{"op":"hello","id":1,"tenant":"default","pad":"'
    body = head + b"x" * (MAX_FRAME - len(head) - 2) + b'"}'
    assert len(body) == MAX_FRAME
    with Raw(backend.path("decider.sock")) as conn:
        conn.send(struct.pack(">I", len(body)) + body)
        reply = conn.read()
    assert reply is not None and reply["ok"] and reply["result"]["tenant"] == "default"
    backend.unchanged()


DECIDER_LIMITS = [
    ("remember", "claim", {"evidence": "Ilse Varga joined Emberline."}, LIMITS.claim_chars),
    ("remember", "evidence", {"claim": "Ilse Varga joined Emberline."}, LIMITS.evidence_chars),
    ("remember", "source_text", {"claim": "Ilse Varga joined Emberline.", "evidence": "Ilse Varga joined Emberline."},
     LIMITS.source_chars),
    ("add_source", "text", {"source_id": "limit-test"}, LIMITS.source_chars),
    ("recall", "query", {}, LIMITS.query_chars),
    ("trace_evidence", "claim", {}, LIMITS.claim_chars),
]


@pytest.mark.parametrize(("op", "argument", "others", "limit"), DECIDER_LIMITS, ids=[f"{o}.{a}" for o, a, _, _ in DECIDER_LIMITS])
def test_the_decider_enforces_each_limit_itself(backend: Backend, op: str, argument: str, others: dict[str, str],
                                                limit: int) -> None:
    rows = ledger_count(backend.env)
    with Raw(backend.path("decider.sock")) as conn:
        replies = exchange(conn, {"op": op, "id": 1, "tenant": "default", "args": {**others, argument: "Q" * (limit + 1)}},
                           FrontOps.OPS)
    assert len(replies) == 1 and replies[0]["ok"] is False, replies
    error = replies[0]["error"]
    assert error["code"] == "too_large" and f"`{argument}`" in error["message"] and str(limit) in error["message"], error
    assert ledger_count(backend.env) == rows
    backend.unchanged()


def test_a_connection_flooding_requests_without_reading_does_not_stall_a_front(backend: Backend) -> None:
    """The 64-in-flight limit: past it the decider stops reading that connection, and only that one."""
    flooder = Raw(backend.path("decider.sock"))
    try:
        flooder.sock.setblocking(False)
        request = frame({"op": "recall", "id": 0, "tenant": "default",
                         "args": {"query": "When did Quorra Vantablack found Emberline?"}})
        sent = 0
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                flooder.sock.send(request)
                sent += 1
            except BlockingIOError:
                break  # the decider stopped reading us: back-pressure, not unbounded buffering
        assert sent < 100_000, "the decider kept reading an unread connection without limit"
        started = time.monotonic()
        for _ in range(10):
            r = backend.front.call("recall", {"query": "When did Quorra Vantablack found Emberline?"}, timeout=15)
            assert text_of(r).startswith("ANSWERED")
        assert time.monotonic() - started < 20
        backend.unchanged()
    finally:
        flooder.sock.close()


def test_zz_the_backend_still_serves_after_the_fuzzing(backend: Backend) -> None:
    """Runs after everything that uses the module's backend (file order): same processes, a working front, a sound chain."""
    backend.unchanged()
    r = backend.front.call("recall", {"query": "When did Quorra Vantablack found Emberline?"})
    assert text_of(r).startswith("ANSWERED") and r["structuredContent"]["results"][0]["receipt_status"] == "verified"
    fact = "Ilse Varga joined Emberline in 2019."
    assert text_of(backend.front.call("remember", {"claim": fact, "evidence": fact})).startswith("ADMITTED")  # writes still work
    verify = fireweed(backend.env, "verify")
    assert verify.returncode == 0 and verify.stdout.startswith("OK"), verify.stdout + verify.stderr
    backend.unchanged()


# ---- the writer's own authentication, against a writer this test starts itself -------------------------------------
@dataclass
class OwnWriter:
    """A ledger writer spawned by this test process, so the test plays the decider and knows the secret."""

    env: dict[str, str] = field(repr=False)
    proc: subprocess.Popen[bytes]
    secret: str

    @property
    def path(self) -> Path:
        return runtime_dir_for(Path(self.env["FIREWEED_STORE"])) / "writer.sock"


@pytest.fixture
def own_writer(fw_env: dict[str, str]) -> Iterator[OwnWriter]:
    secret = secrets.token_hex(32)
    proc = subprocess.Popen([PY, "-m", "fireweed.ledger_writer"], env=fw_env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(secret.encode() + b"\n")
    proc.stdin.close()
    assert proc.stdout.readline().strip() == b"READY"
    try:
        yield OwnWriter(fw_env, proc, secret)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()


def _connect_from_another_process(path: Path, message: dict[str, Any]) -> dict[str, Any]:
    """Present `message` as the first frame from a process that is not the writer's parent."""
    script = ("import json,socket,struct,sys\n"
              "s=socket.socket(socket.AF_UNIX);s.settimeout(20);s.connect(sys.argv[1])\n"
              "b=sys.stdin.buffer.read();s.sendall(struct.pack('>I',len(b))+b)\n"
              "h=s.recv(4);n=struct.unpack('>I',h)[0];d=b''\n"
              "while len(d)<n:\n c=s.recv(n-len(d))\n if not c: break\n d+=c\n"
              "sys.stdout.write(d.decode())\n")
    out = subprocess.run([sys.executable, "-c", script, str(path)], input=json.dumps(message).encode(),
                         capture_output=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_the_right_secret_from_another_process_is_refused(own_writer: OwnWriter) -> None:
    """A copied (replayed) auth frame is worthless without being the writer's parent (SO_PEERCRED pid)."""
    auth = {"op": "auth", "id": 1, "tenant": "default", "secret": own_writer.secret}
    stranger = _connect_from_another_process(own_writer.path, auth)
    assert stranger["ok"] is False and stranger["error"]["code"] == "refused"
    # Positive control: the same frame from the parent authenticates.
    with Raw(own_writer.path) as conn:
        conn.send(frame(auth))
        reply = conn.read()
        assert reply is not None and reply["ok"] and reply["result"]["pid"] == own_writer.proc.pid
        assert own_writer.proc.poll() is None


def test_a_second_auth_and_replayed_appends_are_refused(own_writer: OwnWriter) -> None:
    auth = {"op": "auth", "id": 1, "tenant": "default", "secret": own_writer.secret}
    event = {"seq": 1, "kind": "hold_set", "payload": {"entity_id": "ent_test", "by": "pytest"}, "recorded_at": utc_now()}
    append = {"op": "append", "id": 2, "tenant": "default", "events": [event]}
    with Raw(own_writer.path) as decider:
        decider.send(frame(auth))
        assert decider.read()["ok"]  # type: ignore[index]
        decider.send(frame(append))
        first = decider.read()
        assert first is not None and first["ok"] and first["result"]["events"][0]["seq"] == 1
        # The same frame replayed on the authenticated connection: refused by seq, nothing written.
        decider.send(frame(append))
        again = decider.read()
        assert again is not None and again["ok"] is False and again["error"]["code"] == "seq_mismatch", again
        for bad, code in (({**event, "seq": 2, "kind": "made_up"}, "unknown_kind"),
                          ({**event, "seq": 2, "payload": ["not", "an", "object"]}, "bad_payload"),
                          ({**event, "seq": 2, "recorded_at": "yesterday"}, "bad_payload")):
            decider.send(frame({"op": "append", "id": 3, "tenant": "default", "events": [bad]}))
            refused = decider.read()
            assert refused is not None and refused["ok"] is False and refused["error"]["code"] == code, refused
        # A second connection, even from the parent with the right secret, is refused while the first lives.
        with Raw(own_writer.path) as second:
            second.send(frame(auth) + frame({**append, "events": [{**event, "seq": 2}]}))
            frames = second.read_until_closed()
            # Refused outright (no "ok" first, as before the fix), served nothing, closed.
            assert [f.get("ok") for f in frames] == [False] and frames[0]["error"]["code"] == "refused", frames
        decider.send(frame({"op": "heads", "id": 4, "tenant": "default"}))
        heads = decider.read()
        assert heads is not None and heads["result"]["heads"]["default"]["seq"] == 1
    own_writer.proc.wait(20)  # the decider went away: the writer commits and exits
    assert [r[:2] for r in ledger_rows(own_writer.env)] == [(1, "hold_set")]
    assert fireweed(own_writer.env, "verify").returncode == 0


# ---- the writer's files: what a local reader of the directories finds --------------------------------------
def test_keys_and_sockets_are_private(backend: Backend) -> None:
    keys = Path(backend.env["FIREWEED_KEYS"])
    assert (keys.stat().st_mode & 0o777) == 0o700
    assert [p.name for p in keys.iterdir() if (p.stat().st_mode & 0o077)] == []  # every key file 0600
    assert (Path(backend.env["FIREWEED_STORE"]).stat().st_mode & 0o777) == 0o700
    for name in ("decider.sock", "operator.sock", "writer.sock"):
        assert (backend.path(name).stat().st_mode & 0o077) == 0, name


def test_the_ledger_file_is_private(fw_env: dict[str, str]) -> None:
    old = os.umask(0o022)  # the common default, set explicitly so the outcome does not depend on CI's umask
    try:
        front = Front(fw_env)  # the backend it spawns inherits this umask
    finally:
        os.umask(old)
    try:
        front.initialize()
        assert text_of(front.call("remember", {"claim": SEED_CLAIM, "evidence": SEED_CLAIM})).startswith("ADMITTED")
        store = Path(fw_env["FIREWEED_STORE"])
        modes = {n: oct((store / n).stat().st_mode & 0o777) for n in ("ledger.db", "ledger.db-wal", "ledger.db-shm")
                 if (store / n).exists()}
        assert modes and all(m == "0o600" for m in modes.values()), modes
    finally:
        front.close()


# ---- regressions: inputs that once stopped a listener (found by this harness, fixed) ----------------------------
def _decider_survives(env: dict[str, str], data: bytes, read_first: bool = False) -> None:
    front = Front(env)
    try:
        front.initialize()
        front.call("memory_stats")
        pids = backend_pids(env)
        path = runtime_dir_for(Path(env["FIREWEED_STORE"])) / "decider.sock"
        for _ in range(3):
            try:
                with Raw(path, timeout=10) as conn:
                    conn.send(data)
                    if read_first:
                        conn.read()
            except OSError:
                break  # the socket is gone: the decider is dead (the assertion below says so)
        time.sleep(1)
        assert backend_pids(env) == pids and all(alive(p) for p in pids.values()), (pids, backend_pids(env))
    finally:
        front.close()


def test_a_peer_hanging_up_before_its_error_reply_does_not_kill_the_decider(fw_env: dict[str, str]) -> None:
    _decider_survives(fw_env, frame({"op": "no_such_op", "id": 1, "tenant": "default"}))


def test_cancel_with_an_unhashable_target_does_not_kill_the_decider(fw_env: dict[str, str]) -> None:
    _decider_survives(fw_env, frame({"op": "cancel", "id": 1, "tenant": "default", "target": [1]}), read_first=False)


def test_a_lone_surrogate_in_an_id_does_not_kill_the_decider(fw_env: dict[str, str]) -> None:
    body = b'{"op":"hello","id":"\\ud800","tenant":"default"}'
    _decider_survives(fw_env, struct.pack(">I", len(body)) + body, read_first=True)


def test_an_error_reply_over_the_frame_limit_does_not_kill_the_decider(fw_env: dict[str, str]) -> None:
    _decider_survives(fw_env, frame({"op": "\u0378" * (3 * 1024 * 1024), "id": 1, "tenant": "default"}), read_first=True)


def test_a_stranger_hanging_up_early_does_not_kill_the_writer(fw_env: dict[str, str]) -> None:
    front = Front(fw_env)
    try:
        front.initialize()
        front.call("memory_stats")
        pids = backend_pids(fw_env)
        path = runtime_dir_for(Path(fw_env["FIREWEED_STORE"])) / "writer.sock"
        for _ in range(3):
            try:
                with Raw(path, timeout=10) as conn:
                    conn.send(frame({"op": "auth", "id": 1, "tenant": "default", "secret": "00" * 32}))
            except OSError:
                break
        time.sleep(1)
        assert backend_pids(fw_env) == pids and all(alive(p) for p in pids.values()), (pids, backend_pids(fw_env))
    finally:
        front.close()

