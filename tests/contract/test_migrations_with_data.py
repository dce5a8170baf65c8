"""The migrations that change tables holding pay figures run over a database that has some, both ways,
on SQLite and PostgreSQL (a SQLite table rebuild, refused by the foreign keys of the figures' lines,
would pass on the empty databases the other tests start from)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import func, insert, select

from tests.contract.conftest import World
from tests.contract.helpers import approved_shift
from workforce_adapters.sql import schema, tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.services.figure_refresh import refresh_figures
from workforce_entrypoints.bootstrap import Services

START = datetime(2026, 3, 2, 8, tzinfo=UTC)


def test_figures_keep_their_shifts_clock_in_through_a_downgrade_and_upgrade(services: Services, world: World) -> None:
    account = world.account()
    site = world.site(account.id)
    worker = world.worker(account.id, location_id=site.id, hourly_rate=12.5).worker
    te = tables.time_entries
    with services.engine.begin() as connection:
        for day in range(3):
            entry = approved_shift(worker.id, account.id, site.id, START + timedelta(days=day))
            connection.execute(insert(te).values(to_row(entry, te)))
    assert refresh_figures(uow=services.uow) == 3  # the background pass prices and stores them
    figures, lines = tables.shift_figures, tables.shift_figure_lines
    with services.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(lines)).scalar_one() >= 3
    try:
        schema.downgrade(services.engine, "0019")
    finally:
        schema.upgrade(services.engine)  # the shared PostgreSQL schema goes back to head whatever happened
    paired = select(figures.c.clock_in, te.c.clock_in).join(te, te.c.id == figures.c.entry_id)
    with services.engine.connect() as connection:
        rows = connection.execute(paired).all()
    assert len(rows) == 3
    assert all(kept == shift for kept, shift in rows)
