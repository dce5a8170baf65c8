"""Readers racing for the same stale worker-weeks (issue 10): each week is priced and stored once, by one
reader; the others wait for the workers' locks, find the figures and use them. On SQLite (writers
serialised) and PostgreSQL (row locks under READ COMMITTED)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import attrs

from workforce_adapters.json import event_codec
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.steps.pay_figures import Figures, shift_figures

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)  # a Monday
READERS = 6


def test_readers_racing_for_stale_weeks_price_each_week_once_and_agree(database_url: str) -> None:
    engine = make_engine(database_url)
    uow = SqlUnitOfWorkFactory(engine, event_codec=event_codec)
    with uow() as tx:
        client = tx.clients.add(
            ClientAccount(name="Acme", created_at=T0, settings=ClientSettings(walk_in_policy="pay"))
        )
        shifts = []
        for n in range(8):
            worker = tx.workers.add(
                Worker(
                    client_id=client.id, name=f"W{n}", employee_id=f"E-{n}", created_at=T0, hourly_rate=Decimal("12")
                )
            )
            for day in range(5):
                start = T0 + timedelta(days=day)
                entry = TimeEntry(
                    worker_id=worker.id,
                    client_id=client.id,
                    clock_in=start,
                    clock_out=start + timedelta(hours=9),
                    created_at=T0,
                )
                shifts.append(tx.entries.add(attrs.evolve(entry, approval_status="approved")))
        tx.commit()
    results: list[Figures] = []
    failures: list[BaseException] = []
    start = threading.Barrier(READERS)

    def read() -> None:
        try:
            start.wait()
            results.append(shift_figures(shifts, client, uow=uow))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=read) for _ in range(READERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    engine.dispose()
    assert failures == []
    assert len(results) == READERS
    assert sum(len(result.repriced) for result in results) == 8  # eight worker-weeks, each priced once
    first = results[0].by_entry
    assert len(first) == 40
    assert all(result.by_entry == first for result in results)
    assert {f.paid_minutes for f in first.values()} == {540}  # nine hours at the worker's own rate, no rule: no lunch
