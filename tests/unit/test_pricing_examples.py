"""The seven worked examples of shared/design/pricing.md, to the penny, pay and charge."""

from __future__ import annotations

from decimal import Decimal

from tests.pricing_support import local, rule_r, shift
from workforce_core.model.rates import PricingSettings
from workforce_core.rules.pricing import pennies, price_week

D = Decimal
SETTINGS = PricingSettings(premium_stacking="stack", premium_day_basis="shift_start")


def test_1_a_weekday_shift_loses_its_auto_lunch() -> None:
    s = shift(1, local("2026-11-17", "08:00"), local("2026-11-17", "16:30"), rule_r())
    [price] = price_week([s], SETTINGS)
    assert s.paid.total_minutes == 510
    assert price.paid_minutes == 480
    assert price.minutes("regular") == 480
    assert pennies(price.pay()) == D("96.00")
    assert pennies(price.charge()) == D("144.00")


def test_2_a_saturday_morning_carries_the_weekend_uplift() -> None:
    s = shift(1, local("2026-11-21", "08:00"), local("2026-11-21", "12:00"), rule_r())
    [price] = price_week([s], SETTINGS)
    assert (price.minutes("regular"), price.minutes("weekend")) == (240, 240)
    assert pennies(price.pay("regular")) == D("48.00")
    assert pennies(price.pay("weekend")) == D("12.00")
    assert pennies(price.pay()) == D("60.00")


def test_3_a_night_shift_loses_its_lunch_from_the_middle() -> None:
    s = shift(1, local("2026-11-18", "20:00"), local("2026-11-19", "04:00"), rule_r())
    [price] = price_week([s], SETTINGS)
    assert s.paid.total_minutes == 480
    assert price.paid_minutes == 450
    start, end = s.paid.runs[0][1], s.paid.runs[1][0]
    assert (start, end) == (225, 255)  # 23:45 to 00:15
    assert price.minutes("night") == 330
    assert pennies(price.pay("regular")) == D("90.00")
    assert pennies(price.pay("night")) == D("5.50")
    assert pennies(price.pay()) == D("95.50")
    assert pennies(price.charge()) == D("143.25")  # 450/60 x 18 + 330/60 x 1.50


def test_4_a_night_across_the_autumn_clock_change_is_540_minutes() -> None:
    s = shift(1, local("2025-10-25", "22:00"), local("2025-10-26", "06:00"), rule_r())
    assert s.paid.total_minutes == 540


def test_5_the_sixth_day_is_overtime_and_weekend() -> None:
    days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
    week = [shift(n, local(day, "08:00"), local(day, "16:30"), rule_r()) for n, day in enumerate(days, start=1)]
    prices = price_week(week, SETTINGS)
    for weekday in prices[:5]:
        assert (weekday.minutes("regular"), weekday.minutes("overtime")) == (480, 0)
        assert pennies(weekday.pay()) == D("96.00")
    saturday = prices[5]
    assert (saturday.minutes("regular"), saturday.minutes("overtime"), saturday.minutes("weekend")) == (0, 480, 480)
    assert pennies(saturday.pay("overtime")) == D("144.00")
    assert pennies(saturday.pay("weekend")) == D("24.00")


def test_6_a_guarantee_tops_the_shift_up() -> None:
    s = shift(1, local("2026-11-17", "08:00"), local("2026-11-17", "16:30"), rule_r(guarantee_hours=D(10)))
    [price] = price_week([s], SETTINGS)
    assert (price.minutes("regular"), price.minutes("guarantee")) == (480, 120)
    assert pennies(price.pay("guarantee")) == D("24.00")
    assert pennies(price.pay()) == D("120.00")
    assert price.paid_minutes == 600


def test_7_a_bank_holiday_doubles_the_rate() -> None:
    s = shift(1, local("2025-08-25", "09:00"), local("2025-08-25", "13:00"), rule_r())
    [price] = price_week([s], SETTINGS)
    assert pennies(price.pay("regular")) == D("48.00")
    assert price.minutes("bank_holiday") == 240
    assert pennies(price.pay("bank_holiday")) == D("48.00")
    assert pennies(price.pay()) == D("96.00")


def test_pennies_round_half_up_away_from_zero() -> None:
    from fractions import Fraction

    assert pennies(Fraction(1, 200)) == D("0.01")
    assert pennies(Fraction(1, 201)) == D("0.00")
    assert pennies(Fraction(-1, 200)) == D("-0.01")
    assert pennies(D("95.499")) == D("95.50")
    assert pennies(Fraction(12345, 100)) == D("123.45")
