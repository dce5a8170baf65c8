"""The pages' routes are gathered from the surfaces' packages: every module's ``ROUTES`` is mounted,
once, each surface answers under its own path only, and every write goes through the one request path."""

from __future__ import annotations

import pkgutil
from importlib import import_module

from starlette.routing import BaseRoute, Route

from workforce_entrypoints.web.common import request_path
from workforce_entrypoints.web.common.gathered import gathered
from workforce_entrypoints.web.routes import SURFACES, web_routes

# the worker app's pages, and the offers' one-tap links at the path the core's links use
PREFIXES = {"console": ("/console",), "portal": ("/portal",), "kiosk": ("/kiosk",), "app": ("/app/", "/offers/link/")}


def _declared(package: str) -> list[BaseRoute]:
    found: list[BaseRoute] = []
    for module in pkgutil.iter_modules(import_module(package).__path__):
        found.extend(getattr(import_module(f"{package}.{module.name}"), "ROUTES", []))
    return found


def test_every_route_a_surfaces_modules_declare_is_mounted_once() -> None:
    mounted = [id(route) for route in web_routes()]
    for surface in SURFACES:
        declared = _declared(surface.__name__)
        assert declared, surface.__name__
        assert all(mounted.count(id(route)) == 1 for route in declared), surface.__name__


def test_each_surface_answers_under_its_own_path() -> None:
    for surface in SURFACES:
        name = surface.__name__.rsplit(".", 1)[1]
        paths = [route.path for route in gathered(surface.__name__) if isinstance(route, Route)]
        assert paths, name
        assert [path for path in paths if not path.startswith(PREFIXES[name])] == [], name


def test_every_write_of_the_pages_goes_through_the_one_request_path() -> None:
    """The forms posted before there is a session (signing in, its second step, the one-time links)
    among them: their token is checked, and their refusal answered, by ``request_path``."""
    writes = [route for route in web_routes() if isinstance(route, Route) and "POST" in (route.methods or ())]
    assert {"/console/sign-in", "/console/sign-in/code", "/portal/link/{token:str}", "/app/link/{token:str}"} <= {
        route.path for route in writes
    }
    assert [route.path for route in writes if route.endpoint.__module__ != request_path.__name__] == []
