"""The pricing engine (pricing.md sections 6 to 8): a week of shifts priced in intervals, in one pass.

Each shift's paid minutes are cut into runs at every instant where something could change (local
midnight, a night band's edge, a clock change, an overtime threshold); each run's minutes share one
classification and are priced together, so a week costs a few dozen runs, not ten thousand minutes.
Rates are ``Decimal``; money is an exact ``Fraction`` (a rate times minutes over sixty), so sums
never drift; only display figures are rounded (half up, to the penny).
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from attrs import frozen

from workforce_core.model.rates import NightBand, PricingSettings, RateRule
from workforce_core.rules.calendar import day_type, offset_changes
from workforce_core.rules.london import LONDON, from_local, local_date
from workforce_core.rules.paid_time import MINUTE, PaidTime

ELEMENTS: tuple[str, ...] = ("regular", "overtime", "weekend", "sunday", "bank_holiday", "night", "guarantee")
UPLIFT_ORDER: tuple[str, ...] = ("bank_holiday", "sunday", "weekend", "night")  # ties under `highest`


def pennies(amount: Fraction | Decimal) -> Decimal:
    """Half up to the penny (away from zero at exactly half), in integer arithmetic."""
    return pennies_of(*amount.as_integer_ratio())


def pennies_of(numerator: int, denominator: int) -> Decimal:
    """``pennies`` of ``numerator / denominator`` (``denominator`` positive, the ratio in any terms)."""
    whole = (abs(numerator) * 200 + denominator) // (2 * denominator)  # floor(|x| * 100 + 1/2)
    return Decimal(whole if numerator >= 0 else -whole).scaleb(-2)


@frozen
class ShiftToPrice:
    """A payable shift of the week with what pricing needs, already resolved."""

    entry_id: int
    clock_in: datetime
    location_id: int | None
    rule: RateRule
    paid: PaidTime
    base_pay: Decimal  # B: worker hourly_rate, else parity rate, else the rule's pay_rate
    base_charge: Decimal


@frozen
class Run:
    """Paid minutes sharing one classification (explains the figures)."""

    start: datetime
    minutes: int
    kind: str  # worked, extra (pay adjustment) or guarantee
    day_type: str
    night: bool
    overtime: str | None  # None, "weekly", "tier N" or "daily"
    pay_rate: Decimal  # regular or overtime rate of these minutes
    charge_rate: Decimal
    uplifts: tuple[tuple[str, Decimal, Decimal], ...]  # (element, pay uplift/h, charge uplift/h)


@frozen
class Line:
    """Minutes of one element at one rate, and their exact money."""

    element: str
    minutes: int
    pay_rate: Decimal
    charge_rate: Decimal

    @property
    def pay(self) -> Fraction:
        return Fraction(self.pay_rate) * self.minutes / 60

    @property
    def charge(self) -> Fraction:
        return Fraction(self.charge_rate) * self.minutes / 60


@frozen
class ShiftPrice:
    entry_id: int
    rule_id: int
    paid: PaidTime
    guarantee_minutes: int
    runs: tuple[Run, ...]
    lines: tuple[Line, ...]

    @property
    def paid_minutes(self) -> int:
        return self.paid.paid_minutes + self.guarantee_minutes

    def minutes(self, element: str) -> int:
        return sum(line.minutes for line in self.lines if line.element == element)

    def pay(self, element: str | None = None) -> Fraction:
        return sum((line.pay for line in self.lines if element in (None, line.element)), Fraction(0))

    def charge(self, element: str | None = None) -> Fraction:
        return sum((line.charge for line in self.lines if element in (None, line.element)), Fraction(0))


def _uplift(
    base: Decimal, rate: Decimal | None, multiplier: Decimal | None, premium: Decimal | None = None
) -> Decimal | None:
    """An hourly uplift over ``base``: explicit rate - base, or base * (multiplier - 1), or a flat premium."""
    if rate is not None:
        return max(Decimal(0), rate - base)
    if multiplier is not None:
        return max(Decimal(0), base * (multiplier - 1))
    if premium is not None:
        return max(Decimal(0), premium)
    return None


def _day_uplifts(shift: ShiftToPrice, kind: str) -> tuple[str, Decimal, Decimal] | None:
    rule, b, c = shift.rule, shift.base_pay, shift.base_charge
    if kind == "bank_holiday":
        pay = _uplift(b, rule.pay.bank_holiday, rule.bank_holiday_multiplier)
        charge = _uplift(c, rule.charge.bank_holiday, rule.bank_holiday_multiplier)
        return (
            ("bank_holiday", pay or Decimal(0), charge or Decimal(0)) if pay is not None or charge is not None else None
        )
    if kind == "sunday":
        pay = _uplift(b, rule.pay.sunday, rule.sunday_multiplier)
        charge = _uplift(c, rule.charge.sunday, rule.sunday_multiplier)
        if pay is not None or charge is not None:
            return ("sunday", pay or Decimal(0), charge or Decimal(0))
        kind = "weekend"  # no Sunday rate: Sunday falls back to the weekend rates
    if kind == "weekend":
        pay = _uplift(b, rule.pay.weekend, rule.weekend_multiplier)
        charge = _uplift(c, rule.charge.weekend, rule.weekend_multiplier)
        return ("weekend", pay or Decimal(0), charge or Decimal(0)) if pay is not None or charge is not None else None
    return None


def _night_uplift(shift: ShiftToPrice, band: NightBand) -> tuple[str, Decimal, Decimal]:
    b, c = shift.base_pay, shift.base_charge
    pay = _uplift(b, band.pay_rate, band.multiplier, band.premium) or Decimal(0)
    if band.charge_rate is None and band.charge_multiplier is None and band.charge_premium is None:
        # no charge figure: a pay multiplier is used on the charge side too, a pay rate or premium is not
        charge = _uplift(c, None, band.multiplier) or Decimal(0)
    else:
        charge = _uplift(c, band.charge_rate, band.charge_multiplier, band.charge_premium) or Decimal(0)
    return ("night", pay, charge)


def _overtime_rates(
    shift: ShiftToPrice, weekly_position: int, daily_position: int
) -> tuple[str | None, Decimal, Decimal]:
    """The overtime kind and rates of a minute at these positions (the higher paid of weekly and daily)."""
    rule, b, c = shift.rule, shift.base_pay, shift.base_charge
    options: list[tuple[str, Decimal, Decimal]] = []
    if rule.overtime_threshold is not None and weekly_position >= rule.overtime_threshold * 60:
        multiplier = rule.overtime_multiplier or Decimal(1)
        kind, pay, charge = (
            "weekly",
            rule.pay.overtime if rule.pay.overtime is not None else b * multiplier,
            rule.charge.overtime if rule.charge.overtime is not None else c * multiplier,
        )
        for number, tier in enumerate(rule.overtime_tiers, start=1):
            if weekly_position >= tier.after_hours * 60:
                kind = f"tier {number}"
                pay = tier.pay_rate if tier.pay_rate is not None else b * (tier.multiplier or multiplier)
                charge_multiplier = tier.charge_multiplier or tier.multiplier or multiplier
                charge = tier.charge_rate if tier.charge_rate is not None else c * charge_multiplier
        options.append((kind, pay, charge))
    if rule.daily_overtime_threshold is not None and daily_position >= rule.daily_overtime_threshold * 60:
        multiplier = rule.daily_overtime_multiplier or rule.overtime_multiplier or Decimal(1)
        pay = rule.pay.daily_overtime if rule.pay.daily_overtime is not None else b * multiplier
        charge = rule.charge.daily_overtime if rule.charge.daily_overtime is not None else c * multiplier
        options.append(("daily", pay, charge))
    if not options:
        return None, b, c
    # decided once, by the pay rate (a tie goes to weekly, listed first); the charge is that kind's (section 10)
    return max(options, key=lambda option: option[1])


def _next_threshold(shift: ShiftToPrice, weekly: int, daily: int) -> int | None:
    """Minutes until the next overtime threshold is crossed (None: none ahead)."""
    rule = shift.rule
    points = []
    if rule.overtime_threshold is not None:
        points.append(rule.overtime_threshold * 60 - weekly)
        points.extend(tier.after_hours * 60 - weekly for tier in rule.overtime_tiers)
    if rule.daily_overtime_threshold is not None:
        points.append(rule.daily_overtime_threshold * 60 - daily)
    ahead = [math.ceil(p) for p in points if p > 0]  # thresholds may be fractional minutes: round up
    return min(ahead) if ahead else None


@lru_cache(maxsize=4096)
def _day_cuts(day: date, clocks: tuple[time, ...]) -> tuple[datetime, ...]:
    """The instants of these wall-clock times on one local day (both passes of a repeated hour)."""
    return tuple(from_local(day, clock, fold=fold) for clock in clocks for fold in (0, 1))


def _boundaries(shift: ShiftToPrice, start: datetime, end: datetime) -> list[datetime]:
    """Instants in (start, end) where the day type, a night band or the UTC offset may change."""
    cuts = set(offset_changes(start, end))
    clocks = tuple(sorted({time(0, 0), *(t for band in shift.rule.night_bands for t in (band.start, band.end))}))
    day = local_date(start) - timedelta(days=1)
    while day <= local_date(end) + timedelta(days=1):
        cuts.update(_day_cuts(day, clocks))
        day += timedelta(days=1)
    return sorted(cut for cut in cuts if start < cut < end)


def _minute_at_or_after(clock_in: datetime, edge: datetime) -> int:
    seconds = (edge - clock_in).total_seconds()
    return int(-(-seconds // 60))


def _classify(shift: ShiftToPrice, moment: datetime, basis_type: str | None) -> tuple[str, NightBand | None]:
    local = moment.astimezone(LONDON)
    kind = basis_type or day_type(local.date())
    clock = local.time().replace(second=0, microsecond=0)
    band = next((band for band in shift.rule.night_bands if band.covers(clock)), None)
    return kind, band


def _keep(uplifts: list[tuple[str, Decimal, Decimal]], stacking: str) -> tuple[tuple[str, Decimal, Decimal], ...]:
    if stacking != "highest" or len(uplifts) <= 1:
        return tuple(uplifts)
    best = max(uplifts, key=lambda u: (u[1], -UPLIFT_ORDER.index(u[0])))
    return (best,)


def guarantee_minutes(rule: RateRule, paid: PaidTime) -> int:
    """The shortfall below ``guarantee_hours``, counted against the paid minutes before the guarantee,
    pay adjustments included (pricing.md section 10), in whole minutes rounded up."""
    if rule.guarantee_hours is None or paid.paid_minutes >= rule.guarantee_hours * 60:
        return 0
    return math.ceil(rule.guarantee_hours * 60 - paid.paid_minutes)  # (a Decimal's // truncates: not -(-x // 1))


def price_week(
    shifts: Sequence[ShiftToPrice], settings: PricingSettings, *, prior_minutes: int = 0
) -> list[ShiftPrice]:
    """Price the payable shifts of one pay week (in any order: they are counted in clock-in order).

    ``prior_minutes`` are payable minutes of the week counted before these shifts (for a late
    adjustment priced after its week was frozen).
    """
    weekly_counts: dict[object, int] = defaultdict(lambda: prior_minutes)
    prices = []
    for shift in sorted(shifts, key=lambda s: (s.clock_in, s.entry_id)):
        scope = shift.location_id if settings.site_overtime_mode == "per_site" else "client"
        runs, weekly_counts[scope] = _price_runs(shift, settings, weekly_counts[scope])
        rule = shift.rule
        guarantee = guarantee_minutes(rule, shift.paid)
        if guarantee:
            runs.append(
                Run(
                    shift.clock_in,
                    guarantee,
                    "guarantee",
                    "weekday",
                    False,
                    None,
                    shift.base_pay,
                    shift.base_charge,
                    (),
                )
            )
        prices.append(ShiftPrice(shift.entry_id, rule.id, shift.paid, guarantee, tuple(runs), _lines(runs)))
    return prices


def _price_runs(shift: ShiftToPrice, settings: PricingSettings, weekly: int) -> tuple[list[Run], int]:
    basis = day_type(local_date(shift.clock_in)) if settings.premium_day_basis == "shift_start" else None
    runs: list[Run] = []
    daily = 0
    for first, last in shift.paid.runs:
        start, end = shift.clock_in + first * MINUTE, shift.clock_in + last * MINUTE
        # a minute takes the classification of its first instant: cut at the first minute on or after each edge
        cuts = {_minute_at_or_after(shift.clock_in, edge) for edge in _boundaries(shift, start, end)}
        edges = [first, *sorted(cut for cut in cuts if first < cut < last), last]
        for piece_first, piece_last in itertools.pairwise(edges):
            minutes = piece_last - piece_first
            moment = shift.clock_in + piece_first * MINUTE
            kind, band = _classify(shift, moment, basis)
            while minutes > 0:
                step = _next_threshold(shift, weekly, daily)
                take = minutes if step is None else min(minutes, step)
                overtime, pay_rate, charge_rate = _overtime_rates(shift, weekly, daily)
                uplifts = [u for u in (_day_uplifts(shift, kind),) if u is not None]
                if band is not None:
                    uplifts.append(_night_uplift(shift, band))
                runs.append(
                    Run(moment, take, "worked", kind, band is not None, overtime, pay_rate, charge_rate,
                        _keep(uplifts, settings.premium_stacking))
                )  # fmt: skip
                weekly += take
                daily += take
                minutes -= take
                moment += take * MINUTE
    if shift.paid.extra_minutes:
        end = shift.clock_in + shift.paid.total_minutes * MINUTE
        runs.append(
            Run(end, shift.paid.extra_minutes, "extra", "weekday", False, None, shift.base_pay, shift.base_charge, ())
        )
        weekly += shift.paid.extra_minutes
    return runs, weekly


def _lines(runs: list[Run]) -> tuple[Line, ...]:
    minutes: dict[tuple[str, Decimal, Decimal], int] = defaultdict(int)
    for run in runs:
        element = "guarantee" if run.kind == "guarantee" else ("overtime" if run.overtime else "regular")
        minutes[(element, run.pay_rate, run.charge_rate)] += run.minutes
        for name, pay, charge in run.uplifts:
            minutes[(name, pay, charge)] += run.minutes
    ordered = sorted(minutes.items(), key=lambda item: (ELEMENTS.index(item[0][0]), item[0][1], item[0][2]))
    return tuple(Line(element, count, pay, charge) for (element, pay, charge), count in ordered if count)
