"""Typed errors that cross process boundaries as a code and a message."""

from __future__ import annotations


RECORDED = ("no", "unknown")


class FireweedError(Exception):
    """Base for errors with a stable machine-readable code."""

    code = "internal"
    # For a call that writes and failed: "no" when nothing of it was recorded, "unknown" when the
    # writer may have committed it before the failure; None when the error does not say.
    recorded: str | None = None

    def __init__(self, message: str, code: str | None = None, recorded: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        if recorded in RECORDED:
            self.recorded = recorded

    @property
    def message(self) -> str:
        return str(self)

    def to_wire(self) -> dict[str, str]:
        wire = {"code": self.code, "message": str(self)}
        if self.recorded is not None:
            wire["recorded"] = self.recorded
        return wire


class ConfigError(FireweedError):
    code = "config"


class FrameError(FireweedError):
    """A frame that cannot be read: the connection must be closed."""

    code = "bad_frame"


class BadRequest(FireweedError):
    """A frame that parsed but is not a valid message: answered, connection kept."""

    code = "bad_request"


class Unavailable(FireweedError):
    """The backend (or a part of it) is not reachable right now; retrying may work."""

    code = "unavailable"


class RemoteError(FireweedError):
    """An error reply received from another process."""
