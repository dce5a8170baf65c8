"""Export batches in SQL: the batch row, the shifts it held and its file's bytes written in the
caller's transaction; stamping ``exported_batch_id`` in one UPDATE; the batch reads."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from sqlalchemy import Connection, Engine, insert, select, update

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.mapping import from_row, to_row
from workforce_adapters.sql.read_pages import equal, page
from workforce_core.model.exports import ExportBatch
from workforce_core.ports import BatchFilter, Page, StoredBatch

B, E, FILES = tables.export_batches, tables.export_batch_entries, tables.export_files
CHUNK = 5000  # entry ids inserted per statement


class SqlExportBatches:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def add(self, batch: ExportBatch, content: bytes) -> ExportBatch:
        c = self.connection
        batch.id = c.execute(insert(B).values(**to_row(batch, B)).returning(B.c.id)).scalar_one()
        ids = sorted(set(batch.entry_ids))
        for at in range(0, len(ids), CHUNK):
            c.execute(insert(E), [{"batch_id": batch.id, "entry_id": entry_id} for entry_id in ids[at : at + CHUNK]])
        c.execute(insert(FILES).values(batch_id=batch.id, content=content))
        return batch

    def stamp(self, batch: ExportBatch) -> int:
        te = tables.time_entries
        held = select(E.c.entry_id).where(E.c.batch_id == batch.id)
        stamped = update(te).where(te.c.id.in_(held)).values(exported_batch_id=batch.id)
        return int(self.connection.execute(stamped.execution_options(preserve_rowcount=True)).rowcount)


def week_batches(connection: Connection, client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
    query = select(B).where(B.c.client_id == client_id, B.c.period_start.in_(sorted(set(week_starts))))
    return [from_row(ExportBatch, row) for row in connection.execute(query.order_by(B.c.id.desc())).mappings()]


def export_batches(engine: Engine, query: BatchFilter) -> Page[ExportBatch]:
    stmt = equal(select(B).where(B.c.client_id == query.client_id), (B.c.kind, query.kind))
    if query.period_from is not None:
        stmt = stmt.where(B.c.period_end >= query.period_from)
    if query.period_to is not None:
        stmt = stmt.where(B.c.period_start <= query.period_to)
    rows, total = page(engine, stmt, query.paging, [B.c.id.desc()])
    return Page(tuple(from_row(ExportBatch, row) for row in rows), total)


def export_batch(engine: Engine, client_id: int, batch_id: int) -> StoredBatch | None:
    with reading.connection(engine) as connection:
        row = connection.execute(select(B).where(B.c.id == batch_id, B.c.client_id == client_id)).mappings().first()
        if row is None:
            return None
        ids = connection.execute(select(E.c.entry_id).where(E.c.batch_id == batch_id).order_by(E.c.entry_id))
        content = connection.execute(select(FILES.c.content).where(FILES.c.batch_id == batch_id)).scalar_one()
        batch = from_row(ExportBatch, row)
        batch.entry_ids = tuple(ids.scalars())
    return StoredBatch(batch, bytes(content))
