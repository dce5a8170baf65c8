"""The charge schedule's read: stored charge minutes grouped per site, worker, role, element and rate,
and what the gate held back per site."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Protocol

from attrs import frozen

from workforce_core.model.reference import Location
from workforce_core.rules.london import from_local, local_date

CURRENCY = "GBP"


@frozen
class ChargeFilter:
    """A charge schedule's period, by local days: the shifts clocked in from ``first_day`` to ``last_day``,
    and the late clocks charged in it (those whose adjust week, due or paid, starts in it). The schedule
    and the ``pkg_b`` file of a week ask the same filter, so they hold the same lines."""

    client_id: int
    first_day: date
    last_day: date
    location_ids: tuple[int, ...] | None = None
    with_entries: bool = False

    @property
    def start(self) -> datetime:
        """Clock-ins from (inclusive) ..."""
        return from_local(self.first_day, time(0))

    @property
    def end(self) -> datetime:
        """... to (exclusive)."""
        return from_local(self.last_day + timedelta(days=1), time(0))


@frozen
class ChargeGroup:
    """Charged minutes of one site, worker, role, element and charge rate (payable shifts)."""

    location_id: int
    worker_id: int
    worker_name: str
    employee_id: str | None
    role: str | None
    cost_code: str | None
    element: str
    charge_rate: Decimal
    minutes: int
    shifts: int
    first_clock_in: datetime
    last_clock_in: datetime
    entry_ids: tuple[int, ...] = ()
    frozen_shifts: int = 0  # of ``shifts``, those a standing pay-week lock froze (their figures as frozen)


@frozen
class HeldBack:
    """Completed shifts of a site left out of the charges, by the gate's reason."""

    location_id: int
    reason: str
    shifts: int
    minutes: int


@frozen
class ChargeLine:
    group: ChargeGroup
    amount: Decimal

    @property
    def frozen(self) -> bool:
        return self.group.frozen_shifts == self.group.shifts

    @property
    def first_date(self) -> date:
        return local_date(self.group.first_clock_in)

    @property
    def last_date(self) -> date:
        return local_date(self.group.last_clock_in)


@frozen
class SiteTotal:
    site: Location
    net: Decimal
    vat: Decimal | None  # None without ``vat``
    held_back: tuple[HeldBack, ...]

    @property
    def gross(self) -> Decimal:
        return self.net + (self.vat or Decimal(0))


@frozen
class Charges:
    reference: str
    client_id: int
    period: tuple[date, date]
    require_client_approval: bool
    lines: tuple[ChargeLine, ...]
    sites: tuple[SiteTotal, ...]
    vat_rate: Decimal | None
    currency: str = CURRENCY

    @property
    def frozen(self) -> bool:
        """Every line is a locked week's frozen figures."""
        return bool(self.lines) and all(line.frozen for line in self.lines)

    @property
    def partly_frozen(self) -> bool:
        return any(line.frozen for line in self.lines) and not self.frozen

    def site(self, location_id: int) -> Location:
        return next(total.site for total in self.sites if total.site.id == location_id)


class ChargeReads(Protocol):
    def charge_groups(self, query: ChargeFilter) -> list[ChargeGroup]:
        """Every group of the period (no paging: the schedule is one document), in site, worker name, role,
        element and rate order."""
        ...

    def held_back(self, query: ChargeFilter) -> list[HeldBack]: ...
