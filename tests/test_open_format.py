"""Export bundles and the open-format tools: reader, verifier, conformance, import plan.

A real store is built in-process (Ledger + SourceStore + Sealer + Keyring, the
same objects the writer wires), with realistic events: entities, two sources,
admissions with receipts, a supersession, a quarantine and its review, a
reinforcement, a legal hold, a second tenant, and an erasure with its signed
certificate. The open-format scripts are run as strangers would run them:
in a subprocess, isolated (-I), from outside the repository.
"""

from __future__ import annotations

import ast
import base64
import copy
import hashlib
import importlib.util
import json
import re
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from fireweed.ledger_writer import export as ex
from fireweed.ledger_writer.certificate import build_certificate, certificate_bytes, sign_certificate
from fireweed.ledger_writer.keyring import Keyring
from fireweed.ledger_writer.ledger import Ledger
from fireweed.ledger_writer.publish import publish_public_key
from fireweed.ledger_writer.sealing import Sealer
from fireweed.ledger_writer.source_store import SourceStore

REPO = Path(__file__).resolve().parents[1]
OPEN = REPO / "open_format"
PY = sys.executable

DOC1 = ("Priya Raman joined Acme in 2019. Marcus Webb leads the payments squad. "
        "Priya Raman moved to Berlin in 2021. Dana Cole manages the Leeds depot. Marcus Webb lives in Oslo.")
DOC2 = "Priya Raman lives in London."
ERASED_WORDS = ("Dana", "Cole", "Leeds", "depot")


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"open_format_{name}", OPEN / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the class is built
    spec.loader.exec_module(mod)
    return mod


vb = _load("verify_bundle")
reader = _load("reader")
conformance = _load("conformance")


# --------------------------------------------------------------------------
# A store with a realistic history


@dataclass
class Store:
    root: Path
    keys: Path
    ids: dict[str, str]  # label -> memory or entity id

    @property
    def db(self) -> Path:
        return self.root / "ledger.db"

    def opener(self) -> ex.Opener:
        return Sealer(Keyring(self.keys)).open

    def bundle(self, tenant: str = "t1", sign: bool = True, subject: str | None = None) -> dict[str, Any]:
        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        key = Keyring(self.keys).signing_key() if sign else None
        try:
            if subject is not None:
                return ex.build_subject_bundle(conn, tenant, self.opener(), self.root, subject, signing_key=key)
            return ex.build_bundle(conn, tenant, self.opener(), self.root, signing_key=key)
        finally:
            conn.close()


class _Writer:
    """Appends events the way the writer does (sources attached, sealed, chained)."""

    def __init__(self, ledger: Ledger, sources: SourceStore) -> None:
        self.ledger, self.sources = ledger, sources

    async def append(self, tenant: str, *events: tuple[str, dict[str, Any]]) -> list[dict[str, Any]]:
        evs = [{"kind": k, "payload": p} for k, p in events]
        for ev in evs:
            self.sources.attach(tenant, ev)
        return await self.ledger.append(tenant, evs)

    async def source(self, tenant: str, source_id: str, text: str, **declared: str) -> None:
        prep = await self.sources.prepare(tenant, {"source_id": source_id, "text": text})
        payload = {"source_id": source_id, "root": prep["root"], "size": prep["size"], "leaves": prep["leaves"], **declared}
        await self.append(tenant, ("source_added", payload))

    async def memory(self, tenant: str, mid: str, source_id: str, claim: str, subjects: list[str], relation: str,
                     event_time: str | None = None, state: str = "active", **extra: Any) -> dict[str, Any]:
        located = await self.sources.locate(tenant, {"source_id": source_id, "evidence": claim})
        assert located["found"], claim
        payload = {"memory_id": mid, "claim": claim, "evidence": located["span"], "subjects": subjects,
                   "relation": relation, "state": state, "event_time": event_time, "source_id": source_id,
                   "receipt": located["receipt"], "derived_from": [], "supersedes": [], "disputes": [], **extra}
        return (await self.append(tenant, ("memory_admitted", payload)))[-1]


async def _build(root: Path, keys: Path) -> dict[str, str]:
    root.mkdir()
    keyring = Keyring(keys)
    publish_public_key(root, keyring.public_key_bytes())
    sealer = Sealer(keyring)
    ledger = await Ledger.open(root / "ledger.db")
    ledger.sealer = sealer.seal
    sources = SourceStore(ledger)
    ledger.applier = sources.apply
    w = _Writer(ledger, sources)
    ids = {"priya": "ent_0001", "acme": "ent_0002", "marcus": "ent_0003", "dana": "ent_0004",
           "m1": "mem_0001", "m2": "mem_0002", "m3": "mem_0003", "m4": "mem_0004", "m5": "mem_0005",
           "m6": "mem_0006"}
    async with anyio.create_task_group() as tg:
        tg.start_soon(ledger.run_committer)
        await w.source("t1", "doc1", DOC1, origin="hr-export.txt", declared_not_verified=["origin"])
        await w.source("t1", "doc2", DOC2)
        await w.append("t1", *[("entity_created", {"entity_id": ids[k], "name": n, "kind": kind}) for k, n, kind in (
            ("priya", "Priya Raman", "person"), ("acme", "Acme", "organisation"),
            ("marcus", "Marcus Webb", "person"), ("dana", "Dana Cole", "person"))])
        await w.memory("t1", ids["m1"], "doc1", "Priya Raman joined Acme in 2019.", [ids["priya"], ids["acme"]],
                       "join", "2019")
        await w.memory("t1", ids["m2"], "doc1", "Marcus Webb leads the payments squad.", [ids["marcus"]], "lead")
        await w.memory("t1", ids["m3"], "doc2", "Priya Raman lives in London.", [ids["priya"]], "live:in", "2018")
        await w.memory("t1", ids["m4"], "doc1", "Priya Raman moved to Berlin in 2021.", [ids["priya"]], "live:in",
                       "2021", supersedes=[ids["m3"]])
        await w.append("t1", ("memory_state_changed", {"memory_id": ids["m3"], "from": "active", "to": "superseded",
                                                       "reason": f"superseded by {ids['m4']}", "valid_to": "2021"}))
        await w.memory("t1", ids["m5"], "doc1", "Dana Cole manages the Leeds depot.", [ids["dana"]], "manage",
                       state="quarantined", reason="hedged")
        await w.append("t1", ("review_decided", {"memory_id": ids["m5"], "decision": "approve", "by": "ops",
                                                 "note": "Dana Cole confirmed by phone", "subjects": [ids["dana"]]}))
        await w.memory("t1", ids["m6"], "doc1", "Marcus Webb lives in Oslo.", [ids["marcus"]], "live:in")
        await w.append("t1", ("memory_reinforced", {"memory_id": ids["m6"], "count": 2}))
        await w.append("t1", ("hold_set", {"entity_id": ids["marcus"], "by": "legal"}))
        # Another tenant's record: no export of t1 may carry it.
        await w.source("t2", "other", "Zed Quill owns the Harbour Cafe.")
        await w.append("t2", ("entity_created", {"entity_id": "ent_zed", "name": "Zed Quill", "kind": "person"}))
        await w.memory("t2", "mem_zed", "other", "Zed Quill owns the Harbour Cafe.", ["ent_zed"], "own")
        # The erasure of Dana Cole, as issue 5 specifies it: ERASE event, key destroyed, part redacted, certificate.
        before_seq, before_hash = ledger.head("t1")
        erased = (await w.append("t1", ("erased", {
            "entity_id": ids["dana"], "name_fingerprint": keyring.name_fingerprint("Dana Cole"),
            "memories": [ids["m5"]], "derived": [], "parts": [{"source_id": "doc1", "index": 3}]})))[-1]
        sealer.forget("t1", ids["dana"])
        cert = sign_certificate(build_certificate(
            tenant="t1", subject_fingerprint=keyring.name_fingerprint("Dana Cole"), closure_size=1,
            memories_erased=1, derived_invalidated=0, bystanders_surviving=3,
            probes=[{"question": "probe 1 of 2 (relation manage)", "verdict": "ABSTAINED"},
                    {"question": "probe 2 of 2 (generic)", "verdict": "ABSTAINED"}],
            ledger_head_before={"seq": before_seq, "hash": before_hash.hex()},
            ledger_head_after={"seq": erased["seq"], "hash": erased["hash"]}, key_destroyed=True,
        ), keyring.signing_key())
        data = certificate_bytes(cert)
        (root / "certificates").mkdir()
        (root / "certificates" / f"t1-{erased['seq']}.json").write_bytes(data)
        await w.append("t1", ("certificate_issued", {"certificate_hash": hashlib.sha256(data).hexdigest(),
                                                     "subject_fingerprint": cert["subject_fingerprint"]}))
        tg.cancel_scope.cancel()
    await ledger.close()
    # The redaction (issue 5 does it inside the erasure transaction): text and salt go, the leaf stays.
    conn = sqlite3.connect(root / "ledger.db")
    conn.execute("UPDATE source_parts SET salt=NULL, text=NULL WHERE tenant='t1' AND source_id='doc1' AND idx=3")
    conn.commit()
    conn.close()
    return ids


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    base = tmp_path_factory.mktemp("fw")
    ids = anyio.run(_build, base / "store", base / "keys")
    return Store(base / "store", base / "keys", ids)


@pytest.fixture(scope="module")
def bundle(store: Store) -> dict[str, Any]:
    return store.bundle()


@pytest.fixture
def bundle_file(bundle: dict[str, Any], tmp_path: Path) -> Path:
    path = tmp_path / "out" / "bundle.json"
    ex.write_bundle(path, bundle)
    return path


def run_isolated(script: str, *args: str, cwd: Path, no_site: bool = False) -> subprocess.CompletedProcess[str]:
    """A stranger's run: isolated mode, started outside the repository, no PYTHONPATH."""
    flags = ["-I", "-S"] if no_site else ["-I"]
    return subprocess.run([PY, *flags, str(OPEN / script), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, env={"PATH": "/usr/bin:/bin"})


# --------------------------------------------------------------------------
# The stand-alone primitives agree with the published vectors and with docs/FORMAT.md

MERKLE = json.loads((REPO / "tests" / "vectors" / "rfc9162_merkle.json").read_text())
LEAVES = [vb.leaf_hash(bytes.fromhex(h)) for h in MERKLE["leaf_inputs_hex"]]


def test_the_verifiers_merkle_code_matches_rfc9162_vectors() -> None:
    for size, want in MERKLE["roots_by_size"].items():
        assert vb.merkle_root(LEAVES[:int(size)]).hex() == want
    for case in MERKLE["inclusion_proofs"]:
        i, n, proof = case["leaf_index"], case["tree_size"], [bytes.fromhex(h) for h in case["proof"]]
        good = vb.merkle_root(LEAVES[:n])
        assert vb.verify_inclusion(LEAVES[i], i, n, proof, good)  # positive control
        wrong = vb.leaf_hash(b"not the leaf")
        for args in ((LEAVES[i], i - 1, n, proof, good), (LEAVES[i], i + 1, n, proof, good),
                     (LEAVES[i], i, n * 2, proof, good), (LEAVES[i], i, n // 2, proof, good),
                     (wrong, i, n, proof, good), (LEAVES[i], i, n, proof, hashlib.sha256(b"").digest()),
                     (LEAVES[i], i, n, proof + [proof[-1] if proof else wrong], good)):
            assert vb.verify_inclusion(*args) is False, (case, args[1:3])


def test_the_worked_examples_in_format_md_are_what_the_code_computes() -> None:
    from fireweed.shared.canonical import canonical_json
    from fireweed.shared.events import event_hash
    from fireweed.shared import merkle

    doc = (REPO / "docs" / "FORMAT.md").read_text()
    leaf = merkle.leaf_hash(bytes(range(32)) + b"Priya Raman joined Acme in 2019.")
    body = canonical_json({"source_id": "doc1", "root": leaf.hex(), "size": 1, "leaves": [leaf.hex()]})
    h1 = event_hash("acme", 1, "source_added", "2025-01-02T03:04:05.000006Z", body, b"\0" * 32)
    assert h1 == vb.event_hash("acme", 1, "source_added", "2025-01-02T03:04:05.000006Z", body, b"\0" * 32)
    body2 = canonical_json({"entity_id": "ent_0001", "kind": "person", "name": "Priya Raman"})
    h2 = event_hash("acme", 2, "entity_created", "2025-01-02T03:04:05.000007Z", body2, h1)
    leaves = [merkle.leaf_hash(bytes([i + 1]) * 32 + t) for i, t in enumerate(
        (b"Priya Raman joined Acme in 2019. ", b"Marcus Webb leads the payments squad. ",
         b"Dana Cole manages the Leeds depot."))]
    for value in (leaf.hex(), body.decode(), f"{len(body)} bytes", h1.hex(), h2.hex(),
                  *(x.hex() for x in leaves), merkle.node_hash(leaves[0], leaves[1]).hex(), merkle.root(leaves).hex()):
        assert value in doc, value
    assert vb.canonical_json({"b": 1, "a": [True, None, "é"]}) == canonical_json({"b": 1, "a": [True, None, "é"]})


# --------------------------------------------------------------------------
# The reader


def test_reader_round_trips_a_claim(store: Store, bundle_file: Path) -> None:
    b = reader.read_bundle(str(bundle_file))
    ids = store.ids
    active = {m.claim: m for m in b.active_claims()}
    joined = active["Priya Raman joined Acme in 2019."]
    assert joined.memory_id == ids["m1"] and joined.state == "active" and joined.event_time == "2019"
    assert joined.subject_names == ("Priya Raman", "Acme")
    assert joined.evidence == "Priya Raman joined Acme in 2019." and joined.receipt is not None
    assert joined.receipt.source_id == "doc1" and joined.receipt.parts == (0,) and joined.receipt.proofs[0]
    assert b.sources["doc1"].root == joined.receipt.root
    # Both time axes and the history of a superseded memory
    london = b.memory(ids["m3"])
    assert london is not None and london not in b.active_claims()
    assert (london.state, london.valid_from, london.valid_to) == ("superseded", "2018", "2021")
    assert [(h.event, h.state) for h in b.history(ids["m3"])] == [("memory_admitted", "active"),
                                                                 ("memory_state_changed", "superseded")]
    assert b.history(ids["m3"])[1].seq > london.seq and london.recorded_at.endswith("Z")
    # A hold freezes a memory: exported, not active
    oslo = b.memory(ids["m6"])
    assert oslo is not None and oslo.state == "frozen" and oslo.count == 2
    # The CLI, run as a stranger would
    out = run_isolated("reader.py", str(bundle_file), "--all", "--history", cwd=bundle_file.parent)
    assert out.returncode == 0, out.stderr
    assert "[active] Priya Raman joined Acme in 2019." in out.stdout and "-> superseded" in out.stdout


# --------------------------------------------------------------------------
# The verifier: an untouched bundle passes, each tampering fails at its check


def test_untouched_bundle_verifies_in_isolation(bundle_file: Path) -> None:
    out = run_isolated("verify_bundle.py", str(bundle_file), "--require-signatures", cwd=bundle_file.parent)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "RESULT: verified" in out.stdout and "FAIL:" not in out.stdout
    rep = vb.verify(json.loads(bundle_file.read_text()))
    for check in ("chain", "sources", "receipts", "memories", "certificates", "signatures", "attestation"):
        assert rep.count(check, vb.PASS) > 0 and not rep.failed(check), check
    assert rep.count("receipts", vb.PASS) >= 3  # the bystanders' receipts into the redacted document still verify


TAMPERS = [(name, check, fn) for name, check, fn in conformance.CASES]


@pytest.mark.parametrize("name,check,tamper", TAMPERS, ids=[t[0] for t in TAMPERS])
def test_each_tampering_fails_its_check(bundle: dict[str, Any], name: str, check: str, tamper: Any) -> None:
    copy_ = copy.deepcopy(bundle)
    assert vb.verify(copy_).ok  # positive control: this very copy verifies before it is touched
    assert tamper(copy_), f"the fixture has nothing for {name!r}"
    rep = vb.verify(copy_)
    assert not rep.ok and rep.failed(check), (name, [(r.check, r.detail) for r in rep.failed()])
    # fireweed's own validation (used by import) rejects it too
    assert ex.validate_bundle(copy_)


@pytest.mark.parametrize("name,tamper", [
    ("one byte of a claim changed", conformance.claim_byte),
    ("one event removed", conformance.event_removed),
    ("two events swapped", conformance.events_swapped),
    ("a proof hash changed", conformance.proof_hash),
    ("a certificate byte changed", conformance.certificate_byte),
])
def test_the_cli_exits_non_zero_on_each_tampered_file(bundle: dict[str, Any], tmp_path: Path, name: str, tamper: Any) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    ex.write_bundle(good, bundle)
    assert run_isolated("verify_bundle.py", str(good), cwd=tmp_path).returncode == 0  # positive control
    copy_ = copy.deepcopy(bundle)
    assert tamper(copy_)
    ex.write_bundle(bad, copy_)
    out = run_isolated("verify_bundle.py", str(bad), cwd=tmp_path)
    assert out.returncode == 1, out.stdout
    assert "FAIL:" in out.stdout and "RESULT: FAILED" in out.stdout


def test_without_pynacl_signatures_are_not_verifiable_never_passes(bundle_file: Path) -> None:
    # -S: no site-packages at all, so nothing but the standard library can be imported.
    out = run_isolated("verify_bundle.py", str(bundle_file), cwd=bundle_file.parent, no_site=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "not verifiable here: signatures: attestation" in out.stdout
    assert "not verifiable here: signatures: seq" in out.stdout
    assert "pass: signatures" not in out.stdout
    strict = run_isolated("verify_bundle.py", str(bundle_file), "--require-signatures", cwd=bundle_file.parent,
                          no_site=True)
    assert strict.returncode == 3


def test_the_open_format_tools_import_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"nacl", "verify_bundle", "__future__"}
    for path in OPEN.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"


def test_a_verifier_run_never_loads_fireweed(bundle_file: Path) -> None:
    driver = ("import runpy, sys; sys.argv = ['verify_bundle.py', sys.argv[1]]\n"
              "try:\n    runpy.run_path(sys.argv[0] if False else %r, run_name='__main__')\n"
              "except SystemExit as e:\n    code = e.code\n"
              "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'fireweed')\n"
              "print('LOADED', loaded); sys.exit(code)\n") % str(OPEN / "verify_bundle.py")
    out = subprocess.run([PY, "-I", "-c", driver, str(bundle_file)], cwd=bundle_file.parent, capture_output=True,
                         text=True, timeout=120, env={"PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "LOADED []" in out.stdout


def test_an_unsigned_bundle_is_reported_as_not_attested(store: Store) -> None:
    rep = vb.verify(store.bundle(sign=False))
    assert rep.ok and rep.count("attestation", vb.WARNING) == 1 and rep.count("attestation", vb.PASS) == 0


# --------------------------------------------------------------------------
# What an export holds, and what it must never hold


def _outside_ciphertext(data: bytes) -> bytes:
    """The bundle without its long base64 and hex runs, in which a short word can occur by chance."""
    return re.sub(rb"[A-Za-z0-9+/=]{24,}", b" ", data)


def test_export_after_erasure_holds_no_trace_of_the_subject(store: Store, bundle: dict[str, Any]) -> None:
    data = _outside_ciphertext(ex.bundle_bytes(bundle))
    assert b"Priya" in data  # the instrument: a bystander's words survive the filter
    for word in ERASED_WORDS:
        assert word.encode() not in data, word
    assert store.ids["m5"] not in {m["memory_id"] for m in bundle["memories"]}
    assert store.ids["dana"] not in {e["entity_id"] for e in bundle["entities"]}
    part = next(p for s in bundle["sources"] if s["source_id"] == "doc1" for p in s["parts"] if p["index"] == 3)
    assert set(part) == {"index", "byte_start", "byte_end", "leaf", "redacted"}
    # ...while the erasure itself is on the record and its certificate verifies
    assert [e["kind"] for e in bundle["events"]].count("erased") == 1
    rep = vb.verify(bundle)
    assert rep.ok and rep.count("certificates", vb.PASS) == 1 and rep.count("signatures", vb.PASS) == 2


def test_an_erased_part_is_exported_as_a_leaf_even_if_the_database_still_held_it(store: Store, tmp_path: Path) -> None:
    # An erasure that named a part the database kept must not leak it through an export.
    conn = sqlite3.connect(f"file:{store.db}?mode=ro", uri=True)
    rows, parts = ex._snapshot(conn, "t1")
    conn.close()
    r = ex._replay(rows, "t1", store.opener())
    held = [ex._PartRow(p.index, p.byte_start, p.byte_end, b"s" * 32, b"leaked text", p.leaf) for p in parts["doc1"]]
    view = ex._source_view(r, "doc1", held, None)
    assert view["parts"][3] == {"index": 3, "byte_start": held[3].byte_start, "byte_end": held[3].byte_end,
                                "leaf": held[3].leaf.hex(), "redacted": True}


def test_parts_of_a_memory_whose_key_is_gone_are_exported_as_leaves(store: Store) -> None:
    # Key destroyed but parts not yet redacted (an export racing an erasure): the text must not leave.
    real = store.opener()

    def opener(tenant: str, seq: int, kind: str, stored: dict[str, Any]) -> dict[str, Any]:
        plain = real(tenant, seq, kind, stored)
        return {**plain, "claim": "[erased]"} if plain.get("memory_id") == store.ids["m1"] else plain

    conn = sqlite3.connect(f"file:{store.db}?mode=ro", uri=True)
    try:
        b = ex.build_bundle(conn, "t1", opener, store.root, signing_key=Keyring(store.keys).signing_key())
    finally:
        conn.close()
    assert store.ids["m1"] not in {m["memory_id"] for m in b["memories"]}
    part0 = next(s for s in b["sources"] if s["source_id"] == "doc1")["parts"][0]
    assert part0.get("redacted") is True and "text" not in part0
    assert b"joined Acme" not in ex.bundle_bytes(b)
    # ...and a verifier says the bundle left out a memory the chain does not record as erased
    # (and the entity only that memory named)
    assert sorted(f.subject for f in vb.verify(b).failed("memories")) == [f"entity {store.ids['acme']}", store.ids["m1"]]
    assert vb.verify(b).failed() == vb.verify(b).failed("memories")


def test_no_key_material_is_exported(store: Store, bundle: dict[str, Any]) -> None:
    data = ex.bundle_bytes(bundle) + ex.bundle_bytes(store.bundle(subject=store.ids["priya"]))
    keys = [p.read_bytes() for p in store.keys.iterdir() if p.is_file()]
    assert len(keys) >= 3
    ring = Keyring(store.keys)  # and the derived memory keys, which never touch the disk
    keys += [ring.memory_key("t1", m["subjects"]) for m in bundle["memories"]]
    for key in keys:
        for form in (key, key.hex().encode(), base64.b64encode(key)):
            assert form not in data
    # ciphertext is there, inside the stored payloads: the chain needs it
    assert any('"sealed"' in e["payload"] for e in bundle["events"] if e["kind"] == "memory_admitted")


def test_a_tenant_export_holds_only_that_tenant(store: Store, bundle: dict[str, Any]) -> None:
    data = ex.bundle_bytes(bundle)
    # Whole phrases with a space: "Zed" alone turns up by chance in base64 ciphertext (about one
    # bundle in ten), a space never does.
    assert b"Zed Quill" not in data and b"Harbour Cafe" not in data and b"mem_zed" not in data
    other = store.bundle("t2")
    assert [m["claim"] for m in other["memories"]] == ["Zed Quill owns the Harbour Cafe."]
    assert vb.verify(other).ok


def test_every_ledger_row_is_exported_as_stored(store: Store, bundle: dict[str, Any]) -> None:
    conn = sqlite3.connect(store.db)
    rows = conn.execute("SELECT seq, kind, payload, prev_hash, hash, recorded_at FROM events WHERE tenant='t1' "
                        "ORDER BY seq").fetchall()
    conn.close()
    assert [(e["seq"], e["kind"], e["payload"].encode(), e["prev_hash"], e["hash"], e["recorded_at"])
            for e in bundle["events"]] == [(s, k, bytes(p), bytes(pv).hex(), bytes(h).hex(), r)
                                           for s, k, p, pv, h, r in rows]
    assert bundle["head"] == {"seq": rows[-1][0], "hash": bytes(rows[-1][4]).hex()}


# --------------------------------------------------------------------------
# The subject access export


def test_subject_export_holds_everything_about_one_person_and_nothing_else(store: Store) -> None:
    ids = store.ids
    sub = store.bundle(subject=ids["priya"])
    assert sub["scope"] == "subject" and sub["subject"]["name"] == "Priya Raman"
    assert {m["memory_id"]: m["state"] for m in sub["memories"]} == {
        ids["m1"]: "active", ids["m3"]: "superseded", ids["m4"]: "active"}
    data = ex.bundle_bytes(sub)
    for other in (b"Marcus", b"payments", b"Oslo", b"Dana", ids["m2"].encode(), ids["m6"].encode()):
        assert other not in data
    # Only the parts its receipts cover, and every other event elided to its hashes
    doc1 = next(s for s in sub["sources"] if s["source_id"] == "doc1")
    assert [p["index"] for p in doc1["parts"]] == [0, 2] and doc1["complete"] is False
    kept = [e for e in sub["events"] if not e.get("elided")]
    assert {e["kind"] for e in kept} >= {"source_added", "entity_created", "memory_admitted", "memory_state_changed"}
    assert len(sub["events"]) == len(store.bundle()["events"])
    rep = vb.verify(sub)
    assert rep.ok, [(r.check, r.subject, r.detail) for r in rep.failed()]
    assert "elided events linked by hash" in next(r.detail for r in rep.results if r.check == "chain")
    assert not ex.validate_bundle(sub)


def test_a_tampered_elided_event_breaks_the_subject_chain(store: Store) -> None:
    sub = store.bundle(subject=store.ids["priya"])
    assert vb.verify(copy.deepcopy(sub)).ok
    elided = next(e for e in sub["events"] if e.get("elided"))
    elided["hash"] = conformance._flip_hex(elided["hash"])
    assert vb.verify(sub).failed("chain")


def test_find_subjects_matches_names_loosely_and_never_an_erased_one(store: Store) -> None:
    conn = sqlite3.connect(f"file:{store.db}?mode=ro", uri=True)
    try:
        assert [e["entity_id"] for e in ex.find_subjects(conn, "t1", store.opener(), "  priya   RAMAN ")] == [
            store.ids["priya"]]
        assert ex.find_subjects(conn, "t1", store.opener(), "Dana Cole") == []
        with pytest.raises(ex.ExportError):
            ex.build_subject_bundle(conn, "t1", store.opener(), store.root, store.ids["dana"])
    finally:
        conn.close()


# --------------------------------------------------------------------------
# Import


def test_import_plan_restores_sources_memories_and_states(store: Store, bundle: dict[str, Any]) -> None:
    plan = ex.prepare_import(ex.load_bundle(ex.bundle_bytes(bundle)), bundle_sha256="ab" * 32)
    doc1 = next(s for s in plan.sources if s.source_id == "doc1")
    assert doc1.redacted_parts == 1 and doc1.declared == {"origin": "hr-export.txt"}
    assert len(doc1.text.encode()) == len(DOC1.encode()) and "Dana" not in doc1.text
    assert doc1.text.startswith("Priya Raman joined Acme in 2019. Marcus Webb")
    states = {m.memory_id: (m.state, m.recorded_state) for m in plan.memories}
    assert states[store.ids["m3"]] == ("superseded", "superseded")
    assert states[store.ids["m6"]] == ("frozen", "active")
    assert [m.seq for m in plan.memories] == sorted(m.seq for m in plan.memories)
    for m in plan.memories:  # every evidence is found again at its byte range in the restored text
        src = next(s for s in plan.sources if s.source_id == m.source_id)
        rc = next(x for x in bundle["memories"] if x["memory_id"] == m.memory_id)["receipt"]
        assert src.text.encode()[rc["byte_start"]:rc["byte_end"]].decode() == m.evidence
    assert plan.provenance["from_head"] == bundle["head"] and plan.provenance["bundle_sha256"] == "ab" * 32


def test_import_refuses_a_signed_bundle_whose_count_is_not_a_positive_integer(store: Store) -> None:
    # A bundle is signed by whoever made it; what it asks the new store to append is still checked.
    key = Keyring(store.keys).signing_key()
    good = store.bundle(sign=False)
    assert ex.prepare_import(ex._finish(copy.deepcopy(good), key)).memories  # the control
    for bad_count in ("3", 0, -2, True, None):
        bad = copy.deepcopy(good)
        bad["memories"][0]["count"] = bad_count
        with pytest.raises(ex.BundleInvalid) as info:
            ex.prepare_import(ex._finish(bad, key))
        assert info.value.problems == [f"memories: {bad['memories'][0]['memory_id']}: `count` must be a positive integer"]


def test_import_refuses_a_bundle_that_does_not_verify(bundle: dict[str, Any]) -> None:
    bad = copy.deepcopy(bundle)
    assert conformance.proof_hash(bad)
    with pytest.raises(ex.BundleInvalid) as info:
        ex.prepare_import(bad)
    assert any(p.startswith("receipts:") for p in info.value.problems)
    with pytest.raises(ex.ExportError):
        ex.load_bundle(b'{"format": "something-else"}')
    with pytest.raises(ex.ExportError):
        ex.load_bundle(b'{"format": "fireweed-bundle/v1", "x": NaN}')


# --------------------------------------------------------------------------
# Files and paths


def test_agent_export_paths_stay_inside_the_exports_folder(tmp_path: Path) -> None:
    store = tmp_path / "store"
    exports = store / "exports" / "default"
    assert ex.exports_path(store, "mine") == exports / "mine.json"
    assert ex.exports_path(store, str(exports / "a.json")) == exports / "a.json"
    unnamed = ex.exports_path(store, None, tenant="t1", now="2025-01-02T03:04:05.000000Z")
    assert unnamed.parent == store / "exports" / "t1" and unnamed.name.startswith("t1-20250102T030405-")
    assert unnamed != ex.exports_path(store, None, tenant="t1", now="2025-01-02T03:04:05.000000Z")  # never collide
    assert ex.exports_path(store, "mine", tenant="t2").parent == store / "exports" / "t2"
    for bad in ("../x", "/etc/passwd", "a/b", ".hidden", "x\n", str(tmp_path / "a.json"), "..json", ""):
        if bad == "":
            continue
        with pytest.raises(ex.ExportError) as info:
            ex.exports_path(store, bad)
        assert info.value.code == "bad_export_path"


def test_bundle_files_are_private_and_never_overwritten(bundle: dict[str, Any], tmp_path: Path) -> None:
    path = ex.write_bundle(tmp_path / "b.json", bundle)
    assert path.stat().st_mode & 0o777 == 0o600
    with pytest.raises(ex.ExportError):
        ex.write_bundle(path, bundle)
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises((ex.ExportError, OSError)):
        ex.write_bundle(link, bundle)
    assert not (tmp_path / "elsewhere.json").exists()
    ex.write_bundle(path, bundle, exclusive=False)  # the CLI may replace its own output
    assert json.loads(path.read_text()) == bundle


# --------------------------------------------------------------------------
# End to end: memories admitted by the real pipeline (MCP front, decider, writer)


def test_memories_remembered_through_the_real_pipeline_export_and_verify(fw_env: dict[str, str], tmp_path: Path) -> None:
    from fw import Front, stop_backend

    doc = "Priya Raman joined Acme in 2019. Marcus Webb leads the payments squad. Dana Cole lives in Leeds."
    calls = [
        {"claim": "Priya Raman joined Acme in 2019.", "evidence": "Priya Raman joined Acme in 2019.",
         "source_id": "doc1", "source_text": doc, "event_time": "2019-03-01"},
        {"claim": "Marcus Webb leads the payments squad.", "evidence": "Marcus Webb leads the payments squad.",
         "source_id": "doc1"},
        {"claim": "Marcus Webb leads the payments squad.", "evidence": "Marcus Webb leads the payments squad.",
         "source_id": "doc1"},
        {"claim": "Ada Obi runs the Harbour depot.", "evidence": "Ada Obi runs the Harbour depot."},
        {"claim": "Dana Cole lives in Leeds.", "evidence": "Dana Cole lives in Leeds.", "source_id": "doc1"},
    ]
    front = Front(fw_env)
    try:
        front.initialize()
        answers = [front.call("remember", c)["structuredContent"] for c in calls]
        forgot = front.call("forget", {"subject": "Dana Cole"})["structuredContent"]
    finally:
        front.close()
        stop_backend(fw_env)
    assert [a["outcome"] for a in answers] == ["admitted", "admitted", "reinforced", "admitted", "admitted"], answers
    assert forgot["verdict"] == "erased" and forgot.get("certificate_hash"), forgot
    store, keys = Path(fw_env["FIREWEED_STORE"]), Path(fw_env["FIREWEED_KEYS"])
    conn = sqlite3.connect(f"file:{store / 'ledger.db'}?mode=ro", uri=True)
    try:
        ring = Keyring(keys)
        b = ex.build_bundle(conn, "default", Sealer(ring).open, store, signing_key=ring.signing_key())
    finally:
        conn.close()
    path = ex.write_bundle(ex.exports_path(store, "e2e"), b)
    out = run_isolated("verify_bundle.py", str(path), "--require-signatures", cwd=tmp_path)
    assert out.returncode == 0, out.stdout
    read = reader.read_bundle(str(path))
    got = {m.memory_id: m for m in read.active_claims()}
    for a in (answers[0], answers[1], answers[3]):
        m = got[a["memory_id"]]
        assert m.claim == a["claim"] and m.evidence == a["evidence"] and m.receipt is not None
        assert m.receipt.root == a["receipt"]["root"] and list(m.receipt.parts) == a["receipt"]["parts"]
    assert got[answers[1]["memory_id"]].count == 2
    assert got[answers[0]["memory_id"]].event_time == answers[0]["event_time"]
    # The erasure: on the record, certified, and nothing of the subject in the file
    assert answers[4]["memory_id"] not in got and b"Dana" not in path.read_bytes() and b"Leeds" not in path.read_bytes()
    assert [c.certificate_hash for c in read.certificates] == [forgot["certificate_hash"]]
    assert "pass: signatures: seq" in run_isolated("verify_bundle.py", str(path), "--verbose", cwd=tmp_path).stdout


def test_an_import_plan_replayed_into_an_empty_store_answers_the_same(fw_env: dict[str, str], tmp_path: Path) -> None:
    # What `fireweed import` will do, driven through the public tools: add each source, remember each memory.
    from fw import Front, stop_backend

    doc = "Priya Raman joined Acme in 2019. Marcus Webb leads the payments squad. Dana Cole lives in Leeds."
    questions = ["Which squad does Marcus Webb lead?", "When did Priya Raman join Acme?", "Where does Dana Cole live?",
                 "Where does Ada Obi live?"]

    def answers(front: Any) -> list[tuple[str, list[str]]]:
        out = []
        for q in questions:
            sc = front.call("recall", {"query": q})["structuredContent"]
            out.append((sc["verdict"], [r["claim"] for r in sc.get("results") or []]))
        return out

    front = Front(fw_env)
    try:
        front.initialize()
        for claim in ("Priya Raman joined Acme in 2019.", "Marcus Webb leads the payments squad.", "Dana Cole lives in Leeds."):
            assert not front.call("remember", {"claim": claim, "evidence": claim, "source_id": "doc1",
                                               "source_text": doc})["isError"]
        assert front.call("forget", {"subject": "Dana Cole"})["structuredContent"]["verdict"] == "erased"
        before = answers(front)
    finally:
        front.close()
        stop_backend(fw_env)
    store, keys = Path(fw_env["FIREWEED_STORE"]), Path(fw_env["FIREWEED_KEYS"])
    conn = sqlite3.connect(f"file:{store / 'ledger.db'}?mode=ro", uri=True)
    try:
        ring = Keyring(keys)
        data = ex.bundle_bytes(ex.build_bundle(conn, "default", Sealer(ring).open, store, signing_key=ring.signing_key()))
    finally:
        conn.close()
    plan = ex.prepare_import(ex.load_bundle(data), bundle_sha256=hashlib.sha256(data).hexdigest())
    assert "Dana" not in json.dumps([s.text for s in plan.sources] + [m.claim for m in plan.memories])

    env2 = {**fw_env, "FIREWEED_STORE": str(tmp_path / "store2"), "FIREWEED_KEYS": str(tmp_path / "keys2")}
    front = Front(env2)
    try:
        front.initialize()
        for src in plan.sources:
            assert not front.call("add_source", {"source_id": src.source_id, "text": src.text, **src.declared})["isError"]
        for m in plan.memories:
            args = {"claim": m.claim, "evidence": m.evidence, "source_id": m.source_id}
            if m.event_time:
                args["event_time"] = m.event_time
            assert front.call("remember", args)["structuredContent"]["verdict"] == "admitted"
        after = answers(front)
    finally:
        front.close()
        stop_backend(env2)
    assert after == before
    assert [v for v, _ in before] == ["answered", "answered", "abstained", "abstained"]


# --------------------------------------------------------------------------
# Conformance


def test_conformance_script_catches_every_tampering(bundle_file: Path) -> None:
    out = run_isolated("conformance.py", str(bundle_file), cwd=bundle_file.parent)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "CONFORMS" in out.stdout and "MISSED" not in out.stdout
    assert out.stdout.count("caught") == len(conformance.CASES)


def test_conformance_rejects_a_bundle_that_does_not_verify(bundle: dict[str, Any], tmp_path: Path) -> None:
    bad = copy.deepcopy(bundle)
    conformance.events_swapped(bad)
    path = tmp_path / "bad.json"
    ex.write_bundle(path, bad)
    out = run_isolated("conformance.py", str(path), cwd=tmp_path)
    assert out.returncode == 1 and "DOES NOT CONFORM" in out.stdout


def test_the_standalone_verifier_knows_every_event_kind_the_writer_may_append() -> None:
    # It is a copy by design (it imports nothing of Fireweed); a kind added to one must reach the other.
    from fireweed.shared.events import EVENT_KINDS

    assert vb.EVENT_KINDS == EVENT_KINDS
