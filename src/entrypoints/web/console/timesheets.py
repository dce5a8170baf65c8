"""Timesheets, exceptions first: a week of shifts with their flags, paid minutes and pay; approve one
or many; and one shift's page with its corrections, breaks, clock-out, query and amendments."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json import payroll_fields, pricing_record
from workforce_core.model.time_entries import APPROVAL_STATUSES, CLIENT_APPROVALS
from workforce_core.ports import LocationFilter, Paging, WorkerFilter
from workforce_core.rules.pages import Page
from workforce_core.rules.pay_gate import PAYROLL_STATUSES
from workforce_core.rules.people import Power, may
from workforce_core.rules.visibility import Sight
from workforce_core.services import reads
from workforce_core.services.sign_off_links import sign_off_contacts
from workforce_core.services.time_reads.amendments import AmendmentQuery, amendments
from workforce_core.services.time_reads.timesheets import Timesheet, TimesheetQuery, timesheets
from workforce_core.views import EntryView
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import PAGE_SIZE, choice, week_sheet

CHOICES = 500  # workers and sites offered in the filters and the backfill form


def shift_row(view: EntryView, sheet: Timesheet, sight: Sight) -> dict[str, Any]:
    figures = sheet.figures.get(view.entry.id)
    row: dict[str, Any] = {"view": view, "entry": view.entry, **payroll_fields(view.entry, figures)}
    checked = sheet.exceptions.get(view.entry.id, ())
    flags = list(view.entry.risk_flags) + list(figures.flags if figures else ()) + list(checked)
    row["flags"] = list(dict.fromkeys(flags))
    row["open"] = view.entry.entry_type == "shift" and view.entry.clock_out is None
    row["pay"] = pricing_record(figures, pay=True, charge=False)["pay_amount"] if figures and sight.pay else None
    return row


def timesheet_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week, offset, sheet = week_sheet(
        visit,
        location_id=visit.number("location_id"),
        worker_id=visit.number("worker_id"),
        approval_status=choice(visit, "approval_status", APPROVAL_STATUSES),
        client_approval=choice(visit, "client_approval", CLIENT_APPROVALS),
        payroll_status=choice(visit, "payroll_status", PAYROLL_STATUSES),
    )
    sight = Sight.of(p.effective_scopes)
    rows = [shift_row(view, sheet, sight) for view in sheet.page.items]
    flagged = visit.value("flagged") == "1"
    if flagged:
        rows = [row for row in rows if row["flags"] or row["open"]]
    rows.sort(key=lambda row: not (row["flags"] or row["open"]))  # exceptions first, newest first within
    sites = s.run(reads.locations, p, LocationFilter(p.client_id, Paging(limit=CHOICES))).items
    workers = s.run(reads.workers, p, WorkerFilter(p.client_id, Paging(limit=CHOICES))).items
    return visit.page(
        "timesheets.html",
        week=week,
        rows=rows,
        total=sheet.page.total,
        offset=offset,
        page_size=PAGE_SIZE,
        sites=sites,
        workers=workers,
        sight=sight,
        may_approve=may(visit.signed.actor, Power.APPROVE),
        filters={name: visit.value(name) or "" for name in FILTERS},
        approval_statuses=APPROVAL_STATUSES,
        client_approvals=CLIENT_APPROVALS,
        payroll_statuses=PAYROLL_STATUSES,
        contacts=s.run(sign_off_contacts, p.client_id),
    )


FILTERS = ("location_id", "worker_id", "approval_status", "client_approval", "payroll_status", "flagged")


def entry_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    entry_id = int(visit.path["entry_id"])
    query = TimesheetQuery(paging=Paging(limit=1), id=entry_id, entry_filter="all")
    sheet = s.run(timesheets, p, query)
    view = reads.one(sheet.page)
    sight = Sight.of(p.effective_scopes)
    asked = AmendmentQuery(paging=Paging(limit=50), entry_id=entry_id)
    return visit.page(
        "entry.html",
        row=shift_row(view, sheet, sight),
        amendments=s.run(amendments, p, asked).items,
        may_approve=may(visit.signed.actor, Power.APPROVE),
    )


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/timesheets", timesheet_page, opens=Page.TIMESHEETS),
    console_route("/{client_id:int}/timesheets/{entry_id:int}", entry_page, opens=Page.TIMESHEETS),
]
