"""A surface's routes, gathered from its package: every module of it that has ``ROUTES`` adds them,
in the order of the modules' names (a page of a module named ``shift_actions`` is matched before one of
``shifts``). Adding a screen is a module with its ``ROUTES``; no list of modules to edit."""

from __future__ import annotations

import pkgutil
from importlib import import_module

from starlette.routing import BaseRoute


def gathered(package: str) -> list[BaseRoute]:
    """The ``ROUTES`` of every module of ``package`` (a dotted name), by module name."""
    found: list[BaseRoute] = []
    for module in sorted(pkgutil.iter_modules(import_module(package).__path__), key=lambda m: m.name):
        routes: list[BaseRoute] = getattr(import_module(f"{package}.{module.name}"), "ROUTES", [])
        found.extend(routes)
    return found
