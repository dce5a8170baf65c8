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
    with uow(read_only=True) as tx:  # every request passes here: take no write lock, read once
        holders = tx.keys.holders(prefix_of(secret))
    key, client = next(((k, c) for k, c in holders if k.matches(secret)), (None, None))
    if key is None or client is None:
        raise InvalidApiKey()
    refusal = key_refusal(key, client, now)
    if refusal is not None:
        refusal.holder = (client.id, key.id)  # the request is still the key's (the API log keeps it)
        raise refusal
    return Principal(key=key, client=client, effective_scopes=effective_scopes(key.scopes, legacy=key.legacy))
