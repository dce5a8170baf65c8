"""The caller of the API: a recognised key, its account and what it may do."""

from __future__ import annotations

from attrs import frozen

from workforce_core.errors import InsufficientScope
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey


@frozen
class Principal:
    key: ApiKey
    client: ClientAccount
    effective_scopes: tuple[str, ...]

    @property
    def client_id(self) -> int:
        return self.client.id

    @property
    def site_ids(self) -> tuple[int, ...] | None:
        """The key's sites, or None when it covers every site of the account."""
        return self.key.location_ids

    def has(self, scope: str) -> bool:
        return scope in self.effective_scopes

    def require(self, *any_of: str) -> None:
        """Pass when the key has one of the scopes; else 403 naming the first."""
        if not any(self.has(scope) for scope in any_of):
            raise InsufficientScope(any_of[0])

    def sees_site(self, location_id: int | None) -> bool:
        return self.site_ids is None or (location_id is not None and location_id in self.site_ids)
