"""Pricing test support: the rule R of pricing.md's worked examples, a shift builder, and the
minute-by-minute reference implementation (the oracle) the interval engine is checked against."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime, time, timedelta
from decimal import Decimal

from workforce_core.model.rates import NightBand, PricingSettings, RateRule, Rates
from workforce_core.rules import pricing
from workforce_core.rules.calendar import day_type
from workforce_core.rules.london import LONDON, from_local, local_date
from workforce_core.rules.paid_time import MINUTE
from workforce_core.rules.pricing import Line, ShiftToPrice
from workforce_core.testing.strategies import shift_to_price

D = Decimal


def rule_r(**changes: object) -> RateRule:
    rule = RateRule(
        client_id=1,
        name="R",
        id=1,
        pay=Rates(base=D("12.00")),
        charge=Rates(base=D("18.00")),
        overtime_threshold=D(40),
        overtime_multiplier=D("1.5"),
        weekend_multiplier=D("1.25"),
        sunday_multiplier=D("1.5"),
        bank_holiday_multiplier=D("2.0"),
        night_bands=(NightBand(time(22, 0), time(6, 0), premium=D("1.00"), charge_premium=D("1.50")),),
        auto_lunch_minutes=30,
        auto_lunch_after_hours=D(6),
        paid_break_minutes=0,
    )
    for name, value in changes.items():
        setattr(rule, name, value)
    return rule


def local(day: str, clock: str) -> datetime:
    return from_local(datetime.fromisoformat(day).date(), time.fromisoformat(clock))


shift = shift_to_price  # one builder of shifts to price, shipped with the core


def oracle(shifts: Sequence[ShiftToPrice], settings: PricingSettings) -> list[tuple[Line, ...]]:
    """Every paid minute classified on its own, in order: the slow, obvious reference."""
    weekly: dict[object, int] = defaultdict(int)
    out = []
    for s in shifts:
        scope = s.location_id if settings.site_overtime_mode == "per_site" else "client"
        basis = day_type(local_date(s.clock_in)) if settings.premium_day_basis == "shift_start" else None
        minutes: dict[tuple[str, Decimal, Decimal], int] = defaultdict(int)
        daily = 0
        for first, last in s.paid.runs:
            for k in range(first, last):
                moment = (s.clock_in + k * MINUTE).astimezone(LONDON)
                kind = basis or day_type(moment.date())
                clock = moment.time().replace(second=0, microsecond=0)
                band = next((b for b in s.rule.night_bands if b.covers(clock)), None)
                overtime, pay_rate, charge_rate = pricing._overtime_rates(s, weekly[scope], daily)
                element = "overtime" if overtime else "regular"
                minutes[(element, pay_rate, charge_rate)] += 1
                uplifts = [u for u in (pricing._day_uplifts(s, kind),) if u is not None]
                if band is not None:
                    uplifts.append(pricing._night_uplift(s, band))
                for name, pay, charge in pricing._keep(uplifts, settings.premium_stacking):
                    minutes[(name, pay, charge)] += 1
                weekly[scope] += 1
                daily += 1
        if s.paid.extra_minutes:
            minutes[("regular", s.base_pay, s.base_charge)] += s.paid.extra_minutes
            weekly[scope] += s.paid.extra_minutes
        guarantee = s.rule.guarantee_hours
        paid_before = daily + s.paid.extra_minutes  # every paid minute counted above, adjustments included
        if guarantee is not None and paid_before < guarantee * 60:
            short = int(-(-(guarantee * 60 - paid_before) // 1))
            minutes[("guarantee", s.base_pay, s.base_charge)] += short
        ordered = sorted(minutes.items(), key=lambda i: (pricing.ELEMENTS.index(i[0][0]), i[0][1], i[0][2]))
        out.append(tuple(Line(e, n, p, c) for (e, p, c), n in ordered if n))
    return out


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)  # type: ignore[misc]


def hours(n: float) -> timedelta:
    return timedelta(hours=n)
