"""Requirements and offers in SQL: the write-side repositories and the two read models."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Engine, Select, case, func, literal, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.read_pages import equal, page
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.demands import Demand, DemandStatus, Offer, OfferStatus
from workforce_core.ports import DemandFilter, OfferFilter, Page
from workforce_core.rules.demands import FILLING_STATUSES, demand_status
from workforce_core.views import DemandView, OfferView


def _locked(connection: Connection, query: Select[Any]) -> Select[Any]:
    """FOR UPDATE on PostgreSQL; SQLite's writers already hold the database's write lock."""
    return query.with_for_update() if connection.dialect.name == "postgresql" else query


def _filled(demand_id: Any) -> Any:
    sh = tables.shifts
    return (
        select(func.count(sh.c.id))
        .where(sh.c.demand_id == demand_id, sh.c.status.in_(FILLING_STATUSES))
        .scalar_subquery()
    )


class SqlDemandRepository(SqlRepository[Demand]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.demands, Demand)

    def lock(self, id: int) -> Demand | None:
        row = self.connection.execute(_locked(self.connection, select(self.table).where(self.table.c.id == id)))
        found = row.mappings().first()
        return from_row(Demand, found) if found else None

    def filled(self, id: int) -> int:
        return int(self.connection.execute(select(_filled(id))).scalar_one())


class SqlOfferRepository(SqlRepository[Offer]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.offers, Offer)

    def lock(self, id: int) -> Offer | None:
        row = self.connection.execute(_locked(self.connection, select(self.table).where(self.table.c.id == id)))
        found = row.mappings().first()
        return from_row(Offer, found) if found else None

    def waiting(self, demand_id: int, worker_id: int) -> Offer | None:
        c = self.table.c
        found = self._many(c.demand_id == demand_id, c.worker_id == worker_id, c.status == OfferStatus.SENT)
        return found[0] if found else None

    def of_demand(self, demand_id: int) -> list[Offer]:
        return self._many(self.table.c.demand_id == demand_id)

    def unanswered(self, *, demand_id: int | None = None, ended_by: datetime | None = None) -> list[Offer]:
        c, d = self.table.c, tables.demands.c
        where = [c.status == OfferStatus.SENT]
        if demand_id is not None:
            where.append(c.demand_id == demand_id)
        if ended_by is not None:
            where.append(c.demand_id.in_(select(d.id).where(d.end <= ended_by)))
        return self._many(*where)


def list_demands(engine: Engine, query: DemandFilter) -> Page[DemandView]:
    """Two statements (count, page) whatever the data: ``filled`` is a correlated count per requirement.
    A status filter is ``status_column``; each requirement's status is the rule's."""
    d, loc = tables.demands, tables.locations
    filled = _filled(d.c.id)
    status = status_column(filled, query.now)
    stmt = (
        select(d, loc.c.name.label("_location_name"), filled.label("_filled"))
        .select_from(d.outerjoin(loc, loc.c.id == d.c.location_id))
        .where(d.c.client_id == query.client_id)
    )
    stmt = equal(stmt, (d.c.id, query.id))
    if query.location_ids is not None:
        stmt = stmt.where(d.c.location_id.in_(query.location_ids))
    if query.date_from is not None:
        stmt = stmt.where(d.c.shift_date >= query.date_from)
    if query.date_to is not None:
        stmt = stmt.where(d.c.shift_date <= query.date_to)
    if query.status is not None:
        stmt = stmt.where(status == query.status)
    rows, total = page(engine, stmt, query.paging, [d.c.shift_date.desc(), d.c.start, d.c.id])
    views = []
    for row in rows:
        demand, filled_places = from_row(Demand, row), int(row["_filled"])
        views.append(
            DemandView(demand, row["_location_name"], filled_places, demand_status(demand, filled_places, query.now))
        )
    return Page(tuple(views), total)


def status_column(filled: Any, now: datetime) -> Any:
    """``rules.demands.demand_status`` in SQL, to filter by (a property test holds the two to each other):
    cancelled first, then finished (its end has passed), then filled or open."""
    d = tables.demands
    return case(
        (d.c.status == DemandStatus.CANCELLED, literal(DemandStatus.CANCELLED.value)),
        (d.c.end <= now, literal(DemandStatus.FINISHED.value)),
        (filled >= d.c.headcount, literal(DemandStatus.FILLED.value)),
        else_=literal(DemandStatus.OPEN.value),
    )


def list_offers(engine: Engine, query: OfferFilter) -> Page[OfferView]:
    o, w, d = tables.offers, tables.workers, tables.demands
    stmt = (
        select(o, w.c.name.label("_worker_name"))
        .select_from(o.join(w, w.c.id == o.c.worker_id).join(d, d.c.id == o.c.demand_id))
        .where(o.c.client_id == query.client_id)
    )
    stmt = equal(stmt, (o.c.demand_id, query.demand_id), (o.c.worker_id, query.worker_id), (o.c.status, query.status))
    if query.location_ids is not None:
        stmt = stmt.where(d.c.location_id.in_(query.location_ids))
    rows, total = page(engine, stmt, query.paging, [o.c.id.desc()])
    return Page(tuple(OfferView(from_row(Offer, row), row["_worker_name"]) for row in rows), total)
