"""Operator commands from outside, as an operator runs them: each bad input refused with a typed
message and a nonzero exit, and its good twin still working on the same store (audit 10)."""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path
from typing import Any

import anyio
import pytest

from fireweed.shared.config import resolve_settings
from fireweed.shared.errors import RemoteError
from fireweed.shared.rpc import connect_unix
from fw import Front, fireweed, ledger_rows, opened, stop_backend, text_of

HEDGED = ["Lena Voss probably sings.", "Tom Reed probably paints."]  # the firewall quarantines hedged claims


def quarantine(front: Front) -> list[str]:
    ids = []
    for claim in HEDGED:
        sc = front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]
        assert sc["verdict"] == "quarantined", sc
        ids.append(sc["memory_id"])
    return ids


def test_review_decisions_are_reported_in_plain_words(front, fw_env):
    lena, tom = quarantine(front)
    r = fireweed(fw_env, "review", "reject", lena, "--by", "bob")
    assert r.returncode == 0 and r.stdout.startswith(f"rejected {lena} by bob"), r.stdout + r.stderr
    assert "rejectd" not in r.stdout
    r = fireweed(fw_env, "review", "approve", tom, "--by", "alice")
    assert r.returncode == 0 and r.stdout.startswith(f"approved {tom} by alice"), r.stdout + r.stderr


def test_a_store_path_that_is_a_file_is_named_as_not_a_directory(fw_env, tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("hi\n")
    bad = dict(fw_env, FIREWEED_STORE=str(afile))
    r = fireweed(bad, "backend", "start")
    assert r.returncode == 2 and f"{afile} exists and is not a directory" in r.stderr, r.stderr
    assert "File exists" not in r.stderr and "Traceback" not in r.stderr
    assert afile.read_text() == "hi\n"
    with opened(bad) as f:  # the MCP front says the same, as a typed tool error
        res = f.call("memory_stats")
        assert res["isError"] and "is not a directory" in text_of(res) and "File exists" not in text_of(res), res
    # The positive twin: a directory there is a store.
    r = fireweed(fw_env, "backend", "start")
    assert r.returncode == 0 and r.stdout.startswith("started"), r.stderr
    assert (Path(fw_env["FIREWEED_STORE"]) / "ledger.db").exists()


def test_operator_verbs_refuse_a_store_that_was_never_created(fw_env, tmp_path):
    store, keys = Path(fw_env["FIREWEED_STORE"]), Path(fw_env["FIREWEED_KEYS"])
    verbs = [("review", "list"), ("review", "approve", "mem_x", "--by", "alice"), ("review", "reject", "mem_x", "--by", "bob"),
             ("hold", "Ada Lee", "--by", "counsel"), ("release", "Ada Lee", "--by", "counsel"),
             ("export", "--out", str(tmp_path / "bundle.json"))]
    for verb in verbs:
        r = fireweed(fw_env, *verb)
        assert r.returncode == 2 and f"no store at {store}" in r.stderr and "[no_store]" in r.stderr, (verb, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
    assert not store.exists() and not keys.exists() and not (tmp_path / "bundle.json").exists()  # nothing created
    # The positive twin: once the store exists, the same verbs answer from it.
    assert fireweed(fw_env, "backend", "start").returncode == 0
    r = fireweed(fw_env, "review", "list")
    assert r.returncode == 0 and "the review queue is empty" in r.stdout, r.stderr
    r = fireweed(fw_env, "export", "--out", str(tmp_path / "bundle.json"))
    assert r.returncode == 0 and "0 memories" in r.stdout, r.stderr
    r = fireweed(fw_env, "hold", "Ada Lee", "--by", "counsel")
    assert r.returncode == 2 and "[entity_not_found]" in r.stderr, r.stderr  # asked of the store, not refused before


def test_an_import_refused_for_its_tombstones_leaves_nothing_so_its_remedy_works(front, fw_env, tmp_path):
    for claim in ("Ada Lee joined Acme in 2019.", "Bo Chan joined Acme in 2020."):
        assert front.call("remember", {"claim": claim, "evidence": claim})["structuredContent"]["verdict"] == "admitted"
    assert front.call("forget", {"subject": "Bo Chan"})["structuredContent"]["verdict"] == "erased"
    bundle = tmp_path / "bundle.json"
    assert fireweed(fw_env, "export", "--out", str(bundle)).returncode == 0
    store2, keys2, keys3 = tmp_path / "store2", tmp_path / "keys2", tmp_path / "keys3"
    other = dict(fw_env, FIREWEED_STORE=str(store2), FIREWEED_KEYS=str(keys2))
    env3 = dict(fw_env, FIREWEED_STORE=str(tmp_path / "store3"), FIREWEED_KEYS=str(keys3))
    remedy = dict(other, FIREWEED_KEYS=fw_env["FIREWEED_KEYS"])  # the exporting install's keys, the same target store
    try:
        r = fireweed(other, "import", str(bundle))  # new keys: refused, as documented ...
        assert r.returncode == 1 and "Nothing was imported" in r.stderr and "FIREWEED_KEYS" in r.stderr, r.stdout + r.stderr
        assert not store2.exists() and not keys2.exists()  # ... and truly nothing was made
        # Another install's existing keys are refused the same way, and left as they were.
        assert fireweed(env3, "backend", "start").returncode == 0
        stop_backend(env3)
        held = sorted((p.name, p.read_bytes()) for p in keys3.iterdir())
        r = fireweed(dict(other, FIREWEED_KEYS=str(keys3)), "import", str(bundle))
        assert r.returncode == 1 and "Nothing was imported" in r.stderr, r.stdout + r.stderr
        assert not store2.exists() and sorted((p.name, p.read_bytes()) for p in keys3.iterdir()) == held
        # The remedy it names works, and carries the tombstone.
        r = fireweed(remedy, "import", str(bundle))
        assert r.returncode == 0 and "imported 1 memories" in r.stdout and "WARNING" not in r.stderr, r.stdout + r.stderr
        with opened(remedy) as g:
            bo = {"claim": "Bo Chan joined Globex in 2021.", "evidence": "Bo Chan joined Globex in 2021."}
            assert g.call("remember", bo)["structuredContent"]["code"] == "previously_erased"
    finally:
        stop_backend(env3)
        stop_backend(remedy)  # the same store as `other`: whatever any of these started on it


def test_serve_refuses_an_unknown_read_audit_or_readmission_and_takes_a_known_one(fw_env):
    store = Path(fw_env["FIREWEED_STORE"])
    for name, value, allowed in (("FIREWEED_READ_AUDIT", "fingreprint", "off (the default), fingerprint, text"),
                                 ("FIREWEED_READMISSION", "revew", "review (the default), agent")):
        r = fireweed({**fw_env, name: value}, "serve", input="", timeout=30)
        assert r.returncode == 2 and "[config]" in r.stderr and name in r.stderr and allowed in r.stderr, r.stderr
        assert repr(value) in r.stderr and "Traceback" not in r.stderr and r.stdout == ""
    assert not store.exists()  # refused before a backend was started
    # The positive twins, on the same store: known values (any case, padded) are taken; empty means the default.
    with opened({**fw_env, "FIREWEED_READ_AUDIT": " Fingerprint ", "FIREWEED_READMISSION": "agent"}) as f:
        f.call("recall", {"query": "Who is Ada Lee?"})
        reads = f.call("review_reads")["structuredContent"]
        assert reads["enabled"] is True and reads["mode"] == "fingerprint" and len(reads["reads"]) == 1, reads
    with opened({**fw_env, "FIREWEED_READ_AUDIT": "", "FIREWEED_READMISSION": ""}) as f:
        assert f.call("review_reads")["structuredContent"]["enabled"] is False


def test_certificate_verify_names_why_the_published_key_cannot_be_read(front, fw_env):
    for claim in ("Ada Lee joined Acme in 2019.", "Bo Chan joined Acme in 2020."):
        front.call("remember", {"claim": claim, "evidence": claim})
    cert = front.call("forget", {"subject": "Bo Chan"})["structuredContent"]["certificate_path"]
    published = Path(fw_env["FIREWEED_STORE"]) / "public_key.json"
    saved = published.read_bytes()
    good = fireweed(fw_env, "certificate", "verify", cert)
    assert good.returncode == 0 and good.stdout.startswith("VALID"), good.stderr
    # Unreadable for a reason even root meets (tests run as root, which ignores permission bits).
    published.unlink()
    published.mkdir()
    try:
        r = fireweed(fw_env, "certificate", "verify", cert)
        assert r.returncode == 2 and "cannot be read" in r.stderr and "Is a directory" in r.stderr, r.stderr
        assert "no published public key" not in r.stderr and "Traceback" not in r.stderr
        published.rmdir()  # truly absent: that is what "no published public key" means
        r = fireweed(fw_env, "certificate", "verify", cert)
        assert r.returncode == 2 and "no published public key" in r.stderr, r.stderr
    finally:
        if published.is_dir():
            published.rmdir()
        published.write_bytes(saved)
    good = fireweed(fw_env, "certificate", "verify", cert)  # the positive twin, on the same store
    assert good.returncode == 0 and good.stdout.startswith("VALID"), good.stderr


def operator_socket_call(env: dict[str, str], op: str, **args: Any) -> dict[str, Any]:
    """Speak to the operator socket directly, as any client of our uid may, without the CLI's checks."""
    settings = resolve_settings(env["FIREWEED_STORE"], env["FIREWEED_KEYS"])

    async def go() -> dict[str, Any]:
        async with connect_unix(settings.operator_socket) as client:
            return await client.call(op, settings.tenant, args=args)

    return anyio.run(go)


def test_by_and_note_with_control_characters_are_refused_before_anything_is_recorded(front, fw_env):
    lena, tom = quarantine(front)
    before = ledger_rows(fw_env)
    bad_texts = ["\x1b[31mEVIL\x1b[0m\nFAKE LINE", "a\rb", "tab\there", "bidi\u202eevil", "line\u2028two", "del\x7f", " \t "]
    for text in bad_texts:
        for args in (("review", "reject", lena, "--by", text), ("review", "approve", lena, "--by", "bob", "--note", text),
                     ("hold", "Lena Voss", "--by", text), ("release", "Lena Voss", "--by", text)):
            r = fireweed(fw_env, *args)
            flag = "--note" if "--note" in args else "--by"
            assert r.returncode == 2 and "[invalid_arguments]" in r.stderr and f"{flag} must be one line" in r.stderr, (args, r.stderr)
            assert "\x1b" not in r.stderr + r.stdout and "FAKE LINE" not in r.stdout and "Traceback" not in r.stderr
    # The operator socket refuses them too, for a client that is not the CLI.
    for op, args in (("review_decide", {"memory_id": lena, "decision": "reject", "by": "EVIL\nFAKE LINE"}),
                     ("review_decide", {"memory_id": lena, "decision": "reject", "by": "bob", "note": "x\x1b[2J"}),
                     ("review_decide", {"memory_id": lena, "decision": "reject", "by": "bob", "note": "   "}),
                     ("hold", {"subject": "Lena Voss", "by": "counsel\x07"}),
                     ("release", {"subject": "Lena Voss", "by": "a\u202eb"})):
        with pytest.raises(RemoteError) as refused:
            operator_socket_call(fw_env, op, **args)
        assert refused.value.code == "invalid_arguments" and "one line of plain text" in str(refused.value), refused.value
    assert ledger_rows(fw_env) == before  # nothing was recorded
    # The positive twins, on the same store: plain text, accents and punctuation included, is recorded.
    r = fireweed(fw_env, "review", "reject", lena, "--by", "Zoë Ünal", "--note", "checked against ticket #4, see notes")
    assert r.returncode == 0 and r.stdout.startswith(f"rejected {lena} by Zoë Ünal"), r.stderr
    ok = operator_socket_call(fw_env, "review_decide", memory_id=tom, decision="approve", by="Olga", note="fine")
    assert ok["state"] == "active" and ok["by"] == "Olga"
    r = fireweed(fw_env, "hold", "Lena Voss", "--by", "counsel")
    assert r.returncode == 0 and "held" in r.stdout, r.stderr
    assert operator_socket_call(fw_env, "release", subject="Lena Voss", by="counsel")["frozen"] is False
    assert len(ledger_rows(fw_env)) == len(before) + 4


def test_export_prints_a_verifier_command_that_works_from_any_directory(front, fw_env, tmp_path):
    claim = "Ada Lee joined Acme in 2019."
    front.call("remember", {"claim": claim, "evidence": claim})
    bundle = tmp_path / "a bundle.json"  # a space: the command must quote it
    r = fireweed(fw_env, "export", "--out", str(bundle))
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("verify it without Fireweed: "))
    argv = shlex.split(line.removeprefix("verify it without Fireweed: "))
    assert Path(argv[0]).is_absolute() and Path(argv[1]).is_absolute() and argv[1].endswith("open_format/verify_bundle.py")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    ok = subprocess.run(argv, cwd=elsewhere, capture_output=True, text=True, timeout=60)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bundle.write_bytes(bundle.read_bytes().replace(b"2019", b"2018"))  # the negative twin: a changed bundle fails
    assert subprocess.run(argv, cwd=elsewhere, capture_output=True, text=True, timeout=60).returncode != 0
    # the agent's export_memory names the same kind of command
    sc = front.call("export_memory", {"path": "agent.json"})["structuredContent"]
    argv = shlex.split(sc["verify_with"])
    assert Path(argv[1]).is_absolute() and argv[-1] == sc["path"]
    assert subprocess.run(argv, cwd=elsewhere, capture_output=True, text=True, timeout=60).returncode == 0


def test_hold_by_a_first_name_says_whose_memories_it_froze(front, fw_env):
    claim = "Oskar Lindqvist repairs the ferry engines."
    front.call("remember", {"claim": claim, "evidence": claim})
    r = fireweed(fw_env, "hold", "Oskar", "--by", "counsel")
    assert r.returncode == 0 and r.stdout.startswith("Oskar Lindqvist: held"), r.stdout + r.stderr
    again = fireweed(fw_env, "release", "Oskar Lindqvist", "--by", "counsel")  # the full name, as stored
    assert again.returncode == 0 and again.stdout.startswith("Oskar Lindqvist: released"), again.stdout
