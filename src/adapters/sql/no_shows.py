"""No-show notices on SQL: published bookings already started, and the once-only ``shift_no_shows`` row.

``record`` inserts with ``ON CONFLICT DO NOTHING`` on the unique ``booking_id``: of two runs of the job
at once, the second's insert waits for the first's transaction on PostgreSQL (SQLite's write lock
serialises whole runs) and then stores nothing, so it sends nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Connection, select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from workforce_adapters.sql import tables
from workforce_adapters.sql.breaks import CHUNK
from workforce_adapters.sql.mapping import from_row, to_row
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.no_shows import NoShowNotice


class SqlNoShowNotices:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def due(self, since: datetime, until: datetime) -> list[Booking]:
        s, sent = tables.shifts.c, tables.shift_no_shows.c
        query = (
            select(tables.shifts)
            .where(
                s.status == BookingStatus.PUBLISHED,
                s.start >= since,
                s.start < until,
                ~select(sent.id).where(sent.booking_id == s.id).exists(),
            )
            .order_by(s.start, s.id)
        )
        return [from_row(Booking, row) for row in self.connection.execute(query).mappings()]

    def clocked(self, booking_ids: Collection[int]) -> set[int]:
        te = tables.time_entries.c
        wanted, found = sorted(set(booking_ids)), set[int]()
        for at in range(0, len(wanted), CHUNK):  # SQLite caps the variables of one statement
            chunk = wanted[at : at + CHUNK]
            query = select(te.scheduled_shift_id).where(te.scheduled_shift_id.in_(chunk), te.entry_type == "shift")
            found.update(int(id) for id in self.connection.execute(query.distinct()).scalars())
        return found

    def record(self, notice: NoShowNotice) -> bool:
        table = tables.shift_no_shows
        insert_ = pg_insert if self.connection.dialect.name == "postgresql" else sqlite_insert
        row = to_row(notice, table)
        statement = insert_(table).values(row).on_conflict_do_nothing(index_elements=["booking_id"])
        return self.connection.execute(statement.returning(table.c.id)).first() is not None
