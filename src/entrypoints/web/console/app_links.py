"""The console's side of the worker app: from a worker's page, staff who look after workers make a
one-time sign-in link for the app; the form goes on to the link's page, which shows it once (``once.py``)
to send to the worker. Reloading that page makes no second link and shows the first no more."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.rules.people import Power
from workforce_core.rules.worker_app import APP_LINK_LIFE
from workforce_core.services.worker_app_links import make_app_link
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

PATH = "/{client_id:int}/workers/{worker_id:int}/app-link"


def app_link(visit: Visit) -> Response:
    s = visit.services
    made = s.run(
        make_app_link,
        int(visit.path["worker_id"]),
        link_base=visit.base_url,
        actor=visit.signed.actor,
        client_id=visit.client.client_id,
    )
    reply = back_to(visit, f"/workers/{made.link.worker_id}/app-link", Done.APP_LINK_MADE)
    return visit.once_there(reply, kind="app_link", url=made.url)


def app_link_page(visit: Visit) -> Response:
    hours = int(APP_LINK_LIFE.total_seconds() // 3600)
    return visit.page("app_link.html", hours=hours, worker_id=int(visit.path["worker_id"]))


ROUTES: list[BaseRoute] = [
    console_route(PATH, app_link, methods=("POST",)),
    console_route(PATH, app_link_page, power=Power.WORKERS),
]
