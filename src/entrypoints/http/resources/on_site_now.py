"""/on-site-now.php: who has an open shift now, by site (GET)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import on_site_now_record
from workforce_core.services.time_reads.on_site_now import on_site_now
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import record


def get(call: Call) -> Response:
    p = call.params
    location_id = p.identifier("location_id")
    include_workers = p.boolean("include_workers")
    s = call.services
    now = s.run(on_site_now, call.principal, location_id=location_id)
    return record(on_site_now_record(now, include_workers=include_workers is not False))


ENDPOINT = Endpoint("on-site-now", {"GET": Method(get, ("onsite:read", "timesheets:read"))})
