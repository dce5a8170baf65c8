"""The webhook policy as pure rules: who gets which event, the scopes to subscribe, the retry
schedule, the subscription limit, the signing secret and its masking, and why a delivery is refused."""

from __future__ import annotations

import base64
import secrets
from collections.abc import Collection, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

from workforce_core.errors import Conflict, Forbidden, InsufficientScope
from workforce_core.event_types import CATALOGUE, EVENT_TYPES
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.webhooks import ALL_EVENTS
from workforce_core.rules.visibility import Sight, visible

MAX_SUBSCRIPTIONS = 25
MAX_ATTEMPTS = 5
# the delay before attempt 1, 2, ... 5 (the spec's retry policy)
RETRY_DELAYS: tuple[timedelta, ...] = (
    timedelta(0),
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
)
RESPONSE_BODY_LIMIT = 2048  # characters of a receiver's answer kept in the delivery log
RECENT_DELIVERIES = 10
SECRET_PREFIX = "whsec_"
MASKED_LENGTH = 8
PING = "ping"
# ``*`` reads the data of every group, so it needs each of their read scopes
ALL_EVENTS_SCOPES: tuple[str, ...] = ("timesheets:read", "shifts:read", "workers:read", "payroll:read")


def new_secret() -> str:
    """The Standard Webhooks form: ``whsec_`` and the base64 of 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode("ascii")


def masked(secret: str) -> str:
    """A secret as reads show it: its first 8 characters and ``...``."""
    return secret[:MASKED_LENGTH] + "..."


def receives(subscribed: Collection[str], event: str) -> bool:
    """Whether a subscription to ``subscribed`` gets ``event``: names it, or ``*`` (every event,
    later ones too, but legacy names only to those who named them, and never the test ``ping``)."""
    if event in subscribed:
        return True
    kind = EVENT_TYPES.get(event)
    return ALL_EVENTS in subscribed and kind is not None and not kind.legacy and event != PING


def scopes_to_subscribe(events: Iterable[str]) -> tuple[str, ...]:
    """The read scopes subscribing to ``events`` needs, in the order first needed."""
    needed: list[str] = []
    for name in events:
        wanted = ALL_EVENTS_SCOPES if name == ALL_EVENTS else (EVENT_TYPES[name].read_scope,)
        needed.extend(scope for scope in wanted if scope is not None and scope not in needed)
    return tuple(needed)


def require_scopes_for(events: Iterable[str], effective_scopes: Collection[str]) -> None:
    """403 ``insufficient_scope`` (``field`` ``events``) naming the first read scope the key lacks."""
    for scope in scopes_to_subscribe(events):
        if scope not in effective_scopes:
            raise InsufficientScope(scope, f"Subscribing to these events needs {scope}.", field="events")


def may_read(event: str, effective_scopes: Collection[str]) -> bool:
    """Whether a key with these scopes may read ``event``'s data (``ping`` needs none)."""
    kind = EVENT_TYPES.get(event)
    return kind is not None and (kind.read_scope is None or kind.read_scope in effective_scopes)


def hidden_reason(event: str, effective_scopes: Collection[str]) -> str | None:
    """Why a delivery's payload is left out of the log for this key (None: it is shown)."""
    if may_read(event, effective_scopes):
        return None
    return f"this key lacks {EVENT_TYPES[event].read_scope}, the read scope of {event}"


def require_room(count: int) -> None:
    """409 ``conflict`` once the client has its 25 subscriptions."""
    if count >= MAX_SUBSCRIPTIONS:
        raise Conflict(f"A client account has at most {MAX_SUBSCRIPTIONS} webhook subscriptions.")


def lineage(key: ApiKey, keys: Mapping[int, ApiKey]) -> tuple[int, ...]:
    """The key's id and those of the keys it replaced by rotation, directly or through later ones."""
    ids = [key.id]
    current = key
    while current.replaces_id is not None and current.replaces_id not in ids:
        ids.append(current.replaces_id)
        previous = keys.get(current.replaces_id)
        if previous is None:
            break
        current = previous
    return tuple(ids)


def require_owner(api_key_id: int | None, key_lineage: Collection[int]) -> None:
    """Only the key that made a subscription, or one that replaced it by rotation, may change it."""
    if api_key_id is None or api_key_id not in key_lineage:
        raise Forbidden("Only the API key that made this subscription (or its replacement) may change it.")


def refusal(
    event: str, key: ApiKey | None, effective_scopes: Collection[str], client: ClientAccount, now: datetime
) -> str | None:
    """Why a delivery of ``event`` may not be sent for a subscription made with ``key`` (None: send it).
    A subscription made in the agency console (no key) is refused only when the account's API is off."""
    if not client.api_access:
        return "refused: API access is switched off for the account"
    if not client.usable:
        return "refused: the account is suspended, cancelled or its trial ended"
    if key is None:
        return None
    if key.revoked(now):
        return "refused: the subscription's API key was revoked"
    if key.expired(now):
        return "refused: the subscription's API key has expired"
    if not may_read(event, effective_scopes):
        return f"refused: the subscription's API key lacks {EVENT_TYPES[event].read_scope}"
    return None


def next_attempt_at(attempt: int, now: datetime) -> datetime | None:
    """When attempt ``attempt + 1`` is due after attempt ``attempt`` failed at ``now`` (None: no more)."""
    if attempt >= MAX_ATTEMPTS:
        return None
    return now + RETRY_DELAYS[attempt]


def cut(body: str) -> str:
    """A receiver's answer as the delivery log keeps it."""
    return body[:RESPONSE_BODY_LIMIT]


def event_names() -> tuple[str, ...]:
    return tuple(kind.event for kind in CATALOGUE)


def visible_data(data: Mapping[str, Any], effective_scopes: Collection[str]) -> dict[str, Any]:
    """An event's data less what the key may not read: the same rule the HTTP replies use, applied to
    the record and to each of its ``entries``."""
    sight = Sight.of(effective_scopes)
    shown = visible(dict(data), sight)
    if isinstance(shown.get("entries"), list):
        shown["entries"] = [visible(item, sight) if isinstance(item, dict) else item for item in shown["entries"]]
    return shown
