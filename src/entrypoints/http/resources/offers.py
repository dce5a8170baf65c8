"""/offers.php: shift offers sent to workers and how they answered (read only)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import offer_record
from workforce_core.model.demands import OfferStatus
from workforce_core.services import offers
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing

STATUSES: tuple[str, ...] = tuple(OfferStatus)


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = offers.OfferQuery(
        paging=paging,
        demand_id=p.identifier("demand_id"),
        worker_id=p.identifier("worker_id"),
        status=p.choice("status", STATUSES),
    )
    page = call.services.run(offers.offers, call.principal, query)
    return listing([offer_record(view) for view in page.items], page, paging)


ENDPOINT = Endpoint("offers", {"GET": Method(get, ("shifts:read",))})
