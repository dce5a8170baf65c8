"""What the notifier told a worker, on the console: every message sent to them through each channel,
newest first (to whom, the channel, what it said, when, and whether it was delivered or failed and why).
The worker's page loads its table; the page stands alone for a browser without scripts."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.ports import Paging
from workforce_core.rules.pages import Page
from workforce_core.services import inbox
from workforce_entrypoints.web.common.visits import Visit, console_route

SHOWN = 50  # the newest messages listed


def messages_page(visit: Visit) -> Response:
    worker_id = int(visit.path["worker_id"])
    found = visit.services.run(inbox.worker_messages, visit.client, worker_id, Paging(limit=SHOWN))
    page = found.messages.page
    return visit.page("worker_messages.html", w=found.worker.worker, messages=page.items, total=page.total)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/workers/{worker_id:int}/messages", messages_page, opens=Page.WORKERS),
]
