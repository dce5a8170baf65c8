"""Clocking in and out from the worker app with the phone's location: the page's script asks the
browser for the position and sends it with the form; the clocking use case checks it at every mapped
site of the worker's account (``clock_method`` ``mobile``, ``kiosk_id`` ``mobile:`` plus this phone's
code) and refuses it outside all of them, recording ``clock.geofence_refused``."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

import attrs
from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.clocking import ClockOrigin, ClockWorker
from workforce_core.errors import ValidationFailed, WorkforceError
from workforce_core.rules.worker_app import APP_CLOCK_METHOD, APP_CLOCK_SOURCE
from workforce_core.services.clocking import clock_worker
from workforce_core.services.worker_app_reads import open_shift
from workforce_entrypoints.web.app.visits import WorkerVisit, app_route
from workforce_entrypoints.web.common.done import AppDone

POSITION = ("latitude", "longitude", "gps_accuracy")


def _number(visit: WorkerVisit, name: str) -> Decimal | None:
    text = visit.value(name)
    if text is None:
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValidationFailed(name, f"{name} must be a number.") from None


def clock_page(visit: WorkerVisit, code: int = 200, **more: Any) -> Response:
    s = visit.services
    entry = s.run(open_shift, visit.me, s.clock.now())
    site = None
    if entry is not None and entry.location_id is not None:
        site = s.queries.location(entry.location_id)
    return visit.page("app/clock.html", code, open_entry=entry, site=site, done=visit.done, **more)


def clock(visit: WorkerVisit) -> Response:
    s, me = visit.services, visit.me
    raw: dict[str, Any] = {"action": visit.value("action"), "worker_id": me.worker.id}
    for name in POSITION:
        number = _number(visit, name)
        if number is not None:
            raw[name] = number
    command = attrs.evolve(
        structure(ClockWorker, raw),
        origin=ClockOrigin(APP_CLOCK_METHOD, APP_CLOCK_SOURCE, me.kiosk_id),
    )
    try:
        result = s.run(clock_worker, command, principal=me.principal)
    except WorkforceError as error:
        return clock_page(visit, error.status, refused=error)
    return visit.back("/app/clock", AppDone.CLOCKED_IN if result.action == "clock_in" else AppDone.CLOCKED_OUT)


ROUTES: list[BaseRoute] = [
    app_route("/clock", clock_page),
    app_route("/clock", clock, methods=("POST",)),
]
