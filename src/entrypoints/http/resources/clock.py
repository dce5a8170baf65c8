"""POST /clock.php: clock a worker in (201) or out (200)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import clock_result_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.clocking import ClockWorker
from workforce_core.services.clocking import clock_worker
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import record


def post(call: Call) -> Response:
    s = call.services
    result = s.run(clock_worker, structure(ClockWorker, call.body(), exact=True), principal=call.principal)
    if result.action == "clock_in":
        return record(clock_result_record(result), status=201, message="Clocked in.")
    return record(clock_result_record(result), message="Clocked out.")


ENDPOINT = Endpoint("clock", {"POST": Method(post, ("clock:write",))})
