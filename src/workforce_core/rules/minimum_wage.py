"""The National Minimum Wage and National Living Wage: a worker's band and the check of a pay week.

The bands are data, one row per band and year with the day it starts (``WAGE_BANDS``; a new year is
four rows). Sources: the National Minimum Wage (Amendment) Regulations 2024 (SI 2024/432), 2025
(SI 2025/286) and 2026, as published on GOV.UK ("National Minimum Wage and National Living Wage
rates"). The band is taken at the start of the pay reference period, the pay week (National Minimum
Wage Regulations 2015, reg. 4A(1)(b)): the age on its first day; the apprentice rate under 19 or in
the first year of the apprenticeship (reg. 5). A worker without a date of birth is checked against
the 21-and-over rate, and the check says so. Under 16 there is no entitlement and no check.

The check: pay for time worked (every element but ``holiday``: regular, overtime, premiums,
guarantee) divided by the hours paid for that time is compared with the band's rate; below it, the
amount short is what would bring the week up to the rate, rounded up to the penny. The time is the
week's own: a late clock paid in the week as an adjustment is time of an earlier pay week, locked before
it was clocked, and is in neither week's check (``check_minutes``, the one check the payroll line, the
exceptions, the week's count and the lock all make).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from enum import StrEnum
from fractions import Fraction

from attrs import frozen

from workforce_core.rules.payroll_lines import Minutes, line_figures


class WageBand(StrEnum):
    ADULT = "21_and_over"  # the National Living Wage
    YOUNG_ADULT = "18_to_20"
    YOUTH = "16_to_17"
    APPRENTICE = "apprentice"


@frozen
class BandRate:
    band: WageBand
    starts: date
    rate: Decimal


def _year(starts: date, adult: str, young_adult: str, youth: str, apprentice: str) -> tuple[BandRate, ...]:
    figures = zip(WageBand, (adult, young_adult, youth, apprentice), strict=True)
    return tuple(BandRate(band, starts, Decimal(rate)) for band, rate in figures)


WAGE_BANDS: tuple[BandRate, ...] = (
    *_year(date(2024, 4, 1), "11.44", "8.60", "6.40", "6.40"),
    *_year(date(2025, 4, 1), "12.21", "10.00", "7.55", "7.55"),
    *_year(date(2026, 4, 1), "12.71", "10.85", "8.00", "8.00"),
)
LABELS = {
    WageBand.ADULT: "21 and over",
    WageBand.YOUNG_ADULT: "18 to 20",
    WageBand.YOUTH: "16 to 17",
    WageBand.APPRENTICE: "apprentice",
}
BELOW_MINIMUM_WAGE = "below_minimum_wage"  # the payroll line's flag and the exception's type
NOT_WORKED = frozenset({"holiday"})  # elements that are not pay for time worked
CENT = Decimal("0.01")


def age_on(born: date, day: date) -> int:
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def band_of(week_start: date, date_of_birth: date | None, apprentice_since: date | None) -> WageBand | None:
    """The worker's band on the first day of the pay week (None: under 16, no minimum wage)."""
    age = age_on(date_of_birth, week_start) if date_of_birth is not None else None
    if age is not None and age < 16:
        return None
    if apprentice_since is not None and apprentice_since <= week_start:
        first_year = age_on(apprentice_since, week_start) < 1
        if first_year or (age is not None and age < 19):
            return WageBand.APPRENTICE
    if age is None or age >= 21:
        return WageBand.ADULT
    return WageBand.YOUNG_ADULT if age >= 18 else WageBand.YOUTH


def rate_of(band: WageBand, week_start: date, rows: Iterable[BandRate] = WAGE_BANDS) -> Decimal | None:
    """The band's rate in force on ``week_start`` (the latest row started by then; None before the first)."""
    started = [row for row in rows if row.band == band and row.starts <= week_start]
    return max(started, key=lambda row: row.starts).rate if started else None


@frozen
class WageCheck:
    """A worker's pay week against their band."""

    band: WageBand
    rate: Decimal
    minutes: int  # paid minutes of time worked
    pay: Decimal  # pay for that time
    short: Decimal  # 0 when paid at or above the rate
    assumed_adult: bool  # no date of birth: checked against the 21-and-over rate

    @property
    def below(self) -> bool:
        return self.short > 0

    @property
    def hourly_pay(self) -> Decimal:
        if not self.minutes:
            return Decimal(0)
        average = Fraction(self.pay) * 60 / self.minutes
        exact = Decimal(average.numerator) / Decimal(average.denominator)
        return exact.quantize(Decimal("0.0001"), ROUND_HALF_UP)

    def detail(self) -> str:
        said = "; no date of birth, so the 21-and-over rate" if self.assumed_adult else ""
        paid = f"paid {self.pay} for {self.minutes / 60:.2f} h ({self.hourly_pay}/h)"
        if not self.below:
            return f"{paid}, at least the {LABELS[self.band]} rate of {self.rate}/h{said}"
        return f"{paid}, below the {LABELS[self.band]} rate of {self.rate}/h: {self.short} short{said}"


def check_week(
    week_start: date,
    elements: Sequence[tuple[str, int, Decimal]],
    *,
    date_of_birth: date | None,
    apprentice_since: date | None,
    rows: Iterable[BandRate] = WAGE_BANDS,
) -> WageCheck | None:
    """The check of one worker's pay week from its elements ``(name, minutes, pay)`` (the payroll line's
    rounded figures); None when no band applies (under 16, or before the first row) or no time was paid.
    An uplift element's minutes are minutes already counted in ``regular`` or ``overtime``."""
    band = band_of(week_start, date_of_birth, apprentice_since)
    rate = rate_of(band, week_start, rows) if band is not None else None
    if band is None or rate is None:
        return None
    minutes = sum(m for name, m, _ in elements if name in ("regular", "overtime", "guarantee"))
    pay = sum((p for name, _, p in elements if name not in NOT_WORKED), Decimal(0))
    if not minutes:
        return None
    owed = Fraction(rate) * minutes / 60 - Fraction(pay)
    short = Decimal(0)
    if owed > 0:
        short = (Decimal(owed.numerator) / Decimal(owed.denominator)).quantize(CENT, ROUND_CEILING)
    return WageCheck(band, rate, minutes, pay, short, date_of_birth is None)


def check_minutes(
    week_start: date,
    minutes: Iterable[Minutes],
    *,
    date_of_birth: date | None,
    apprentice_since: date | None,
    rows: Iterable[BandRate] = WAGE_BANDS,
) -> WageCheck | None:
    """The check of a worker's pay week from its stored minutes (a payroll line's, or the week's payable
    figures): the time worked in the week, rounded as the payroll line rounds it (``line_figures``). Minutes
    of late clocks paid in the week (``Minutes.late``) are left out; None when no time of the week's own
    was paid (a line of late clocks or leave only) or no band applies."""
    figures = line_figures(part for part in minutes if not part.late)
    elements = [(e.element, e.minutes, e.pay) for e in figures.elements]
    return check_week(week_start, elements, date_of_birth=date_of_birth, apprentice_since=apprentice_since, rows=rows)


def wage_status(check: WageCheck | None, accepted: Decimal | None) -> str | None:
    """What a payroll line says of its check: ``met``, ``open`` (it blocks the lock) or ``accepted``."""
    if check is None:
        return None
    if not check.below:
        return "met"
    return "open" if open_shortfall(check, accepted) else "accepted"


def open_shortfall(check: WageCheck | None, accepted: Decimal | None) -> bool:
    """A shortfall that blocks the lock: below the band and not accepted for at least the amount short."""
    return check is not None and check.below and (accepted is None or check.short > accepted)
