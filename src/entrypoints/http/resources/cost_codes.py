"""GET /cost-codes.php: own plus global cost codes, ordered by code then id."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import cost_code_record
from workforce_core.ports import CostCodeFilter
from workforce_core.services import reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = CostCodeFilter(
        client_id=call.principal.client_id, paging=paging, id=p.identifier("id"), active=p.boolean("active")
    )
    page = call.services.run(reads.cost_codes, call.principal, query)
    if query.id is not None:
        return record(cost_code_record(reads.one(page)))
    return listing([cost_code_record(code) for code in page.items], page, paging)


ENDPOINT = Endpoint("cost-codes", {"GET": Method(get, ("cost_codes:read",))})
