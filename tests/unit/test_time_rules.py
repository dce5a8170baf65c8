"""The small time rules, at their edges: pay weeks, a recorded shift's times, console times, a clock's window."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from workforce_core.errors import ValidationFailed
from workforce_core.rules.clock_request import clock_instant, offline_instant
from workforce_core.rules.console_times import console_time
from workforce_core.rules.pay_weeks import week_of, week_start, weeks_span
from workforce_core.rules.shift_times import check_shift_times

NOW = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)


# ---- pay weeks ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("start_day", "first"), [(1, date(2026, 3, 2)), (3, date(2026, 3, 4)), (7, date(2026, 3, 1))])
def test_a_pay_week_starts_on_the_clients_day(start_day: int, first: date) -> None:
    assert week_start(date(2026, 3, 4), start_day) == first  # a Wednesday


def test_a_shift_belongs_to_the_week_of_its_local_clock_in_date() -> None:
    assert week_of(datetime(2026, 6, 7, 23, 30, tzinfo=UTC), 1) == date(2026, 6, 8)  # 00:30 BST on Monday
    assert week_of(datetime(2026, 3, 8, 23, 30, tzinfo=UTC), 1) == date(2026, 3, 2)  # 23:30 GMT on Sunday


def test_the_span_runs_from_the_first_weeks_start_to_the_last_weeks_end() -> None:
    clock_ins = [datetime(2026, 3, 18, 9, tzinfo=UTC), datetime(2026, 3, 4, 9, tzinfo=UTC)]
    assert weeks_span(clock_ins, 1) == (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 23, tzinfo=UTC))
    assert weeks_span([datetime(2026, 6, 3, 9, tzinfo=UTC)], 1) == (
        datetime(2026, 5, 31, 23, tzinfo=UTC),
        datetime(2026, 6, 7, 23, tzinfo=UTC),
    )
    assert weeks_span([], 1) is None


# ---- a recorded shift's times ---------------------------------------------------------------------------


def test_a_shift_may_end_now_last_24_hours_and_take_a_break_a_minute_shorter() -> None:
    check_shift_times(NOW - timedelta(hours=24), NOW, NOW, break_minutes=24 * 60 - 1)
    check_shift_times(NOW, None, NOW)
    check_shift_times(NOW - timedelta(hours=1), NOW, NOW)


@pytest.mark.parametrize(
    ("start", "end", "break_minutes", "field", "message"),
    [
        (NOW + timedelta(seconds=1), None, None, "clock_in", "clock-in cannot be in the future."),
        (NOW - timedelta(hours=1), NOW - timedelta(hours=1), None, "clock_out", "clock-out must be after clock-in."),
        (NOW - timedelta(hours=1), NOW + timedelta(seconds=1), None, "clock_out", "clock-out cannot be in the future."),
        (NOW - timedelta(hours=24, seconds=1), NOW, None, "clock_out", "a shift is at most 24 hours long."),
        (NOW - timedelta(hours=1), NOW, 60, "break_minutes", "the break must be shorter than the shift."),
        (
            NOW - timedelta(minutes=60, seconds=30),
            NOW,
            60,
            "break_minutes",
            "the break must be shorter than the shift.",
        ),
    ],
)
def test_times_out_of_order_in_the_future_too_long_or_with_too_long_a_break_are_refused(
    start: datetime, end: datetime | None, break_minutes: int | None, field: str, message: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        check_shift_times(start, end, NOW, break_minutes)
    assert (refused.value.extra["field"], refused.value.message) == (field, message)


# ---- console times --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "instant"),
    [
        ("2026-06-01 09:30", datetime(2026, 6, 1, 8, 30, tzinfo=UTC)),
        (" 2026-06-01T09:30:15 ", datetime(2026, 6, 1, 8, 30, 15, tzinfo=UTC)),
        ("2026-06-01 09:30Z", datetime(2026, 6, 1, 9, 30, tzinfo=UTC)),
        ("2026-06-01T09:30+02:00", datetime(2026, 6, 1, 7, 30, tzinfo=UTC)),
        ("2026-10-25 01:30", datetime(2026, 10, 25, 0, 30, tzinfo=UTC)),  # the first pass
    ],
)
def test_a_console_time_is_local_or_carries_its_offset(text: str, instant: datetime) -> None:
    assert console_time(text, "at") == instant


@pytest.mark.parametrize("text", ["2026-06-01", "09:30", "2026-06-01 9:30", "2026-13-01 09:30", "soon"])
def test_a_console_time_that_cannot_be_read_is_refused_naming_the_field(text: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        console_time(text, "at")
    assert (refused.value.extra["field"], refused.value.message) == (
        "at",
        "at must be a local time YYYY-MM-DD HH:MM (Europe/London).",
    )


@pytest.mark.parametrize("text", ["2026-03-29 01:30", "2026-03-29T01:30:00"])
def test_a_local_time_the_clocks_skip_is_refused(text: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        console_time(text, "at")
    assert (refused.value.extra["field"], refused.value.message) == (
        "at",
        f"{text} does not exist in Europe/London (the clocks went forward).",
    )


# ---- a clock's window -----------------------------------------------------------------------------------


def test_a_clock_may_be_15_minutes_back_to_60_seconds_ahead_and_is_backdated_after_60_seconds_back() -> None:
    assert clock_instant(None, NOW) == (NOW, False)
    assert clock_instant(NOW - timedelta(minutes=15), NOW) == (NOW - timedelta(minutes=15), True)
    assert clock_instant(NOW + timedelta(seconds=60), NOW) == (NOW + timedelta(seconds=60), False)
    assert clock_instant(NOW - timedelta(seconds=60), NOW) == (NOW - timedelta(seconds=60), False)
    assert clock_instant(NOW - timedelta(seconds=61), NOW) == (NOW - timedelta(seconds=61), True)
    with pytest.raises(ValidationFailed, match="more than 60 seconds in the future") as ahead:
        clock_instant(NOW + timedelta(seconds=61), NOW)
    assert ahead.value.message == "occurred_at is more than 60 seconds in the future."
    with pytest.raises(ValidationFailed) as behind:
        clock_instant(NOW - timedelta(minutes=15, seconds=1), NOW)
    assert (behind.value.extra["field"], behind.value.message) == (
        "occurred_at",
        "occurred_at is more than 15 minutes in the past.",
    )


def test_a_kiosks_offline_clock_keeps_its_time_however_old_but_not_over_60_seconds_ahead() -> None:
    """A clock sent after the fact (the kiosk was offline) happened when it says, a day ago or more; only
    the allowed skew ahead of the server's time bounds it."""
    for happened in (NOW - timedelta(days=3), NOW - timedelta(minutes=15, seconds=1), NOW, NOW + timedelta(seconds=60)):
        assert offline_instant(happened, NOW) == happened
    with pytest.raises(ValidationFailed) as ahead:
        offline_instant(NOW + timedelta(seconds=61), NOW)
    assert (ahead.value.extra["field"], ahead.value.message) == (
        "occurred_at",
        "occurred_at is more than 60 seconds in the future.",
    )


def test_in_the_repeated_hour_the_pass_inside_the_window_is_taken_the_first_if_both() -> None:
    first, second = datetime(2026, 10, 25, 0, 30, tzinfo=UTC), datetime(2026, 10, 25, 1, 30, tzinfo=UTC)
    assert clock_instant(first, second, (first, second)) == (second, False)
    assert clock_instant(first, first + timedelta(minutes=5), (first, second)) == (first, True)
    both = (first, first + timedelta(minutes=1))
    assert clock_instant(first, first + timedelta(minutes=1), both) == (first, False)
    assert clock_instant(first, first + timedelta(minutes=14), (first - timedelta(hours=1), first)) == (first, True)


def test_a_pass_exactly_at_either_edge_of_the_window_is_taken() -> None:
    far = NOW + timedelta(hours=2)
    assert clock_instant(far, NOW, (NOW - timedelta(minutes=15), far)) == (NOW - timedelta(minutes=15), True)
    assert clock_instant(far, NOW, (NOW + timedelta(seconds=60), far)) == (NOW + timedelta(seconds=60), False)
