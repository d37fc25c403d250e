"""Tenant isolation under attack: two agents, one store, the same people's names.

Tenant A and tenant B are two `fireweed serve` fronts (FIREWEED_TENANT=a and =b)
on one store and one backend. Both hold facts about "Dana Whit"; only A knows
"Hugo Brandt" and his company "Copperline". Every test pairs a "B must not"
with the positive control "the same call in A answers", so an assertion can
never pass because the tool is simply broken.

The catch-all is `test_b_cannot_tell_whether_a_exists`: B runs one script of
every tool in a fresh store and again in a store where A is busy; once ids,
hashes and timestamps are normalised, B's two transcripts must be identical.
Anything of A that reached B (a count, a name, an error text, a seq number)
would make them differ.
"""

from __future__ import annotations

import json
import os
import re
import socket
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from fireweed.shared.config import runtime_dir_for
from fw import Front, fireweed, ledger_rows, stop_backend, text_of

# ---- the two tenants' data -------------------------------------------------
A_SOURCE_ID = "a-notes"
A_SOURCE = ("Hugo Brandt founded Copperline in 2011. Dana Whit works at Harbor Labs. "
            "Hugo Brandt might sell Copperline.")
A_HUGO = "Hugo Brandt founded Copperline in 2011."
A_DANA = "Dana Whit works at Harbor Labs."
A_HEDGED = "Hugo Brandt might sell Copperline."
B_DANA = "Dana Whit lives in Oslo."
# Strings that only tenant A ever wrote: none may appear anywhere in what B receives. (A's source
# id is not among them: B registers its own source under the same id, by design of one test.)
A_ONLY_WORDS = ("Copperline", "Harbor", "Hugo Brandt founded")


def _make_env(root: Path, tenant: str | None = None, **extra: str) -> dict[str, str]:
    """Like conftest's fw_env, for fixtures that outlive one test."""
    env = dict(os.environ)
    env["FIREWEED_STORE"] = str(root / "store")
    env["FIREWEED_KEYS"] = str(root / "keys")
    env["FIREWEED_IDLE_EXIT"] = "60"
    # The read audit is on so that review_reads has something to (not) leak.
    env["FIREWEED_READ_AUDIT"] = "text"
    env.pop("FIREWEED_TENANT", None)
    if tenant is not None:
        env["FIREWEED_TENANT"] = tenant
    env.update(extra)
    return env


def sc(result: dict[str, Any]) -> dict[str, Any]:
    return result["structuredContent"]


def first_line(result: dict[str, Any]) -> str:
    return text_of(result).splitlines()[0]


def everything(result: dict[str, Any]) -> str:
    """The whole tool result as one string: text, structuredContent, flags."""
    return json.dumps(result, ensure_ascii=False)


def assert_no_trace_of_a(result: dict[str, Any], world: "World", sent: dict[str, Any] | None = None) -> None:
    """No word or id of A's in B's result, except what B itself put in its own request (echoed back)."""
    blob = everything(result)
    asked = json.dumps(sent or {}, ensure_ascii=False)
    for secret in (*A_ONLY_WORDS, *world.a_ids):
        if secret in asked:
            continue
        assert secret not in blob, f"tenant B received {secret!r} of tenant A: {blob[:600]}"


@dataclass
class World:
    """One store with tenant A (seeded) and tenant B (seeded) and a front for each."""

    env: dict[str, str]
    a: Front
    b: Front
    a_ids: list[str] = field(default_factory=list)  # memory ids, hashes and sources that are A's alone
    a_hedged_id: str = ""

    def tenant_env(self, tenant: str) -> dict[str, str]:
        return dict(self.env, FIREWEED_TENANT=tenant)


def _seed(world: World) -> None:
    a, b = world.a, world.b
    added = a.call("add_source", {"source_id": A_SOURCE_ID, "text": A_SOURCE})
    assert first_line(added).startswith("ADMITTED"), text_of(added)
    for claim in (A_HUGO, A_DANA):
        r = a.call("remember", {"claim": claim, "evidence": claim, "source_id": A_SOURCE_ID})
        assert first_line(r).startswith("ADMITTED"), text_of(r)
        world.a_ids += [sc(r)["memory_id"], sc(r)["hash"]]
    hedged = a.call("remember", {"claim": A_HEDGED, "evidence": A_HEDGED, "source_id": A_SOURCE_ID})
    assert first_line(hedged).startswith("QUARANTINED"), text_of(hedged)
    world.a_hedged_id = sc(hedged)["memory_id"]
    world.a_ids += [world.a_hedged_id, sc(added)["root"]]
    r = b.call("remember", {"claim": B_DANA, "evidence": B_DANA})
    assert first_line(r).startswith("ADMITTED"), text_of(r)


def _open_world(env: dict[str, str]) -> World:
    a = Front(dict(env, FIREWEED_TENANT="a"))
    b = Front(dict(env, FIREWEED_TENANT="b"))
    a.initialize()
    b.initialize()
    world = World(env, a, b)
    _seed(world)
    return world


def _close_world(world: World) -> None:
    for f in (world.a, world.b):
        try:
            f.close()
        except Exception:
            pass
    stop_backend(world.env)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """For tests that only read (or write in B alone): one store for the module, for speed."""
    world = _open_world(_make_env(tmp_path_factory.mktemp("tenancy")))
    try:
        yield world
    finally:
        _close_world(world)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    """For destructive tests (forget, hold, review decisions): a store of their own."""
    w = _open_world(_make_env(tmp_path))
    try:
        yield w
    finally:
        _close_world(w)


# ---- recall ----------------------------------------------------------------
def test_recall_in_b_abstains_for_a_facts_while_a_answers(shared: World) -> None:
    for question in ("Where does Dana Whit work?", "When did Hugo Brandt found Copperline?",
                     "What do you know about Hugo Brandt?", "Who founded Copperline?"):
        in_b = shared.b.call("recall", {"query": question})
        assert first_line(in_b).startswith("ABSTAINED"), text_of(in_b)
        assert sc(in_b)["results"] == [] and sc(in_b).get("candidates") in ([], None)
        assert_no_trace_of_a(in_b, shared, {"query": question})
    # Positive controls: the same questions in A are answered with A's claims.
    assert A_DANA in [r["claim"] for r in sc(shared.a.call("recall", {"query": "Where does Dana Whit work?"}))["results"]]
    assert A_HUGO in [r["claim"] for r in sc(shared.a.call("recall", {"query": "When did Hugo Brandt found Copperline?"}))["results"]]
    # And B still answers about its own Dana Whit.
    own = shared.b.call("recall", {"query": "Where does Dana Whit live?"})
    assert [r["claim"] for r in sc(own)["results"]] == [B_DANA]
    assert_no_trace_of_a(own, shared)


def test_b_abstains_on_a_name_exactly_as_on_a_name_nobody_stored(shared: World) -> None:
    """An error text must not even reveal that the name exists elsewhere in the store."""
    known_to_a = shared.b.call("recall", {"query": "When did Hugo Brandt found Copperline?"})
    unknown = shared.b.call("recall", {"query": "When did Zeno Marlow found Tinderbox?"})
    as_if = json.loads(everything(unknown).replace("Zeno Marlow", "Hugo Brandt").replace("Tinderbox", "Copperline"))
    assert json.loads(everything(known_to_a)) == as_if


# ---- counts ------------------------------------------------------------------
def test_memory_stats_in_b_does_not_move_when_a_writes(shared: World) -> None:
    before_b = sc(shared.b.call("memory_stats"))
    before_a = sc(shared.a.call("memory_stats"))
    claim = "Hugo Brandt founded Copperline in 2011."
    assert first_line(shared.a.call("remember", {"claim": claim, "evidence": claim, "source_id": A_SOURCE_ID})
                      ).startswith("ADMITTED")  # a reinforcement: a new ledger event in A
    fresh = "Ilse Varga joined Copperline in 2019."
    assert first_line(shared.a.call("remember", {"claim": fresh, "evidence": fresh})).startswith("ADMITTED")
    after_b = sc(shared.b.call("memory_stats"))
    after_a = sc(shared.a.call("memory_stats"))
    assert after_b == before_b  # not one count, not the head, nothing
    assert after_b["tenant"] == "b" and after_a["tenant"] == "a"
    # Positive control: A's own counts and head did move.
    assert after_a["memories"] == before_a["memories"] + 1 and after_a["head"]["seq"] > before_a["head"]["seq"]
    assert after_a["states"]["quarantined"] == 1 and after_b["states"]["quarantined"] == 0


def test_verify_receipts_in_b_counts_only_b(shared: World) -> None:
    in_b = sc(shared.b.call("verify_receipts"))
    in_a = sc(shared.a.call("verify_receipts"))
    b_memories = sc(shared.b.call("memory_stats"))["memories"]
    a_memories = sc(shared.a.call("memory_stats"))["memories"]
    assert in_b["total"] == b_memories and in_b["verified"] == in_b["checkable"]
    assert in_a["total"] == a_memories and in_a["verified"] == in_a["checkable"]
    assert in_a["total"] > in_b["total"]


# ---- review queue --------------------------------------------------------------
def test_review_quarantine_in_b_does_not_show_a_claims(shared: World) -> None:
    in_b = shared.b.call("review_quarantine")
    assert sc(in_b)["count"] == 0 and sc(in_b)["queue"] == []
    assert_no_trace_of_a(in_b, shared)
    in_a = sc(shared.a.call("review_quarantine"))
    assert [q["claim"] for q in in_a["queue"]] == [A_HEDGED]


def test_operator_review_list_is_per_tenant(shared: World) -> None:
    as_b = fireweed(shared.tenant_env("b"), "review", "list")
    as_a = fireweed(shared.tenant_env("a"), "review", "list")
    assert as_b.returncode == 0 and A_HEDGED not in as_b.stdout and shared.a_hedged_id not in as_b.stdout
    assert as_a.returncode == 0 and A_HEDGED in as_a.stdout and shared.a_hedged_id in as_a.stdout


def test_an_operator_bound_to_b_cannot_decide_a_claim(world: World) -> None:
    rows_a = ledger_rows(world.env, "a")
    wrong = fireweed(world.tenant_env("b"), "review", "approve", world.a_hedged_id, "--by", "Mallory")
    assert wrong.returncode != 0 and "not_found" in wrong.stderr
    assert A_HEDGED not in wrong.stderr + wrong.stdout
    assert ledger_rows(world.env, "a") == rows_a and ledger_rows(world.env, "b")[-1][1] != "review_decided"
    # Positive control: the same decision in tenant A is recorded.
    right = fireweed(world.tenant_env("a"), "review", "approve", world.a_hedged_id, "--by", "Olga")
    assert right.returncode == 0, right.stderr
    assert ledger_rows(world.env, "a")[-1][1] == "review_decided"


# ---- evidence and sources ---------------------------------------------------------
def test_trace_evidence_in_b_finds_no_a_claim(shared: World) -> None:
    in_b = shared.b.call("trace_evidence", {"claim": A_HUGO})
    assert first_line(in_b).startswith("ABSTAINED (no_such_memory)")
    assert_no_trace_of_a(in_b, shared, {"claim": A_HUGO})
    in_a = sc(shared.a.call("trace_evidence", {"claim": A_HUGO}))
    assert in_a["verdict"] == "ok" and in_a["source_id"] == A_SOURCE_ID and in_a["chain_verifies"] is True


def test_b_cannot_quote_a_source_nor_learn_that_it_exists(shared: World) -> None:
    # Quoting A's source by id from B: the source is simply not there (not "evidence not in source").
    quoted = shared.b.call("remember", {"claim": A_HUGO, "evidence": A_HUGO, "source_id": A_SOURCE_ID})
    assert first_line(quoted).startswith("REFUSED (source_not_found)"), text_of(quoted)
    assert sc(quoted).get("receipt") is None
    # Registering the same id with other text in B: a new source of B's, no "already held" conflict.
    mine = "Dana Whit keeps bees in Oslo."
    added = shared.b.call("add_source", {"source_id": A_SOURCE_ID, "text": mine})
    assert first_line(added).startswith("ADMITTED") and sc(added)["new"] is True, text_of(added)
    assert_no_trace_of_a(added, shared, {"source_id": A_SOURCE_ID, "text": mine})
    # Positive control: A still quotes its own source under that id, with its own text.
    hedge_free = "Dana Whit works at Harbor Labs."
    in_a = sc(shared.a.call("remember", {"claim": hedge_free, "evidence": hedge_free, "source_id": A_SOURCE_ID}))
    assert in_a["verdict"] == "admitted" and in_a["receipt"]["source_id"] == A_SOURCE_ID


def test_review_reads_in_b_shows_no_question_a_asked(shared: World) -> None:
    question = "Which year did Hugo Brandt found Copperline in?"  # asked by A alone in this module
    shared.a.call("recall", {"query": question})
    in_b = shared.b.call("review_reads", {"limit": 500})
    assert question not in everything(in_b)
    # B's log holds B's own questions (some name Copperline: B asked them); never A's memories.
    assert all(secret not in everything(in_b) for secret in shared.a_ids)
    in_a = sc(shared.a.call("review_reads"))
    assert in_a["enabled"] is True and question in [r.get("query") for r in in_a["reads"]]


# ---- erasure and holds ---------------------------------------------------------------
def test_forget_in_b_of_a_name_only_a_has_erases_nothing(world: World) -> None:
    rows_a = ledger_rows(world.env, "a")
    for args in ({"subject": "Hugo Brandt", "preview": True}, {"subject": "Hugo Brandt"}, {"subject": "Copperline"}):
        r = world.b.call("forget", args)
        assert first_line(r).startswith("REFUSED (entity_not_found)"), text_of(r)
        assert_no_trace_of_a(r, world, args)
    assert ledger_rows(world.env, "a") == rows_a  # not one event in A
    answered = sc(world.a.call("recall", {"query": "When did Hugo Brandt found Copperline?"}))
    assert [r["claim"] for r in answered["results"]] == [A_HUGO]
    assert answered["results"][0]["receipt_status"] == "verified"
    # Positive control: in A the name resolves and the closure lists A's memories.
    preview = sc(world.a.call("forget", {"subject": "Hugo Brandt", "preview": True}))
    assert preview["code"] == "preview" and len(preview["memories"]) == 2  # the fact and the quarantined one


def test_forget_of_a_shared_name_in_b_leaves_a_untouched(world: World) -> None:
    erased = world.b.call("forget", {"subject": "Dana Whit"})
    assert first_line(erased).startswith("ERASED"), text_of(erased)
    assert sc(erased)["memories"] and len(sc(erased)["memories"]) == 1  # B's one memory, not A's
    assert_no_trace_of_a(erased, world)
    # A's Dana Whit still answers, and A's receipts (same name, redacted in B) still verify.
    in_a = sc(world.a.call("recall", {"query": "Where does Dana Whit work?"}))
    assert [r["claim"] for r in in_a["results"]] == [A_DANA] and in_a["results"][0]["receipt_status"] == "verified"
    receipts = sc(world.a.call("verify_receipts"))
    assert receipts["failed"] == [] and receipts["verified"] == receipts["checkable"] == receipts["total"]
    # B's tombstone does not follow the name into A ...
    again = "Dana Whit joined Harbor Labs in 2020."
    assert first_line(world.a.call("remember", {"claim": again, "evidence": again})).startswith("ADMITTED")
    # ... while in B it does (positive control for the tombstone itself).
    in_b = world.b.call("remember", {"claim": B_DANA, "evidence": B_DANA})
    assert first_line(in_b).startswith("NOT STORED (previously_erased)"), text_of(in_b)
    assert fireweed(world.env, "verify").returncode == 0


def test_erasure_certificates_of_two_tenants_cannot_be_linked(world: World) -> None:
    in_a = sc(world.a.call("forget", {"subject": "Dana Whit"}))
    in_b = sc(world.b.call("forget", {"subject": "Dana Whit"}))
    assert in_a["verdict"] == in_b["verdict"] == "erased", (in_a, in_b)
    assert in_a["certificate"]["tenant"] == "a" and in_b["certificate"]["tenant"] == "b"
    # Anyone shown both certificates (or holding the store) must not learn that they concern one person.
    assert in_a["certificate"]["subject_fingerprint"] != in_b["certificate"]["subject_fingerprint"]


def test_a_hold_in_a_is_invisible_to_b(world: World) -> None:
    wrong = fireweed(world.tenant_env("b"), "hold", "Hugo Brandt", "--by", "Mallory")
    assert wrong.returncode != 0 and "entity_not_found" in wrong.stderr
    right = fireweed(world.tenant_env("a"), "hold", "Hugo Brandt", "--by", "Olga")
    assert right.returncode == 0 and "held" in right.stdout, right.stderr
    # B learns nothing from A's hold: forget in B answers as for any unknown name, not legal_hold.
    r = world.b.call("forget", {"subject": "Hugo Brandt"})
    assert first_line(r).startswith("REFUSED (entity_not_found)"), text_of(r)
    # Positive control: in A the hold is what stops the erasure.
    assert first_line(world.a.call("forget", {"subject": "Hugo Brandt"})).startswith("REFUSED (legal_hold)")


# ---- export ------------------------------------------------------------------------------
def _bundle_text(result: dict[str, Any]) -> str:
    path = Path(sc(result)["path"])
    assert path.is_file() and (path.stat().st_mode & 0o077) == 0, path  # plaintext memories: owner only
    return path.read_text(encoding="utf-8")


def test_export_in_b_carries_nothing_of_a(shared: World) -> None:
    in_b = shared.b.call("export_memory", {"path": "b-all"})  # named: unnamed exports collide within a second
    assert first_line(in_b).startswith("OK"), text_of(in_b)
    bundle = _bundle_text(in_b)
    assert B_DANA in bundle
    for secret in (*A_ONLY_WORDS, *shared.a_ids):
        assert secret not in bundle, f"B's export holds {secret!r} of tenant A"
    # Positive control: A's export holds A's memories.
    assert A_HUGO in _bundle_text(shared.a.call("export_memory", {"path": "a-all"}))


def test_a_subject_export_in_b_of_a_name_only_a_has_is_refused(shared: World) -> None:
    in_b = shared.b.call("export_memory", {"subject": "Hugo Brandt", "path": "b-hugo"})
    assert first_line(in_b).startswith("REFUSED (entity_not_found)"), text_of(in_b)
    assert_no_trace_of_a(in_b, shared, {"subject": "Hugo Brandt"})
    in_a = shared.a.call("export_memory", {"subject": "Hugo Brandt", "path": "a-hugo"})
    assert first_line(in_a).startswith("OK") and A_HUGO in _bundle_text(in_a), text_of(in_a)


def test_b_cannot_learn_which_file_names_a_exported(shared: World) -> None:
    """Once a leak (one shared exports folder: export_exists told B that A used a name); fixed."""
    name = f"quarterly-{os.getpid()}"
    assert first_line(shared.a.call("export_memory", {"path": name})).startswith("OK")
    in_b = shared.b.call("export_memory", {"path": name})
    assert first_line(in_b).startswith("OK"), text_of(in_b)  # as if A's file did not exist (a folder per tenant)
    assert Path(sc(in_b)["path"]).parent.name == "b"


# ---- non-interference: B's whole transcript with and without A ------------------------
B_SCRIPT: list[tuple[str, dict[str, Any]]] = [
    ("memory_stats", {}),
    ("remember", {"claim": B_DANA, "evidence": B_DANA}),
    ("remember", {"claim": "Dana Whit might move to Bergen.", "evidence": "Dana Whit might move to Bergen."}),
    ("remember", {"claim": A_HUGO, "evidence": A_HUGO, "source_id": A_SOURCE_ID}),
    ("add_source", {"source_id": A_SOURCE_ID, "text": "Dana Whit keeps bees in Oslo. Dana Whit sold honey in 2020."}),
    ("remember", {"claim": "Dana Whit keeps bees in Oslo.", "evidence": "Dana Whit keeps bees in Oslo.",
                  "source_id": A_SOURCE_ID}),
    ("recall", {"query": "Where does Dana Whit work?"}),
    ("recall", {"query": "Where does Dana Whit live?"}),
    ("recall", {"query": "When did Hugo Brandt found Copperline?"}),
    ("recall", {"query": "What do you know about Hugo Brandt?"}),
    ("recall", {"query": "Who founded Copperline?"}),
    ("trace_evidence", {"claim": A_DANA}),
    ("trace_evidence", {"claim": B_DANA}),
    ("review_quarantine", {}),
    ("review_reads", {"limit": 50}),
    ("verify_receipts", {}),
    ("memory_stats", {}),
    ("forget", {"subject": "Hugo Brandt"}),
    ("forget", {"subject": "Dana Whit", "preview": True}),
    ("forget", {"subject": "Dana Whit"}),
    ("remember", {"claim": B_DANA, "evidence": B_DANA}),
    ("recall", {"query": "Where does Dana Whit live?"}),
    ("memory_stats", {}),
]

# Fields that differ between any two runs whatever the tenancy: random ids, salts, clocks, paths.
_VOLATILE_KEYS = {"hash", "recorded_at", "root", "leaves", "proofs", "store", "certificate", "certificate_path",
                  "certificate_hash", "source_recorded_at", "issued_at"}
_VOLATILE_TEXT = [
    (re.compile(r"\b(?:mem|ent|rev|cert)_[0-9a-f]{8,}\b"), "<id>"),
    (re.compile(r"\b[0-9a-f]{16,}\b"), "<hex>"),
    (re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z"), "<time>"),
]


def _normalise(value: Any, store: str) -> Any:
    if isinstance(value, dict):
        return {k: ("<volatile>" if k in _VOLATILE_KEYS else _normalise(v, store)) for k, v in value.items()}
    if isinstance(value, list):
        return [_normalise(v, store) for v in value]
    if isinstance(value, str):
        value = value.replace(store, "<store>")
        for pattern, repl in _VOLATILE_TEXT:
            value = pattern.sub(repl, value)
    return value


def _run_b(b: Front, store: str, between: Any = None) -> list[Any]:
    transcript = []
    for tool, args in B_SCRIPT:
        if between is not None:
            between()
        transcript.append(_normalise(b.call(tool, args), store))
    return transcript


def test_b_cannot_tell_whether_a_exists(tmp_path: Path) -> None:
    """Non-interference: every tool's output in B, A absent versus A busy in the same store."""
    alone_env = _make_env(tmp_path / "alone")
    crowd_env = _make_env(tmp_path / "crowd")
    fronts: list[Front] = []
    try:
        b_alone = Front(dict(alone_env, FIREWEED_TENANT="b"))
        fronts.append(b_alone)
        b_alone.initialize()
        alone = _run_b(b_alone, str(Path(alone_env["FIREWEED_STORE"]).resolve()))

        a = Front(dict(crowd_env, FIREWEED_TENANT="a"))
        fronts.append(a)
        a.initialize()
        a.call("add_source", {"source_id": A_SOURCE_ID, "text": A_SOURCE})
        for claim in (A_HUGO, A_DANA, A_HEDGED):
            a.call("remember", {"claim": claim, "evidence": claim, "source_id": A_SOURCE_ID})
        a.call("forget", {"subject": "Hugo Brandt"})  # A's tombstone and certificate exist too
        b_crowd = Front(dict(crowd_env, FIREWEED_TENANT="b"))
        fronts.append(b_crowd)
        b_crowd.initialize()
        counter = iter(range(10_000))

        def a_keeps_busy() -> None:
            # A writes and reads between every step of B: sequences, counts and caches all move in A.
            n = next(counter)
            claim = f"Dana Whit visited Harbor Labs in {1990 + n % 30}."
            a.call("remember", {"claim": claim, "evidence": claim})
            a.call("recall", {"query": "Where does Dana Whit work?"})

        crowd = _run_b(b_crowd, str(Path(crowd_env["FIREWEED_STORE"]).resolve()), a_keeps_busy)
    finally:
        for f in fronts:
            try:
                f.close()
            except Exception:
                pass
        stop_backend(alone_env)
        stop_backend(crowd_env)
    for (tool, args), one, other in zip(B_SCRIPT, alone, crowd):
        assert one == other, f"B's {tool}({args}) differs when A exists:\nalone: {one}\ncrowd: {other}"
    # The script exercised what it meant to (so equality is not two identical failures).
    verdicts = [first_line(r) for r in alone]
    assert any(v.startswith("ANSWERED") for v in verdicts) and any(v.startswith("ERASED") for v in verdicts)
    assert any(v.startswith("QUARANTINED") for v in verdicts) and any(v.startswith("NOT STORED") for v in verdicts)


# ---- the decider socket: tenant binding and tenant names -------------------------------
def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return struct.pack(">I", len(body)) + body


def _read_frame(s: socket.socket) -> dict[str, Any] | None:
    header = b""
    while len(header) < 4:
        chunk = s.recv(4 - len(header))
        if not chunk:
            return None
        header += chunk
    (n,) = struct.unpack(">I", header)
    body = b""
    while len(body) < n:
        chunk = s.recv(n - len(body))
        if not chunk:
            return None
        body += chunk
    return json.loads(body)


def _decider_socket(env: dict[str, str]) -> socket.socket:
    s = socket.socket(socket.AF_UNIX)
    s.settimeout(20)
    s.connect(str(runtime_dir_for(Path(env["FIREWEED_STORE"])) / "decider.sock"))
    return s


def _ask(s: socket.socket, message: dict[str, Any]) -> dict[str, Any]:
    s.sendall(_frame(message))
    reply = _read_frame(s)
    assert reply is not None, f"the decider hung up on {message}"
    assert reply.get("id") == message.get("id"), reply
    return reply


def test_a_connection_stays_bound_to_its_first_tenant(shared: World) -> None:
    with _decider_socket(shared.env) as s:
        first = _ask(s, {"op": "hello", "id": 1, "tenant": "b"})
        assert first["ok"] and first["result"]["tenant"] == "b"
        for n, op in enumerate(("memory_stats", "recall", "review_quarantine", "forget", "verify_receipts"), start=2):
            args = {"query": "Where does Dana Whit work?", "subject": "Hugo Brandt", "preview": True}
            crossed = _ask(s, {"op": op, "id": n, "tenant": "a", "args": args})
            assert crossed["ok"] is False and crossed["error"]["code"] == "tenant_mismatch", crossed
            assert "Copperline" not in json.dumps(crossed) and "Harbor" not in json.dumps(crossed)
        # The connection goes on, still as B: a mismatch is refused, not a reason to switch.
        stats = _ask(s, {"op": "memory_stats", "id": 99, "tenant": "b"})
        assert stats["ok"] and stats["result"]["tenant"] == "b"
    # Positive control: a connection that starts as A is A.
    with _decider_socket(shared.env) as s:
        assert _ask(s, {"op": "memory_stats", "id": 1, "tenant": "a"})["result"]["tenant"] == "a"


BAD_TENANTS = ["../x", "..", ".", "", "a/b", "a\\b", ".hidden", "a b", "x" * 65, "caf\u00e9", "a\u0000b", "a\nb",
               "a:b", "A.B"]


@pytest.mark.parametrize("tenant", BAD_TENANTS, ids=lambda t: repr(t)[:20])
def test_a_malformed_tenant_is_refused_and_binds_nothing(shared: World, tenant: str) -> None:
    with _decider_socket(shared.env) as s:
        refused = _ask(s, {"op": "memory_stats", "id": 1, "tenant": tenant})
        assert refused["ok"] is False and refused["error"]["code"] == "bad_tenant", refused
        # The refusal names the problem without echoing control characters raw.
        assert "\n" not in refused["error"]["message"] and "\u0000" not in refused["error"]["message"]
        # Nothing was bound by the bad frame: the next good one binds the connection.
        assert _ask(s, {"op": "hello", "id": 2, "tenant": "b"})["result"]["tenant"] == "b"


@pytest.mark.parametrize("how", ["env", "flag"])
def test_a_front_with_a_malformed_tenant_refuses_to_start(fw_env: dict[str, str], how: str) -> None:
    env = dict(fw_env, FIREWEED_TENANT="../x") if how == "env" else fw_env
    args = ("serve",) if how == "env" else ("serve", "--tenant", "../x")
    r = fireweed(env, *args, input="")
    assert r.returncode == 2 and "tenant" in r.stderr and "Traceback" not in r.stderr
    assert r.stdout == ""  # nothing but protocol bytes ever reaches stdout, and here there are none
    assert not (Path(fw_env["FIREWEED_STORE"]) / "ledger.db").exists()  # no backend was started for it
