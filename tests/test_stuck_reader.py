"""A peer of decider.sock that sends requests and never reads its replies (audit 9, defect 2).

Its replies fill the socket, so every later reply waits for it. Before the fix each waiting
reply kept its whole parsed request alive (a 1.5 MiB frame of `[[],[],...]` parses into ~40 MB
of Python lists) for as long as the peer kept the connection open. Now a request keeps nothing
of its frame once its op has returned, and a peer that reads none of its replies for
FramedStream.STALLED_WRITE (10 s) seconds is disconnected. The control, over the same backend
and at the same time: a client that jams its replies the same way but then reads them is
answered in full and stays connected.
"""

from __future__ import annotations

import fcntl
import json
import select
import socket
import struct
import termios
import threading
import time
from pathlib import Path
from typing import Any

from fireweed.shared.config import runtime_dir_for
from fireweed.shared.wire import FramedStream
from fw import Front, backend_pids, text_of

QUERY = ("Where does " + "Zed " * 480 + "live?")[:2000]  # the longest query: a reply of a few KB
PAD = "[" + ",".join(["[]"] * (1 << 19)) + "]"  # 1.5 MiB of JSON that parses into ~40 MB of lists
PAD_FRAMES = 4


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message, separators=(",", ":")).encode()
    return struct.pack(">I", len(body)) + body


def padded_hello(req_id: str) -> bytes:
    """A legal `hello` with an argument no op reads, written as text (as lists it would cost 40 MB here too)."""
    body = ('{"op":"hello","id":"%s","tenant":"default","args":{"pad":%s}}' % (req_id, PAD)).encode()
    json.loads(body)  # a frame the decider parses, not one it refuses as bad JSON
    return struct.pack(">I", len(body)) + body


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no VmRSS for {pid}")


def settled_rss_kb(pid: int, seconds: float = 2.0) -> int:
    """The lowest RSS over a short window: what stays held, not a parse in progress."""
    low = rss_kb(pid)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.1)
        low = min(low, rss_kb(pid))
    return low


def queued_in(sock: socket.socket) -> int:
    """Bytes the decider has sent us that we have not read."""
    return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0"))[0]


def unread_by_peer(sock: socket.socket) -> int:
    """Bytes we sent that the decider has not read yet."""
    return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0]


def waited(predicate: Any, timeout: float) -> bool:
    """Whether `predicate` came true within `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def hung_up(sock: socket.socket, timeout: float) -> bool:
    """Whether the decider ends the connection within `timeout` seconds, seen without reading a byte
    (POLLHUP is reported with unread data still queued, and needs no event mask)."""
    poller = select.poll()
    poller.register(sock, 0)
    return any(ev & select.POLLHUP for _fd, ev in poller.poll(timeout * 1000))


def jam(sock: socket.socket) -> int:
    """Send recalls until their replies stop arriving (the socket is full and the decider's next reply
    cannot start), then frames of padding whose replies wait behind them. Returns the requests sent."""
    recall = {"op": "recall", "tenant": "default", "args": {"query": QUERY}}
    sent = 0
    while True:
        assert sent < 40, "40 replies of a few KB did not fill the socket"
        before = queued_in(sock)
        sock.sendall(frame({**recall, "id": sent}))
        sent += 1
        if not waited(lambda: queued_in(sock) > before, 2):
            break  # this reply is waiting for us to read: the socket is full
    for _ in range(8):  # in case that reply was only slow: these fill the socket anyway (in all, < 64 in flight)
        sock.sendall(frame({**recall, "id": sent}))
        sent += 1
    for i in range(PAD_FRAMES):
        sock.sendall(padded_hello(f"pad{i}"))
    assert waited(lambda: unread_by_peer(sock) == 0, 30), "the decider did not read the padded frames"
    return sent + PAD_FRAMES


def read_frame(sock: socket.socket) -> dict[str, Any]:
    def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = sock.recv(n - len(data))
            assert chunk, "the decider closed the connection"
            data += chunk
        return data

    return json.loads(exactly(struct.unpack(">I", exactly(4))[0]))


def test_a_peer_that_never_reads_its_replies_is_disconnected_and_its_requests_freed(fw_env: dict[str, str]) -> None:
    front = Front(fw_env)
    stuck = socket.socket(socket.AF_UNIX)
    reader = socket.socket(socket.AF_UNIX)
    try:
        front.initialize()
        front.call("memory_stats")  # the backend is up and warm
        pids = backend_pids(fw_env)
        decider = pids["decider"]
        assert decider is not None
        path = str(runtime_dir_for(Path(fw_env["FIREWEED_STORE"])) / "decider.sock")
        for sock in (stuck, reader):
            sock.settimeout(30)
            sock.connect(path)
        baseline = settled_rss_kb(decider)

        started = time.monotonic()
        jam(stuck)  # from here on this peer reads nothing
        sent_reader = jam(reader)  # the control jams the same way, then reads at once
        # It reads on its own thread while the memory is measured: its replies have waited since its
        # socket filled, and the measuring takes seconds, which on a slow host could pass the stall
        # limit and make the control a stuck peer too.
        answers: list[dict[str, Any]] = []
        drain = threading.Thread(target=lambda: answers.extend(read_frame(reader) for _ in range(sent_reader)), daemon=True)
        drain.start()
        held = settled_rss_kb(decider) - baseline
        pad_kb = PAD_FRAMES * len(PAD) // 1024 * 2  # both connections sent padding
        # Before: the waiting replies kept every padded request, parsed (~25x its bytes). Now only the
        # replies' bytes are held; allow a few times the padding for the allocator's slack.
        assert held < 3 * pad_kb, f"the decider holds {held} KB more after two peers sent {pad_kb} KB of padding"

        drain.join(60)
        assert not drain.is_alive() and len(answers) == sent_reader, (len(answers), sent_reader)
        assert all(a["ok"] for a in answers), [a for a in answers if not a["ok"]][:3]
        assert {a["id"] for a in answers} == {*range(sent_reader - PAD_FRAMES), *(f"pad{i}" for i in range(PAD_FRAMES))}

        assert hung_up(stuck, 60), "the decider kept a peer that reads none of its replies"
        assert time.monotonic() - started > FramedStream.STALLED_WRITE * 0.9  # not before its time

        # The control, past the stuck peer's deadline: still connected and answered.
        assert not hung_up(reader, 0)
        reader.sendall(frame({"op": "hello", "id": "after", "tenant": "default", "args": {}}))
        after = read_frame(reader)
        assert after["id"] == "after" and after["ok"] and after["result"]["tenant"] == "default", after
        assert settled_rss_kb(decider) - baseline < 3 * pad_kb  # and nothing grew since
        assert text_of(front.call("recall", {"query": "Where does Zed live?"}))  # the front is served throughout
        assert backend_pids(fw_env) == pids  # nothing died or restarted
    finally:
        stuck.close()
        reader.close()
        front.close()

