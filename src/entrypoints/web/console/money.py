"""Payroll and charges of a week: the payroll lines with their elements (live or locked) and the
charge schedule with VAT per site, each also as a CSV download."""

from __future__ import annotations

from decimal import Decimal

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.ports import Paging
from workforce_core.rules.pages import Page
from workforce_core.services.charges import ChargeQuery, charges
from workforce_core.services.payroll import PayrollQuery, payroll
from workforce_core.steps import export_rows
from workforce_core.views import PayrollLine
from workforce_entrypoints.web.common.downloads import csv_reply
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week

LINES = 200  # payroll lines a page (the CSV holds the whole week)


def payroll_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    wanted_csv = visit.value("format") == "csv"
    offset = 0 if wanted_csv else visit.number("offset") or 0
    lines: list[PayrollLine] = []
    total, made = 0, None
    while True:  # the page; for CSV every page of the week
        made = s.run(payroll, p, PayrollQuery(paging=Paging(limit=LINES, offset=offset), week=week.first))
        lines.extend(made.lines.items)
        total = made.lines.total
        offset += LINES
        if not wanted_csv or offset >= total:
            break
    if wanted_csv:
        rows = [export_rows.payroll_row(line) for line in lines]
        return csv_reply(f"payroll-{p.client_id}-{week.first}.csv", export_rows.PAYROLL_HEADER, rows)
    gross = sum((line.figures.gross_pay for line in lines), Decimal(0))
    return visit.page(
        "payroll.html",
        week=week,
        lines=lines,
        total=total,
        offset=visit.number("offset") or 0,
        page_size=LINES,
        gross=gross,
        shifts_not_approved=made.shifts_not_approved if made else 0,
    )


def charges_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    found = s.run(charges, p, ChargeQuery(week_start=week.first, vat=True))
    if visit.value("format") == "csv":
        rows = [export_rows.pkg_b_row(found.reference, line) for line in found.lines]
        return csv_reply(f"charges-{p.client_id}-{week.first}.csv", export_rows.PKG_B_HEADER, rows)
    return visit.page("charges.html", week=week, found=found)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/payroll", payroll_page, opens=Page.PAYROLL),
    console_route("/{client_id:int}/charges", charges_page, opens=Page.CHARGES),
]
