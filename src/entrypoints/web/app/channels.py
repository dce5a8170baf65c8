"""The worker app's "How we reach you": the worker chooses whether their agency's messages also come
by e-mail and by text, seeing the address and number on record (or that there is none). The app's
inbox is always on; pushes are this phone's switch (the same panel as the inbox's), so a choice made
here keeps pushes chosen and the switch decides whether a phone takes them."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.model.notifications import Channel, Recipient
from workforce_core.rules.notifications import urgent_hours
from workforce_core.services import notifier_choices, notifier_reads
from workforce_entrypoints import notifier_channels
from workforce_entrypoints.web.app.visits import WorkerVisit, app_route
from workforce_entrypoints.web.common.done import AppDone

PAGE = "/app/channels"
CHOSEN_HERE = (Channel.EMAIL, Channel.SMS)  # the page's boxes; the inbox and pushes are always chosen
ALWAYS = (Channel.APP, Channel.PUSH)


def channels_page(visit: WorkerVisit) -> Response:
    reach = visit.services.run(notifier_reads.reach_of, Recipient.WORKER, visit.me.worker.id)
    return visit.page(
        "app/channels.html",
        reach=reach,
        push_key=notifier_channels.application_server_key(),
        urgent_hours=urgent_hours(),
        done=visit.done,
    )


def choose(visit: WorkerVisit) -> Response:
    ticked = set(visit.form.getlist("channels")) if visit.form is not None else set()
    channels = [*ALWAYS, *(c for c in CHOSEN_HERE if c in ticked)]
    visit.services.run(notifier_choices.choose_channels, Recipient.WORKER, visit.me.worker.id, channels)
    return visit.back(PAGE, AppDone.SAVED)


ROUTES: list[BaseRoute] = [
    app_route("/channels", channels_page),
    app_route("/channels", choose, methods=("POST",)),
]
