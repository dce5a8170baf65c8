"""The fence checks of a clock and the refusals they make: a site's own fence (kiosk and API), or the
worker app's check at every mapped site of the client; a refusal carries its ``clock.geofence_refused``
event, which the clocking use case records in a transaction of its own."""

from __future__ import annotations

from datetime import datetime
from typing import NoReturn

from workforce_core import events
from workforce_core.commands.clocking import ClockWorker
from workforce_core.errors import GpsRequired, OutsideGeofence, SiteNotMapped, WorkforceError
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import ClockSource
from workforce_core.model.workers import Worker
from workforce_core.rules.geofence import FenceCheck, app_fence, check_fence

APP_NOT_MAPPED = "No site of the account is on the map, so the worker app cannot check where the phone is."
APP_NO_GPS = "The worker app needs the phone's location to clock."


class Refused(Exception):
    """A refusal whose event must still be recorded."""

    def __init__(self, error: WorkforceError, event: events.Event) -> None:
        self.error = error
        self.event = event


def attempt(command: ClockWorker, worker: Worker, site: Location | None, at: datetime) -> events.ClockAttempt:
    """Who tried to clock, where, when and how: what a refused clock's event carries."""
    origin = command.origin
    location_id = site.id if site else None
    return events.ClockAttempt(
        worker.id, worker.name, worker.employee_id, location_id, at, origin.method, origin.source, origin.kiosk_id
    )


def site_fence(
    command: ClockWorker, worker: Worker, site: Location | None, at: datetime, principal: Principal, action: str
) -> FenceCheck:
    if command.origin.source in (ClockSource.KIOSK, ClockSource.KIOSK_OFFLINE):
        return FenceCheck()  # the kiosk stands at its site: its place is the fence, no GPS is asked
    fence = check_fence(site, command.position)
    if fence.refusal is not None:
        refuse(command, worker, site, fence, at, principal, action)
    return fence


def any_site_fence(
    command: ClockWorker,
    worker: Worker,
    sites: list[Location],
    preferred: int | None,
    at: datetime,
    principal: Principal,
    action: str,
) -> tuple[Location, FenceCheck]:
    """The worker app's clock: the phone's position checked at every mapped site given (refused
    outside all of them); the site it is inside, the preferred one first."""
    checked = app_fence(sites, command.position, preferred)
    if checked.fence.refusal is not None or checked.site is None:
        refuse(command, worker, checked.site, checked.fence, at, principal, action)
    assert checked.site is not None
    return checked.site, checked.fence


def refuse(
    command: ClockWorker,
    worker: Worker,
    site: Location | None,
    fence: FenceCheck,
    at: datetime,
    principal: Principal,
    action: str,
) -> NoReturn:
    error: WorkforceError
    app = command.origin.app
    if fence.refusal == "gps_required":
        error = GpsRequired(APP_NO_GPS) if app else GpsRequired()
    elif fence.refusal == "site_not_mapped":
        error = SiteNotMapped(APP_NOT_MAPPED) if app else SiteNotMapped()
    else:
        error = OutsideGeofence(distance_meters=fence.distance, radius_meters=fence.radius)
    data = events.ClockGeofenceRefused(
        attempt(command, worker, site, at),
        action,
        site.name if site else None,
        fence.within,
        fence.distance,
        fence.low_gps_confidence,
        fence.radius,
    )
    raise Refused(error, events.Event("clock.geofence_refused", principal.client_id, at, data))
