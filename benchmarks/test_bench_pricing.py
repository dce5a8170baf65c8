"""Pricing speed: a week of shifts in intervals, against the minute-by-minute reference."""

from __future__ import annotations

from typing import Any

from tests.pricing_support import local, oracle, rule_r, shift

from workforce_core.model.rates import PricingSettings
from workforce_core.rules.pricing import price_week

SETTINGS = PricingSettings()
DAYS = ["2026-10-19", "2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23", "2026-10-24"]
NEXT = ["2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25"]
WEEK = [
    shift(n, local(a, "20:00"), local(b, "06:30"), rule_r()) for n, (a, b) in enumerate(zip(DAYS, NEXT, strict=True), 1)
]


def test_price_a_week_of_night_shifts_in_intervals(benchmark: Any) -> None:
    prices = benchmark(price_week, WEEK, SETTINGS)
    assert len(prices) == 6


def test_price_the_same_week_minute_by_minute(benchmark: Any) -> None:
    lines = benchmark(oracle, WEEK, SETTINGS)
    assert lines == [p.lines for p in price_week(WEEK, SETTINGS)]
