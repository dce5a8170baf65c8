"""Ownership rules 1-4 of the spec: a key sees its own client's records, and only its sites when limited."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workforce_core.errors import (
    AccountSuspended,
    ApiAccessDisabled,
    KeyExpired,
    KeyRefused,
    KeyRevoked,
    LocationNotAllowed,
    LocationNotFound,
)
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location


def key_refusal(key: ApiKey, client: ClientAccount, now: datetime) -> KeyRefused | None:
    """Why a known key does not work now, in the spec's order (revoked before expired, then the
    account's API access, then its status), or None when it works."""
    if key.revoked(now):
        return KeyRevoked()
    if key.expired(now):
        return KeyExpired()
    if not client.api_access:
        return ApiAccessDisabled()
    if not client.usable:
        return AccountSuspended()
    return None


def owned_site(
    principal: Principal, location: Location | None, *, parameter: str | None = None, field: str | None = None
) -> Location:
    """The site named in a filter or body: 404 when absent or another client's, 403 outside a limited key."""
    where: dict[str, Any] = {}
    if parameter:
        where["parameter"] = parameter
    if field:
        where["field"] = field
    if location is None or location.client_id != principal.client_id:
        raise LocationNotFound(**where)
    if not principal.sees_site(location.id):
        raise LocationNotAllowed(**where)
    return location


def visible_sites(principal: Principal, location_id: int | None) -> tuple[int, ...] | None:
    """Site ids a list is limited to: the filter's one site, else the key's sites (None = all)."""
    if location_id is not None:
        return (location_id,)
    return principal.site_ids
