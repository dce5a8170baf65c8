""" "Fill" on a requirement's page: the next round of offers goes to the best eligible workers of the
who-is-free ranking (``filling.fill``: the account's number per open place, each with a one-tap link and
a message in the worker's language), and the page says to how many. Later rounds follow by themselves
when a round ends with places open (``serve``'s notifier)."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.rules.people import Power
from workforce_core.services import filling
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route


def fill(visit: Visit) -> Response:
    demand_id = int(visit.path["demand_id"])
    sent = visit.services.run(filling.fill, demand_id, actor=visit.signed.actor)
    return back_to(visit, f"/shifts/requirements/{demand_id}", Done.OFFERED, count=len(sent.offers))


REQUIREMENT = "/{client_id:int}/shifts/requirements/{demand_id:int}"
ROUTES: list[BaseRoute] = [
    console_route(REQUIREMENT + "/fill", fill, methods=("POST",), power=Power.BOOK),
]
