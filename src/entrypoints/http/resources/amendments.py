"""/amendments.php: client amendment requests, list or one (GET). They are raised and decided in the console."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import amendment_record
from workforce_core.model.amendments import AMENDMENT_STATUSES
from workforce_core.services import reads
from workforce_core.services.time_reads.amendments import AmendmentQuery, amendments
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = AmendmentQuery(
        paging=paging,
        id=p.identifier("id"),
        status=p.choice("status", AMENDMENT_STATUSES),
        entry_id=p.identifier("entry_id"),
        worker_id=p.identifier("worker_id"),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        updated_since=p.instant("updated_since"),
    )
    page = call.services.run(amendments, call.principal, query)
    if query.id is not None:
        return record(amendment_record(reads.one(page)))
    return listing([amendment_record(amendment) for amendment in page.items], page, paging)


ENDPOINT = Endpoint("amendments", {"GET": Method(get, ("timesheets:read",))})
