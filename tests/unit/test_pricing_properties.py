"""Properties of the pricing engine, checked against the minute-by-minute oracle."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.pricing_support import oracle
from workforce_core.model.rates import PricingSettings, RateRule
from workforce_core.rules.calendar import is_bank_holiday
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.pricing import ShiftToPrice, price_week
from workforce_core.testing import strategies

rules = strategies.rate_rules
settings_ = strategies.pricing_settings
weeks = strategies.weeks_of_shifts
clock_times = strategies.clock_times
WEEK_STARTS = strategies.WEEK_STARTS
shift = strategies.shift_to_price


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weeks(), settings_)
def test_the_interval_engine_equals_the_minute_by_minute_oracle(
    week: list[ShiftToPrice], setup: PricingSettings
) -> None:
    prices = price_week(week, setup)
    assert [p.lines for p in prices] == oracle(week, setup)


@settings(max_examples=100, deadline=None)
@given(weeks(), settings_)
def test_paid_minutes_are_regular_plus_overtime_plus_guarantee(
    week: list[ShiftToPrice], setup: PricingSettings
) -> None:
    for price in price_week(week, setup):
        assert price.paid_minutes == price.minutes("regular") + price.minutes("overtime") + price.minutes("guarantee")


@settings(max_examples=100, deadline=None)
@given(weeks(), settings_)
def test_pay_is_the_sum_of_the_elements(week: list[ShiftToPrice], setup: PricingSettings) -> None:
    for price in price_week(week, setup):
        elements = ("regular", "overtime", "weekend", "sunday", "bank_holiday", "night", "guarantee")
        assert price.pay() == sum((price.pay(e) for e in elements), Fraction(0))
        assert price.charge() == sum((price.charge(e) for e in elements), Fraction(0))


@settings(max_examples=100, deadline=None)
@given(weeks(), settings_)
def test_each_minute_is_overtime_at_most_once(week: list[ShiftToPrice], setup: PricingSettings) -> None:
    for price in price_week(week, setup):
        overtime_runs = sum(run.minutes for run in price.runs if run.overtime)
        assert overtime_runs == price.minutes("overtime")
        assert price.minutes("overtime") <= price.paid.paid_minutes
        assert all(run.kind != "guarantee" for run in price.runs if run.overtime)


@settings(max_examples=100, deadline=None)
@given(weeks(), settings_, st.randoms(use_true_random=False))
def test_the_order_the_shifts_are_given_in_does_not_matter(
    week: list[ShiftToPrice], setup: PricingSettings, shuffler: random.Random
) -> None:
    shuffled = list(week)
    shuffler.shuffle(shuffled)
    by_id = {p.entry_id: p.lines for p in price_week(week, setup)}
    assert {p.entry_id: p.lines for p in price_week(shuffled, setup)} == by_id


@settings(max_examples=150, deadline=None)
@given(
    rules(),
    settings_,
    st.sampled_from(WEEK_STARTS),
    clock_times,
    st.integers(1, 12 * 60),
    st.integers(1, 240),
    st.floats(0, 1),
    st.integers(0, 60),
)
def test_pay_never_decreases_when_a_shift_is_made_longer_around_the_same_recorded_break(
    rule: RateRule,
    setup: PricingSettings,
    monday: date,
    start_time: time,
    minutes: int,
    more: int,
    break_at: float,
    break_minutes: int,
) -> None:
    # What pricing.md promises: minutes added at the end are paid at a rate of at least 0, and no
    # earlier minute changes its kind. It holds with the break at the same recorded interval; a break
    # given as a number of minutes is centred on the shift (section 5), so it moves when the shift grows
    # and can slide over a night band: that case is not a promise of the text.
    start = from_local(monday + timedelta(days=2), start_time)
    offset = int((minutes - min(break_minutes, minutes)) * break_at)
    lunch = (start + timedelta(minutes=offset), start + timedelta(minutes=offset + min(break_minutes, minutes)))
    short_end, long_end = start + timedelta(minutes=minutes), start + timedelta(minutes=minutes + more)
    short = price_week([shift(1, start, short_end, rule, recorded_breaks=(lunch,))], setup)[0]
    long = price_week([shift(1, start, long_end, rule, recorded_breaks=(lunch,))], setup)[0]
    assert long.paid_minutes >= short.paid_minutes
    assert long.pay() >= short.pay()
    assert long.charge() >= short.charge()


def _plain_weekday(moment: datetime, length: timedelta) -> bool:
    days = {local_date(moment), local_date(moment + length)}
    return all(day.weekday() < 5 and not is_bank_holiday(day) for day in days)


@settings(max_examples=100, deadline=None)
@given(rules(), settings_, clock_times, st.integers(1, 12 * 60), st.integers(1, 8), st.integers(0, 3))
def test_moving_a_shift_by_whole_weeks_on_plain_weekdays_keeps_its_pay(
    rule: RateRule, setup: PricingSettings, start_time: time, minutes: int, weeks_later: int, weekday: int
) -> None:
    day = date(2026, 11, 16) + timedelta(days=weekday)  # November/December 2026: no clock change, no holiday
    length = timedelta(minutes=minutes)
    first = from_local(day, start_time)
    moved = from_local(day + timedelta(weeks=weeks_later), start_time)
    assume(_plain_weekday(first, length) and _plain_weekday(moved, length))
    before = price_week([shift(1, first, first + length, rule)], setup)[0]
    after = price_week([shift(1, moved, moved + length, rule)], setup)[0]
    assert (after.pay(), after.charge(), after.lines) == (before.pay(), before.charge(), before.lines)
