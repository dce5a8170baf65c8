"""Stored pay figures stay current (issue 10): after any sequence of writes, every stored figure equals a
fresh pricing of the same data, on the memory adapter and on SQLite.

The machine records shifts (backfills, clocks), breaks, edits and every approval move, and changes the
rate rule, the worker's own rate and role, and the client's settings. After each step, the figures still
stored (a write drops what it can change) must equal what the engine gives now; a read step fetches the
figures of every shift, which reprices the stale worker-weeks, and must give the engine's figures too; a
read that stores nothing (a stale worker-week priced in memory) gives them without storing; on SQLite,
sums read in SQL while stale worker-weeks are priced in memory equal the sums once they are stored; and
the background pass stores every stale worker-week.
Ann has twelve approved weeks behind her, so approving, querying or rejecting one of them moves AWR
parity for the weeks after it.
"""

from __future__ import annotations

import contextlib
from datetime import time, timedelta
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests.databases import SqliteTemplate
from tests.sqlite_mirror import mirrored_queries
from tests.time_world import TimeWorld, at
from workforce_adapters.json import event_codec
from workforce_adapters.json.commands import structure
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.time_records import EditEntry, QueryEntry, RejectEntries
from workforce_core.commands.workers import UpdateWorker
from workforce_core.errors import WorkforceError
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.ports import Paging, PayrollFilter, UnitOfWorkFactory
from workforce_core.rules.london import from_local, local_text
from workforce_core.rules.pay_weeks import week_of
from workforce_core.services import approvals, corrections
from workforce_core.services.accounts import UpdateClient, update_client
from workforce_core.services.figure_refresh import refresh_figures
from workforce_core.services.rate_rules import create_rate_rule, update_rate_rule
from workforce_core.services.workers import update_worker
from workforce_core.steps.pay_figures import figures_current, figures_now, shift_figures
from workforce_core.steps.pricing import price_shifts
from workforce_core.views import ShiftFigures

D = Decimal
NOW = at("2026-12-01 12:00")
RULE: dict[str, Any] = {
    "name": "AWR",
    "pay": {"pre_parity_pay_rate": D("11.00"), "post_parity_pay_rate": D("13.50")},
    "charge": {"charge_rate": D("18.00")},
    "overtime_threshold": 16,
    "overtime_multiplier": D("1.5"),
    "weekend_multiplier": D("1.25"),
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": D("1.00"), "charge_premium": D("1.50")}],
    "auto_lunch_minutes": 30,
    "auto_lunch_after_hours": 6,
}
HISTORY = [f"2026-{month:02d}-{day:02d}" for month, day in ((8, 17), (8, 24), (8, 31), (9, 7), (9, 14), (9, 21))] + [
    f"2026-{month:02d}-{day:02d}" for month, day in ((9, 28), (10, 5), (10, 12), (10, 19), (10, 26), (11, 2))
]
DAYS = ("2026-11-02", "2026-11-13", "2026-11-16", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-25", "2026-11-28")
MOVES = ("approve", "revert", "query", "resolve_query", "dispute", "client_reject", "client_approve")


class StoredFigures(RuleBasedStateMachine):
    """One world per run; ``uow_of`` turns its seeded memory world into the adapter under test."""

    uow_of: Any = staticmethod(lambda world: world.uow)

    def __init__(self) -> None:
        super().__init__()
        world = TimeWorld(now=NOW, settings=ClientSettings(walk_in_policy="pay"))
        self.world = world
        self.rule_id = create_rate_rule(
            structure(RateRuleDefinition, RULE), client_id=world.client.id, uow=world.uow, clock=world.clock
        ).id
        self.ids: list[int] = []
        for day in HISTORY:
            self.ids.append(world.backfill(f"{day} 08:00", f"{day} 16:00").entry.id)
        approvals.approve(self.ids, uow=world.uow, clock=world.clock)
        self.uow: UnitOfWorkFactory = type(self).uow_of(world)
        world.uow = self.uow  # type: ignore[assignment]
        engine = getattr(self.uow, "engine", None)  # the SQL sums are read where there is a database
        self.queries = SqlQueries(engine) if engine is not None else None

    # ---- writes -----------------------------------------------------------------------------------------------

    @rule(day=st.sampled_from(DAYS), start=st.integers(0, 22), hours=st.integers(1, 12), bob=st.booleans())
    def backfill(self, day: str, start: int, hours: int, bob: bool) -> None:
        begin = at(f"{day} {start:02d}:00")
        with contextlib.suppress(WorkforceError):  # an overlap is refused and changes nothing
            view = self.world.backfill(
                f"{day} {start:02d}:00",
                (begin + timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M"),
                worker=self.world.bob if bob else self.world.ann,
            )
            self.ids.append(view.entry.id)

    @rule(hours=st.integers(1, 10))
    def clock_in_and_out(self, hours: int) -> None:
        start = self.world.clock.now() + timedelta(hours=1)
        with contextlib.suppress(WorkforceError):
            self.ids.append(
                self.world.clocked_shift(
                    start.strftime("%Y-%m-%d %H:%M"), (start + timedelta(hours=hours)).strftime("%Y-%m-%d %H:%M")
                )
            )

    @rule(data=st.data(), move=st.sampled_from(MOVES))
    def approval_move(self, data: st.DataObject, move: str) -> None:
        entry_id = data.draw(st.sampled_from(self.ids))
        w = self.world
        with contextlib.suppress(WorkforceError):
            if move == "query":
                approvals.query(
                    QueryEntry(entry_id=entry_id, via="client", question="Was Ann on site?"), uow=w.uow, clock=w.clock
                )
            elif move == "client_reject":
                approvals.client_reject(RejectEntries(entry_ids=(entry_id,), reason="no"), uow=w.uow, clock=w.clock)
            elif move in ("dispute", "resolve_query"):
                getattr(approvals, move)(entry_id, uow=w.uow, clock=w.clock)
            else:
                getattr(approvals, move)([entry_id], uow=w.uow, clock=w.clock)

    @rule(
        data=st.data(),
        break_minutes=st.none() | st.integers(0, 90),
        adjustment=st.none() | st.integers(-60, 60),
        shift_by=st.sampled_from([0, 0, -3, 2, 24 * 7]),
    )
    def edit(self, data: st.DataObject, break_minutes: int | None, adjustment: int | None, shift_by: int) -> None:
        entry_id = data.draw(st.sampled_from(self.ids))
        with self.uow(read_only=True) as tx:
            entry = tx.entries.get(entry_id)
        assert entry is not None
        if entry.clock_out is None:
            return
        moved = timedelta(hours=shift_by)
        with contextlib.suppress(WorkforceError):  # nothing to change, or an overlap: refused
            change = EditEntry(
                entry_id=entry_id,
                clock_in=entry.clock_in + moved if shift_by else None,
                clock_out=entry.clock_out + moved if shift_by else None,
                break_minutes=break_minutes,
                pay_adjustment_minutes=adjustment,
            )
            corrections.edit(change, uow=self.uow, clock=self.world.clock)

    @rule(data=st.data(), offset=st.integers(30, 240), minutes=st.integers(5, 60))
    def add_break(self, data: st.DataObject, offset: int, minutes: int) -> None:
        entry_id = data.draw(st.sampled_from(self.ids))
        with self.uow(read_only=True) as tx:
            entry = tx.entries.get(entry_id)
        assert entry is not None
        start = entry.clock_in + timedelta(minutes=offset)
        with contextlib.suppress(WorkforceError):
            self.world.add_break(
                entry_id,
                _local(start),
                _local(start + timedelta(minutes=minutes)),
            )

    @rule(threshold=st.sampled_from([8, 16, 40]), weekend=st.sampled_from([D("1.25"), D("2")]))
    def change_the_rule(self, threshold: int, weekend: Decimal) -> None:
        changed = {**RULE, "overtime_threshold": threshold, "weekend_multiplier": weekend}
        update_rate_rule(self.rule_id, structure(RateRuleDefinition, changed), uow=self.uow, clock=self.world.clock)

    @rule(
        rate=st.sampled_from([None, D("14.50"), D("9.99")]), role=st.sampled_from([None, "Picker"]), bob=st.booleans()
    )
    def change_a_worker(self, rate: Decimal | None, role: str | None, bob: bool) -> None:
        worker = self.world.bob if bob else self.world.ann
        command = structure(UpdateWorker, {"hourly_rate": rate, "job_role": role})
        update_worker(worker.id, command, client_id=self.world.client.id, uow=self.uow, clock=self.world.clock)

    @rule(
        stacking=st.sampled_from(["stack", "highest"]),
        walk_ins=st.sampled_from(["pay", "no_pay"]),
        sign_off=st.booleans(),
        basis=st.sampled_from(["shift_start", "calendar"]),
    )
    def change_the_settings(self, stacking: str, walk_ins: str, sign_off: bool, basis: str) -> None:
        command = UpdateClient(
            client_id=self.world.client.id,
            premium_stacking=stacking,
            walk_in_policy=walk_ins,
            require_client_approval=sign_off,
            premium_day_basis=basis,
        )
        update_client(command, uow=self.uow, clock=self.world.clock)

    # ---- reads ------------------------------------------------------------------------------------------------

    @rule()
    def read_every_shift(self) -> None:
        """A read reprices what is stale and then serves the engine's figures for every completed shift."""
        entries, fresh = self._fresh()
        client = self._client()
        read = shift_figures(entries, client, uow=self.uow).by_entry
        assert read == fresh

    @rule()
    def read_without_storing(self) -> None:
        """A read's figures (a stale worker-week priced in memory) are the engine's, and it stores nothing."""
        entries, fresh = self._fresh()
        client = self._client()
        with self.uow(read_only=True) as tx:
            before = tx.figures.of(list(fresh))
            read = figures_now(tx, entries, client)
            after = tx.figures.of(list(fresh))
        assert read == fresh
        assert after == before

    @rule()
    def sums_read_as_stored(self) -> None:
        """Figures summed in SQL while stale worker-weeks are priced in memory (payroll rows, a week's sums
        per worker) equal the sums once the background pass stored them, and the read stores nothing."""
        if self.queries is None:
            return
        client = self._client()
        weeks = sorted({week_of(at(f"{day} 12:00"), client.settings.pay_week_start_day) for day in DAYS})
        start, end = from_local(weeks[0], time(0)), from_local(weeks[-1] + timedelta(days=7), time(0))
        queries = self.queries

        def sums(reads: SqlQueries) -> tuple[Any, ...]:
            asked = PayrollFilter(client.id, tuple(weeks), Paging(limit=200), with_entries=True, with_adjustments=True)
            per_worker = [
                list(reads.worker_weeks(client.id, week, status))
                for week in weeks
                for status in (None, PayrollStatus.PAYABLE)
            ]
            return reads.payroll_rows(asked), per_worker, reads.wage_weeks(client.id, weeks)

        stored = self._stored()
        seen = sums(figures_current(client, start, end, queries=queries, uow=self.uow))
        assert self._stored() == stored
        refresh_figures(uow=self.uow)
        assert sums(queries) == seen

    def _stored(self) -> dict[int, ShiftFigures]:
        with self.uow(read_only=True) as tx:
            return tx.figures.of(self.ids)

    @rule()
    def background_pass(self) -> None:
        """The background pass stores every stale worker-week: then every completed shift has its figures."""
        _, fresh = self._fresh()
        refresh_figures(uow=self.uow)
        with self.uow(read_only=True) as tx:
            assert tx.figures.of(list(fresh)) == fresh
        assert refresh_figures(uow=self.uow) == 0

    @invariant()
    def what_is_stored_equals_a_fresh_pricing(self) -> None:
        _, fresh = self._fresh()
        with self.uow(read_only=True) as tx:
            stored = tx.figures.of(list(fresh))
        for entry_id, figures in stored.items():
            assert figures == fresh[entry_id], entry_id  # its shift's clock_in too

    @invariant()
    def the_unpriced_shifts_are_exactly_those_without_figures(self) -> None:
        """Over the machine's weeks, and over a window that is not whole weeks (the counts tally on SQL)."""
        for start, end in ((at("2026-11-02 00:00"), at("2026-12-07 00:00")), (at("2026-11-13 12:00"), NOW)):
            with self.uow(read_only=True) as tx:
                entries = tx.entries.get_many(self.ids).values()
                shifts = [
                    e.id for e in entries if e.entry_type == "shift" and e.clock_out and start <= e.clock_in < end
                ]
                priced = tx.figures.of(shifts)
                found = tx.figures.unpriced(self.world.client.id, start, end, None)
            assert sorted(e.id for e in found) == sorted(set(shifts) - set(priced))

    def _client(self) -> Any:
        with self.uow(read_only=True) as tx:
            return tx.clients.get(self.world.client.id)

    def _fresh(self) -> tuple[list[Any], dict[int, ShiftFigures]]:
        with self.uow(read_only=True) as tx:
            client = tx.clients.get(self.world.client.id)
            assert client is not None
            entries = [e for e in tx.entries.get_many(self.ids).values() if e.clock_out is not None]
            if not entries:
                return [], {}
            inputs = tx.pricing.inputs(client, tuple(entries))
            priced = price_shifts([e.id for e in entries], client, inputs)
        start_day = client.settings.pay_week_start_day
        assert all(p.pay_week_start == week_of(p.entry.clock_in, start_day) for p in priced.values())
        return entries, {entry_id: p.figures() for entry_id, p in priced.items()}


def _local(moment: Any) -> str:
    text = local_text(moment)
    assert text is not None
    return text[:16]


RUNS = settings(max_examples=20, stateful_step_count=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_stored_figures_equal_a_fresh_pricing_on_the_memory_adapter() -> None:
    run_state_machine_as_test(StoredFigures, settings=RUNS)


def test_stored_figures_equal_a_fresh_pricing_on_sqlite(sqlite_template: SqliteTemplate) -> None:
    def on_sqlite(world: TimeWorld) -> UnitOfWorkFactory:
        return SqlUnitOfWorkFactory(mirrored_queries(world.db, sqlite_template).engine, event_codec=event_codec)

    class OnSqlite(StoredFigures):
        uow_of = staticmethod(on_sqlite)

    run_state_machine_as_test(OnSqlite, settings=settings(RUNS, max_examples=8))


def test_the_first_read_after_a_change_reprices_only_the_stale_worker_weeks() -> None:
    world = TimeWorld(now=NOW, settings=ClientSettings(walk_in_policy="pay"))
    create_rate_rule(structure(RateRuleDefinition, RULE), client_id=world.client.id, uow=world.uow, clock=world.clock)
    workers = [world.ann, world.bob, *(world.worker(f"Worker {n}", f"E-{n + 10}") for n in range(3))]
    shifts = {
        (worker.id, day): world.backfill(f"{day} 08:00", f"{day} 16:00", worker=worker).entry
        for worker in workers
        for day in ("2026-11-17", "2026-11-24")
    }
    every = list(shifts.values())
    client = world.client

    def read() -> tuple[tuple[int, Any], ...]:
        return shift_figures(every, client, uow=world.uow).repriced

    assert len(read()) == 10  # never priced: every worker-week once
    assert read() == ()  # fresh: the engine does not run
    approvals.approve([shifts[(world.bob.id, "2026-11-24")].id], uow=world.uow, clock=world.clock)
    assert read() == ((world.bob.id, week_of(at("2026-11-24 08:00"), 1)),)
    command = structure(UpdateWorker, {"hourly_rate": D("14.50")})
    update_worker(world.ann.id, command, client_id=client.id, uow=world.uow, clock=world.clock)
    assert [worker_id for worker_id, _ in read()] == [world.ann.id, world.ann.id]  # both of Ann's weeks
    assert read() == ()


def test_approving_a_week_of_the_parity_history_makes_the_later_weeks_stale_too() -> None:
    world = TimeWorld(now=NOW, settings=ClientSettings(walk_in_policy="pay"))
    create_rate_rule(structure(RateRuleDefinition, RULE), client_id=world.client.id, uow=world.uow, clock=world.clock)
    history = [world.backfill(f"{day} 08:00", f"{day} 16:00").entry.id for day in HISTORY]
    approvals.approve(history[1:], uow=world.uow, clock=world.clock)
    later = world.backfill("2026-11-24 08:00", "2026-11-24 16:00").entry
    with world.uow(read_only=True) as tx:
        entries = list(tx.entries.get_many([*history, later.id]).values())
    before = shift_figures(entries, world.client, uow=world.uow)
    assert before.by_entry[later.id].parity is False  # eleven qualifying weeks
    approvals.approve([history[0]], uow=world.uow, clock=world.clock)
    after = shift_figures(entries, world.client, uow=world.uow)
    assert after.by_entry[later.id].parity is True
    assert (world.ann.id, week_of(later.clock_in, 1)) in after.repriced
    assert len(after.repriced) == 13  # the approved week and every later week of Ann's with shifts
