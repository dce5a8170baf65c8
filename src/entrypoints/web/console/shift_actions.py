"""What a person does on the shifts board: add or cancel a requirement, book a worker onto one with
one click (or a shift of their own), change or cancel a booking with any cancel status (``no_show``
marks a no-show), and offer a requirement to workers. Each builds the command the API builds (one
converter), calls the use case as the signed-in person, and goes back to the page with what was done;
a worker eligibility refuses is named with the reasons in words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.commands.demands import CreateDemand, SendOffers
from workforce_core.errors import NotEligible, ValidationFailed
from workforce_core.model.bookings import BookingStatus
from workforce_core.ports import Paging, WorkerFilter
from workforce_core.services import bookings, demands, offers, reads
from workforce_core.views import ShiftView
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route, page_reply
from workforce_entrypoints.web.console import reasons


def _refused(visit: Visit, error: NotEligible, worker_id: int | None) -> Response:
    names = {w.worker.id: w.worker.name for w in _worker_names(visit, worker_id)}
    message = reasons.refusal(error, names.get(worker_id or 0, "The worker"))
    return page_reply("error.html", visit, 409, status=409, message=message, field=None)


def _worker_names(visit: Visit, worker_id: int | None) -> Any:
    if worker_id is None:
        return ()
    p = visit.client
    return visit.services.run(reads.workers, p, WorkerFilter(p.client_id, Paging(limit=1), id=worker_id)).items


def _demand(visit: Visit) -> int:
    return int(visit.path["demand_id"])


def _booking(visit: Visit) -> int:
    return int(visit.path["booking_id"])


def add_requirement(visit: Visit) -> Response:
    s = visit.services
    given = filled(visit, "location_id", "shift_date", "start_time", "end_time", "headcount", "break_minutes")
    given |= filled(visit, "job_role", "notes")
    made = s.run(demands.create, structure(CreateDemand, given), principal=visit.client)
    return back_to(visit, f"/shifts/requirements/{made.demand.id}", Done.REQUIREMENT_ADDED)


def cancel_requirement(visit: Visit) -> Response:
    s = visit.services
    s.run(demands.cancel, _demand(visit), visit.value("cancel_reason"), actor=visit.signed.actor)
    return back_to(visit, f"/shifts/requirements/{_demand(visit)}", Done.REQUIREMENT_CANCELLED)


def book_onto(visit: Visit) -> Response:
    """One click in the who-is-free list: the worker booked onto the requirement, published."""
    given = {**filled(visit, "worker_id"), "demand_id": _demand(visit), "status": BookingStatus.PUBLISHED}
    back = f"/shifts/requirements/{_demand(visit)}"
    return _book(visit, given, lambda made: back_to(visit, back, Done.BOOKED_WORKER, worker=made.booking.worker_id))


def book_shift(visit: Visit) -> Response:
    given = filled(visit, "worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes")
    given |= filled(visit, "job_role", "notes", "status")
    return _book(visit, given, lambda made: back_to(visit, f"/shifts/bookings/{made.booking.id}", Done.BOOKED))


def _book(visit: Visit, given: dict[str, Any], then: Callable[[ShiftView], Response]) -> Response:
    """Book as the person; back to the page ``then`` names, or the refusal in words."""
    s = visit.services
    command = structure(BookShift, given)
    try:
        made = s.run(bookings.book, command, client_id=visit.client.client_id, actor=visit.signed.actor)
    except NotEligible as error:
        return _refused(visit, error, command.worker_id)
    return then(made)


def change_booking(visit: Visit) -> Response:
    s = visit.services
    given = filled(visit, "worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes")
    given |= filled(visit, "job_role", "notes", "status")
    command = structure(UpdateBooking, given)
    try:
        client_id, actor = visit.client.client_id, visit.signed.actor
        s.run(bookings.update, _booking(visit), command, client_id=client_id, actor=actor)
    except NotEligible as error:
        return _refused(visit, error, given.get("worker_id"))
    return back_to(visit, f"/shifts/bookings/{_booking(visit)}", Done.BOOKING_CHANGED)


def cancel_booking(visit: Visit) -> Response:
    s = visit.services
    command = structure(CancelBooking, filled(visit, "status", "cancel_reason"))
    s.run(bookings.cancel, _booking(visit), command, client_id=visit.client.client_id, actor=visit.signed.actor)
    done = Done.NO_SHOW if command.status == BookingStatus.NO_SHOW else Done.BOOKING_CANCELLED
    return back_to(visit, f"/shifts/bookings/{_booking(visit)}", done)


def send_offers(visit: Visit) -> Response:
    s = visit.services
    ids = tuple(int(v) for v in visit.values("worker_ids") if v.isdigit())
    if not ids:
        raise ValidationFailed("worker_ids", "tick at least one worker to offer the shift to.")
    command = SendOffers(demand_id=_demand(visit), worker_ids=ids)
    sent = s.run(offers.send, command, actor=visit.signed.actor)
    return back_to(visit, f"/shifts/requirements/{_demand(visit)}", Done.OFFERED, count=len(sent))


POST = ("POST",)
REQUIREMENT = "/{client_id:int}/shifts/requirements/{demand_id:int}"
BOOKING = "/{client_id:int}/shifts/bookings/{booking_id:int}"
ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/shifts/requirements", add_requirement, methods=POST),
    console_route("/{client_id:int}/shifts/bookings", book_shift, methods=POST),
    console_route(REQUIREMENT + "/book", book_onto, methods=POST),
    console_route(REQUIREMENT + "/offers", send_offers, methods=POST),
    console_route(REQUIREMENT + "/cancel", cancel_requirement, methods=POST),
    console_route(BOOKING + "/change", change_booking, methods=POST),
    console_route(BOOKING + "/cancel", cancel_booking, methods=POST),
]
