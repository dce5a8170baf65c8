"""The pages' routes, mounted by ``create_app`` beside the API: each surface's (the console, the
portal, the kiosk, the worker app), gathered from its package, and the assets they share.

Also the page ``create_app`` answers a person with when no route of the console matches (a 404 or
405 in words, not the API's JSON)."""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from types import ModuleType

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from workforce_entrypoints.web import app, console, kiosk, portal
from workforce_entrypoints.web.common.gathered import gathered
from workforce_entrypoints.web.common.visits import page_reply

SURFACES: tuple[ModuleType, ...] = (console, portal, kiosk, app)
PAGE_PATHS = ("/console",)  # where a path no route matches is answered with a page


@cache
def icon() -> bytes:
    return files("workforce_entrypoints.web").joinpath("static/favicon.svg").read_bytes()


async def favicon(request: Request) -> Response:
    """Browsers ask ``/favicon.ico`` of some pages (error pages among them) whatever the page names."""
    return Response(icon(), media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


def web_routes() -> list[BaseRoute]:
    return [
        Route("/favicon.ico", favicon, methods=["GET"]),
        Mount(
            "/console/static", StaticFiles(packages=[("workforce_entrypoints.web", "static")]), name="console-static"
        ),
        *(route for surface in SURFACES for route in gathered(surface.__name__)),
    ]


def no_such_page(status: int, detail: str) -> Response:
    """A path or method no page has, said as a page."""
    message = "There is no such page." if status == 404 else detail
    return page_reply("error.html", None, status, status=status, message=message, field=None)
