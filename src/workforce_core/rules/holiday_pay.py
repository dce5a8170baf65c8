"""Holiday pay (docs/decisions.md, "Holiday pay"): rolled-up pay, the accrued leave ledger and the
average hourly pay holiday is paid at.

- ``rolled_up``: 12.07% of a week's pay for work done, paid that week (5.6 weeks of leave over the
  46.4 weeks worked in a year: 5.6 / 46.4 = 12.07%; Working Time Regulations 1998, reg. 16(1A) as
  amended from 1 April 2024 for irregular-hours and part-year workers).
- ``accrued``: 12.07% of the hours worked accrues as leave at the end of each pay week, the leave
  year's accrual capped at 5.6 weeks of the worker's average week in that leave year (reg. 15A);
  approved holiday draws the balance down at the start of its pay week and is paid at the average
  hourly pay of the last 52 weeks with pay, weeks without pay skipped, looking back at most 104
  weeks (Employment Rights Act 1996 s. 224 as amended by the Employment Rights (Amendment, Revocation
  and Transitional Provision) Regulations 2023).

Leave is counted in minutes; accrual is exact (12.07% of whole minutes has at most 4 decimals); leave
is taken in whole minutes; money is rounded half up to the penny once (pricing.md section 8).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal
from fractions import Fraction

from attrs import frozen

from workforce_core.model.holiday import HOLIDAY, HolidayPay
from workforce_core.rules.pricing import Line, pennies, pennies_of

ROLLED_UP_RATE = Decimal("0.1207")
CAP_WEEKS = Decimal("5.6")
AVERAGE_WEEKS = 52  # weeks with pay the average hourly pay is taken over
LOOK_BACK_WEEKS = 104  # how far back those weeks are looked for
WEEK = timedelta(days=7)
WORKDAYS_A_WEEK = 5  # an approved holiday without hours takes a fifth of the average week a weekday


def holiday_pay_of(client: str, worker: str | None) -> HolidayPay:
    """The worker's own setting when they have one, else the client's."""
    return HolidayPay(worker if worker is not None else client)


def rolled_up(work_pay: Decimal) -> Decimal:
    """Rolled-up holiday pay: 12.07% of the week's pay for work done, half up to the penny."""
    return pennies(work_pay * ROLLED_UP_RATE)


def leave_year_start_of(text: str) -> tuple[int, int] | None:
    """``MM-DD`` as (month, day), or None when it is not a day every year has (29 February is not)."""
    parts = text.split("-")
    if len(parts) != 2 or not all(len(p) == 2 and p.isdigit() for p in parts):
        return None
    month, day = int(parts[0]), int(parts[1])
    try:
        date(2025, month, day)  # not a leap year: 02-29 is refused
    except ValueError:
        return None
    return month, day


def leave_year(day: date, start: str) -> tuple[date, date]:
    """The first and last day of the leave year holding ``day``, for a leave year starting ``start``."""
    month, first_day = leave_year_start_of(start) or (1, 1)
    first = date(day.year, month, first_day)
    if day < first:
        first = date(day.year - 1, month, first_day)
    return first, date(first.year + 1, month, first_day) - timedelta(days=1)


@frozen
class WeekWork:
    """A worker's pay week of work: minutes worked (regular and overtime), minutes paid for work
    (those and guarantee) and the pay for work done (every element but holiday)."""

    week_start: date
    worked_minutes: int
    paid_minutes: int
    pay: Decimal


@frozen
class AveragePay:
    """The average hourly pay holiday is paid at, with the weeks it was taken over."""

    rate: Decimal  # per hour, half up to 4 decimals
    weeks: tuple[date, ...]  # newest first
    pay: Decimal
    minutes: int

    def explain(self) -> str:
        if not self.weeks:
            return "no week with pay in the 104 weeks before: holiday is not paid"
        first, last = self.weeks[-1], self.weeks[0]
        return (
            f"average hourly pay {self.rate}: {self.pay} for {Decimal(self.minutes) / 60:.2f} h over "
            f"{len(self.weeks)} week(s) with pay from {first.isoformat()} to {last.isoformat()}"
        )


def average_hourly_pay(history: Iterable[WeekWork], before: date) -> AveragePay:
    """The average over the last 52 weeks with pay before the week starting ``before`` (weeks without
    pay skipped, none further back than 104 weeks); a rate of 0 when there is no such week."""
    earliest = before - LOOK_BACK_WEEKS * WEEK
    paid = sorted(
        (w for w in history if earliest <= w.week_start < before and w.pay > 0 and w.paid_minutes > 0),
        key=lambda w: w.week_start,
        reverse=True,
    )[:AVERAGE_WEEKS]
    pay = sum((w.pay for w in paid), Decimal(0))
    minutes = sum(w.paid_minutes for w in paid)
    rate = pennies_of(*(Fraction(pay) * 6000 / minutes).as_integer_ratio()).scaleb(-2) if minutes else Decimal(0)
    return AveragePay(rate, tuple(w.week_start for w in paid), pay, minutes)


def holiday_money(rate: Decimal, minutes: int) -> Decimal:
    """Leave taken paid at ``rate`` an hour, half up to the penny."""
    numerator, denominator = rate.as_integer_ratio()
    return pennies_of(numerator * minutes, denominator * 60)


@frozen
class Leave:
    """Approved holiday: its days, and the hours it takes when the agency gave them."""

    first: date
    last: date
    hours: Decimal | None = None

    def minutes_in(self, week_start: date, average_week_minutes: Decimal) -> int:
        """The minutes of this leave falling in the pay week starting ``week_start``: its hours shared
        equally over its days (whole minutes, the remainder on its last days), else a fifth of the
        average week for each weekday of it."""
        days = [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]
        inside = [n for n, day in enumerate(days) if week_start <= day < week_start + WEEK]
        if not inside:
            return 0
        if self.hours is not None:
            total = int((self.hours * 60).to_integral_value(ROUND_HALF_UP))
            share = [total * (n + 1) // len(days) - total * n // len(days) for n in range(len(days))]
            return sum(share[n] for n in inside)
        per_day = (average_week_minutes / WORKDAYS_A_WEEK).to_integral_value(ROUND_HALF_UP)
        return int(per_day) * sum(1 for n in inside if days[n].weekday() < WORKDAYS_A_WEEK)


@frozen
class LedgerWeek:
    """One pay week of the accrued leave ledger (minutes)."""

    week_start: date
    worked_minutes: int
    asked: int  # approved holiday in the week
    taken: int  # of it, drawn from the balance (the rest is beyond the balance, unpaid)
    accrued: Decimal
    cap: Decimal  # 5.6 weeks of the average week so far in the leave year
    balance: Decimal  # after the week
    average: AveragePay
    pay: Decimal  # the leave taken, at the average hourly pay

    def explain(self) -> str:
        said = [f"leave taken {self.taken / 60:.2f} h of {self.asked / 60:.2f} h asked"] if self.asked else []
        if self.taken:
            said.append(f"{self.average.explain()}: {self.taken / 60:.2f} h x {self.average.rate} = {self.pay}")
        said.append(
            f"accrued {self.accrued / 60:.2f} h ({ROLLED_UP_RATE:.2%} of {self.worked_minutes / 60:.2f} h worked, "
            f"cap {self.cap / 60:.2f} h); balance {self.balance / 60:.2f} h"
        )
        return "; ".join(said)


@frozen
class LeaveYear:
    first: date
    last: date
    weeks: tuple[LedgerWeek, ...]

    @property
    def accrued(self) -> Decimal:
        return sum((w.accrued for w in self.weeks), Decimal(0))

    @property
    def taken(self) -> int:
        return sum(w.taken for w in self.weeks)

    @property
    def balance(self) -> Decimal:
        return self.weeks[-1].balance if self.weeks else Decimal(0)

    @property
    def paid(self) -> Decimal:
        return sum((w.pay for w in self.weeks), Decimal(0))

    def week(self, week_start: date) -> LedgerWeek | None:
        return next((w for w in self.weeks if w.week_start == week_start), None)


def pay_weeks_of(first: date, last: date, any_week_start: date) -> list[date]:
    """The starts of the pay weeks starting from ``first`` to ``last`` (pay weeks belong to the leave
    year their first day is in), given the start of any pay week."""
    start = first + timedelta(days=(any_week_start - first).days % 7)
    return [start + n * WEEK for n in range((last - start).days // 7 + 1)] if start <= last else []


def leave_ledger(
    weeks: Sequence[date], history: Iterable[WeekWork], leave: Iterable[Leave], *, first: date, last: date
) -> LeaveYear:
    """The accrued leave ledger of one leave year over its pay weeks ``weeks`` (oldest first): each week
    the approved holiday in it is taken from the balance (never below zero) and paid at the average
    hourly pay, then 12.07% of the minutes worked accrues, the year's accrual capped at 5.6 weeks of the
    average week worked so far in the year (the balance never above it)."""
    work = {w.week_start: w for w in history}
    leaves = tuple(leave)
    history_all = tuple(work.values())
    rows: list[LedgerWeek] = []
    balance = accrued_total = Decimal(0)
    worked_total = worked_weeks = 0
    for week_start in weeks:
        done = work.get(week_start)
        worked = done.worked_minutes if done else 0
        average_week = Decimal(worked_total) / worked_weeks if worked_weeks else Decimal(0)
        asked = sum(item.minutes_in(week_start, average_week) for item in leaves)
        taken = min(asked, int(balance.to_integral_value(ROUND_FLOOR)))
        average = average_hourly_pay(history_all, week_start)
        if worked:
            worked_total, worked_weeks = worked_total + worked, worked_weeks + 1
        cap = CAP_WEEKS * Decimal(worked_total) / worked_weeks if worked_weeks else Decimal(0)
        accrued = max(Decimal(0), min(ROLLED_UP_RATE * worked, cap - accrued_total))
        accrued_total += accrued
        balance = min(balance - taken + accrued, cap)
        pay = holiday_money(average.rate, taken)
        rows.append(LedgerWeek(week_start, worked, asked, taken, accrued, cap, balance, average, pay))
    return LeaveYear(first, last, tuple(rows))


@frozen
class HolidayDue:
    """What one payroll line pays as ``holiday``: rolled up (a value, 12.07% of the line's pay for work
    done), or leave taken from the accrued balance (its minutes at the average hourly pay)."""

    kind: HolidayPay
    minutes: int = 0
    pay_rate: Decimal | None = None
    working: str = ""  # how it was worked out, for ``price explain`` and the holiday records

    def pay(self, work_pay: Decimal) -> Decimal:
        if self.kind is HolidayPay.ROLLED_UP:
            return rolled_up(work_pay)
        if self.kind is HolidayPay.ACCRUED and self.pay_rate is not None:
            return holiday_money(self.pay_rate, self.minutes)
        return Decimal(0)


def holiday_charge_lines(lines: Iterable[Line], multiplier: Decimal | None, mode: HolidayPay) -> tuple[Line, ...]:
    """A shift's ``holiday`` charge lines, for a worker paid holiday (rolled up or accrued) under a rule
    with a ``holiday_charge_multiplier``: each of its lines' minutes again, charged at 12.07% of their
    pay rate times the multiplier, merged by charge rate (no pay: holiday is paid on the payroll line)."""
    if multiplier is None or mode is HolidayPay.NONE:
        return ()
    minutes: dict[Decimal, int] = {}
    for line in lines:
        if line.minutes and line.pay_rate:
            rate = line.pay_rate * ROLLED_UP_RATE * multiplier
            minutes[rate] = minutes.get(rate, 0) + line.minutes
    return tuple(Line(HOLIDAY, count, Decimal(0), rate) for rate, count in sorted(minutes.items()))
