"""Authenticate a key, in the spec's order: unknown, revoked, expired, API access, account status."""

from __future__ import annotations

from workforce_core.errors import (
    InvalidApiKey,
)
from workforce_core.model.keys import prefix_of, well_formed
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules.access import key_refusal
from workforce_core.rules.scopes import effective_scopes


def authenticate(secret: str, *, uow: UnitOfWorkFactory, clock: Clock) -> Principal:
    now = clock.now()
    if not well_formed(secret):
        raise InvalidApiKey()
    with uow(read_only=True) as tx:  # every request passes here: take no write lock
        key = next((k for k in tx.keys.by_prefix(prefix_of(secret)) if k.matches(secret)), None)
        if key is None:
            raise InvalidApiKey()
        client = tx.clients.get(key.client_id)
    if client is None:
        raise InvalidApiKey()
    refusal = key_refusal(key, client, now)
    if refusal is not None:
        raise refusal
    return Principal(key=key, client=client, effective_scopes=effective_scopes(key.scopes, legacy=key.legacy))
