"""GET /payroll.php's values: a worker's pay-week row as storage sums it, and the priced line."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from attrs import frozen

from workforce_core.model.pay_gate import LateState
from workforce_core.model.pay_weeks import FiguresSource
from workforce_core.rules.minimum_wage import BELOW_MINIMUM_WAGE, WageCheck, wage_status
from workforce_core.rules.payroll_lines import LineFigures, Minutes

SIX_DAYS = timedelta(days=6)  # a pay week's last day from its first


@frozen
class Adjustment:
    """A late clock into a locked week, owed (``due``) or paid (``paid``) in ``adjust_week``."""

    entry_id: int
    state: LateState
    adjust_week: date
    pay_week_start: date  # its own (locked) pay week
    paid_minutes: int


@frozen
class PayrollRow:
    """A worker's payable shifts of one pay week, summed (``minutes`` per element and rates)."""

    week: date
    worker_id: int
    worker_name: str
    employee_id: str | None
    department: str | None
    cost_centre: str | None
    shifts: int
    paid_minutes: int
    minutes: tuple[Minutes, ...]
    flags: tuple[str, ...]  # of the worker's shifts that passed approval but are not paid
    entry_ids: tuple[int, ...] = ()  # with ``with_entries``
    frozen_shifts: int = 0  # of ``shifts``, those a standing pay-week lock froze
    adjustments: tuple[Adjustment, ...] = ()  # with ``with_adjustments``: the late clocks it pays


@frozen
class PayrollLine:
    """A payroll line: the row and its figures, rounded as pricing.md section 8 says."""

    row: PayrollRow
    figures: LineFigures
    source: FiguresSource = FiguresSource.LIVE  # or the frozen figures of a locked pay week
    wage: WageCheck | None = None  # the minimum wage check of the line (None: no band applies)
    wage_accepted: Decimal | None = None  # the shortfall accepted for the worker's week, if any

    @property
    def week_end(self) -> date:
        return self.row.week + SIX_DAYS

    @property
    def flags(self) -> tuple[str, ...]:
        """The row's flags, and ``below_minimum_wage`` when the line's check is below the band (accepted or
        not): what /payroll.php and every file of the line show."""
        below = self.wage is not None and self.wage.below
        return (*self.row.flags, BELOW_MINIMUM_WAGE) if below else self.row.flags

    @property
    def wage_status(self) -> str | None:
        """``met``, ``open`` (it blocks the lock) or ``accepted``; None with no check."""
        return wage_status(self.wage, self.wage_accepted)
