"""/webhooks.php: subscriptions, one with its latest deliveries, the delivery log and the event list
(GET); create, rotate the secret, test and redeliver (POST); change (PUT); delete (DELETE)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json.commands import structure
from workforce_adapters.json.webhooks import (
    delivery_record,
    event_type_record,
    subscription_record,
    test_result_record,
)
from workforce_core.commands.webhooks import CreateSubscription, UpdateSubscription
from workforce_core.errors import InvalidParameter
from workforce_core.event_types import CATALOGUE
from workforce_core.model.webhooks import DELIVERY_STATUSES
from workforce_core.ports import Page, Paging
from workforce_core.services import webhooks
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record, reply

GET_ACTIONS = ("events", "deliveries")
POST_ACTIONS = ("rotate_secret", "test", "redeliver")


def _id(call: Call) -> int:
    found = call.params.identifier("id")
    if found is None:
        raise InvalidParameter("id", "id is required: ?id=<subscription_id>.")
    return found


def get(call: Call) -> Response:
    p, principal, s = call.params, call.principal, call.services
    action = p.choice("action", GET_ACTIONS)
    scopes = principal.effective_scopes
    if action == "events":
        catalogue = [event_type_record(kind) for kind in CATALOGUE]
        return listing(catalogue, Page(tuple(catalogue), len(catalogue)), Paging(limit=100))
    if action == "deliveries":
        subscription_id = _id(call)
        paging = p.paging()
        status = p.choice("status", DELIVERY_STATUSES)
        event = p.text("event", max_length=60)
        page = s.run(webhooks.deliveries, principal, subscription_id, paging, status=status, event=event)
        return listing([delivery_record(item, scopes) for item in page.items], page, paging)
    one = p.identifier("id")
    if one is not None:
        found, recent = s.run(webhooks.subscription, principal, one)
        shown = subscription_record(found)
        shown["recent_deliveries"] = [delivery_record(item, scopes) for item in recent]
        return record(shown)
    paging = p.paging()
    found_all = s.run(webhooks.list_subscriptions, principal, active=p.boolean("active"))
    listed = Page(tuple(found_all[paging.offset : paging.offset + paging.limit]), len(found_all))
    return listing([subscription_record(item) for item in listed.items], listed, paging)


def post(call: Call) -> Response:
    p, s = call.params, call.services
    action = p.choice("action", POST_ACTIONS)
    if action == "rotate_secret":
        rotated = s.run(webhooks.rotate_secret, _id(call), principal=call.principal)
        return record({"id": rotated.id, "secret": rotated.secret}, message="Signing secret rotated.")
    if action in ("test", "redeliver"):
        s = call.committing  # the attempt is recorded, sent, then its answer recorded: not one transaction
    if action == "test":
        tested = s.run(webhooks.send_test, _id(call), principal=call.principal)
        said = "Test delivery sent." if tested.delivered else "Test delivery not delivered."
        return record(test_result_record(tested), message=said)
    if action == "redeliver":
        subscription_id = _id(call)
        delivery_id = p.identifier("delivery_id")
        if delivery_id is None:
            raise InvalidParameter("delivery_id", "delivery_id is required: ?id=&action=redeliver&delivery_id=.")
        sent = s.run(webhooks.redeliver, subscription_id, delivery_id, principal=call.principal)
        return record(delivery_record(sent, call.principal.effective_scopes), message="Delivery sent again.")
    made = s.run(
        webhooks.create_subscription, structure(CreateSubscription, call.body(), exact=True), principal=call.principal
    )
    return record(subscription_record(made, full_secret=True), status=201, message="Webhook subscription created.")


def put(call: Call) -> Response:
    subscription_id = _id(call)
    s = call.services
    changed = s.run(
        webhooks.update_subscription,
        subscription_id,
        structure(UpdateSubscription, call.body(), exact=True),
        principal=call.principal,
    )
    return record(subscription_record(changed), message="Webhook subscription updated.")


def delete(call: Call) -> Response:
    call.services.run(webhooks.delete_subscription, _id(call), principal=call.principal)
    return reply({"message": "Webhook subscription deleted."})


ENDPOINT = Endpoint(
    "webhooks",
    {
        "GET": Method(get, ("webhooks:read",)),
        "POST": Method(post, ("webhooks:write",)),
        "PUT": Method(put, ("webhooks:write",)),
        "DELETE": Method(delete, ("webhooks:write",)),
    },
)
