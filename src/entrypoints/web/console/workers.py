"""Workers: the list with search and filters (site, status, dormant), and one worker's page: their
record (rates only for who may see them), leaver and do-not-return sites, availability rules,
absences to approve or refuse, their bookings, and their recorded shifts with pay (with ``pay:read``)."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.errors import InvalidParameter
from workforce_core.model.absences import ABSENCE_TYPES
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.availability import AVAILABILITY_KINDS
from workforce_core.model.workers import Worker
from workforce_core.ports import Paging, WorkerFilter
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.rules.visibility import Sight
from workforce_core.services import reads
from workforce_core.services.absences import AbsenceQuery, absences
from workforce_core.services.audit_trail import record_history
from workforce_core.services.availability import RuleQuery, rules
from workforce_core.services.do_not_return import marked_sites
from workforce_core.services.shift_reads import ShiftQuery, shifts
from workforce_core.services.sign_in import reachable_clients
from workforce_core.services.time_reads.timesheets import TimesheetQuery, timesheets
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.console.shifts import booking_row, site_choices
from workforce_entrypoints.web.console.timesheets import shift_row

PAGE_SIZE = 100
RULES = 500
HISTORY = 50  # bookings and recorded shifts shown on a worker's page, newest first
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# the list's status filter in people's words, as the read's filters
STATUSES: dict[str, dict[str, Any]] = {
    "active": {"status": "active", "active": True},
    "pending": {"status": "pending"},
    "leaver": {"active": False},
}
YES_NO = {"yes": True, "no": False}


def workers_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    status, dormant, offset = visit.value("status"), visit.value("dormant"), visit.number("offset") or 0
    if status is not None and status not in STATUSES:
        raise InvalidParameter("status", "status is one of active, pending, leaver.")
    if dormant is not None and dormant not in YES_NO:
        raise InvalidParameter("dormant", "dormant is yes or no.")
    query = WorkerFilter(
        p.client_id, Paging(PAGE_SIZE, offset), search=visit.value("q"), dormant=YES_NO.get(dormant or ""),
        **STATUSES.get(status or "", {}),
    )  # fmt: skip
    found = s.run(reads.workers, p, query, location_id=visit.number("location_id"))
    return visit.page(
        "workers.html",
        workers=found.items,
        total=found.total,
        offset=offset,
        page_size=PAGE_SIZE,
        sites=site_choices(visit),
        filters={name: visit.value(name) or "" for name in ("q", "location_id", "status", "dormant")},
        statuses=tuple(STATUSES),
        may_change=may(visit.signed.actor, Power.WORKERS),
        may_rate=may(visit.signed.actor, Power.RATES),
    )


def worker_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    worker_id = int(visit.path["worker_id"])
    view = reads.one(s.run(reads.workers, p, WorkerFilter(p.client_id, Paging(limit=1), id=worker_id)))
    sight = Sight.of(p.effective_scopes)
    sites = site_choices(visit)
    names = {site.id: site.name for site in sites}
    context: dict[str, Any] = {
        "view": view,
        "w": view.worker,
        "sight": sight,
        "sites": sites,
        "dnr": [(site, names.get(site, str(site))) for site in s.run(marked_sites, p, worker_id)],
        "rules": None,
        "absences": None,
    }
    if p.has("availability:read"):
        context["rules"] = s.run(
            rules, p, RuleQuery(paging=Paging(limit=RULES), worker_id=worker_id, active=True)
        ).items
    if p.has("absences:read"):
        context["absences"] = s.run(absences, p, AbsenceQuery(paging=Paging(limit=HISTORY), worker_id=worker_id)).items
    booked = s.run(shifts, p, ShiftQuery(paging=Paging(limit=HISTORY), worker_id=worker_id))
    sheet = s.run(timesheets, p, TimesheetQuery(paging=Paging(limit=HISTORY), worker_id=worker_id))
    return visit.page(
        "worker.html",
        history=s.run(record_history, p.client_id, "worker", worker_id),
        **context,
        bookings=[booking_row(shift) for shift in booked.items],
        booked_total=booked.total,
        worked=[shift_row(entry, sheet, sight) for entry in sheet.page.items],
        worked_total=sheet.page.total,
        days=DAYS,
        kinds=AVAILABILITY_KINDS,
        absence_types=ABSENCE_TYPES,
        may_change=may(visit.signed.actor, Power.WORKERS),
        may_rate=may(visit.signed.actor, Power.RATES),
        move_to=_move_targets(visit, view.worker),
    )


def _move_targets(visit: Visit, worker: Worker) -> list[ClientAccount]:
    """The accounts an operator admin may move the worker to (none for anyone else, or a worker who
    cannot move: pending, anonymised or moved already)."""
    actor = visit.signed.actor
    if not actor.operator or worker.pending or worker.anonymised_at is not None or worker.moved_out:
        return []
    reachable = visit.services.run(reachable_clients, actor)
    return [client for client in reachable if client.id != worker.client_id]


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/workers", workers_page, opens=Page.WORKERS),
    console_route("/{client_id:int}/workers/{worker_id:int}", worker_page, opens=Page.WORKERS),
]
