"""/charges.php: the charge schedule of a pay week or a period (GET), from the stored pay figures."""

from __future__ import annotations

from decimal import Decimal

from starlette.responses import Response

from workforce_adapters.json.charges import charges_record
from workforce_core.rules.charges import DEFAULT_VAT_RATE
from workforce_core.services.charges import ChargeQuery, charges
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import record


def get(call: Call) -> Response:
    p = call.params
    vat_rate = p.number("vat_rate", low=Decimal(0), high=Decimal(100))
    query = ChargeQuery(
        week_start=p.day("week_start"),
        date_from=p.day("from"),
        date_to=p.day("to"),
        location_id=p.identifier("location_id"),
        vat=bool(p.boolean("vat")),
        vat_rate=DEFAULT_VAT_RATE if vat_rate is None else vat_rate,
        include_entries=bool(p.boolean("include_entries")),
    )
    s = call.services
    found = s.run(charges, call.principal, query)
    return record(charges_record(found, include_entries=query.include_entries))


ENDPOINT = Endpoint("charges", {"GET": Method(get, ("charges:read",))})
