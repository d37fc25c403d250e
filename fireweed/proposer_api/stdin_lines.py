"""Lines from the agent's stdin, read on the event loop.

A pipe, socket or terminal is polled by the event loop and read with one
`os.read` per readiness: no worker thread and no thread hand-off per line,
which at many requests per second was the front's largest cost. A descriptor
the loop cannot poll (a regular file, /dev/null) is read in a worker thread
instead. The descriptor's blocking mode is never changed, since it is shared
with whoever started us.
"""

from __future__ import annotations

import os
import time

import anyio

CHUNK = 1 << 16


class LineReader:
    """Newline-delimited lines of at most `limit` bytes (newline excluded)."""

    def __init__(self, fd: int, limit: int) -> None:
        self.fd = fd
        self.limit = limit
        self._buf = bytearray()
        self._scanned = 0  # bytes of _buf already known to hold no newline
        self._skipping = False  # inside an oversized line, dropping bytes up to its newline
        self._eof = False
        self.eof_at: float | None = None  # time.monotonic() when the agent closed stdin
        self._pollable = True

    async def readline(self) -> tuple[bytes, bool]:
        """(line, too_long): a line with its newline; b"" at end of input.

        An oversized line is dropped whole and reported once as (b"", True)."""
        while True:
            nl = self._buf.find(b"\n", self._scanned)
            if nl >= 0:
                line = bytes(self._buf[: nl + 1])
                del self._buf[: nl + 1]
                self._scanned = 0
                if self._skipping:
                    self._skipping = False
                    continue
                if nl > self.limit:
                    return b"", True
                return line, False
            self._scanned = len(self._buf)
            if len(self._buf) > self.limit:
                self._buf.clear()
                self._scanned = 0
                if not self._skipping:
                    self._skipping = True
                    return b"", True
            if self._eof:
                line = b"" if self._skipping else bytes(self._buf)
                self._skipping = False
                self._buf.clear()
                self._scanned = 0
                return line, False
            chunk = await self._read()
            if chunk:
                self._buf += chunk
            else:
                self._eof = True
                self.eof_at = time.monotonic()

    async def read_ahead_until_eof(self, bound: int) -> None:
        """Buffer input without handing out lines; return at end of input.

        For a caller that must not take more requests yet but must notice the agent leaving.
        Once ``bound`` bytes wait, it stops reading and waits (back-pressure). A descriptor read
        in a worker thread is not read ahead: cancelling that read could lose its bytes."""
        while not self._eof:
            if len(self._buf) >= bound or not self._pollable:
                await anyio.sleep_forever()
            chunk = await self._read()
            if chunk:
                self._buf += chunk
            else:
                self._eof = True
                self.eof_at = time.monotonic()

    async def _read(self) -> bytes:
        if self._pollable:
            try:
                await anyio.wait_readable(self.fd)
            except OSError:
                self._pollable = False  # epoll refuses regular files and some devices
            else:
                try:
                    return os.read(self.fd, CHUNK)
                except BlockingIOError:
                    return await self._read()  # a spurious wake-up on a non-blocking descriptor
        return await anyio.to_thread.run_sync(os.read, self.fd, CHUNK, abandon_on_cancel=True)
