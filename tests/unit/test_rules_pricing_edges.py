"""Pricing at its edges (rules.pricing): an overtime threshold one minute into a shift, the one uplift kept
under ``highest`` stacking (the higher paid, a tie to the day's), and the guarantee around its hours."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from decimal import Decimal

import pytest

from workforce_core.model.rates import NightBand, PricingSettings, RateRule, Rates
from workforce_core.rules.paid_time import paid_time
from workforce_core.rules.pricing import Run, ShiftPrice, ShiftToPrice, guarantee_minutes, price_week

D = Decimal
MONDAY_9 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # Europe/London is on GMT until 29 March
SATURDAY_22 = datetime(2026, 3, 7, 22, 0, tzinfo=UTC)
HIGHEST = PricingSettings(premium_stacking="highest")


def priced(
    rule: RateRule, clock_in: datetime, minutes: int, settings: PricingSettings, *, prior: int = 0
) -> ShiftPrice:
    paid = paid_time(clock_in, clock_in + timedelta(minutes=minutes), rule)
    (price,) = price_week([ShiftToPrice(1, clock_in, 1, rule, paid, D(12), D(18))], settings, prior_minutes=prior)
    return price


@pytest.mark.parametrize("before", [1, 2, 9])
def test_a_weekly_threshold_crossed_minutes_into_a_shift_makes_the_rest_overtime(before: int) -> None:
    """The week has ``before`` minutes to go to its 40 hours when the shift starts: those are regular, the
    rest of the shift overtime at time and a half."""
    rule = RateRule(client_id=1, name="R", overtime_threshold=D(40), overtime_multiplier=D("1.5"))
    price = priced(rule, MONDAY_9, 10, PricingSettings(), prior=40 * 60 - before)
    assert (price.minutes("regular"), price.minutes("overtime")) == (before, 10 - before)
    assert price.pay() == D(12) * before / 60 + D(18) * (10 - before) / 60


def test_a_daily_threshold_one_minute_ahead_is_crossed_after_that_minute() -> None:
    rule = RateRule(client_id=1, name="R", daily_overtime_threshold=D("0.25"), daily_overtime_multiplier=D(2))
    assert (priced(rule, MONDAY_9, 16, PricingSettings()).minutes("overtime")) == 1
    assert (priced(rule, MONDAY_9, 15, PricingSettings()).minutes("overtime")) == 0


@pytest.mark.parametrize(("hours", "regular"), [("0.51", 31), ("0.5001", 31), ("0.4999", 30), ("0.5", 30)])
def test_a_threshold_of_a_part_minute_starts_overtime_at_the_next_whole_minute(hours: str, regular: int) -> None:
    """0.51 hours is 30.6 minutes: the minute it falls in is regular, overtime starts at minute 31 (a Decimal's
    ``//`` truncates, so the ceiling is ``math.ceil``: a truncated step of 0 once made the week loop)."""
    for rule in (
        RateRule(client_id=1, name="R", overtime_threshold=D(hours), overtime_multiplier=D("1.5")),
        RateRule(client_id=1, name="R", daily_overtime_threshold=D(hours), daily_overtime_multiplier=D("1.5")),
    ):
        price = priced(rule, MONDAY_9, 60, PricingSettings())
        assert (price.minutes("regular"), price.minutes("overtime")) == (regular, 60 - regular)


def weekend_night(weekend_multiplier: str, night_premium: str) -> RateRule:
    return RateRule(
        client_id=1,
        name="R",
        weekend_multiplier=D(weekend_multiplier),
        night_bands=(NightBand(time(22), time(6), premium=D(night_premium)),),
    )


def test_under_highest_stacking_a_night_paying_more_than_the_weekend_is_the_one_uplift() -> None:
    price = priced(weekend_night("1.25", "5"), SATURDAY_22, 60, HIGHEST)  # weekend +3.00/h, night +5.00/h
    assert (price.minutes("night"), price.minutes("weekend")) == (60, 0)
    assert price.pay() == 12 + 5


def test_under_highest_stacking_a_weekend_paying_more_than_the_night_is_the_one_uplift() -> None:
    price = priced(weekend_night("1.5", "5"), SATURDAY_22, 60, HIGHEST)  # weekend +6.00/h, night +5.00/h
    assert (price.minutes("night"), price.minutes("weekend")) == (0, 60)
    assert price.pay() == 12 + 6


def test_under_highest_stacking_a_tie_between_weekend_and_night_goes_to_the_weekend() -> None:
    """pricing.md section 6: `highest` keeps the largest uplift, ties going bank_holiday, sunday, weekend, night."""
    price = priced(weekend_night("1.25", "3"), SATURDAY_22, 60, HIGHEST)  # +3.00/h each
    assert (price.minutes("night"), price.minutes("weekend")) == (0, 60)
    assert price.pay() == 12 + 3


def test_stacked_uplifts_are_both_paid() -> None:
    price = priced(weekend_night("1.25", "5"), SATURDAY_22, 60, PricingSettings())
    assert (price.minutes("night"), price.minutes("weekend")) == (60, 60)
    assert price.pay() == 12 + 3 + 5


@pytest.mark.parametrize(("paid", "short"), [(239, 1), (240, 0), (241, 0), (245, 0), (300, 0)])
def test_the_guarantee_tops_up_to_its_hours_and_never_below_nothing(paid: int, short: int) -> None:
    rule = RateRule(client_id=1, name="R", guarantee_hours=D(4))
    worked = paid_time(MONDAY_9, MONDAY_9 + timedelta(minutes=paid), rule)
    assert guarantee_minutes(rule, worked) == short
    price = priced(rule, MONDAY_9, paid, PricingSettings())
    assert price.guarantee_minutes == short
    assert price.paid_minutes == max(paid, 240)


@pytest.mark.parametrize(("hours", "short"), [("4.01", 41), ("4.0001", 41), ("3.3334", 1)])
def test_a_guarantee_of_part_minutes_tops_up_to_the_next_whole_minute(hours: str, short: int) -> None:
    """4.01 hours is 240.6 minutes: 200 paid minutes are 40.6 short, 41 whole minutes (rounded up)."""
    rule = RateRule(client_id=1, name="R", guarantee_hours=D(hours))
    assert guarantee_minutes(rule, paid_time(MONDAY_9, MONDAY_9 + timedelta(minutes=200), rule)) == short


def test_daily_overtime_without_a_multiplier_is_paid_at_the_base_and_with_its_own_rates_at_those() -> None:
    plain = RateRule(client_id=1, name="R", daily_overtime_threshold=D(1))
    price = priced(plain, MONDAY_9, 90, PricingSettings())
    assert price.lines[-1].element == "overtime"
    assert (price.lines[-1].minutes, price.lines[-1].pay_rate, price.lines[-1].charge_rate) == (30, D(12), D(18))
    own = RateRule(
        client_id=1,
        name="R",
        daily_overtime_threshold=D(1),
        daily_overtime_multiplier=D(2),
        pay=Rates(daily_overtime=D(20)),
        charge=Rates(daily_overtime=D(25)),
    )
    price = priced(own, MONDAY_9, 90, PricingSettings())
    assert (price.lines[-1].minutes, price.lines[-1].pay_rate, price.lines[-1].charge_rate) == (30, D(20), D(25))


def test_a_shifts_runs_say_when_each_classification_starts_and_what_it_is() -> None:
    """The runs explain the figures (the pricing explanation shows them): a Monday evening crossing into
    overtime an hour in and into the night band at 22:00, with 30 minutes added by a pay adjustment."""
    rule = RateRule(
        client_id=1,
        name="R",
        overtime_threshold=D(40),
        overtime_multiplier=D("1.5"),
        night_bands=(NightBand(time(22), time(6), premium=D(1)),),
    )
    clock_in = datetime(2026, 3, 2, 20, 0, tzinfo=UTC)
    paid = paid_time(clock_in, clock_in + timedelta(hours=4), rule, pay_adjustment_minutes=30)
    shift = ShiftToPrice(1, clock_in, 1, rule, paid, D(12), D(18))
    (price,) = price_week([shift], PricingSettings(), prior_minutes=40 * 60 - 60)
    night = (("night", D(1), D(0)),)
    assert price.runs == (
        Run(clock_in, 60, "worked", "weekday", False, None, D(12), D(18), ()),
        Run(clock_in + timedelta(hours=1), 60, "worked", "weekday", False, "weekly", D(18), D(27), ()),
        Run(clock_in + timedelta(hours=2), 120, "worked", "weekday", True, "weekly", D(18), D(27), night),
        Run(clock_in + timedelta(hours=4), 30, "extra", "weekday", False, None, D(12), D(18), ()),
    )


def test_a_guarantees_run_is_its_minutes_at_the_base_rates_from_the_clock_in_and_each_price_names_its_shift() -> None:
    rule = RateRule(client_id=1, name="R", guarantee_hours=D(4), id=7)
    saturday_9 = datetime(2026, 3, 7, 9, 0, tzinfo=UTC)
    shifts = [
        ShiftToPrice(entry, clock_in, 1, rule, paid_time(clock_in, clock_in + timedelta(hours=3), rule), D(12), D(18))
        for entry, clock_in in ((21, saturday_9), (20, MONDAY_9))
    ]
    prices = price_week(shifts, PricingSettings())
    assert [(price.entry_id, price.rule_id, price.guarantee_minutes) for price in prices] == [(20, 7, 60), (21, 7, 60)]
    for price, clock_in in zip(prices, (MONDAY_9, saturday_9), strict=True):
        assert price.runs[-1] == Run(clock_in, 60, "guarantee", "weekday", False, None, D(12), D(18), ())
        assert price.pay("guarantee") == 12
