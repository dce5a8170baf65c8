"""/holiday.php: each worker's holiday records for a leave year (GET, ``pay:read``)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json.holiday import holiday_record
from workforce_core.services.holiday import HolidayQuery, holiday_records
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    query = HolidayQuery(paging=paging, worker_id=p.identifier("worker_id"), day=p.day("date"))
    s = call.services
    found = s.run(holiday_records, call.principal, query)
    meta = {
        "leave_year_start": found.first.isoformat(),
        "leave_year_end": found.last.isoformat(),
        "up_to_pay_week": found.up_to.isoformat(),
    }
    return listing([holiday_record(record) for record in found.records.items], found.records, paging, meta=meta)


ENDPOINT = Endpoint("holiday", {"GET": Method(get, ("pay:read",))})
