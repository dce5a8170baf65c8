"""``total_minutes`` is real elapsed time, whatever the wall clocks say across a clock change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.time_entries import TimeEntry

instants = st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2027, 12, 31), timezones=st.just(UTC))


@given(instants, st.timedeltas(min_value=timedelta(0), max_value=timedelta(hours=30)))
def test_total_minutes_is_whole_minutes_of_real_elapsed_time(start: datetime, length: timedelta) -> None:
    entry = TimeEntry(worker_id=1, client_id=1, clock_in=start, created_at=start, clock_out=start + length)
    assert entry.total_minutes == int(length.total_seconds() // 60)
    assert entry.total_minutes is not None
    assert entry.total_minutes * 60 <= length.total_seconds() < (entry.total_minutes + 1) * 60


@given(instants)
def test_an_open_entry_has_no_total(start: datetime) -> None:
    assert TimeEntry(worker_id=1, client_id=1, clock_in=start, created_at=start).total_minutes is None
