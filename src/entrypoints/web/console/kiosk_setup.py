"""Kiosks in the console (owners and operator admins): enrol the browser in use as a kiosk of one of
the account's sites (its device token is set as an HttpOnly cookie for ``/kiosk/`` on this browser
only, and never shown), list the account's kiosks and revoke one."""

from __future__ import annotations

from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.kiosks import EnrolKiosk
from workforce_core.ports import LocationFilter, Paging
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power
from workforce_core.services import kiosk_devices, reads
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.kiosk_cookie import keep_device
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import Visit, console_route


def kiosks_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    sites = s.run(reads.locations, p, LocationFilter(p.client_id, Paging(limit=500))).items
    return visit.page(
        "kiosks.html",
        kiosks=s.run(kiosk_devices.kiosks, p),
        sites=sites,
    )


def enrol(visit: Visit) -> Response:
    s = visit.services
    command = structure(EnrolKiosk, filled(visit, "location_id", "kiosk_id"))
    made = s.run(kiosk_devices.enrol_kiosk, command, principal=visit.client)
    secure_cookie = visit.base_url.startswith("https://")
    return keep_device(secure(RedirectResponse("/kiosk/", status_code=303)), made.token, secure=secure_cookie)


def revoke(visit: Visit) -> Response:
    s = visit.services
    s.run(kiosk_devices.revoke_kiosk, int(visit.path["kiosk_id"]), principal=visit.client)
    return back_to(visit, "/kiosks", Done.KIOSK_REVOKED)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/kiosks", kiosks_page, power=Power.SETUP, opens=Page.KIOSKS),
    console_route("/{client_id:int}/kiosks", enrol, methods=("POST",), power=Power.SETUP),
    console_route("/{client_id:int}/kiosks/{kiosk_id:int}/revoke", revoke, methods=("POST",), power=Power.SETUP),
]
