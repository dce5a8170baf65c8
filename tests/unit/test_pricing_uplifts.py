"""Pricing's uplifts worked by hand (rules.pricing, pricing.md section 6): a day's or a night band's rate,
multiplier or premium over the base, on the pay side and the charge side, and the penny rounding of a
negative amount."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from decimal import Decimal

import pytest

from workforce_core.model.rates import NightBand, OvertimeTier, RateRule, Rates
from workforce_core.rules.paid_time import PaidTime
from workforce_core.rules.pricing import (
    ShiftToPrice,
    _day_uplifts,
    _minute_at_or_after,
    _night_uplift,
    _overtime_rates,
    _uplift,
    pennies_of,
)

D = Decimal
IN = datetime(2026, 3, 1, 8, 0, tzinfo=UTC)


def _shift(rule: RateRule) -> ShiftToPrice:
    return ShiftToPrice(1, IN, 1, rule, PaidTime(60, 0, "none", 0, ((0, 60),), 0), D("12.00"), D("18.00"))


def test_an_uplift_is_a_rate_over_the_base_else_a_multiplier_else_a_premium_never_below_zero() -> None:
    assert _uplift(D(12), D(15), D(2), D(1)) == D(3)
    assert _uplift(D(12), D(10), None) == D(0)
    assert _uplift(D(12), None, D("1.5"), D(1)) == D(6)
    assert _uplift(D(12), None, D("0.5")) == D(0)
    assert _uplift(D(12), None, None, D("0.75")) == D("0.75")
    assert _uplift(D(12), None, None, D("-1")) == D(0)
    assert _uplift(D(12), None, None) is None


@pytest.mark.parametrize("kind", ["bank_holiday", "sunday", "weekend"])
def test_a_day_uplift_takes_each_sides_own_rate(kind: str) -> None:
    both = RateRule(client_id=1, name="R", pay=Rates(**{kind: D(20)}), charge=Rates(**{kind: D(30)}))  # type: ignore[arg-type]
    assert _day_uplifts(_shift(both), kind) == (kind, D(8), D(12))
    pay_only = RateRule(client_id=1, name="R", pay=Rates(**{kind: D(20)}))  # type: ignore[arg-type]
    assert _day_uplifts(_shift(pay_only), kind) == (kind, D(8), D(0))
    charge_only = RateRule(client_id=1, name="R", charge=Rates(**{kind: D(30)}))  # type: ignore[arg-type]
    assert _day_uplifts(_shift(charge_only), kind) == (kind, D(0), D(12))
    assert _day_uplifts(_shift(RateRule(client_id=1, name="R")), kind) is None


def test_a_day_multiplier_applies_to_both_sides_and_a_sunday_without_rates_is_a_weekend() -> None:
    sunday = RateRule(client_id=1, name="R", sunday_multiplier=D(2))
    assert _day_uplifts(_shift(sunday), "sunday") == ("sunday", D(12), D(18))
    weekend = RateRule(client_id=1, name="R", weekend_multiplier=D("1.5"))
    assert _day_uplifts(_shift(weekend), "sunday") == ("weekend", D(6), D(9))
    holiday = RateRule(client_id=1, name="R", bank_holiday_multiplier=D(2))
    assert _day_uplifts(_shift(holiday), "bank_holiday") == ("bank_holiday", D(12), D(18))
    assert _day_uplifts(_shift(holiday), "weekday") is None


def test_a_night_band_pays_its_rate_multiplier_or_premium_and_charges_its_own_figures() -> None:
    rule = RateRule(client_id=1, name="R")
    night = time(22), time(6)
    assert _night_uplift(_shift(rule), NightBand(*night, pay_rate=D(15))) == ("night", D(3), D(0))
    assert _night_uplift(_shift(rule), NightBand(*night, multiplier=D("1.25"))) == ("night", D(3), D("4.5"))
    assert _night_uplift(_shift(rule), NightBand(*night, premium=D(1))) == ("night", D(1), D(0))
    charged = NightBand(*night, premium=D(1), charge_rate=D(20))
    assert _night_uplift(_shift(rule), charged) == ("night", D(1), D(2))
    by_multiplier = NightBand(*night, premium=D(1), charge_multiplier=D(2))
    assert _night_uplift(_shift(rule), by_multiplier) == ("night", D(1), D(18))
    by_premium = NightBand(*night, premium=D(1), charge_premium=D("1.50"))
    assert _night_uplift(_shift(rule), by_premium) == ("night", D(1), D("1.50"))
    assert _night_uplift(_shift(rule), NightBand(*night, pay_rate=D(10), charge_rate=D(10))) == ("night", D(0), D(0))


def test_pennies_round_half_away_from_zero_on_both_sides() -> None:
    assert pennies_of(1, 200) == D("0.01")
    assert pennies_of(-1, 200) == D("-0.01")
    assert pennies_of(0, 7) == D("0.00")
    assert str(pennies_of(0, 7)) == "0.00"
    assert pennies_of(-1, 300) == D("0.00")


def test_the_first_whole_minute_at_or_after_an_edge() -> None:
    assert _minute_at_or_after(IN, IN + timedelta(seconds=90)) == 2
    assert _minute_at_or_after(IN, IN + timedelta(seconds=120)) == 2
    assert _minute_at_or_after(IN, IN - timedelta(seconds=30)) == 0


def test_weekly_overtime_pays_its_own_rates_else_the_multiplier_else_the_base() -> None:
    rates = RateRule(
        client_id=1, name="R", overtime_threshold=D(40), pay=Rates(overtime=D(20)), charge=Rates(overtime=D(25))
    )
    assert _overtime_rates(_shift(rates), 40 * 60, 0) == ("weekly", D(20), D(25))
    assert _overtime_rates(_shift(rates), 40 * 60 - 1, 0) == (None, D(12), D(18))
    plain = RateRule(client_id=1, name="R", overtime_threshold=D(40))
    assert _overtime_rates(_shift(plain), 40 * 60, 0) == ("weekly", D(12), D(18))


def test_overtime_tiers_are_numbered_from_one_and_pay_their_own_rates() -> None:
    tiers = (
        OvertimeTier(after_hours=D(45), multiplier=D("1.5")),
        OvertimeTier(after_hours=D(50), pay_rate=D(30), charge_rate=D(40)),
    )
    rule = RateRule(
        client_id=1, name="R", overtime_threshold=D(40), overtime_multiplier=D("1.25"), overtime_tiers=tiers
    )
    assert _overtime_rates(_shift(rule), 45 * 60, 0) == ("tier 1", D(18), D(27))
    assert _overtime_rates(_shift(rule), 50 * 60, 0) == ("tier 2", D(30), D(40))
    assert _overtime_rates(_shift(rule), 41 * 60, 0) == ("weekly", D(15), D("22.5"))
