"""Break entries of a set of shifts, read in chunks (SQLite caps the variables of one statement)."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Connection, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_core.model.time_entries import TimeEntry

CHUNK = 500


def breaks_by_shift(connection: Connection, shift_ids: Sequence[int]) -> dict[int, list[TimeEntry]]:
    te = tables.time_entries
    found: dict[int, list[TimeEntry]] = {}
    for at in range(0, len(shift_ids), CHUNK):
        rows = connection.execute(
            select(te)
            .where(te.c.parent_id.in_(shift_ids[at : at + CHUNK]), te.c.entry_type == "break")
            .order_by(te.c.clock_in, te.c.id)
        ).mappings()
        for row in rows:
            found.setdefault(row["parent_id"], []).append(from_row(TimeEntry, row))
    return found
