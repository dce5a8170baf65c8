"""The webhook repositories a unit of work carries (subscriptions and their delivery log), and the sender."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Any, Protocol

from workforce_core.model.webhooks import Delivery, DeliveryStatus, Outcome, Outgoing, Subscription
from workforce_core.ports.paging import Page, Paging


class SubscriptionRepository(Protocol):
    def get(self, id: int) -> Subscription | None: ...

    def add(self, item: Subscription) -> Subscription:
        """Store a new subscription; returns it with its ``id``."""
        ...

    def update(self, item: Subscription) -> None: ...

    def remove(self, id: int) -> None:
        """Delete the subscription and its delivery log."""
        ...

    def for_client(self, client_id: int, *, active: bool | None = None) -> list[Subscription]:
        """The client's subscriptions in id order, only active (or paused) ones when asked."""
        ...

    def count_for_client(self, client_id: int) -> int:
        """How many subscriptions the client has, counted under a lock: a concurrent create of the same
        client waits here, so the 25-subscription limit holds."""
        ...


class DeliveryRepository(Protocol):
    def get(self, id: int) -> Delivery | None: ...

    def add(self, item: Delivery) -> Delivery:
        """Store a new delivery; returns it with its ``id``."""
        ...

    def update(self, item: Delivery) -> None: ...

    def of_subscription(
        self,
        subscription_id: int,
        paging: Paging,
        *,
        status: DeliveryStatus | None = None,
        event: str | None = None,
    ) -> Page[Delivery]:
        """The subscription's delivery log, newest first."""
        ...

    def waiting(self, subscription_id: int) -> list[Delivery]:
        """The subscription's pending deliveries, oldest first."""
        ...

    def claim_due(self, now: datetime, limit: int) -> list[Delivery]:
        """Pending deliveries due at ``now`` (``next_retry_at`` reached), oldest first, at most ``limit``,
        locked for this transaction; on PostgreSQL rows another dispatcher holds are skipped."""
        ...


class Envelope(Protocol):
    """The body a receiver gets for one delivery, its data as the subscription's key may read it: the JSON
    adapter's ``envelope``, given to the sender by whoever builds it."""

    def __call__(self, delivery: Delivery, effective_scopes: Collection[str], /) -> dict[str, Any]: ...


class Sender(Protocol):
    def send(self, outgoing: Outgoing) -> Outcome:
        """Sign and send one attempt, checking the URL again (every address it resolves to) and connecting
        only to a checked address; never raises: a refusal or failure is an ``Outcome`` with code 0."""
        ...
