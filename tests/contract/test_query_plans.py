"""The hot queries use the indexes that match their filters (SQLite's plan, which without statistics
depends only on the query and the schema, so it can be pinned)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Select, select, text

from tests.databases import SqliteTemplate
from workforce_adapters.sql import tables
from workforce_adapters.sql.engine import make_engine

WEEK = (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 9, tzinfo=UTC))


def plan(template: SqliteTemplate, query: Select[tuple[object, ...]]) -> str:
    engine = make_engine(template.fresh_url())
    try:
        with engine.connect() as connection:
            sql = str(query.compile(engine, compile_kwargs={"literal_binds": True}))
            return " | ".join(row[3] for row in connection.execute(text(f"EXPLAIN QUERY PLAN {sql}")))
    finally:
        engine.dispose()


def test_the_pricing_read_finds_a_page_of_workers_shifts_by_worker_not_by_the_whole_client(
    sqlite_template: SqliteTemplate,
) -> None:
    te = tables.time_entries
    query = select(te).where(
        te.c.client_id == 1,
        te.c.worker_id.in_([3, 5, 8]),
        te.c.entry_type == "shift",
        te.c.clock_in >= WEEK[0],
        te.c.clock_in < WEEK[1],
    )
    assert "USING INDEX ix_time_entries_worker_client_clock_in" in plan(sqlite_template, query)


@pytest.mark.parametrize(
    ("name", "query_of"),
    [
        ("a worker's open shift", lambda te: select(te).where(te.c.worker_id == 3, te.c.clock_out.is_(None))),
        ("a client's shifts of a week", lambda te: select(te).where(te.c.client_id == 1, te.c.clock_in >= WEEK[0])),
        ("a shift's breaks", lambda te: select(te).where(te.c.parent_id == 7)),
    ],
)
def test_time_entry_lookups_never_scan_the_table(sqlite_template: SqliteTemplate, name: str, query_of: object) -> None:
    found = plan(sqlite_template, query_of(tables.time_entries))  # type: ignore[operator]
    assert "SCAN time_entries" not in found, f"{name}: {found}"
