"""The AWR clock (rules.awr): qualifying weeks per worker and hirer, pauses and restarts."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.rules.awr import (
    CAPPED_PAUSE_WEEKS,
    MAX_BREAK_WEEKS,
    PARITY_LOOKBACK,
    QUALIFYING_WEEKS,
    AwrStatus,
    Pause,
    awr_clock,
    excused_weeks,
    lookback_start,
    why,
)

WEEK = timedelta(weeks=1)
ORIGIN = date(2026, 1, 5)  # a Monday
KINDS = ("holiday", "sickness", "jury_service", "shutdown", "other")


def week(n: int) -> date:
    return ORIGIN + n * WEEK


def old_parity(week_start: date, weeks_worked: set[date]) -> bool:
    """pricing.md section 7 as it was written before the clock: the oracle for the no-absence case."""
    earlier = sorted({w for w in weeks_worked if w < week_start}, reverse=True)
    count, previous = 0, week_start
    for worked in earlier:
        if (previous - worked) // WEEK - 1 > MAX_BREAK_WEEKS:
            break
        count += 1
        previous = worked
    return count >= QUALIFYING_WEEKS


worked_weeks = st.sets(st.integers(0, 120), max_size=60).map(lambda ns: {week(n) for n in ns})
pauses = st.lists(
    st.builds(
        lambda kind, first, days: Pause(kind, ORIGIN + timedelta(days=first), ORIGIN + timedelta(days=first + days)),
        st.sampled_from(KINDS),
        st.integers(0, 840),
        st.integers(0, 300),
    ),
    max_size=4,
)
asked = st.integers(0, 130).map(week)


@given(worked_weeks, asked)
def test_without_absences_the_clock_is_the_parity_rule_of_pricing_md(worked: set[date], at: date) -> None:
    assert awr_clock(at, worked).parity == old_parity(at, worked)


@given(worked_weeks, pauses, asked)
def test_the_clock_never_counts_a_week_without_work(worked: set[date], paused: list[Pause], at: date) -> None:
    clock = awr_clock(at, worked, paused)
    if clock.counting_since is None:
        assert clock.weeks_counted == 0
    else:
        assert clock.counting_since in worked
        assert clock.weeks_counted == len({w for w in worked if clock.counting_since <= w < at})


@given(worked_weeks, pauses, asked)
def test_the_clock_restarts_only_after_a_break_the_rule_names(worked: set[date], paused: list[Pause], at: date) -> None:
    clock = awr_clock(at, worked, paused)
    before = {w for w in worked if w < at}
    if clock.weeks_counted == len(before):
        assert clock.restarted_by is None
        return
    gap = clock.restarted_by
    assert gap is not None
    assert gap.plain > MAX_BREAK_WEEKS  # more than 6 weeks neither worked nor paused by an absence
    assert not any(gap.first <= w <= gap.last for w in worked)  # a break: no work in it
    assert gap.first - WEEK in worked  # it follows a week of work
    assert gap.last + WEEK == (clock.counting_since or at)  # and ends where the count starts again
    excused = excused_weeks(paused, 1)
    assert gap.excused == sum(gap.first + n * WEEK in excused for n in range(gap.weeks))


@given(worked_weeks, pauses, pauses, asked)
def test_an_absence_never_takes_a_qualifying_week_away(
    worked: set[date], paused: list[Pause], more: list[Pause], at: date
) -> None:
    assert awr_clock(at, worked, [*paused, *more]).weeks_counted >= awr_clock(at, worked, paused).weeks_counted


@given(worked_weeks, pauses, asked)
def test_the_look_back_holds_every_week_the_clock_counts(worked: set[date], paused: list[Pause], at: date) -> None:
    reach = lookback_start(at, paused)
    clock = awr_clock(at, worked, paused)
    inside = awr_clock(at, {w for w in worked if w >= reach}, paused)
    assert inside.parity == clock.parity
    assert min(clock.weeks_counted, QUALIFYING_WEEKS) == min(inside.weeks_counted, QUALIFYING_WEEKS)


def test_sickness_pauses_the_clock_for_up_to_28_weeks() -> None:
    worked = {week(n) for n in range(5)}
    within = awr_clock(week(5 + CAPPED_PAUSE_WEEKS + 6), worked, [Pause("sickness", week(5), week(5 + 40))])
    assert (within.weeks_counted, within.status) == (5, AwrStatus.PAUSED)
    beyond = awr_clock(week(5 + CAPPED_PAUSE_WEEKS + 7), worked, [Pause("sickness", week(5), week(5 + 40))])
    assert (beyond.weeks_counted, beyond.status) == (0, AwrStatus.NOT_STARTED)
    assert beyond.restarted_by is not None
    assert beyond.restarted_by.excused == CAPPED_PAUSE_WEEKS


def test_annual_leave_and_a_shutdown_pause_it_for_their_whole_length() -> None:
    worked = {week(n) for n in range(5)} | {week(60)}
    for kind in ("holiday", "shutdown"):
        clock = awr_clock(week(61), worked, [Pause(kind, week(5), week(59) + timedelta(days=4))])
        assert clock.weeks_counted == 6
    assert awr_clock(week(61), worked, [Pause("other", week(5), week(59))]).weeks_counted == 1


def test_worked_example_eight_weeks_off_sick_pause_the_clock_and_parity_starts_on_25_may_2026() -> None:
    """docs/decisions.md, AWR: five weeks of work from 5 January 2026, eight weeks off sick, work again
    from 6 April: the 12th qualifying week is the week of 18 May, parity from Monday 25 May."""
    worked = {date(2026, 1, 5) + n * WEEK for n in range(5)} | {date(2026, 4, 6) + n * WEEK for n in range(8)}
    sick = Pause("sickness", date(2026, 2, 9), date(2026, 4, 3))
    clock = awr_clock(date(2026, 5, 25), worked, [sick])
    assert (clock.weeks_counted, clock.status, clock.qualifies_on) == (12, AwrStatus.QUALIFIED, date(2026, 5, 25))
    assert clock.paused_weeks == 8
    assert why(clock).startswith("post parity: 12 qualifying weeks at this hirer since the week of 2026-01-05")
    plain = awr_clock(date(2026, 5, 25), worked, [])
    assert (plain.weeks_counted, plain.status, plain.qualifies_on) == (7, AwrStatus.COUNTING, date(2026, 6, 29))
    assert plain.restarted_by is not None
    assert (plain.restarted_by.first, plain.restarted_by.weeks) == (date(2026, 2, 9), 8)
    assert "restarted the count" in why(plain)
    assert why(plain).startswith("pre parity: 7 qualifying weeks")


def test_a_break_of_six_weeks_before_each_of_twelve_weeks_still_qualifies() -> None:
    """The look-back reaches 84 weeks: 12 weeks of work, each after a break of 6 (it was 79)."""
    worked = {week(7 * n) for n in range(12)}
    at = week(7 * 12)
    assert awr_clock(at, worked).parity
    assert lookback_start(at, ()) <= min(worked)


def test_why_says_the_whole_clock_in_one_sentence() -> None:
    worked = {date(2026, 1, 5) + n * WEEK for n in range(5)} | {date(2026, 4, 6) + n * WEEK for n in range(8)}
    sick = Pause("sickness", date(2026, 2, 9), date(2026, 4, 3))
    assert why(awr_clock(date(2026, 5, 25), worked, [sick])) == (
        "post parity: 12 qualifying weeks at this hirer since the week of 2026-01-05, the clock paused for 8 week(s)"
        " of breaks before the week of 2026-05-25; qualified on 2026-05-25"
    )
    assert why(awr_clock(date(2026, 5, 25), worked, [])) == (
        "pre parity: 7 qualifying weeks at this hirer since the week of 2026-04-06 before the week of 2026-05-25, of"
        " 12 needed; a break of 8 week(s) without work or a pausing absence (the weeks of 2026-02-09 to 2026-03-30)"
        " is over 6 and restarted the count"
    )
    assert why(awr_clock(week(1), {week(0)}, [])) == (
        "pre parity: 1 qualifying week at this hirer since the week of 2026-01-05 before the week of 2026-01-12,"
        " of 12 needed"
    )
    assert why(awr_clock(week(2), {week(0), week(1)}, [])).startswith("pre parity: 2 qualifying weeks at this hirer")
    assert why(awr_clock(week(0), set(), [])) == (
        "pre parity: 0 qualifying weeks at this hirer before the week of 2026-01-05, of 12 needed"
    )


def test_the_excused_weeks_are_every_week_an_absence_touches_past_one_that_does_not_pause() -> None:
    other = Pause("other", week(0), week(3))
    holiday = Pause("holiday", week(1) + timedelta(days=3), week(3) + timedelta(days=1))  # Thursday to Tuesday
    assert excused_weeks([other, holiday], 1) == {week(1), week(2), week(3)}
    assert excused_weeks([Pause("holiday", week(5), week(5))], 1) == {week(5)}
    assert excused_weeks([Pause("holiday", week(5), week(5) + timedelta(days=6))], 3) == {
        week(5) - timedelta(days=5),
        week(5) + timedelta(days=2),
    }  # weeks starting on Wednesday


def test_the_clock_puts_absences_in_the_clients_pay_weeks_when_given() -> None:
    worked = {week(n) for n in range(3)}
    one_day = Pause("holiday", week(3) + timedelta(days=6), week(3) + timedelta(days=6))  # a Sunday
    by_default = awr_clock(week(10), worked, [one_day])
    assert by_default == awr_clock(week(10), worked, [one_day], start_day=1)  # the week's own weekday
    assert by_default != awr_clock(week(10), worked, [one_day], start_day=7)  # the Sunday starts a later week


def test_the_look_back_stretches_by_each_absence_inside_it_newest_first() -> None:
    first = week(200)
    plain = lookback_start(first, [])
    assert plain == first - PARITY_LOOKBACK
    inside = Pause("holiday", plain + 2 * WEEK, plain + 2 * WEEK + timedelta(days=13))  # two weeks
    assert lookback_start(first, [inside]) == plain - 3 * WEEK
    at_the_edge = Pause("holiday", plain - 4 * WEEK, plain)  # ends as the look-back starts: it counts
    assert lookback_start(first, [at_the_edge]) == plain - 6 * WEEK
    older = Pause("holiday", plain - 30 * WEEK, plain - 29 * WEEK)
    assert lookback_start(first, [older]) == plain
    assert lookback_start(first, [older, inside]) == plain - 3 * WEEK
    assert lookback_start(first, [inside, at_the_edge]) == plain - 3 * WEEK - 6 * WEEK


def test_a_one_week_holiday_between_weeks_of_work_pauses_the_clock_for_that_week() -> None:
    worked = {week(0), week(1), week(2), week(4)}
    clock = awr_clock(week(5), worked, [Pause("holiday", week(3), week(3) + timedelta(days=4))])
    assert (clock.weeks_counted, clock.paused_weeks, clock.counting_since) == (4, 1, week(0))
