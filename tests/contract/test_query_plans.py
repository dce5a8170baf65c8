"""The hot queries use the indexes that match their filters (SQLite's plan, which without statistics
depends only on the query and the schema, so it can be pinned; PostgreSQL's, with scans priced out)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

import pytest
from sqlalchemy import Select, event, select, text
from sqlalchemy.engine import make_url

from tests.databases import SqliteTemplate
from workforce_adapters.sql import figure_reads, repositories, tables
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.queries import SqlQueries
from workforce_core.ports import EntryFilter, Paging, PayrollFilter, ShiftFilter, WorkerFilter

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


@pytest.mark.parametrize("read", ["clock-out", "clock-in"])
def test_the_clocks_reads_go_by_the_worker_not_through_every_open_shift(
    sqlite_template: SqliteTemplate, read: str
) -> None:
    """Each a range of one worker's rows (and a shift's breaks by the parent index): an index over all
    open shifts would read every worker clocked in, at every clock."""
    query = repositories.CLOCK_OUT_READS if read == "clock-out" else repositories.CLOCK_IN_BLOCKERS
    found = plan(sqlite_template, query.params(worker_id=3, since=WEEK[0], at=WEEK[1]))  # type: ignore[attr-defined]
    searches = [step for step in found.split(" | ") if step.startswith("SEARCH time_entries")]
    assert searches, found
    for step in searches:
        assert "(worker_id=?" in step or "ix_time_entries_parent (parent_id=?)" in step, found


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


# ---- the list pages: the count and the page's ids over an index, then the page's rows by id -------

HOT_READS: dict[str, tuple[Callable[[SqlQueries], object], str, str]] = {
    "workers": (lambda q: q.workers(WorkerFilter(client_id=1, paging=DEEP)), "workers", "ix_workers_client_name"),
    "timesheets": (
        lambda q: q.entries(EntryFilter(client_id=1, paging=DEEP)),
        "time_entries",
        "ix_time_entries_client_listing",
    ),
    "timesheets of a week": (  # a filter the kept counts do not answer: the rows are counted
        lambda q: q.entries(EntryFilter(client_id=1, paging=DEEP, clock_in_from=WEEK[0], clock_in_before=WEEK[1])),
        "time_entries",
        "ix_time_entries_client_listing",
    ),
    "shifts": (lambda q: q.shifts(ShiftFilter(client_id=1, paging=DEEP)), "shifts", "ix_shifts_client_date"),
}
KEPT_COUNT = "ix_completed_entry_counts_client"
DEEP = Paging(limit=50, offset=5000)


def plans_of(url: str, read: Callable[[SqlQueries], object]) -> list[tuple[str, str]]:
    """Each statement the read runs, with its plan: SQLite's ``EXPLAIN QUERY PLAN``, or PostgreSQL's
    ``EXPLAIN`` with sequential scans priced out (its tables here are empty, where a scan is cheapest:
    the plan shows the index path it has for when they are not)."""
    engine = make_engine(url)
    ran: list[tuple[str, Any]] = []
    event.listen(engine, "before_cursor_execute", lambda c, cursor, sql, params, *a: ran.append((sql, params)))
    try:
        read(SqlQueries(engine))
        postgres = engine.dialect.name == "postgresql"
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            if postgres:
                cursor.execute("SET enable_seqscan = off")
            found = []
            for sql, params in (statement for statement in ran if statement[0].startswith("SELECT")):
                cursor.execute(f"EXPLAIN {'' if postgres else 'QUERY PLAN '}{sql}", params)
                found.append((sql, " | ".join(str(row[0] if postgres else row[3]) for row in cursor.fetchall())))
            return found
        finally:
            raw.close()
    finally:
        engine.dispose()


@pytest.mark.parametrize("name", HOT_READS)
def test_a_list_counts_and_skips_over_an_index_and_reads_only_its_page_rows(database_url: str, name: str) -> None:
    read, table, index = HOT_READS[name]
    (count_sql, count_plan), (page_sql, page_plan) = plans_of(database_url, read)
    kept = name == "timesheets"  # the total of a client's completed shifts: a sum of the counts kept per worker
    assert count_sql.startswith("SELECT coalesce(sum(" if kept else "SELECT count(*)"), count_sql
    assert "JOIN" not in count_sql, "the count joins no table only shown on the page"
    assert " IN (SELECT " in page_sql, "the page's rows are found by the ids of its page"
    if make_url(database_url).get_backend_name() == "sqlite":
        assert f"USING COVERING INDEX {KEPT_COUNT}" in count_plan if kept else "USING COVERING INDEX" in count_plan
        assert f"USING COVERING INDEX {index}" in page_plan, f"the page's ids come from the index: {page_plan}"
        first = page_plan.split(" | ")[0]
        assert first == f"SEARCH {table} USING INTEGER PRIMARY KEY (rowid=?)", f"rows read by id: {page_plan}"
        assert "SCAN" not in count_plan + page_plan
    else:  # empty tables have no statistics to choose between indexes by: only "some index" is pinned
        assert "Index" in count_plan, count_plan
        assert "Index" in page_plan, page_plan
        assert "Seq Scan" not in count_plan + page_plan


# ---- the payroll page: its keys by name from the kept line counts, else workers probed one by one ------


def test_a_payroll_page_walks_its_kept_lines_by_name_and_the_stale_check_reads_its_marks(database_url: str) -> None:
    query = PayrollFilter(client_id=1, weeks=(date(2026, 3, 2),), paging=DEEP)
    (_, page_plan), (count_sql, count_plan) = plans_of(database_url, lambda q: q.payroll_rows(query))
    assert count_sql.startswith("SELECT count(*)")
    at_sites = PayrollFilter(client_id=1, weeks=(date(2026, 3, 2),), paging=DEEP, location_ids=(1,))
    (_, probed_plan), (_, probed_count_plan) = plans_of(database_url, lambda q: q.payroll_rows(at_sites))
    ((_, stale_plan),) = plans_of(database_url, lambda q: q.unpriced_shifts(1, *WEEK))
    ((_, sites_plan),) = plans_of(database_url, lambda q: figure_reads.unpriced_shifts(q.engine, 1, *WEEK, (1,)))
    if make_url(database_url).get_backend_name() == "sqlite":
        for found in (page_plan, count_plan):  # the skipped rows are entries of the kept counts' index
            assert "USING COVERING INDEX ix_payroll_line_counts_by_name (client_id=? AND line_week=?)" in found, found
            # a line paying nothing is probed for an approved shift by its week and worker
            probe = "USING COVERING INDEX ix_shift_figures_client_line_week (client_id=? AND <expr>=? AND worker_id=?"
            assert probe in found, found
        assert "SEARCH workers USING INTEGER PRIMARY KEY (rowid=?)" in page_plan, f"the page's rows by id: {page_plan}"
        # with sites asked: the client's workers walked by name, one probe of the line-week index each
        assert "INDEX ix_workers_client_name (client_id=?)" in probed_plan, f"walked by name: {probed_plan}"
        assert "SEARCH workers USING COVERING INDEX" in probed_count_plan, probed_count_plan
        for found in (probed_plan, probed_count_plan):
            assert "USING COVERING INDEX ix_shift_figures_client_line_week" in found, found
            assert "TEMP B-TREE" not in found, f"one week's page is not sorted: {found}"
        for found in (stale_plan, sites_plan):
            assert "INDEX ix_shifts_without_figures_client_clock_in (client_id=? AND clock_in>?" in found, found
        everything = page_plan + count_plan + probed_plan + probed_count_plan + stale_plan + sites_plan
        for table in ("workers", "shift_figures", "time_entries", "payroll_line_counts", "shifts_without_figures"):
            assert f"SCAN {table}" not in everything, table
    else:
        for found in (page_plan, count_plan, probed_plan, probed_count_plan, stale_plan, sites_plan):
            assert "Index" in found, found
            assert "Seq Scan" not in found, found
