"""/exceptions.php: the exceptions of a period of at most 93 days (GET)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import exception_record
from workforce_core.rules.exceptions import EXCEPTION_STATUSES, EXCEPTION_TYPES
from workforce_core.services.time_reads.exceptions import ExceptionQuery, exceptions
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = ExceptionQuery(
        paging=paging,
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        location_id=p.identifier("location_id"),
        worker_id=p.identifier("worker_id"),
        type=p.choice("type", EXCEPTION_TYPES),
        status=p.choice("status", EXCEPTION_STATUSES),
    )
    s = call.services
    page = s.run(exceptions, call.principal, query)
    return listing([exception_record(found) for found in page.items], page, paging)


ENDPOINT = Endpoint("exceptions", {"GET": Method(get, ("timesheets:read",))})
