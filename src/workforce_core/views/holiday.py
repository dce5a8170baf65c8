"""Holiday records (GET /holiday.php and the holiday_records file): the weeks behind a worker's holiday pay."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from attrs import frozen

from workforce_core.model.holiday import HolidayPay
from workforce_core.model.workers import Worker


@frozen
class HolidayWeek:
    """One pay week of a worker's holiday records (minutes and money)."""

    week_start: date
    worked_minutes: int
    work_pay: Decimal
    accrued: Decimal | None  # accrued leave only
    taken: int
    balance: Decimal | None  # accrued leave only
    pay: Decimal  # paid as holiday that week
    working: str


@frozen
class HolidayRecord:
    """A worker's leave year as the holiday records keep it: what accrued, was taken and was paid."""

    worker: Worker
    mode: HolidayPay
    first: date
    last: date
    weeks: tuple[HolidayWeek, ...]

    @property
    def accrued(self) -> Decimal | None:
        return (
            sum((w.accrued or Decimal(0) for w in self.weeks), Decimal(0)) if self.mode is HolidayPay.ACCRUED else None
        )

    @property
    def taken(self) -> int:
        return sum(w.taken for w in self.weeks)

    @property
    def balance(self) -> Decimal | None:
        if self.mode is not HolidayPay.ACCRUED:
            return None
        return self.weeks[-1].balance if self.weeks else Decimal(0)

    @property
    def paid(self) -> Decimal:
        return sum((w.pay for w in self.weeks), Decimal(0))
