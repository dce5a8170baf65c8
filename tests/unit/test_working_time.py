"""Working time (rules.working_time, through rules.eligibility): the 48-hour average, 11 hours' rest,
weekly rest, young workers; codes exactly at their thresholds, across both clock changes."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.workers import Worker
from workforce_core.rules.eligibility import Known, Slot, eligibility
from workforce_core.rules.london import from_local
from workforce_core.rules.working_time import Work, average_minutes, is_young, longest_rest, rest_gaps, working_time

T0 = datetime(2026, 1, 1, tzinfo=UTC)
SPRING = datetime(2026, 3, 29, 1, 0, tzinfo=UTC)  # clocks go forward
AUTUMN = datetime(2026, 10, 25, 1, 0, tzinfo=UTC)  # clocks go back


def worker(**fields: object) -> Worker:
    return Worker(client_id=1, name="Ann", employee_id="A1", created_at=T0, id=1, **fields)  # type: ignore[arg-type]


def codes(
    slot_start: datetime, slot_end: datetime, work: list[Work], week_days: int = 3, **fields: object
) -> tuple[str, ...]:
    slot = Slot(1, slot_start.date(), slot_start, slot_end)
    week = (slot_start - timedelta(days=week_days), slot_end)
    found = eligibility(worker(**fields), slot, Known(work=work, week_span=week))
    return (*found.warning_codes, *found.block_codes)


def weeks_of_work(end: datetime, minutes_a_week: int) -> list[Work]:
    """17 weeks of work ending at ``end``: one stretch a week, 12 h 01 min apart from the next at least."""
    stretches = []
    for n in range(17):
        stop = end - timedelta(weeks=n)
        stretches.append(Work(stop - timedelta(minutes=minutes_a_week), stop, minutes_a_week))
    return stretches


@given(st.sampled_from([SPRING, AUTUMN, T0 + timedelta(weeks=30)]), st.integers(-3 * 24 * 60, 3 * 24 * 60))
def test_the_48_hour_average_warns_above_it_and_not_below_across_both_clock_changes(near: datetime, shift: int) -> None:
    end = near + timedelta(minutes=shift)
    limit = 48 * 60
    below = weeks_of_work(end, limit - 1)  # an average of 47:59
    above = weeks_of_work(end, limit + 1)  # an average of 48:01
    assert not working_time(below[0], below, date_of_birth=None, opted_out=False, week=(end, end)).average_over
    assert working_time(above[0], above, date_of_birth=None, opted_out=False, week=(end, end)).average_over
    assert not working_time(above[0], above, date_of_birth=None, opted_out=True, week=(end, end)).average_over


@given(st.sampled_from([SPRING, AUTUMN]), st.integers(-12 * 60, 12 * 60))
def test_rest_11h_warns_at_10_59_and_not_at_11_00_across_both_clock_changes(change: datetime, offset: int) -> None:
    previous_end = change + timedelta(minutes=offset)
    before = [Work(previous_end - timedelta(hours=8), previous_end, 480)]
    short = previous_end + timedelta(hours=10, minutes=59)
    enough = previous_end + timedelta(hours=11)
    assert "rest_11h" in codes(short, short + timedelta(hours=4), before)
    assert "rest_11h" not in codes(enough, enough + timedelta(hours=4), before)
    # and before the next shift
    after = [Work(short + timedelta(hours=4) + timedelta(hours=10, minutes=59), short + timedelta(hours=30), 600)]
    assert "rest_11h" in codes(short, short + timedelta(hours=4), after)


def test_rest_is_real_time_across_the_autumn_change() -> None:
    """Saturday 24 October 2026 ends 20:00 BST; Sunday 25th 06:00 GMT is 11 hours later on the wall, 11 real
    hours too (the clocks went back an hour): no warning. At 06:00 in spring the same wall times are 9 hours."""
    autumn_end = from_local(date(2026, 10, 24), time(20))
    start = from_local(date(2026, 10, 25), time(6))
    assert start - autumn_end == timedelta(hours=11)
    assert "rest_11h" not in codes(
        start, start + timedelta(hours=8), [Work(autumn_end - timedelta(hours=8), autumn_end, 480)]
    )
    spring_end = from_local(date(2026, 3, 28), time(20))
    spring_start = from_local(date(2026, 3, 29), time(7))
    assert spring_start - spring_end == timedelta(hours=10)
    assert "rest_11h" in codes(
        spring_start, spring_start + timedelta(hours=8), [Work(spring_end - timedelta(hours=8), spring_end, 480)]
    )


def test_weekly_rest_wants_24_hours_off_in_7_days_and_48_in_14() -> None:
    start = datetime(2026, 6, 1, 8, tzinfo=UTC)
    daily = [Work(start + timedelta(days=n), start + timedelta(days=n, hours=12), 720) for n in range(-6, 0)]
    assert "weekly_rest" in codes(start, start + timedelta(hours=12), daily)  # 12 h off each day for 7 days
    with_a_day_off = [w for w in daily if w.start != start - timedelta(days=3)]
    # 36 h off in the 7 days, but the 14 days ending with the shift hold 48 h off only before them: fine
    assert "weekly_rest" not in codes(start, start + timedelta(hours=12), with_a_day_off)
    fortnight = [Work(start + timedelta(days=n), start + timedelta(days=n, hours=12), 720) for n in range(-13, 0)]
    one_day_off = [w for w in fortnight if w.start != start - timedelta(days=10)]  # 36 h off, not 48
    assert "weekly_rest" in codes(start, start + timedelta(hours=12), one_day_off)


def test_a_young_worker_is_blocked_not_warned_and_the_opt_out_does_not_apply() -> None:
    start = datetime(2026, 6, 1, 8, tzinfo=UTC)
    young = {"date_of_birth": date(2009, 1, 1)}  # 17
    assert "young_worker" in codes(start, start + timedelta(hours=8, minutes=1), [], **young)  # over 8 h
    assert "young_worker" not in codes(start, start + timedelta(hours=8), [], **young)
    rest = [
        Work(start - timedelta(hours=11, minutes=59) - timedelta(hours=4), start - timedelta(hours=11, minutes=59), 240)
    ]
    assert "young_worker" in codes(start, start + timedelta(hours=4), rest, **young)  # under 12 h rest
    week = [Work(start - timedelta(days=n), start - timedelta(days=n) + timedelta(hours=8), 480) for n in (1, 2, 3, 4)]
    assert "young_worker" not in codes(start, start + timedelta(hours=8), week, week_days=6, **young)  # 40:00
    longer = [*week[1:], Work(week[0].start, week[0].end, 481)]
    assert "young_worker" in codes(start, start + timedelta(hours=8), longer, week_days=6, **young)  # 40:01
    assert "young_worker" not in codes(start, start + timedelta(hours=9), [], date_of_birth=date(2008, 5, 31))  # 18
    over = weeks_of_work(start + timedelta(hours=8), 52 * 60)
    assert "wtr_average" in codes(start, start + timedelta(hours=8), over[1:], wtr_opt_out=True, **young)
    assert "wtr_average" not in codes(start, start + timedelta(hours=8), over[1:], wtr_opt_out=True)


def test_worked_example_a_sunday_morning_after_a_saturday_night() -> None:
    """docs/decisions.md, working time: a Saturday 14:00-23:00 shift, then a booking on Sunday at 09:00:
    10 hours' rest, so `rest_11h`; from 10:00 it is 11 hours, no warning."""
    saturday = [Work(datetime(2026, 7, 4, 13, tzinfo=UTC), datetime(2026, 7, 4, 22, tzinfo=UTC), 540)]
    nine = datetime(2026, 7, 5, 8, tzinfo=UTC)  # 09:00 BST
    assert codes(nine, nine + timedelta(hours=6), saturday) == ("rest_11h",)
    ten = nine + timedelta(hours=1)
    assert codes(ten, ten + timedelta(hours=6), saturday) == ()


YOUNG = date(2010, 1, 1)  # 16 in 2026
MONDAY = datetime(2026, 1, 5, tzinfo=UTC)  # 00:00 GMT


def _young_over(shift: Work, work: list[Work], week: tuple[datetime, datetime]) -> bool:
    return working_time(shift, work, date_of_birth=YOUNG, opted_out=False, week=week).young_worker


def _day(n: int, minutes: int = 480) -> Work:
    return Work(MONDAY + timedelta(days=n), MONDAY + timedelta(days=n, hours=8), minutes)


def test_a_young_workers_shift_given_among_its_work_counts_once() -> None:
    shift = Work(MONDAY + timedelta(hours=8), MONDAY + timedelta(hours=13), 300)
    assert not _young_over(shift, [shift], (MONDAY, MONDAY + timedelta(days=7)))


def test_a_young_workers_week_holds_work_from_its_first_instant_to_before_its_end() -> None:
    four_days = [_day(n) for n in range(4)]  # the first starts as the week starts
    extra_minute = Work(MONDAY + timedelta(days=5), MONDAY + timedelta(days=5, minutes=1), 1)
    assert _young_over(_day(4), [*four_days, extra_minute], (MONDAY, MONDAY + timedelta(days=7)))  # 40 h 01
    assert not _young_over(_day(4), four_days, (MONDAY, MONDAY + timedelta(days=7)))  # 40 h
    # the extra minute starts as a shorter week ends: not in it
    assert not _young_over(_day(4), [*four_days, extra_minute], (MONDAY, MONDAY + timedelta(days=5)))


def test_a_young_worker_needs_12_hours_rest_exactly() -> None:
    shift = Work(MONDAY + timedelta(hours=20), MONDAY + timedelta(hours=24), 240)
    assert not _young_over(shift, [_day(0, 200)], (MONDAY, MONDAY + timedelta(days=7)))  # 08:00 to 20:00
    earlier = Work(MONDAY + timedelta(minutes=1), MONDAY + timedelta(hours=8, minutes=1), 200)
    assert _young_over(shift, [earlier], (MONDAY, MONDAY + timedelta(days=7)))  # 11 h 59


def test_a_stretch_of_work_is_its_minutes_less_its_break_never_below_zero() -> None:
    assert Work.of(MONDAY, MONDAY + timedelta(hours=1)).minutes == 60
    assert Work.of(MONDAY, MONDAY + timedelta(minutes=10), 30).minutes == 0
    assert Work.of(MONDAY, MONDAY + timedelta(minutes=10, seconds=59)).minutes == 10


def test_a_worker_is_18_from_their_birthday() -> None:
    assert is_young(date(2008, 3, 2), date(2026, 3, 1))
    assert not is_young(date(2008, 3, 2), date(2026, 3, 2))
    assert not is_young(None, date(2026, 3, 2))


def test_the_average_counts_work_ending_after_the_17_weeks_start_and_part_of_one_across_it() -> None:
    shift = Work(MONDAY, MONDAY + timedelta(hours=1), 60)
    since = shift.end - timedelta(weeks=17)
    ends_at_the_start = Work(since - timedelta(hours=1), since, 60)
    across = Work(since - timedelta(hours=1), since + timedelta(hours=1), 120)
    starts_at_the_end = Work(shift.end, shift.end + timedelta(hours=1), 60)
    assert average_minutes(shift, [ends_at_the_start, starts_at_the_end]) == 60
    assert average_minutes(shift, [ends_at_the_start, across, starts_at_the_end]) == 60 + 60
    empty = Work(since + timedelta(hours=2), since + timedelta(hours=2), 0)
    assert average_minutes(shift, [starts_at_the_end, empty, across]) == 60 + 60


def test_rest_is_measured_to_work_ending_at_the_start_and_from_work_starting_at_the_end() -> None:
    shift = Work(MONDAY + timedelta(hours=12), MONDAY + timedelta(hours=20), 480)
    before = Work(MONDAY, MONDAY + timedelta(hours=12), 720)
    after = Work(MONDAY + timedelta(hours=20), MONDAY + timedelta(hours=22), 120)
    assert rest_gaps(shift, [before, shift, after]) == [timedelta(0), timedelta(0)]


def test_weekly_rest_of_exactly_24_hours_is_enough_and_work_touching_the_period_is_not_in_it() -> None:
    shift = Work(MONDAY + timedelta(days=6), MONDAY + timedelta(days=7), 1440)
    period_start = shift.end - timedelta(days=7)
    before = Work(period_start - timedelta(hours=1), period_start, 60)
    busy = [Work(period_start + timedelta(days=n), period_start + timedelta(days=n + 1), 1440) for n in range(5)]
    assert longest_rest(shift, [before, *busy], timedelta(days=7)) == timedelta(days=1)
    checked = working_time(shift, [*busy], date_of_birth=None, opted_out=True, week=(MONDAY, MONDAY))
    assert not checked.no_weekly_rest  # 24 hours off in the 7 days, a week off in the 14


def test_the_average_of_exactly_48_hours_a_week_is_not_over() -> None:
    end = MONDAY + timedelta(weeks=17)
    exactly = [
        Work(end - timedelta(weeks=n + 1), end - timedelta(weeks=n + 1) + timedelta(hours=48), 48 * 60)
        for n in range(17)
    ]
    last = exactly[0]
    assert average_minutes(last, exactly) == 48 * 60 * 17
    assert not working_time(last, exactly, date_of_birth=None, opted_out=False, week=(MONDAY, end)).average_over


def test_work_after_the_shift_is_no_rest_within_the_period_ending_with_it() -> None:
    shift = Work(MONDAY + timedelta(days=7), MONDAY + timedelta(days=7, hours=8), 480)
    solid = Work(MONDAY, shift.start, 7 * 1440)
    later = Work(shift.end + timedelta(days=2), shift.end + timedelta(days=2, hours=8), 480)
    assert longest_rest(shift, [solid, later], timedelta(days=7)) == timedelta(0)
