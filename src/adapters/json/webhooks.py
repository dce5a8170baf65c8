"""Webhook subscriptions, deliveries and the event catalogue as the spec's JSON shapes."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from workforce_adapters.json.events import stored_payload
from workforce_core.event_types import EventType
from workforce_core.model.webhooks import Delivery, Subscription, WebhookTestResult
from workforce_core.rules import webhooks as policy
from workforce_core.rules.london import local_text, utc_text


def subscription_record(item: Subscription, *, full_secret: bool = False) -> dict[str, Any]:
    """WebhookSubscription; the secret in full only in the create and rotate replies."""
    return {
        "id": item.id,
        "url": item.url,
        "events": list(item.events),
        "active": item.active,
        "description": item.description,
        "api_key_id": item.api_key_id,
        "secret": item.secret if full_secret else policy.masked(item.secret),
        "created_at": local_text(item.created_at),
        "created_at_utc": utc_text(item.created_at),
        "updated_at": local_text(item.updated_at),
        "updated_at_utc": utc_text(item.updated_at),
    }


def delivery_data(delivery: Delivery) -> dict[str, Any]:
    """The whole of a delivery's event data, shaped now from the form the outbox kept it in."""
    return stored_payload(delivery.event, delivery.client_id, delivery.data)


def envelope(delivery: Delivery, effective_scopes: Collection[str]) -> dict[str, Any]:
    """The body a receiver gets: ``{event, timestamp, delivery_id, data}``, data as the key may read it."""
    return {
        "event": delivery.event,
        "timestamp": utc_text(delivery.occurred_at),
        "delivery_id": delivery.id,
        "data": policy.visible_data(delivery_data(delivery), effective_scopes),
    }


def delivery_record(item: Delivery, effective_scopes: Collection[str]) -> dict[str, Any]:
    """WebhookDelivery; ``payload`` left out (``payload_hidden`` says why) when the key could not subscribe."""
    record: dict[str, Any] = {
        "id": item.id,
        "event": item.event,
        "status": item.status,
        "attempt": item.attempt,
        "max_attempts": policy.MAX_ATTEMPTS,
        "response_code": item.response_code,
        "response_body": item.response_body,
        "delivered_at": local_text(item.delivered_at),
        "delivered_at_utc": utc_text(item.delivered_at),
        "next_retry_at": local_text(item.next_retry_at),
        "next_retry_at_utc": utc_text(item.next_retry_at),
        "created_at": local_text(item.created_at),
        "created_at_utc": utc_text(item.created_at),
    }
    hidden = policy.hidden_reason(item.event, effective_scopes)
    if hidden is None:
        record["payload"] = envelope(item, effective_scopes)
    else:
        record["payload_hidden"] = hidden
    return record


def event_type_record(item: EventType) -> dict[str, Any]:
    return {"event": item.event, "group": item.group, "description": item.description, "legacy": item.legacy}


def test_result_record(item: WebhookTestResult) -> dict[str, Any]:
    return {
        "subscription_id": item.subscription_id,
        "delivery_id": item.delivery_id,
        "delivered": item.delivered,
        "response_code": item.response_code,
        "error": item.error,
    }
