"""``total_minutes`` is real elapsed time, whatever the wall clocks say across a clock change.

The shifts are given as Europe/London wall-clock times, as a clerk reads them, on the nights the
clocks change: the minutes are counted from the instants, not from the wall-clock difference.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.london import from_local

SPRING = date(2026, 3, 29)  # 01:00 GMT -> 02:00 BST: the night is an hour shorter
AUTUMN = date(2026, 10, 25)  # 02:00 BST -> 01:00 GMT: the night is an hour longer


def _entry(start: datetime, end: datetime | None) -> TimeEntry:
    return TimeEntry(worker_id=1, client_id=1, clock_in=start, created_at=start, clock_out=end)


def test_a_22_to_06_night_is_420_minutes_in_spring_and_540_in_autumn() -> None:
    spring = _entry(from_local(SPRING - timedelta(days=1), time(22)), from_local(SPRING, time(6)))
    autumn = _entry(from_local(AUTUMN - timedelta(days=1), time(22)), from_local(AUTUMN, time(6)))
    assert (spring.total_minutes, autumn.total_minutes) == (420, 540)


@given(
    st.sampled_from([SPRING, AUTUMN]),
    st.integers(18 * 60, 23 * 60 + 59),  # clock-in on the evening before the change, local minutes
    st.integers(3 * 60, 11 * 60),  # clock-out on the morning after, local minutes
)
def test_across_a_clock_change_total_minutes_differs_from_the_wall_clock_by_exactly_the_hour(
    night: date, clock_in: int, clock_out: int
) -> None:
    start = from_local(night - timedelta(days=1), time(clock_in // 60, clock_in % 60))
    end = from_local(night, time(clock_out // 60, clock_out % 60))
    wall_clock = 24 * 60 - clock_in + clock_out
    shift = -60 if night == SPRING else 60
    assert _entry(start, end).total_minutes == wall_clock + shift


@given(
    st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31)),
    st.timedeltas(min_value=timedelta(0), max_value=timedelta(hours=30)),
)
def test_total_minutes_rounds_real_elapsed_time_down_to_whole_minutes(start: datetime, length: timedelta) -> None:
    local_start = from_local(start.date(), start.time())
    minutes = _entry(local_start, local_start + length).total_minutes
    assert minutes is not None
    assert minutes * 60 <= length.total_seconds() < (minutes + 1) * 60


def test_an_open_entry_has_no_total() -> None:
    assert _entry(from_local(AUTUMN, time(1, 30)), None).total_minutes is None
