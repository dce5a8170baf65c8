"""One API key's log in the account's setup (owners and admins): its requests newest first, a page at a
time, found by the ``X-Request-Id`` an integrator quotes or by status, so "what happened to request X"
is answered from this screen."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.ports import Paging
from workforce_core.rules.api_log import STATUS_CLASSES
from workforce_core.rules.london import local_text
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power
from workforce_core.services.api_log import KeyRequests, key_requests
from workforce_entrypoints.web.common.visits import Visit, console_route

PAGE_SIZE = 50
FILTERS = ("request_id", "status")


def key_log_page(visit: Visit) -> Response:
    s, offset = visit.services, visit.number("offset") or 0
    query = KeyRequests(
        client_id=visit.client.client_id,
        key_id=int(visit.path["key_id"]),
        paging=Paging(PAGE_SIZE, offset),
        request_id=visit.value("request_id"),
        status=visit.value("status"),
    )
    found = s.run(key_requests, query, actor=visit.signed.actor)
    return visit.page(
        "api_log.html",
        key=found.key,
        requests=[(r, local_text(r.at)) for r in found.requests.items],
        total=found.requests.total,
        offset=offset,
        page_size=PAGE_SIZE,
        filters={name: visit.value(name) or "" for name in FILTERS},
        statuses=STATUS_CLASSES,
        days=s.settings.api_log_days,
    )


ROUTES: list[BaseRoute] = [
    console_route(
        "/{client_id:int}/setup/keys/{key_id:int}/requests",
        key_log_page,
        methods=("GET",),
        power=Power.SETUP,
        opens=Page.SETUP,
    ),
]
