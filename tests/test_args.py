"""The decider's argument parsers: typed errors for bad input, canonical values for good."""

from __future__ import annotations

import pytest

from fireweed.decider.args import iso_time
from fireweed.shared.errors import BadRequest


@pytest.mark.parametrize(("raw", "canonical"), [
    ("2024-06-30", "2024-06-30"),
    ("2024-06-30T09:00:00+02:00", "2024-06-30T07:00:00Z"),
    ("2024-06-30T09:00", "2024-06-30T09:00:00Z"),
    ("2024-06-30T09:00:00.5Z", "2024-06-30T09:00:00Z"),
    # four digits for every year: times are compared as strings, and "950-..." sorts after "2022-..."
    ("0950-01-01T00:00:00Z", "0950-01-01T00:00:00Z"),
    ("0999-06-01", "0999-06-01"),
])
def test_times_are_canonical_and_sort_as_strings(raw: str, canonical: str) -> None:
    assert iso_time(raw) == canonical


def test_an_early_year_sorts_before_a_late_one() -> None:
    assert (iso_time("0950-01-01T00:00:00Z") or "") < (iso_time("2022-06-15T00:00:00Z") or "")


@pytest.mark.parametrize("raw", [
    "0001-01-01T00:00:00+01:00",  # before year 1 once in UTC
    "9999-12-31T23:00:00-05:00",  # after year 9999 once in UTC
    "2022-13-01",
    "yesterday",
])
def test_times_out_of_range_or_malformed_are_invalid_arguments(raw: str) -> None:
    with pytest.raises(BadRequest) as info:
        iso_time(raw, "as_of")
    assert info.value.code == "invalid_arguments" and "`as_of`" in str(info.value)
