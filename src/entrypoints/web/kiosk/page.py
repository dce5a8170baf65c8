"""The kiosk's page (``/kiosk/``): badge number, PIN keypad, the worker's first name and state only
after a right PIN, the site's survey before clocking in, in the site's ``kiosk_language``; a browser
not enrolled gets a page saying how to enrol it. And its service worker, which keeps the page for
offline use."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.errors import KioskNotEnrolled, WorkforceError
from workforce_core.services.kiosk_devices import kiosk_of
from workforce_core.views import AtKiosk
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common import languages
from workforce_entrypoints.web.common.kiosk_cookie import DEVICE_COOKIE
from workforce_entrypoints.web.common.request_path import Body, Surface, route, secure
from workforce_entrypoints.web.common.worker_words import SAVED_OFFLINE, SOMETHING_WRONG, refusal_words

CODES = (
    "pin_refused",
    "pin_throttled",
    "already_clocked_in",
    "no_open_clock_in",
    "worker_inactive",
    "blocked_by_survey",
    "conflict",
    "device_not_enrolled",
    "server_error",
)


def _kiosk_headers(reply: Response) -> Response:
    secure(reply)
    reply.headers["Cache-Control"] = "no-cache"  # the service worker keeps the shell for offline use
    return reply


def _opens(request: Request, services: Services, body: Body) -> AtKiosk:
    return services.run(kiosk_of, request.cookies.get(DEVICE_COOKIE))


def _not_enrolled(refused: WorkforceError, kiosk: AtKiosk | None) -> Response:
    body = languages.render_in(None, "kiosk/not_enrolled.html", status=refused.status, code=refused.code)
    return _kiosk_headers(HTMLResponse(body, status_code=refused.status))


def _failed(kiosk: AtKiosk | None) -> Response:
    lang = languages.language(kiosk.site.kiosk_language) if kiosk is not None else None
    return HTMLResponse(languages.gettext_in(lang, SOMETHING_WRONG), status_code=500)


KIOSK_PAGE: Surface[AtKiosk] = Surface(
    name="kiosk",
    opens=_opens,
    signed_out=lambda request: _not_enrolled(KioskNotEnrolled(), None),  # a device has no session to end
    refused=_not_enrolled,
    failed=_failed,
)


def page(kiosk: AtKiosk) -> Response:
    lang = languages.language(kiosk.site.kiosk_language)
    words = {code: languages.gettext_in(lang, refusal_words(code)) for code in CODES}
    words |= {"saved_offline": languages.gettext_in(lang, SAVED_OFFLINE)}
    body = languages.render_in(
        lang,
        "kiosk/page.html",
        kiosk_id=kiosk.device.kiosk_id,
        site_name=kiosk.site.name,
        survey=kiosk.survey,
        words=words,
    )
    return _kiosk_headers(HTMLResponse(body))


async def bare(request: Request) -> Response:
    return RedirectResponse("/kiosk/", status_code=308)


@cache
def _worker_script() -> bytes:
    return files("workforce_entrypoints.web").joinpath("static/kiosk-sw.js").read_bytes()


async def service_worker(request: Request) -> Response:
    """The kiosk's service worker, served from ``/kiosk/`` so that it may control the kiosk's pages."""
    headers = {"Cache-Control": "no-cache", "Service-Worker-Allowed": "/kiosk/"}
    return Response(_worker_script(), media_type="text/javascript", headers=headers)


ROUTES: list[BaseRoute] = [
    Route("/kiosk", bare, methods=["GET"]),
    route(KIOSK_PAGE, "/kiosk/", page),
    Route("/kiosk/sw.js", service_worker, methods=["GET"]),
]
