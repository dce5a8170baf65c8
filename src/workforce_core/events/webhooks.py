"""A test delivery's data, and data stored before events were typed."""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from workforce_core.event_types import EVENT_TYPES


@frozen
class Ping:
    """ping: the subscription tested, and a message."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"ping"})
    subscription_id: int
    message: str


@frozen
class Shaped:
    """Data the outbox kept already in the spec's shape (written before event data was typed): sent as it is."""

    EVENTS: ClassVar[frozenset[str]] = frozenset(EVENT_TYPES)
    payload: dict[str, Any]
