"""The rounds of offers and the offers' one-tap links in memory, answering as the SQL ones do."""

from __future__ import annotations

from datetime import datetime

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.filling import OfferLink, OfferRound


class MemoryOfferRounds(MemoryRepository[OfferRound]):
    def of_demand(self, demand_id: int) -> list[OfferRound]:
        return sorted(self._table.where(lambda r: r.demand_id == demand_id), key=lambda r: r.number)

    def lapsed(self, now: datetime) -> list[OfferRound]:
        return self._table.where(lambda r: r.closed_at is None and r.expires_at <= now)


class MemoryOfferLinks(MemoryRepository[OfferLink]):
    def by_token_hash(self, token_hash: str) -> OfferLink | None:
        found = self._table.where(lambda link: link.token_hash == token_hash)
        return found[0] if found else None
