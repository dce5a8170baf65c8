"""Migration 0036 on SQLite and PostgreSQL with data: the events recorded before it are marked notified
(nobody is told of the past), those after are told; down and up again with messages kept in between."""

from __future__ import annotations

from sqlalchemy import func, inspect, select

from tests.contract.conftest import World
from workforce_adapters.sql import schema, tables
from workforce_core.services import notifier
from workforce_entrypoints.bootstrap import Services


def test_events_before_the_notifier_tell_nobody_and_later_ones_are_told(services: Services, world: World) -> None:
    account = world.account()
    site = world.site(account.id)
    world.worker(account.id, "Ann Before", location_id=site.id)  # worker.created, not yet told
    # before the notifier: its column dropped (a later migration's columns too, which the use case reads)
    try:
        schema.downgrade(services.engine, "0035")
    finally:
        schema.upgrade(services.engine)
    with services.engine.connect() as connection:
        waiting = connection.execute(select(func.count()).where(tables.outbox.c.notified_at.is_(None))).scalar_one()
    assert waiting == 0
    assert notifier.make_messages(uow=services.uow, clock=services.clock) == (0, 0)
    world.worker(account.id, "Bob After", location_id=site.id)
    assert notifier.make_messages(uow=services.uow, clock=services.clock) == (1, 0)  # read; a new worker tells nobody
    schema.downgrade(services.engine, "0035")
    try:
        names = set(inspect(services.engine).get_table_names())
        assert "messages" not in names
        assert "outbox" in names
    finally:
        schema.upgrade(services.engine)
