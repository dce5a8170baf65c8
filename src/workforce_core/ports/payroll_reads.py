"""The payroll read: one row per worker and pay week, summed from the stored pay figures."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from attrs import frozen

from workforce_core.ports.paging import Page, Paging
from workforce_core.views.payroll import PayrollRow


@frozen
class PayrollFilter:
    client_id: int
    weeks: tuple[date, ...]
    paging: Paging
    worker_id: int | None = None
    worker_ids: tuple[int, ...] | None = None  # these workers only
    location_ids: tuple[int, ...] | None = None  # a filter or a site-limited key: shifts at these sites
    department_id: int | None = None
    with_entries: bool = False
    with_adjustments: bool = False


class PayrollReads(Protocol):
    def payroll_rows(self, query: PayrollFilter) -> Page[PayrollRow]:
        """Rows of workers with payable (or approved but unpaid) shifts in the weeks, oldest week first,
        then by worker name and id; a fixed number of statements per page."""
        ...

    def shifts_not_approved(self, query: PayrollFilter) -> int:
        """Completed shifts of those weeks the approval gate leaves out (pending, client_pending, disputed)."""
        ...

    def payroll_sites(self, query: PayrollFilter) -> tuple[int, ...]:
        """The sites where a payroll read limited to that one site finds a line in the weeks (by id)."""
        ...
