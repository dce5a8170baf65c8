"""Webhook subscriptions and their deliveries (one row per subscription and event, every attempt on it)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from attrs import define, field, frozen

DeliveryStatus = Literal["pending", "delivered", "failed", "refused"]
# decisions.md: a waiting delivery the key may no longer receive is recorded with status ``refused``
DELIVERY_STATUSES: tuple[DeliveryStatus, ...] = ("delivered", "pending", "failed", "refused")
ALL_EVENTS = "*"


@define
class Subscription:
    client_id: int
    url: str
    events: tuple[str, ...]
    secret: str
    created_at: datetime
    api_key_id: int | None = None  # None: made in the agency console
    active: bool = True
    description: str | None = None
    updated_at: datetime | None = None
    events_after: int | None = None  # receives the outbox events after this one (None: all; made before it was kept)
    id: int = 0

    def receives_event(self, outbox_id: int) -> bool:
        """Whether an outbox event was recorded after the subscription was created (or last resumed)."""
        return self.events_after is None or outbox_id > self.events_after


@define
class Delivery:
    """One event for one subscription; ``attempt`` counts the sends made so far."""

    subscription_id: int
    client_id: int
    event: str
    occurred_at: datetime  # the envelope's ``timestamp``
    created_at: datetime
    data: dict[str, Any] = field(factory=dict)  # as the outbox keeps it; shaped and hidden per key when sent
    outbox_id: int | None = None  # the event it fans out (None: a test ping)
    status: DeliveryStatus = "pending"
    attempt: int = 0
    response_code: int | None = None
    response_body: str | None = None
    next_retry_at: datetime | None = None
    delivered_at: datetime | None = None
    id: int = 0


@frozen
class Outgoing:
    """One attempt to send: the delivery (its ``attempt`` already counts this one), where, the secret that
    signs it, and the scopes of the subscription's key (its data is sent as that key may read it)."""

    delivery: Delivery
    url: str
    secret: str
    effective_scopes: tuple[str, ...]


@frozen
class Outcome:
    """What a receiver answered: ``response_code`` 0 when it was blocked or unreachable, the reason then
    in ``response_body``."""

    response_code: int
    response_body: str

    @property
    def delivered(self) -> bool:
        return 200 <= self.response_code < 300


@frozen
class WebhookTestResult:
    """The ping's delivery and how it went (``error`` None when delivered)."""

    subscription_id: int
    delivery_id: int
    delivered: bool
    response_code: int
    error: str | None
