"""The CLI turns bad settings and bad arguments into one clear line and an exit code, never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fw import fireweed


@pytest.mark.parametrize("value", ["abc", "nan", "inf", "-5"])
def test_an_idle_exit_that_is_not_a_usable_number_of_seconds_is_refused(fw_env, value):
    p = fireweed({**fw_env, "FIREWEED_IDLE_EXIT": value}, "backend", "status")
    assert p.returncode == 2 and "FIREWEED_IDLE_EXIT" in p.stderr and "Traceback" not in p.stderr, p.stderr


def test_a_usable_idle_exit_is_taken(fw_env):
    for value in ("0", "1.5", "600"):  # the positives: status answers (not running: exit 3)
        p = fireweed({**fw_env, "FIREWEED_IDLE_EXIT": value}, "backend", "status")
        assert p.returncode == 3 and "not running" in p.stdout, p.stderr


def test_a_malformed_public_key_is_a_clear_error(fw_env, tmp_path):
    cert = tmp_path / "cert.json"
    cert.write_text("{}")
    for key in ("zz", "ab" * 31):
        p = fireweed(fw_env, "certificate", "verify", str(cert), "--public-key", key)
        assert p.returncode == 2 and "--public-key" in p.stderr and "Traceback" not in p.stderr, p.stderr
    p = fireweed(fw_env, "certificate", "verify", str(cert), "--public-key", "ab" * 32)
    assert p.returncode == 1 and "INVALID" in p.stdout  # the positive: a well-formed key is tried


def test_backend_start_fails_when_the_writer_cannot_start_and_works_once_fixed(fw_env):
    keys = Path(fw_env["FIREWEED_KEYS"])
    keys.mkdir(mode=0o700)
    os.chmod(keys, 0o755)
    try:
        p = fireweed(fw_env, "backend", "start")
        assert p.returncode == 1 and "ledger writer cannot start" in p.stderr and str(keys) in p.stderr, p.stderr
        assert fireweed(fw_env, "backend", "status").returncode == 3  # it did not leave a backend idling
        os.chmod(keys, 0o700)
        p = fireweed(fw_env, "backend", "start")
        assert p.returncode == 0 and p.stdout.startswith("started"), p.stderr
    finally:
        os.chmod(keys, 0o700)
        fireweed(fw_env, "backend", "stop")
