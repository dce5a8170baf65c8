"""GET /departments.php: own plus global departments."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import department_record
from workforce_core.ports import DepartmentFilter
from workforce_core.services import reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = DepartmentFilter(
        client_id=call.principal.client_id,
        paging=paging,
        id=p.identifier("id"),
        active=p.boolean("active"),
        location_id=p.identifier("location_id"),
    )
    page = call.services.run(reads.departments, call.principal, query)
    if query.id is not None:
        return record(department_record(reads.one(page)))
    return listing([department_record(view) for view in page.items], page, paging)


ENDPOINT = Endpoint("departments", {"GET": Method(get, ("departments:read",))})
