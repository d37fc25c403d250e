"""Typed errors that cross process boundaries as a code and a message."""

from __future__ import annotations


class FireweedError(Exception):
    """Base for errors with a stable machine-readable code."""

    code = "internal"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self)

    def to_wire(self) -> dict[str, str]:
        return {"code": self.code, "message": str(self)}


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
