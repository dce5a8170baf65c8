"""What the database keeps for the payroll read (migration 0030's triggers) equals what it stands for,
after any writes of entries, figures and workers, on SQLite and PostgreSQL:

- ``shifts_without_figures``: exactly the completed shifts with no figures, with their client, site and
  clock-in;
- ``payroll_line_counts``: per client, line week and worker, the figures the pay gate's rules count as
  paid and as left unpaid once approved, of workers' own clients only, by the worker's name.

The expected values are worked out here from the rows and the core's rules (``rules.pay_gate``), so a
trigger left out or a rule's set changed without the triggers fails.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, insert, select, update

from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.commands.reference import CreateLocation
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.pay_gate import REASON_STATUS, UNPAID_WHEN_APPROVED, GateResult, counts_as_paid
from workforce_core.services import accounts, reference, workers
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap

START = datetime(2026, 3, 2, 8, tzinfo=UTC)
WEEKS = (date(2026, 3, 2), date(2026, 3, 9), date(2026, 3, 16))
te, figures, workers_table = tables.time_entries, tables.shift_figures, tables.workers
marks, counts = tables.shifts_without_figures, tables.payroll_line_counts
GATES = (
    (PayrollStatus.PAYABLE, None),
    *((REASON_STATUS[reason], reason) for reason in GateReason),
)


class World:
    def __init__(self, services: Services) -> None:
        self.services = services
        uow, clock = services.uow, services.clock
        self.client_ids: list[int] = []
        self.site_ids: list[int] = []
        self.worker_ids: list[int] = []
        for name in ("Kept Ltd", "Other Ltd"):
            account = accounts.create_client(accounts.CreateClient(name=name), uow=uow, clock=clock)
            self.client_ids.append(account.id)
            site = reference.create_location(
                structure(CreateLocation, {"name": "Depot"}), client_id=account.id, uow=uow, clock=clock
            )
            self.site_ids.append(site.id)
        for n in range(3):
            made = structure(CreateWorker, {"name": f"Worker {n}", "location_id": self.site_ids[0]})
            worker = workers.create_worker(made, client_id=self.client_ids[0], uow=uow, clock=clock)
            self.worker_ids.append(worker.worker.id)

    def kept(self) -> tuple[set[tuple[object, ...]], set[tuple[object, ...]]]:
        with self.services.engine.connect() as connection:
            marked = {tuple(row) for row in connection.execute(select(marks))}
            counted = {tuple(row) for row in connection.execute(select(counts))}
        return marked, counted

    def expected(self) -> tuple[set[tuple[object, ...]], set[tuple[object, ...]]]:
        with self.services.engine.connect() as connection:
            entries = connection.execute(
                select(te.c.id, te.c.client_id, te.c.location_id, te.c.clock_in, te.c.entry_type, te.c.clock_out)
            ).all()
            stored = connection.execute(select(figures)).mappings().all()
            people = {
                row.id: row
                for row in connection.execute(
                    select(workers_table.c.id, workers_table.c.client_id, workers_table.c.name)
                )
            }
        priced = {row["entry_id"] for row in stored}
        marked = {
            (entry_id, client_id, location_id, clock_in)
            for entry_id, client_id, location_id, clock_in, entry_type, clock_out in entries
            if entry_type == "shift" and clock_out is not None and entry_id not in priced
        }
        lines: dict[tuple[int, date, int], list[int]] = {}
        for row in stored:
            gate = GateResult(
                PayrollStatus(row["payroll_status"]),
                GateReason(row["payroll_reason"]) if row["payroll_reason"] else None,
            )
            paid = counts_as_paid(gate, row["adjust_week"])
            unpaid = gate.status == PayrollStatus.EXCLUDED and gate.reason in UNPAID_WHEN_APPROVED
            worker = people[row["worker_id"]]
            if (paid or unpaid) and worker.client_id == row["client_id"]:
                key = (row["client_id"], row["adjust_week"] or row["pay_week_start"], row["worker_id"])
                found = lines.setdefault(key, [0, 0])
                found[0] += int(paid)
                found[1] += int(unpaid)
        counted = {
            (client_id, week, worker_id, people[worker_id].name, paid, unpaid)
            for (client_id, week, worker_id), (paid, unpaid) in lines.items()
        }
        return marked, counted


@pytest.fixture
def world(database_url: str) -> Iterator[World]:
    services = bootstrap(Settings(database_url=database_url))
    try:
        yield World(services)
    finally:
        services.close()


index = st.integers(0, 50)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("insert"), st.integers(0, 2), st.sampled_from(["shift", "break"]), st.booleans()),
        st.tuples(st.just("clock_out"), index),
        st.tuples(st.just("reopen"), index),
        st.tuples(st.just("retype"), index),
        st.tuples(st.just("move"), index, st.integers(1, 200)),
        st.tuples(st.just("approve"), index),
        st.tuples(st.just("delete"), index),
        st.tuples(st.just("price"), index, st.sampled_from(GATES), st.integers(0, 2), st.sampled_from((None, *WEEKS))),
        st.tuples(st.just("regate"), index, st.sampled_from(GATES), st.sampled_from((None, *WEEKS))),
        st.tuples(st.just("drop"), index),
        st.tuples(st.just("rename"), st.integers(0, 2), st.sampled_from(["Ann", "Bea", "Worker 0"])),
        st.tuples(st.just("transfer"), st.integers(0, 2), st.integers(0, 1)),
    ),
    max_size=25,
)


def _apply(world: World, step: tuple[object, ...]) -> None:
    kind = step[0]
    with world.services.engine.begin() as connection:
        if kind == "rename":
            worker_id = world.worker_ids[int(step[1])]  # type: ignore[call-overload]
            connection.execute(update(workers_table).where(workers_table.c.id == worker_id).values(name=step[2]))
            return
        if kind == "transfer":
            worker_id = world.worker_ids[int(step[1])]  # type: ignore[call-overload]
            client_id = world.client_ids[int(step[2])]  # type: ignore[call-overload]
            connection.execute(update(workers_table).where(workers_table.c.id == worker_id).values(client_id=client_id))
            return
        ids = sorted(connection.execute(select(te.c.id)).scalars())
        if kind == "insert":
            _, worker, entry_type, closed = step
            begin = START + timedelta(hours=len(ids))
            entry = TimeEntry(
                worker_id=world.worker_ids[int(worker)],  # type: ignore[call-overload]
                client_id=world.client_ids[0],
                location_id=world.site_ids[0],
                entry_type=str(entry_type),
                clock_in=begin,
                clock_out=begin + timedelta(hours=1) if closed else None,
                created_at=begin,
            )
            connection.execute(insert(te).values(to_row(entry, te)))
            return
        if not ids:
            return
        entry_id = ids[int(step[1]) % len(ids)]  # type: ignore[call-overload]
        row = te.c.id == entry_id
        priced = connection.execute(select(figures.c.entry_id).where(figures.c.entry_id == entry_id)).first()
        if kind == "clock_out":
            connection.execute(update(te).where(row, te.c.clock_out.is_(None)).values(clock_out=te.c.clock_in))
        elif kind == "reopen":
            connection.execute(update(te).where(row).values(clock_out=None))
        elif kind == "retype":
            connection.execute(update(te).where(row).values(entry_type="break"))
        elif kind == "move":
            minutes = int(step[2])  # type: ignore[call-overload]
            connection.execute(
                update(te).where(row).values(clock_in=START + timedelta(minutes=minutes), location_id=None)
            )
        elif kind == "approve":  # no change of what is kept
            connection.execute(update(te).where(row).values(approval_status="approved"))
        elif kind == "delete" and priced is None:
            connection.execute(delete(te).where(row))
        elif kind == "price" and priced is None:
            _, _, (status, reason), week, adjust_week = step
            entry = connection.execute(select(te.c.client_id, te.c.worker_id, te.c.clock_in).where(row)).one()
            connection.execute(
                insert(figures).values(
                    entry_id=entry_id,
                    client_id=entry.client_id,
                    worker_id=entry.worker_id,
                    location_id=world.site_ids[0],
                    pay_week_start=WEEKS[int(week)],  # type: ignore[call-overload]
                    clock_in=entry.clock_in,
                    paid_minutes=60,
                    unpaid_break_minutes=0,
                    payroll_status=status,
                    payroll_reason=reason,
                    flags="",
                    parity=False,
                    priced=True,
                    adjust_week=adjust_week,
                )
            )
        elif kind == "regate" and priced is not None:
            _, _, (status, reason), adjust_week = step
            where = figures.c.entry_id == entry_id
            connection.execute(
                update(figures)
                .where(where)
                .values(payroll_status=status, payroll_reason=reason, adjust_week=adjust_week)
            )
        elif kind == "drop":
            connection.execute(delete(figures).where(figures.c.entry_id == entry_id))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_the_kept_marks_and_line_counts_equal_what_the_rows_and_rules_give_after_any_writes(
    world: World, steps: list[tuple[object, ...]]
) -> None:
    for step in steps:
        _apply(world, step)
        assert world.kept() == world.expected(), step
