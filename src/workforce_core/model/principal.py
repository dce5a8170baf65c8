"""The caller: a recognised API key, or a signed-in person, with its account and what it may do."""

from __future__ import annotations

from attrs import frozen

from workforce_core.errors import InsufficientScope
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.people import Actor


@frozen
class Principal:
    """``key`` for an API caller; ``actor`` for a person in the console or the portal (their role's
    scopes are ``effective_scopes``; their sites, if limited, ``actor.location_ids``)."""

    key: ApiKey | None
    client: ClientAccount
    effective_scopes: tuple[str, ...]
    actor: Actor | None = None

    @property
    def client_id(self) -> int:
        return self.client.id

    @property
    def api_key(self) -> ApiKey:
        """The key of an API caller (the steps only the API has: its rate limit, origins, idempotency)."""
        if self.key is None:
            raise InsufficientScope("api_key", "This needs an API key.")
        return self.key

    @property
    def site_ids(self) -> tuple[int, ...] | None:
        """The key's (or the person's) sites, or None when it covers every site of the account."""
        if self.key is not None:
            return self.key.location_ids
        return self.actor.location_ids if self.actor is not None else None

    def has(self, scope: str) -> bool:
        return scope in self.effective_scopes

    def require(self, *any_of: str) -> None:
        """Pass when the key has one of the scopes; else 403 naming the first."""
        if not any(self.has(scope) for scope in any_of):
            raise InsufficientScope(any_of[0])

    def sees_site(self, location_id: int | None) -> bool:
        return self.site_ids is None or (location_id is not None and location_id in self.site_ids)
