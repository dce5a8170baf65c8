"""The margin report of a pay week: pay, holiday pay, charge and margin for the client account, each
site and each worker, built from the week's payroll lines and charge schedule as ``/payroll.php`` and
``/charges.php`` answer them (never priced again).

The account's and each worker's pay are the payroll lines of the week; a site's pay is the payroll read
limited to that site (``/payroll.php?location_id=``), each rounded as that read rounds it, so the sites'
pay can differ from the account's by the pennies of rounding per site. A worker's charge is the sum of
their charge lines at every site; a site's charge is its net on the schedule."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal

from attrs import frozen

from workforce_core.model.holiday import HOLIDAY
from workforce_core.rules.margins import margin, margin_share
from workforce_core.views.charges import Charges
from workforce_core.views.payroll import PayrollLine

ZERO = Decimal(0)


@frozen
class MarginRow:
    """What the account, one site or one worker cost and earned in the week."""

    week: date
    name: str
    pay: Decimal  # gross pay less holiday pay
    holiday_pay: Decimal
    charge: Decimal  # net of VAT
    location_id: int | None = None
    worker_id: int | None = None

    @property
    def margin(self) -> Decimal:
        return margin(self.charge, self.pay, self.holiday_pay)

    @property
    def share(self) -> Decimal | None:
        return margin_share(self.charge, self.pay, self.holiday_pay)


@frozen
class MarginReport:
    week: date
    account: MarginRow
    sites: tuple[MarginRow, ...]
    workers: tuple[MarginRow, ...]


def holiday_of(line: PayrollLine) -> Decimal:
    return sum((e.pay for e in line.figures.elements if e.element == HOLIDAY), ZERO)


def _paid(lines: Sequence[PayrollLine]) -> tuple[Decimal, Decimal]:
    holiday = sum((holiday_of(line) for line in lines), ZERO)
    return sum((line.figures.gross_pay for line in lines), ZERO) - holiday, holiday


def margin_report(
    account: str,
    week: date,
    lines: Sequence[PayrollLine],
    charges: Charges,
    site_lines: Mapping[int, Sequence[PayrollLine]],
    site_names: Mapping[int, str],
) -> MarginReport:
    """``lines``: the week's payroll lines (every page); ``charges``: the week's schedule; ``site_lines``:
    the payroll lines of the week read for each site (named in ``site_names``)."""
    charged: dict[int, Decimal] = {}
    names: dict[int, str] = {}
    for charge in charges.lines:
        group = charge.group
        charged[group.worker_id] = charged.get(group.worker_id, ZERO) + charge.amount
        names[group.worker_id] = group.worker_name
    by_worker: dict[int, list[PayrollLine]] = {}
    for line in lines:
        by_worker.setdefault(line.row.worker_id, []).append(line)
        names[line.row.worker_id] = line.row.worker_name
    workers = [
        MarginRow(week, names[worker], *_paid(by_worker.get(worker, ())), charged.get(worker, ZERO), worker_id=worker)
        for worker in names
    ]
    named = {**site_names, **{total.site.id: total.site.name for total in charges.sites}}
    nets = {total.site.id: total.net for total in charges.sites}
    sites = [
        MarginRow(week, name, *_paid(site_lines.get(site, ())), nets.get(site, ZERO), location_id=site)
        for site, name in named.items()
    ]
    total = sum((line.amount for line in charges.lines), ZERO)
    return MarginReport(
        week=week,
        account=MarginRow(week, account, *_paid(lines), total),
        sites=tuple(sorted((s for s in sites if s.pay or s.holiday_pay or s.charge), key=lambda s: s.name.casefold())),
        workers=tuple(sorted(workers, key=lambda w: (w.name.casefold(), w.worker_id or 0))),
    )
