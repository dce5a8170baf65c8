"""Webhook subscriptions: the create (POST) and change (PUT) bodies of ``/webhooks.php`` as commands.

The URL is read plainly here (``rules.receiver_urls.receiver``); where it resolves is checked by the
use case, which has the resolver. ``events`` are catalogue names, or ``["*"]`` alone.
"""

from __future__ import annotations

import json
from typing import Any

from attrs import frozen

from workforce_core.commands.inputs import UNSET, Flag, Input, Text, Unset, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.event_types import CATALOGUE, EVENT_TYPES
from workforce_core.model.webhooks import ALL_EVENTS
from workforce_core.rules import text
from workforce_core.rules.receiver_urls import MAX_URL_LENGTH, receiver


@frozen
class ReceiverUrl(Input):
    """A public HTTPS URL, read plainly (user info, odd IPv4 spellings and the like are refused)."""

    def read(self, value: Any, field: str) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValidationFailed(field, f"{field} is required: a public https URL.")
        if len(value) > MAX_URL_LENGTH:
            raise ValidationFailed(field, f"{field} is at most {MAX_URL_LENGTH} characters.")
        receiver(value)  # UnsafeUrl is a ValidationFailed on ``url``
        return value


@frozen
class EventNames(Input):
    """At least one event name of the catalogue, or ``["*"]``."""

    def read(self, value: Any, field: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not value or len(value) > len(CATALOGUE):
            raise ValidationFailed(field, f'{field} is a list of event names from the catalogue, or ["*"].')
        unknown = [
            name for name in value if not isinstance(name, str) or (name != ALL_EVENTS and name not in EVENT_TYPES)
        ]
        if unknown:
            named = ", ".join(json.dumps(name)[:80] for name in unknown)
            raise ValidationFailed(field, f"{field} holds names that are not events of the catalogue: {named}.")
        names: list[str] = []
        for name in value:
            if name not in names:
                names.append(name)
        if ALL_EVENTS in names and len(names) > 1:
            raise ValidationFailed(field, f'{field} is either ["*"] or a list of event names, not both.')
        return tuple(names)


@frozen(kw_only=True)
class CreateSubscription:
    """POST /webhooks.php: a new subscription, always active."""

    url: str = needed(ReceiverUrl(required=True))
    events: tuple[str, ...] = needed(EventNames(required=True))
    description: str | None = given(Text(text.single_line, 255))


@frozen(kw_only=True)
class UpdateSubscription:
    """PUT /webhooks.php: a partial change; ``active: false`` pauses, ``true`` resumes."""

    url: str | Unset = given(ReceiverUrl(required=True), UNSET)
    events: tuple[str, ...] | Unset = given(EventNames(required=True), UNSET)
    active: bool | Unset = given(Flag(), UNSET)
    description: str | Unset | None = given(Text(text.single_line, 255), UNSET)
