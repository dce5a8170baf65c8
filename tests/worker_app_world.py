"""Setting up the worker app's tests through the core: a mapped site, a requirement offered to a
worker, a booking, and a one-time sign-in link; shared by the contract and the browser tests."""

from __future__ import annotations

from datetime import date, time

from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.demands import CreateDemand, SendOffers
from workforce_core.services import bookings, console_reads, demands, offers
from workforce_core.services.worker_app_links import make_app_link
from workforce_entrypoints.bootstrap import Services

# Two sites about 2.6 km apart in Leeds; the phone's positions are inside one fence or outside both.
NORTH = {"latitude": 53.8008, "longitude": -1.5491, "geofence_radius": 200, "geofence_mode": "strict"}
SOUTH = {"latitude": 53.7775, "longitude": -1.5550, "geofence_radius": 150, "geofence_mode": "warning"}
AT_NORTH = (53.8010, -1.5493)  # about 25 m from North
FAR_AWAY = (53.9000, -1.3000)  # many kilometres from both


def offered(services: Services, client_id: int, site_id: int, worker_id: int, day: date) -> int:
    """A requirement at the site on ``day`` 09:00-17:00 offered to the worker; the offer's id."""
    principal = console_reads.operator(client_id, uow=services.uow, now=services.clock.now())
    raw = {"location_id": site_id, "shift_date": day.isoformat(), "start_time": "09:00", "end_time": "17:00"}
    made = demands.create(
        structure(CreateDemand, {**raw, "headcount": 1}), principal=principal, uow=services.uow, clock=services.clock
    )
    command = SendOffers(demand_id=made.demand.id, worker_ids=(worker_id,))
    sent = offers.send(command, uow=services.uow, clock=services.clock)
    return sent[0].offer.id


def booked(
    services: Services, client_id: int, site_id: int, worker_id: int, day: date, status: str = "published"
) -> int:
    command = BookShift(
        worker_id=worker_id,
        location_id=site_id,
        shift_date=day,
        start_time=time(9),
        end_time=time(17),
        status=status,
    )
    return bookings.book(command, client_id=client_id, uow=services.uow, clock=services.clock).booking.id


def link_path(services: Services, worker_id: int) -> str:
    """A new one-time sign-in link's path (``/app/link/...``)."""
    return make_app_link(worker_id, link_base="", uow=services.uow, clock=services.clock).url
