"""Exceptions of a week (the checks of ``/exceptions.php``, each linking to its shift) and who is on
site now (a table that refreshes itself through htmx)."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.ports import Paging
from workforce_core.rules.pages import Page
from workforce_core.services.time_reads.exceptions import ExceptionQuery, exceptions
from workforce_core.services.time_reads.on_site_now import on_site_now
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week

LISTED = 500
REFRESH_SECONDS = 30


def exceptions_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    query = ExceptionQuery(paging=Paging(limit=LISTED), date_from=week.first, date_to=week.last)
    found = s.run(exceptions, p, query)
    return visit.page("exceptions.html", week=week, found=found.items, total=found.total)


def on_site_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    found = s.run(on_site_now, p)
    fragment = visit.value("fragment") == "1"
    return visit.page("on_site_table.html" if fragment else "on_site.html", on_site=found, refresh=REFRESH_SECONDS)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/exceptions", exceptions_page, opens=Page.EXCEPTIONS),
    console_route("/{client_id:int}/on-site", on_site_page, opens=Page.ON_SITE),
]
