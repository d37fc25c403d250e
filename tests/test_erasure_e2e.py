"""Erasure you can prove, through the real front and the real files."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path

import pytest

from fw import Front, fireweed, ledger_rows, opened, text_of

DOC = ("Priya Raman joined Acme Robotics in 2019. Dana Whitlock manages the Leeds depot. "
       "Priya Raman lives in Harrogate with two cats.")
ERASED_SENTENCES = ["Priya Raman joined Acme Robotics in 2019.", "Priya Raman lives in Harrogate with two cats."]


def all_files(*roots: Path) -> list[Path]:
    return [p for root in roots for p in root.rglob("*") if p.is_file()]


def files_containing(needle: bytes, *roots: Path) -> list[str]:
    return [str(p) for p in all_files(*roots) if needle.lower() in p.read_bytes().lower()]


def dirs(env: dict[str, str]) -> tuple[Path, Path]:
    return Path(env["FIREWEED_STORE"]), Path(env["FIREWEED_KEYS"])


@pytest.fixture
def loaded(front):
    front.call("add_source", {"source_id": "staff-note", "text": DOC})
    for claim in ["Priya Raman joined Acme Robotics in 2019.", "Dana Whitlock manages the Leeds depot.",
                  "Priya Raman lives in Harrogate with two cats."]:
        r = front.call("remember", {"claim": claim, "evidence": claim, "source_id": "staff-note"})
        assert r["isError"] is False, text_of(r)
    return front


def test_preview_erases_nothing(loaded):
    before = loaded.call("memory_stats")["structuredContent"]
    r = loaded.call("forget", {"subject": "Priya Raman", "preview": True})["structuredContent"]
    assert r["code"] == "preview" and len(r["memories"]) == 2 and len(r["bystanders"]) == 1
    after = loaded.call("memory_stats")["structuredContent"]
    assert after["head"] == before["head"]
    assert loaded.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "answered"


def test_forget_leaves_no_trace_in_any_file_and_bystanders_still_verify(loaded, fw_env):
    store, keys = dirs(fw_env)
    fireweed(fw_env, "backend", "stop")  # flush everything to the main file for the control
    assert files_containing(b"Harrogate", store), "control: before forget the sentence is in the store"
    f = Front(fw_env)
    try:
        f.initialize()
        r = f.call("forget", {"subject": "Priya Raman"})
        sc, text = r["structuredContent"], text_of(r)
        assert sc["verdict"] == "erased" and text.startswith("ERASED") and r["isError"] is False
        assert "signature : ed25519:" in text and "SCOPE" in text.upper()
        assert sc["certificate"]["probes_all_abstained"] is True and all(p["verdict"] == "ABSTAINED" for p in sc["probes"])
        for q in ("Where does Priya Raman live?", "When did Priya Raman join Acme Robotics?", "Who is Priya Raman?"):
            assert f.call("recall", {"query": q})["structuredContent"]["verdict"] == "abstained"
        by = f.call("recall", {"query": "Which depot does Dana Whitlock manage?"})["structuredContent"]
        assert by["verdict"] == "answered" and by["results"][0]["receipt_status"] == "verified"
        checked = f.call("verify_receipts")["structuredContent"]
        assert checked["verified"] == 1 and checked["failed"] == []
    finally:
        f.close()
    fireweed(fw_env, "backend", "stop")
    assert fireweed(fw_env, "verify").returncode == 0
    for needle in [b"Priya", b"Raman", b"Harrogate", *[s.encode() for s in ERASED_SENTENCES]]:
        assert files_containing(needle, store, keys) == [], needle
    assert files_containing(b"Dana Whitlock manages the Leeds depot.", store), "the bystander's sentence is kept"


def test_tombstone_holds_across_restarts_and_readmission_is_a_persons_decision(loaded, fw_env):
    assert loaded.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    loaded.close()
    fireweed(fw_env, "backend", "stop")
    f = Front(fw_env)
    try:
        f.initialize()
        claim = {"claim": "Priya Raman lives in Harrogate.", "evidence": "Priya Raman lives in Harrogate."}
        r = f.call("remember", claim)
        assert r["structuredContent"]["code"] == "previously_erased" and text_of(r).startswith("NOT STORED (previously_erased)")
        assert "acknowledge_erasure" in r["structuredContent"]["remedy"]
        other = f.call("remember", {"claim": "Dana Whitlock lives in Leeds.", "evidence": "Dana Whitlock lives in Leeds."})
        assert other["structuredContent"]["verdict"] == "admitted"  # the positive: other subjects are unaffected
        q = f.call("remember", {**claim, "acknowledge_erasure": True})["structuredContent"]
        assert q["verdict"] == "quarantined" and q["code"] == "readmission_requested"
        assert f.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "abstained"
        ok = fireweed(fw_env, "review", "approve", q["memory_id"], "--by", "Data Protection Officer")
        assert ok.returncode == 0, ok.stderr
        assert f.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "answered"
    finally:
        f.close()


def test_forget_after_a_restart_and_ambiguity_is_refused(front, fw_env):
    for claim in ["Priya Raman lives in Harrogate.", "Priya Shah lives in York."]:
        front.call("remember", {"claim": claim, "evidence": claim})
    front.close()
    fireweed(fw_env, "backend", "stop")
    f = Front(fw_env)
    try:
        f.initialize()
        amb = f.call("forget", {"subject": "Priya"})["structuredContent"]
        assert amb["code"] == "ambiguous_subject" and len(amb["candidates"]) == 2
        assert f.call("forget", {"subject": "Priya Shah"})["structuredContent"]["verdict"] == "erased"
        assert f.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "answered"
        assert f.call("forget", {"subject": "Nobody Known"})["structuredContent"]["code"] == "entity_not_found"
    finally:
        f.close()


def test_certificate_verifies_and_any_changed_byte_or_other_key_fails(loaded, fw_env, tmp_path):
    sc = loaded.call("forget", {"subject": "Priya Raman"})["structuredContent"]
    path = Path(sc["certificate_path"])
    good = fireweed(fw_env, "certificate", "verify", str(path))
    assert good.returncode == 0 and good.stdout.startswith("VALID")
    data = path.read_bytes()
    for i in (0, len(data) // 3, len(data) // 2, len(data) - 2):
        bad = tmp_path / f"bad{i}.json"
        bad.write_bytes(data[:i] + bytes([data[i] ^ 0x01]) + data[i + 1:])
        assert fireweed(fw_env, "certificate", "verify", str(bad)).returncode == 1
    # Another install (another keys directory) signs with another key: its key does not verify ours.
    from nacl.signing import SigningKey

    other = SigningKey.generate().verify_key.encode().hex()
    assert fireweed(fw_env, "certificate", "verify", str(path), "--public-key", other).returncode == 1
    # And any Ed25519 library can check it: here PyNaCl directly, as docs/FORMAT.md describes.
    from nacl.signing import VerifyKey

    from fireweed.shared.canonical import canonical_json

    cert = json.loads(data)
    pub = json.loads((Path(fw_env["FIREWEED_STORE"]) / "public_key.json").read_text())["public_key"]
    message = canonical_json({k: v for k, v in cert.items() if k != "signature"})
    VerifyKey(bytes.fromhex(pub)).verify(message, bytes.fromhex(cert["signature"].removeprefix("ed25519:")))


def test_keys_never_appear_in_the_store_or_logs(loaded, fw_env):
    loaded.call("forget", {"subject": "Priya Raman"})
    loaded.close()
    fireweed(fw_env, "backend", "stop")
    store, keys = dirs(fw_env)
    key_files = all_files(keys)
    assert key_files, "control: the keyring holds keys"
    secrets: list[tuple[str, bytes]] = []
    for kf in key_files:
        assert (os.stat(kf).st_mode & 0o777) == 0o600
        data = kf.read_bytes()
        if kf.name.startswith("subjects."):  # 64-byte records: a tag, then the key (docs/FORMAT.md)
            secrets += [(kf.name, data[i + 32:i + 64]) for i in range(0, len(data), 64) if any(data[i:i + 64])]
        else:
            secrets.append((kf.name, data))
    assert len(secrets) > 2, "control: subject keys were found"
    for name, secret in secrets:
        for form in (secret, secret.hex().encode(), base64.b64encode(secret)):
            assert files_containing(form, store) == [], name
    assert (os.stat(keys).st_mode & 0o777) == 0o700


def test_a_setting_lets_the_acknowledgement_itself_readmit_and_records_it(loaded, fw_env):
    loaded.call("forget", {"subject": "Priya Raman"})
    loaded.close()
    fireweed(fw_env, "backend", "stop")
    env = dict(fw_env, FIREWEED_READMISSION="agent")
    f = Front(env)
    try:
        f.initialize()
        claim = {"claim": "Priya Raman lives in Harrogate.", "evidence": "Priya Raman lives in Harrogate."}
        assert f.call("remember", claim)["structuredContent"]["code"] == "previously_erased"  # still needs the ack
        r = f.call("remember", {**claim, "acknowledge_erasure": True})["structuredContent"]
        assert r["verdict"] == "admitted" and "acknowledgement" in r["readmission"]
        assert f.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "answered"
    finally:
        f.close()


def test_debug_logging_never_writes_content(fw_env):
    env = dict(fw_env, FIREWEED_LOG_LEVEL="DEBUG")
    f = Front(env)
    try:
        f.initialize()
        claim = "Priya Raman lives in Harrogate with two cats."
        assert f.call("remember", {"claim": claim, "evidence": claim})["isError"] is False
        assert f.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "answered"
    finally:
        f.close()
    fireweed(env, "backend", "stop")
    log = (Path(env["FIREWEED_STORE"]) / "logs" / "backend.log").read_bytes()
    assert b"DEBUG" in log  # control: the level took effect
    for needle in (b"Priya", b"Harrogate"):
        assert needle not in log
    assert not [line for line in f.stderr_lines if b"Priya" in line]  # the front's own log (stderr) too


def _source_ids_in_ledger(env: dict[str, str]) -> list[str]:
    import sqlite3

    conn = sqlite3.connect(f"file:{Path(env['FIREWEED_STORE']) / 'ledger.db'}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute("SELECT source_id FROM sources ORDER BY seq")]
    finally:
        conn.close()


def test_auto_source_ids_do_not_let_a_guess_of_an_erased_sentence_be_confirmed(front, fw_env):
    import hashlib

    secret = "Priya Raman was treated for depression in 2021."
    doc = "Priya Raman was treated in Leeds in 2020. Dana Whitlock manages the Leeds depot."
    first = front.call("remember", {"claim": secret, "evidence": secret})["structuredContent"]
    again = front.call("remember", {"claim": "Priya Raman was treated in 2021.", "evidence": secret})["structuredContent"]
    # Positive control for deduplication: an identical quotation finds the source it registered.
    assert first["verdict"] == "admitted" and again["verdict"] == "admitted"
    assert first["receipt"]["source_id"] == again["receipt"]["source_id"]
    r = front.call("remember", {"claim": "Dana Whitlock manages the Leeds depot.",
                                "evidence": "Dana Whitlock manages the Leeds depot.", "source_text": doc})
    assert r["structuredContent"]["verdict"] == "admitted", text_of(r)
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    front.close()
    fireweed(fw_env, "backend", "stop")
    store, _keys = dirs(fw_env)
    ids = _source_ids_in_ledger(fw_env)
    assert len(ids) == 2 and ids[0].startswith("evidence-") and ids[1].startswith("src-"), ids
    # Control: the byte search does see source ids where they are stored.
    assert files_containing(ids[0].encode(), store)
    for text in (secret, doc):
        guess = hashlib.sha256(text.encode()).hexdigest()
        for prefix in (guess[:24], guess[:16]):
            assert files_containing(prefix.encode(), store) == [], text


def test_a_quoted_claim_can_be_readmitted_after_forget_and_its_receipt_verifies(front, fw_env):
    claim = {"claim": "Priya Raman joined Acme in 2019.", "evidence": "Priya Raman joined Acme in 2019."}
    first = front.call("remember", claim)["structuredContent"]
    assert first["verdict"] == "admitted"
    assert front.call("forget", {"subject": "Priya Raman"})["structuredContent"]["verdict"] == "erased"
    assert front.call("remember", claim)["structuredContent"]["code"] == "previously_erased"
    q = front.call("remember", {**claim, "acknowledge_erasure": True})["structuredContent"]
    assert q["verdict"] == "quarantined" and q["code"] == "readmission_requested", q
    # The redacted source is never reused: the re-admitted claim has a source of its own.
    assert q["receipt"]["source_id"] != first["receipt"]["source_id"]
    ok = fireweed(fw_env, "review", "approve", q["memory_id"], "--by", "Data Protection Officer")
    assert ok.returncode == 0, ok.stderr
    sc = front.call("recall", {"query": "When did Priya Raman join Acme?"})["structuredContent"]
    assert sc["verdict"] == "answered" and sc["results"][0]["receipt_status"] == "verified", sc
    # And once re-admitted, the same quotation again reuses that intact source.
    third = front.call("remember", {"claim": "Priya Raman joined Acme.", "evidence": claim["evidence"],
                                    "acknowledge_erasure": True})["structuredContent"]
    assert third["verdict"] == "quarantined", third
    assert third["receipt"]["source_id"] == q["receipt"]["source_id"]


def test_a_bystander_whose_name_begins_with_the_subjects_keeps_his_sentence(front, fw_env):
    doc = "Dan Cole sold the van. Dan Coleman repaired the gate on Tuesday. Ada Lowe bought Dan Cole's bike."
    front.call("add_source", {"source_id": "yard-log", "text": doc})
    for claim in ["Dan Cole sold the van.", "Dan Coleman repaired the gate on Tuesday.", "Ada Lowe bought Dan Cole's bike."]:
        r = front.call("remember", {"claim": claim, "evidence": claim, "source_id": "yard-log"})
        assert r["isError"] is False, text_of(r)
    assert front.call("verify_receipts")["structuredContent"]["verified"] == 3  # the instrument, before
    r = front.call("forget", {"subject": "Dan Cole"})
    assert r["structuredContent"]["verdict"] == "erased", text_of(r)
    # Dan Coleman is someone else: his sentence stays held and his receipt verifies
    after = front.call("verify_receipts")["structuredContent"]
    assert after["verified"] == after["checkable"] >= 1 and not after["failed"], after
    got = front.call("recall", {"query": "What did Dan Coleman repair?"})["structuredContent"]
    assert got["verdict"] == "answered" and "gate" in got["results"][0]["claim"]
    # the positive: every sentence that spells Dan Cole, his possessive included, was redacted
    fireweed(fw_env, "backend", "stop")
    store, _ = dirs(fw_env)
    assert files_containing(b"Dan Cole's", store) == [] and files_containing(b"sold the van", store) == []
    assert files_containing(b"Dan Coleman repaired", store)


def test_an_erasure_left_without_its_certificate_is_certified_by_a_repeated_forget(loaded, fw_env):
    """The erasure commits, then the signing fails (here: the certificates folder cannot be made;
    a backend killed in between leaves the same chain). A forget repeated after a restart issues the
    certificate, once, against the erasure's own chain heads."""
    store = Path(fw_env["FIREWEED_STORE"])
    (store / "certificates").write_text("a file where the folder should be")
    first = loaded.call("forget", {"subject": "Priya Raman"})["structuredContent"]
    assert first["verdict"] == "erased" and first["code"] == "certificate_failed" and first["certificate"] is None
    assert "forget" in first["remedy"]
    assert loaded.call("recall", {"query": "Where does Priya Raman live?"})["structuredContent"]["verdict"] == "abstained"
    loaded.close()
    fireweed(fw_env, "backend", "stop")
    (store / "certificates").unlink()
    assert not any(kind == "certificate_issued" for _, kind, _ in ledger_rows(fw_env))
    with opened(fw_env) as f:
        late = f.call("forget", {"subject": "priya  RAMAN"})["structuredContent"]  # any case and spacing
        assert late["verdict"] == "erased" and late["code"] == "certified_late", late["message"]
        cert = late["certificate"]
        assert cert["probes_all_abstained"] is True and cert["key_destroyed"] is True
        assert cert["memories_erased"] == 2 and cert["bystanders_surviving"] == 1
        rows = ledger_rows(fw_env)
        hashes = {seq: digest.hex() for seq, _, digest in rows}
        erased_seq = next(seq for seq, kind, _ in rows if kind == "erased")
        assert cert["ledger_head_after"] == {"seq": erased_seq, "hash": hashes[erased_seq]}
        assert cert["ledger_head_before"] == {"seq": erased_seq - 1, "hash": hashes[erased_seq - 1]}
        good = fireweed(fw_env, "certificate", "verify", late["certificate_path"])
        assert good.returncode == 0 and good.stdout.startswith("VALID")
        # once issued, it is not issued again
        again = f.call("forget", {"subject": "Priya Raman"})["structuredContent"]
        assert again["code"] == "already_erased" and again["certificate_hash"] == late["certificate_hash"]
        assert again["certificate"] is None
    assert [kind for _, kind, _ in ledger_rows(fw_env)].count("certificate_issued") == 1
    assert len(list((store / "certificates").iterdir())) == 1
    fireweed(fw_env, "backend", "stop")
    assert fireweed(fw_env, "verify").returncode == 0


def test_a_claim_that_spelt_the_name_before_it_was_one_goes_with_the_erasure(front, fw_env):
    tug = "A baggage tug struck the rear cargo door of flight NV482 at 06:10."  # no name known yet
    late = "Flight NV482 to Lisbon departed 90 minutes late."
    desk = "Dana Whitlock manages the Lisbon desk."
    for claim in (tug, late, desk):
        r = front.call("remember", {"claim": claim, "evidence": claim})
        assert r["structuredContent"]["verdict"] == "admitted", text_of(r)
    asked = "What struck the rear cargo door of flight NV482?"
    got = front.call("recall", {"query": asked})["structuredContent"]
    assert got["verdict"] == "answered" and got["results"][0]["claim"] == tug  # the control: it is about it
    preview = front.call("forget", {"subject": "Flight NV482", "preview": True})["structuredContent"]
    assert len(preview["memories"]) == 2, preview
    r = front.call("forget", {"subject": "Flight NV482"})
    assert r["structuredContent"]["verdict"] == "erased", text_of(r)
    for q in (asked, "What struck the rear cargo door?"):
        assert front.call("recall", {"query": q})["structuredContent"]["verdict"] == "abstained", q
    desk_now = front.call("recall", {"query": "What does Dana Whitlock manage?"})["structuredContent"]
    assert desk_now["verdict"] == "answered" and desk_now["results"][0]["claim"] == desk
    assert front.call("remember", {"claim": tug, "evidence": tug})["structuredContent"]["code"] == "previously_erased"
    front.close()
    fireweed(fw_env, "backend", "stop")
    # Someone holding the store AND the keys directory: the spelt claim was sealed under the tenant's
    # key, which lives on, and under its own key, which the erasure destroyed. The bystander opens.
    claims = opened_claims(fw_env)
    assert desk in claims, claims  # the instrument's control: what no erasure took still opens
    assert tug not in claims and late not in claims, claims
    again = Front(fw_env)  # a replay from the ledger drops it too
    try:
        again.initialize()
        gone = again.call("recall", {"query": "What struck the rear cargo door?"})["structuredContent"]
        assert gone["verdict"] == "abstained", gone
    finally:
        again.close()


def opened_claims(env: dict[str, str]) -> list[str]:
    """Every claim in the ledger that opens with the keys directory, read as its holder would."""
    import sqlite3

    from fireweed.ledger_writer.keyring import Keyring
    from fireweed.ledger_writer.sealing import Sealer

    store, keys = dirs(env)
    sealer = Sealer(Keyring(keys))
    conn = sqlite3.connect(f"file:{store / 'ledger.db'}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT tenant, seq, payload FROM events WHERE kind='memory_admitted'").fetchall()
    finally:
        conn.close()
    return [sealer.open(tenant, seq, "memory_admitted", json.loads(bytes(body))).get("claim") for tenant, seq, body in rows]
