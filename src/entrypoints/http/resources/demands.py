"""/demands.php: list requirements or one with its bookings (GET), create one (POST)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import demand_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.demands import CreateDemand
from workforce_core.model.demands import DemandStatus
from workforce_core.services import demands, reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record

STATUSES: tuple[str, ...] = tuple(DemandStatus)


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = demands.DemandQuery(
        paging=paging,
        id=p.identifier("id"),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        location_id=p.identifier("location_id"),
        status=p.choice("status", STATUSES),
    )
    page = call.services.run(demands.demands, call.principal, query)
    if query.id is not None:
        return record(demand_record(reads.one(page)))
    return listing([demand_record(view) for view in page.items], page, paging)


def post(call: Call) -> Response:
    s = call.services
    view = s.run(demands.create, structure(CreateDemand, call.body(), exact=True), principal=call.principal)
    return record(demand_record(view), status=201, message="Requirement created.")


ENDPOINT = Endpoint(
    "demands",
    {
        "GET": Method(get, ("shifts:read",)),
        "POST": Method(post, ("shifts:write",)),
    },
)
