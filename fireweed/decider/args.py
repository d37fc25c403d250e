"""Argument checks the decider applies itself: it trusts no caller, the front included."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from fireweed.shared.errors import BadRequest


def text_arg(args: dict[str, Any], name: str, limit: int, required: bool = True) -> str | None:
    value = args.get(name)
    if value is None:
        if required:
            raise BadRequest(f"argument `{name}` is required", "invalid_arguments")
        return None
    if not isinstance(value, str):
        raise BadRequest(f"argument `{name}` must be a string", "invalid_arguments")
    if len(value) > limit:
        raise BadRequest(f"argument `{name}` is {len(value)} characters; the limit is {limit}", "too_large")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise BadRequest(f"argument `{name}` is not valid Unicode text (a lone surrogate)", "invalid_arguments") from None
    return value


def int_arg(args: dict[str, Any], name: str, default: int | None, low: int, high: int) -> int | None:
    value = args.get(name, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"argument `{name}` must be an integer from {low} to {high}", "invalid_arguments")
    return value


def bool_arg(args: dict[str, Any], name: str, default: bool = False) -> bool:
    value = args.get(name, default)
    if not isinstance(value, bool):
        raise BadRequest(f"argument `{name}` must be true or false", "invalid_arguments")
    return value


def iso_time(raw: str | None, name: str = "event_time") -> str | None:
    """ISO 8601 in, a canonical string out: a date stays a date, a datetime becomes UTC with Z."""
    if raw is None:
        return None
    s = raw.strip()
    try:
        if len(s) == 10:
            return date.fromisoformat(s).isoformat()
        dt = datetime.fromisoformat(s.replace("Z", "+00:00"))
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=timezone.utc)
        utc = dt.astimezone(timezone.utc)  # OverflowError past year 1 or 9999
    except (ValueError, OverflowError):
        raise BadRequest(
            f"argument `{name}` is not an ISO 8601 date or datetime between years 1 and 9999 in UTC: {raw[:40]!r} "
            "(e.g. 2024-06-30 or 2024-06-30T09:00:00Z)",
            "invalid_arguments",
        ) from None
    # Times are compared as strings, so the year must have its four digits (strftime's %Y
    # drops the zeros of year 950, and "950-..." sorts after "2022-...").
    return utc.replace(tzinfo=None).isoformat(timespec="seconds") + "Z"
