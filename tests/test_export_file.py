"""Writing a bundle file: complete under its name or absent, and no plaintext temp outlives a crash.

A bundle holds plaintext memories. The writer is killed (SIGKILL, in a child process) while the
bundle's bytes are being made durable; afterwards nothing may be under the target's name, and the
temp file the crash left is deleted by the clean-up a writer runs at its start.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from fireweed.ledger_writer import export as ex

CHILD = """
import os, sys, time
from pathlib import Path
from fireweed.ledger_writer import export as ex
real = os.fsync
def slow(fd):
    if os.path.isfile(f"/proc/self/fd/{fd}") and os.fstat(fd).st_size > 1000:
        print("writing", flush=True)
        time.sleep(60)  # killed here, the bundle's bytes written but not yet named
    real(fd)
os.fsync = slow
ex.write_bundle(Path(sys.argv[1]), {"memories": ["Ada Park repaired the pump."] * 200}, exclusive=sys.argv[2] == "x",
                pending=Path(sys.argv[3]))
"""


@pytest.mark.parametrize("exclusive", [True, False], ids=["agent", "operator"])
def test_a_crash_mid_write_leaves_nothing_under_the_name_and_its_temp_is_removed(tmp_path: Path, exclusive: bool) -> None:
    out, pending = tmp_path / "out" / "bundle.json", tmp_path / "store" / "exports_pending"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(out), "x" if exclusive else "-", str(pending)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "writing"
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert not out.exists()  # never a truncated bundle under the name
    temps = [p for p in out.parent.iterdir() if p.name.endswith(".tmp")]
    assert len(temps) == 1 and b"Ada Park" in temps[0].read_bytes()  # the instrument: the crash left plaintext
    assert ex.remove_pending_temps(pending) == 1
    assert list(out.parent.iterdir()) == [] and list(pending.iterdir()) == []


def test_a_complete_write_names_the_file_and_leaves_no_temp_or_record(tmp_path: Path) -> None:
    out, pending = tmp_path / "bundle.json", tmp_path / "pending"
    ex.write_bundle(out, {"memories": ["x"]}, exclusive=True, pending=pending)
    assert out.exists() and oct(out.stat().st_mode & 0o777) == "0o600"
    assert [p.name for p in tmp_path.iterdir() if p.name != "pending"] == ["bundle.json"] and list(pending.iterdir()) == []
    with pytest.raises(ex.ExportError) as err:  # an agent's export never replaces a file
        ex.write_bundle(out, {"memories": ["y"]}, exclusive=True, pending=pending)
    assert err.value.code == "export_exists" and b'"x"' in out.read_bytes()
    ex.write_bundle(out, {"memories": ["y"]}, exclusive=False, pending=pending)  # the operator's may
    assert b'"y"' in out.read_bytes()
