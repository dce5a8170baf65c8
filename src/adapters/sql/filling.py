"""The rounds of offers and the offers' one-tap links on the unit of work's connection."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.filling import OfferLink, OfferRound


class SqlOfferRounds(SqlRepository[OfferRound]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.offer_rounds, OfferRound)

    def of_demand(self, demand_id: int) -> list[OfferRound]:
        return sorted(self._many(self.table.c.demand_id == demand_id), key=lambda r: r.number)

    def lapsed(self, now: datetime) -> list[OfferRound]:
        c = self.table.c
        return self._many(c.closed_at.is_(None), c.expires_at <= now)


class SqlOfferLinks(SqlRepository[OfferLink]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.offer_links, OfferLink)

    def by_token_hash(self, token_hash: str) -> OfferLink | None:
        query = select(self.table).where(self.table.c.token_hash == token_hash).with_for_update()
        row = self.connection.execute(query).mappings().first()
        return self._record(row) if row else None
