"""A coordinator clocks a worker in by hand on the console: a worker who forgot, at a site,
now or a few minutes back (at most as far back as the use case allows), with the reason. It calls the
use case the console command calls, as the signed-in person (the event's ``via`` is the console's), and
goes back to the worker's page."""

from __future__ import annotations

from datetime import timedelta

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.manual_clocks import ManualClockIn
from workforce_core.errors import ValidationFailed
from workforce_core.services import manual_clocks
from workforce_core.services.manual_clocks import MANUAL_CLOCK_BACK
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

STEP = 5  # the form offers now and every five minutes back, short of the use case's bound
CLOCK_BACK: tuple[int, ...] = tuple(range(0, int(MANUAL_CLOCK_BACK.total_seconds() // 60), STEP))


def clock_in(visit: Visit) -> Response:
    s = visit.services
    worker_id = int(visit.path["worker_id"])
    back = visit.number("minutes_back") or 0
    if back not in CLOCK_BACK:
        raise ValidationFailed("minutes_back", "choose when they started: now or up to an hour back.")
    given = {"worker_id": worker_id, **filled(visit, "location_id", "reason")}
    if back:
        given["clock_in"] = s.clock.now() - timedelta(minutes=back)
    s.run(manual_clocks.manual_clock_in, structure(ManualClockIn, given), actor=visit.signed.actor)
    return back_to(visit, f"/workers/{worker_id}", Done.CLOCKED_IN_BY_HAND)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/workers/{worker_id:int}/clock-in", clock_in, methods=("POST",)),
]
