"""The front's stdin reader: the same lines from a polled pipe and from a file read in a thread."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from fireweed.proposer_api.stdin_lines import LineReader

pytestmark = pytest.mark.anyio

INPUT = b"short\n" + b"x" * 40 + b"\n" + b"exactly-16-bytes\n" + b"y" * 17 + b"\nlast-no-newline"
EXPECTED = [(b"short\n", False), (b"", True), (b"exactly-16-bytes\n", False), (b"", True),
            (b"last-no-newline", False), (b"", False)]


async def _drain(reader: LineReader) -> list[tuple[bytes, bool]]:
    out = []
    while True:
        item = await reader.readline()
        out.append(item)
        if item == (b"", False):
            return out


async def test_pipe_is_read_on_the_loop_and_split_into_lines() -> None:
    r, w = os.pipe()
    try:
        os.write(w, INPUT)
        os.close(w)
        reader = LineReader(r, limit=16)
        assert await _drain(reader) == EXPECTED
        assert reader._pollable  # a pipe never needed the thread fallback
    finally:
        os.close(r)


async def test_regular_file_falls_back_to_a_thread_with_the_same_lines(tmp_path: Path) -> None:
    path = tmp_path / "input"
    path.write_bytes(INPUT)
    fd = os.open(path, os.O_RDONLY)
    try:
        reader = LineReader(fd, limit=16)
        assert await _drain(reader) == EXPECTED
        assert not reader._pollable  # the event loop cannot poll a regular file
    finally:
        os.close(fd)


async def test_oversized_line_spanning_many_reads_is_reported_once(tmp_path: Path) -> None:
    r, w = os.pipe()
    try:
        reader = LineReader(r, limit=8)
        os.write(w, b"z" * 20)
        assert await reader.readline() == (b"", True)
        os.write(w, b"z" * 20)
        os.write(w, b"zz\nok\n")
        os.close(w)
        assert await reader.readline() == (b"ok\n", False)
        assert await reader.readline() == (b"", False)
    finally:
        os.close(r)
