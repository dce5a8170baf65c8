"""The console's side of the worker app: from a worker's page, staff who look after workers make a
one-time sign-in link for the app, shown once on the next page to send to the worker."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.rules.worker_app import APP_LINK_LIFE
from workforce_core.services.worker_app_links import make_app_link
from workforce_entrypoints.web.visits import Visit, console_route


def app_link(visit: Visit) -> Response:
    s = visit.services
    made = make_app_link(
        int(visit.path["worker_id"]),
        link_base=visit.base_url,
        uow=s.uow,
        clock=s.clock,
        actor=visit.signed.actor,
        client_id=visit.client.client_id,
    )
    hours = int(APP_LINK_LIFE.total_seconds() // 3600)
    return visit.page("app_link.html", made=made, hours=hours, worker_id=made.link.worker_id)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/workers/{worker_id:int}/app-link", app_link, methods=("POST",)),
]
