"""GET /locations.php: list or one site; billing fields only with ``charges:read``."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import location_record
from workforce_core.ports import LocationFilter
from workforce_core.rules.visibility import Sight, visible
from workforce_core.services import reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    sight = Sight.of(call.principal.effective_scopes)
    paging = p.paging()
    query = LocationFilter(
        client_id=call.principal.client_id, paging=paging, id=p.identifier("id"), active=p.boolean("active")
    )
    page = call.services.run(reads.locations, call.principal, query)
    if query.id is not None:
        return record(visible(location_record(reads.one(page)), sight))
    return listing([visible(location_record(site), sight) for site in page.items], page, paging)


ENDPOINT = Endpoint("locations", {"GET": Method(get, ("locations:read",))})
