"""Availability rules, absences and do-not-return sites on the unit of work's connection."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Connection, delete, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.availability import DoNotReturn, WorkerAvailability


class SqlAvailabilityRepository(SqlRepository[WorkerAvailability]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.availability_rules, WorkerAvailability)

    def in_force(self, worker_id: int) -> list[WorkerAvailability]:
        c = self.table.c
        return self._many(c.worker_id == worker_id, c.retired_at.is_(None))


class SqlAbsenceRepository(SqlRepository[Absence]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.absences, Absence)

    def approved_between(self, worker_id: int, first: date, last: date) -> list[Absence]:
        c = self.table.c
        query = select(self.table).where(
            c.worker_id == worker_id,
            c.status == AbsenceStatus.APPROVED,
            c.start_date <= last,
            c.end_date >= first,
        )
        rows = self.connection.execute(query.order_by(c.start_date, c.id)).mappings()
        return [from_row(Absence, row) for row in rows]


class SqlDoNotReturnRepository(SqlRepository[DoNotReturn]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.do_not_return, DoNotReturn)

    def sites_of(self, worker_id: int) -> frozenset[int]:
        c = self.table.c
        return frozenset(self.connection.execute(select(c.location_id).where(c.worker_id == worker_id)).scalars())

    def find(self, worker_id: int, location_id: int) -> DoNotReturn | None:
        c = self.table.c
        found = self._many(c.worker_id == worker_id, c.location_id == location_id)
        return found[0] if found else None

    def remove(self, id: int) -> None:
        self.connection.execute(delete(self.table).where(self.table.c.id == id))
