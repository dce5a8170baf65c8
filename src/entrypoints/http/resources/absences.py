"""/absences.php: holiday, sickness and other absence requests (read only)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import absence_record
from workforce_core.model.absences import ABSENCE_STATUSES, ABSENCE_TYPES
from workforce_core.services import absences, reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = absences.AbsenceQuery(
        paging=paging,
        id=p.identifier("id"),
        worker_id=p.identifier("worker_id"),
        status=p.choice("status", ABSENCE_STATUSES),
        type=p.choice("type", ABSENCE_TYPES),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        updated_since=p.instant("updated_since"),
    )
    page = call.services.run(absences.absences, call.principal, query)
    if query.id is not None:
        return record(absence_record(reads.one(page)))
    return listing([absence_record(view) for view in page.items], page, paging)


ENDPOINT = Endpoint("absences", {"GET": Method(get, ("absences:read",))})
