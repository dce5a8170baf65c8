"""The console's routes, mounted by ``create_app`` beside the API, and its assets from the package."""

from __future__ import annotations

from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

from workforce_entrypoints.web import checks, money, pay_week, signing, timesheet_actions, timesheets


def console_routes() -> list[BaseRoute]:
    return [
        Mount(
            "/console/static", StaticFiles(packages=[("workforce_entrypoints.web", "static")]), name="console-static"
        ),
        *signing.ROUTES,
        *timesheet_actions.ROUTES,
        *timesheets.ROUTES,
        *pay_week.ROUTES,
        *money.ROUTES,
        *checks.ROUTES,
    ]
