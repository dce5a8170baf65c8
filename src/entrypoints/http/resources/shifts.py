"""/shifts.php: list or one booking (GET), book or cancel (POST), change (PUT)."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from workforce_adapters.json import shift_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.errors import InvalidParameter
from workforce_core.model.bookings import BookingStatus
from workforce_core.services import bookings, reads
from workforce_core.services.shift_reads import ShiftQuery, shifts
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record

STATUSES: tuple[str, ...] = tuple(BookingStatus)
POST_ACTIONS = ("cancel",)


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = ShiftQuery(
        paging=paging,
        id=p.identifier("id"),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        worker_id=p.identifier("worker_id"),
        location_id=p.identifier("location_id"),
        department_id=p.identifier("department_id"),
        demand_id=p.identifier("demand_id"),
        status=p.choice("status", STATUSES),
        updated_since=p.instant("updated_since"),
    )
    page = call.services.run(shifts, call.principal, query)
    if query.id is not None:
        return record(shift_record(reads.one(page)))
    return listing([shift_record(view) for view in page.items], page, paging)


def _id(call: Call, how: str) -> int:
    shift_id = call.params.identifier("id")
    if shift_id is None:
        raise InvalidParameter("id", f"id is required: {how}.")
    return shift_id


def post(call: Call) -> Response:
    s = call.services
    if call.params.choice("action", POST_ACTIONS) == "cancel":
        shift_id = _id(call, "POST /shifts.php?id=<shift_id>&action=cancel")
        body: dict[str, Any] = call.body() if call.raw_body.strip() else {}
        view = s.run(
            bookings.cancel,
            shift_id,
            structure(CancelBooking, body, exact=True),
            client_id=call.principal.client_id,
            principal=call.principal,
        )
        return record(shift_record(view), message="Shift cancelled.")
    view = s.run(
        bookings.book,
        structure(BookShift, call.body(), exact=True),
        client_id=call.principal.client_id,
        principal=call.principal,
    )
    return record(shift_record(view), status=201, message="Shift booked.")


def put(call: Call) -> Response:
    shift_id = _id(call, "PUT /shifts.php?id=<shift_id>")
    s = call.services
    changed = s.run(
        bookings.update,
        shift_id,
        structure(UpdateBooking, call.body(), exact=True),
        client_id=call.principal.client_id,
        principal=call.principal,
    )
    shown = shift_record(changed.shift)
    if changed.detached_demand_id is not None:
        shown["detached_demand_id"] = changed.detached_demand_id
    return record(shown, message="Shift updated.")


ENDPOINT = Endpoint(
    "shifts",
    {
        "GET": Method(get, ("shifts:read",)),
        "POST": Method(post, ("shifts:write",)),
        "PUT": Method(put, ("shifts:write",)),
    },
)
