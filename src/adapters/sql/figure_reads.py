"""The completed shifts without stored figures (kept by the database's triggers, migration 0030)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, Engine, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.mapping import from_row
from workforce_core.model.time_entries import TimeEntry


def unpriced_shifts(
    source: Engine | Connection,
    client_id: int,
    start: datetime,
    end: datetime,
    location_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    """The completed shifts of the period with no figures: those the database keeps in
    ``shifts_without_figures`` (migration 0030's triggers), one range of its index joined to their rows.
    Empty (usually) it costs the same whatever the period holds."""
    if not isinstance(source, Connection):
        with reading.connection(source) as connection:
            return unpriced_shifts(connection, client_id, start, end, location_ids)
    te, marks = tables.time_entries, tables.shifts_without_figures
    where = [marks.c.client_id == client_id, marks.c.clock_in >= start, marks.c.clock_in < end]
    if location_ids is not None:
        where.append(marks.c.location_id.in_(location_ids))
    rows = source.execute(select(te).join(marks, marks.c.entry_id == te.c.id).where(*where).order_by(te.c.id))
    entries = [from_row(TimeEntry, row) for row in rows.mappings()]
    return sorted(entries, key=lambda entry: (entry.worker_id, entry.clock_in))
