"""GET /charges.php's values: each group of charged minutes, what was held back, and the sites' totals."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from attrs import frozen

from workforce_core.model.reference import Location
from workforce_core.rules.london import local_date

CURRENCY = "GBP"


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
