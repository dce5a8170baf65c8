"""One requirement of the shifts board (``board.py`` draws the week) with who is free for its slot (the
``/availability.php`` ranking, its codes in words), its bookings and its offers; one booking."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.model.bookings import CANCEL_STATUSES, LIVE_BOOKING_STATUSES
from workforce_core.model.demands import DemandStatus
from workforce_core.ports import LocationFilter, Paging, WorkerFilter
from workforce_core.rules.demands import needs_filling
from workforce_core.rules.london import shown
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.services import reads
from workforce_core.services.audit_trail import record_history
from workforce_core.services.availability import FreeQuery, who_is_free
from workforce_core.services.demands import DemandQuery, demands
from workforce_core.services.offers import OfferQuery, offers
from workforce_core.services.shift_reads import ShiftQuery, shifts
from workforce_core.views import DemandView, ShiftView
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.console import reasons

PAGE_SIZE = 100  # bookings a page, as the API's largest page
CHOICES = 500  # workers and sites offered in the forms
FREE = 100  # who-is-free rows shown


def wall(moment: Any) -> str:
    """The local time of day (``HH:MM``, with the zone inside the hour that repeats)."""
    return shown(moment)[11:]


def booking_row(view: ShiftView) -> dict[str, Any]:
    b = view.booking
    return {
        "view": view,
        "booking": b,
        "start": wall(b.start),
        "end": wall(b.end),
        "status": reasons.status(b.status),
        "live": b.status in LIVE_BOOKING_STATUSES,
        "warnings": reasons.warnings(b.warning_codes),
    }


def requirement_row(view: DemandView, now: Any) -> dict[str, Any]:
    d = view.demand
    return {
        "view": view,
        "demand": d,
        "start": wall(d.start),
        "end": wall(d.end),
        "soon": needs_filling(d, view.filled, now),
    }


def free_row(found: FreeWorker) -> dict[str, Any]:
    return {
        "worker": found.worker,
        "eligible": found.eligibility.eligible,
        "blocks": reasons.blocks(found.eligibility.block_codes),
        "warnings": reasons.warnings(found.eligibility.warning_codes),
        "available": found.available,
        "availability": found.availability,
        "role_match": found.role_match,
        "week_hours": f"{found.week_minutes // 60}:{found.week_minutes % 60:02d}",
    }


def requirement_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    demand_id = int(visit.path["demand_id"])
    view = reads.one(s.run(demands, p, DemandQuery(paging=Paging(limit=1), id=demand_id)))
    d = view.demand
    free = None
    if p.has("availability:read"):
        slot = FreeQuery(
            paging=Paging(limit=FREE), available_from=d.start, available_to=d.end, location_id=d.location_id,
            job_role=d.job_role,
        )  # fmt: skip
        free = s.run(who_is_free, p, slot)
    sent = s.run(offers, p, OfferQuery(paging=Paging(limit=PAGE_SIZE), demand_id=d.id)).items
    return visit.page(
        "requirement.html",
        history=s.run(record_history, p.client_id, "demand", demand_id),
        row=requirement_row(view, s.clock.now()),
        bookings=[booking_row(shift) for shift in view.shifts or ()],
        free=[free_row(found) for found in free.page.items] if free is not None else None,
        free_total=free.page.total if free is not None else 0,
        offers=sent,
        takes_bookings=view.status in (DemandStatus.OPEN, DemandStatus.FILLED),
        may_book=may(visit.signed.actor, Power.BOOK),
    )


def booking_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    booking_id = int(visit.path["booking_id"])
    view = reads.one(s.run(shifts, p, ShiftQuery(paging=Paging(limit=1), id=booking_id)))
    return visit.page(
        "booking.html",
        history=s.run(record_history, p.client_id, "booking", booking_id),
        row=booking_row(view),
        sites=site_choices(visit),
        workers=worker_choices(visit),
        live_statuses=LIVE_BOOKING_STATUSES,
        cancel_statuses=[(code, reasons.status(code)) for code in CANCEL_STATUSES],
        may_book=may(visit.signed.actor, Power.BOOK),
    )


def site_choices(visit: Visit) -> Any:
    p = visit.client
    return visit.services.run(reads.locations, p, LocationFilter(p.client_id, Paging(limit=CHOICES))).items


def worker_choices(visit: Visit) -> Any:
    p = visit.client
    chosen = WorkerFilter(p.client_id, Paging(limit=CHOICES), active=True, status="active")
    return visit.services.run(reads.workers, p, chosen).items


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/shifts/requirements/{demand_id:int}", requirement_page, opens=Page.SHIFTS),
    console_route("/{client_id:int}/shifts/bookings/{booking_id:int}", booking_page, opens=Page.SHIFTS),
]
