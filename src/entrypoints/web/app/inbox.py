"""The worker app's inbox: the messages the notifier told the worker in the app (newest first, in the
language each was made in), the unread count the app's menu shows, a message opened (a POST: read from
then; its page is a read),
and Web Push on this phone turned on or off (the browser's subscription, made with the VAPID public key,
stored for the worker; the app's service worker shows each push)."""

from __future__ import annotations

from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_core.errors import ValidationFailed
from workforce_core.model.notifications import Channel, Recipient
from workforce_core.ports import Paging
from workforce_core.services import inbox, notifier_choices
from workforce_core.steps.offer_rounds import LINK_PATH
from workforce_entrypoints import notifier_channels
from workforce_entrypoints.web.app.visits import WorkerVisit, app_route
from workforce_entrypoints.web.common.done import AppDone
from workforce_entrypoints.web.common.request_path import secure

SHOWN = 50  # messages on the inbox page
SWITCH_PAGES = {"inbox": "/app/inbox", "channels": "/app/channels"}  # the pages with the push panel


def inbox_page(visit: WorkerVisit) -> Response:
    me = visit.me.worker
    found = visit.services.run(inbox.messages_of, Recipient.WORKER, me.id, Paging(limit=SHOWN), channel=Channel.APP)
    return visit.page(
        "app/inbox.html",
        messages=found.page.items,
        total=found.page.total,
        unread=found.unread,
        push_key=notifier_channels.application_server_key(),
        done=visit.done,
    )


def open_message(visit: WorkerVisit) -> Response:
    """The worker opens a message: it is read from now, and its page shows it."""
    message_id = visit.number("message_id")
    visit.services.run(inbox.mark_read, visit.me.worker.id, message_id)
    return secure(RedirectResponse(f"/app/inbox/message?id={message_id}", status_code=303))


def message_page(visit: WorkerVisit) -> Response:
    """A message's words, and for an offer the way to its one-tap link."""
    shown = visit.services.run(inbox.shown_message, visit.me.worker.id, visit.number("id"))
    link = shown.message.params.get("link")
    offer_link = link if isinstance(link, str) and LINK_PATH in link else None
    return visit.page("app/message.html", shown=shown, offer_link=offer_link)


def unread_badge(visit: WorkerVisit) -> Response:
    """The menu's count of unread messages (a fragment the tab loads), empty when none."""
    return visit.page("app/_unread.html", unread=visit.services.run(inbox.unread, visit.me.worker.id))


def push_on(visit: WorkerVisit) -> Response:
    """The phone's push subscription (the browser's endpoint and keys) stored for the worker."""
    endpoint, p256dh, auth = (visit.value(name) for name in ("endpoint", "p256dh", "auth"))
    if endpoint is None:
        raise ValidationFailed("endpoint", "endpoint is required.")
    visit.services.run(notifier_choices.subscribe_push, visit.me.worker.id, endpoint, p256dh or "", auth or "")
    return visit.back(_switched_on(visit), AppDone.PUSH_ON)


def push_off(visit: WorkerVisit) -> Response:
    endpoint = visit.value("endpoint")
    if endpoint is None:
        raise ValidationFailed("endpoint", "endpoint is required.")
    visit.services.run(notifier_choices.unsubscribe_push, visit.me.worker.id, endpoint)
    return visit.back(_switched_on(visit), AppDone.PUSH_OFF)


def _switched_on(visit: WorkerVisit) -> str:
    """The page whose push panel was used (the inbox's, or "How we reach you"): the form names it."""
    return SWITCH_PAGES.get(visit.value("page") or "", "/app/inbox")


ROUTES: list[BaseRoute] = [
    app_route("/inbox", inbox_page),
    app_route("/inbox/unread", unread_badge),
    app_route("/inbox/open", open_message, methods=("POST",)),
    app_route("/inbox/message", message_page),
    app_route("/push/on", push_on, methods=("POST",)),
    app_route("/push/off", push_off, methods=("POST",)),
]
