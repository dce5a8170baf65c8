"""Webhooks in the account's setup: subscriptions (made here they read with every scope, as the
delivery rules say of console subscriptions), the secret shown once at creation and at each rotation,
the delivery log with each payload, a test ping, redelivery, pause and resume, delete. The same use
cases as ``/webhooks.php``, with the person's principal."""

from __future__ import annotations

import json
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_adapters.json.webhooks import delivery_data
from workforce_core.commands.webhooks import CreateSubscription, UpdateSubscription
from workforce_core.event_types import CATALOGUE
from workforce_core.ports import Paging
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power
from workforce_core.services import webhooks
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

LOG = 50  # deliveries shown on a subscription's page


def hooks_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    return visit.page(
        "webhooks.html",
        subscriptions=s.run(webhooks.list_subscriptions, p, active=None),
        catalogue=[item for item in CATALOGUE if not item.legacy],
    )


def subscription_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    found, _ = s.run(webhooks.subscription, p, _id(visit))
    log = s.run(webhooks.deliveries, p, found.id, Paging(limit=LOG), status=None, event=None)
    payloads = {
        delivery.id: json.dumps(delivery_data(delivery), indent=2, ensure_ascii=False, default=str)
        for delivery in log.items
    }
    return visit.page("webhook.html", hook=found, log=log.items, total=log.total, payloads=payloads)


def _id(visit: Visit) -> int:
    return int(visit.path["subscription_id"])


def create(visit: Visit) -> Response:
    s = visit.services
    sent = {"url": visit.value("url"), "events": visit.values("events"), "description": visit.value("description")}
    command = structure(CreateSubscription, {key: value for key, value in sent.items() if value})
    made = s.run(webhooks.create_subscription, command, principal=visit.client)
    reply = back_to(visit, "/setup/webhooks", Done.SUBSCRIPTION_ADDED)
    return visit.once_there(reply, kind="subscription", url=made.url, secret=made.secret)


def rotate(visit: Visit) -> Response:
    s = visit.services
    changed = s.run(webhooks.rotate_secret, _id(visit), principal=visit.client)
    reply = back_to(visit, f"/setup/webhooks/{changed.id}", Done.SECRET_ROTATED)
    return visit.once_there(reply, kind="secret", secret=changed.secret)


def set_active(visit: Visit) -> Response:
    s = visit.services
    active = visit.value("active") == "1"
    command = structure(UpdateSubscription, {"active": active})
    s.run(webhooks.update_subscription, _id(visit), command, principal=visit.client)
    return back_to(visit, f"/setup/webhooks/{_id(visit)}", Done.RESUMED if active else Done.PAUSED)


def delete(visit: Visit) -> Response:
    visit.services.run(webhooks.delete_subscription, _id(visit), principal=visit.client)
    return back_to(visit, "/setup/webhooks", Done.SUBSCRIPTION_DELETED)


def test(visit: Visit) -> Response:
    s = visit.services
    result = s.run(webhooks.send_test, _id(visit), principal=visit.client)
    done = Done.TEST_DELIVERED if result.delivered else Done.TEST_NOT_DELIVERED
    return back_to(visit, f"/setup/webhooks/{_id(visit)}", done)


def redeliver(visit: Visit) -> Response:
    s = visit.services
    s.run(webhooks.redeliver, _id(visit), int(visit.path["delivery_id"]), principal=visit.client)
    return back_to(visit, f"/setup/webhooks/{_id(visit)}", Done.SENT_AGAIN)


def _hook(path: str, page: Any, methods: tuple[str, ...] = ("POST",)) -> BaseRoute:
    opens = Page.WEBHOOKS if methods == ("GET",) else None
    return console_route(
        f"/{{client_id:int}}/setup/webhooks{path}", page, methods=methods, power=Power.SETUP, opens=opens
    )


ROUTES: list[BaseRoute] = [
    _hook("", hooks_page, ("GET",)),
    _hook("", create),
    _hook("/{subscription_id:int}", subscription_page, ("GET",)),
    _hook("/{subscription_id:int}/rotate", rotate),
    _hook("/{subscription_id:int}/active", set_active),
    _hook("/{subscription_id:int}/delete", delete),
    _hook("/{subscription_id:int}/test", test),
    _hook("/{subscription_id:int}/deliveries/{delivery_id:int}/redeliver", redeliver),
]
