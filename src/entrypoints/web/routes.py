"""The console's routes, mounted by ``create_app`` beside the API, and its assets from the package."""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from workforce_entrypoints.web.app import availability as app_requests
from workforce_entrypoints.web.app import clock as app_clock
from workforce_entrypoints.web.app import pages as app_pages
from workforce_entrypoints.web.app import sign_in as app_sign_in
from workforce_entrypoints.web.console import (
    app_links,
    checks,
    kiosk_setup,
    money,
    own_account,
    pay_codes,
    pay_week,
    setup,
    shift_actions,
    shifts,
    sign_in_code,
    signing,
    timesheet_actions,
    timesheets,
    two_factor,
    webhooks_setup,
    worker_actions,
    workers,
)
from workforce_entrypoints.web.kiosk import calls as kiosk
from workforce_entrypoints.web.kiosk import page as kiosk_page
from workforce_entrypoints.web.portal import sign_off as portal


@cache
def icon() -> bytes:
    return files("workforce_entrypoints.web").joinpath("static/favicon.svg").read_bytes()


async def favicon(request: Request) -> Response:
    """Browsers ask ``/favicon.ico`` of some pages (error pages among them) whatever the page names."""
    return Response(icon(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


def console_routes() -> list[BaseRoute]:
    return [
        Route("/favicon.ico", favicon, methods=["GET"]),
        Mount(
            "/console/static", StaticFiles(packages=[("workforce_entrypoints.web", "static")]), name="console-static"
        ),
        *signing.ROUTES,
        *own_account.ROUTES,
        *sign_in_code.ROUTES,
        *two_factor.ROUTES,
        *timesheet_actions.ROUTES,
        *timesheets.ROUTES,
        *pay_week.ROUTES,
        *pay_codes.ROUTES,
        *money.ROUTES,
        *checks.ROUTES,
        *portal.ROUTES,
        *setup.ROUTES,
        *kiosk_setup.ROUTES,
        *kiosk_page.ROUTES,
        *kiosk.ROUTES,
        *webhooks_setup.ROUTES,
        *shift_actions.ROUTES,
        *shifts.ROUTES,
        *worker_actions.ROUTES,
        *workers.ROUTES,
        *app_sign_in.ROUTES,
        *app_pages.ROUTES,
        *app_requests.ROUTES,
        *app_clock.ROUTES,
        *app_links.ROUTES,
    ]
