"""The margin report of a pay week: pay, holiday pay, charge (net of VAT) and margin for the account,
each site and each worker, from the payroll and charges reads of the same week (``views.margins``),
to the penny as ``/payroll.php`` and ``/charges.php`` give them; also as CSV."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.model.principal import Principal
from workforce_core.ports import Paging
from workforce_core.rules.pages import Page
from workforce_core.services.charges import ChargeQuery, charges
from workforce_core.services.payroll import PayrollQuery, payroll
from workforce_core.views import PayrollLine
from workforce_core.views.margins import MarginReport, MarginRow, margin_report
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common.downloads import csv_reply
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week
from workforce_entrypoints.web.console.shifts import site_choices

LINES = 500  # payroll lines read a page
CSV_HEADER = ("scope", "week", "name", "location_id", "worker_id", "pay", "holiday_pay", "charge", "margin")


def week_lines(p: Principal, s: Services, week: date, location_id: int | None = None) -> list[PayrollLine]:
    """Every payroll line of the week (as /payroll.php pages them), of one site with ``location_id``."""
    found: list[PayrollLine] = []
    while True:
        asked = PayrollQuery(paging=Paging(limit=LINES, offset=len(found)), week=week, location_id=location_id)
        made = s.run(payroll, p, asked)
        found.extend(made.lines.items)
        if not made.lines.items or len(found) >= made.lines.total:
            return found


def week_margins(visit: Visit, week: date, paid_sites: Collection[int] | None = None) -> MarginReport:
    """``paid_sites``: the sites known to have payroll lines in the week (the dashboard's); the others'
    payroll is not read, as it would find none. None: every site's is read."""
    p, s = visit.client, visit.services
    sites = {site.id: site.name for site in site_choices(visit)}
    schedule = s.run(charges, p, ChargeQuery(week_start=week))
    by_site = {site: week_lines(p, s, week, site) if paid_sites is None or site in paid_sites else [] for site in sites}
    return margin_report(p.client.name, week, week_lines(p, s, week), schedule, by_site, sites)


def _row(scope: str, row: MarginRow) -> Sequence[object]:
    return (scope, row.week, row.name, row.location_id, row.worker_id, row.pay, row.holiday_pay, row.charge, row.margin)


def margins_page(visit: Visit) -> Response:
    week = shown_week(visit)
    report = week_margins(visit, week.first)
    if visit.value("format") == "csv":
        rows = [_row("account", report.account)]
        rows += [_row("site", row) for row in report.sites] + [_row("worker", row) for row in report.workers]
        return csv_reply(f"margins-{visit.client.client_id}-{week.first}.csv", CSV_HEADER, rows)  # type: ignore[arg-type]
    return visit.page("margins.html", week=week, report=report)


ROUTES: list[BaseRoute] = [console_route("/{client_id:int}/margins", margins_page, opens=Page.MARGINS)]
