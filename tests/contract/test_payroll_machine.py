"""The payroll cycle as a state machine (issue 12), on SQLite through the use cases and the read models:
after any sequence of shifts typed in (late clocks into locked weeks among them), approvals, locks,
closes, unlocks, exports and weeks passing,
- a locked week's payroll lines never change until it is unlocked;
- no shift is paid twice: across every locked week's lines, and across the pay files of different weeks,
  a shift appears at most once;
- no shift is charged twice: a charge (pkg_b) file holds exactly its week's charge schedule, and a shift
  appears in at most one week's schedule and one week's charge files (late clocks with their adjust week);
- each line's gross pay is the sum of its pay element rows, each rounded once, and each pay file's total
  is the sum of its week's lines.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from tests.clocks import FakeClock
from tests.databases import SqliteTemplate
from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.json import event_codec
from workforce_adapters.json.commands import structure
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.commands.exports import CreateExport
from workforce_core.commands.pay_weeks import ClosePayWeek, LockPayWeek, UnlockPayWeek
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.reference import CreateLocation
from workforce_core.commands.time_records import Backfill
from workforce_core.commands.workers import CreateWorker
from workforce_core.errors import WorkforceError
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.principal import Principal
from workforce_core.ports import Paging
from workforce_core.rules.scopes import effective_scopes
from workforce_core.services import accounts, approvals, pay_weeks, reference, time_records, workers
from workforce_core.services.charges import ChargeQuery, charges
from workforce_core.services.exports import create_export
from workforce_core.services.payroll import PayrollQuery, payroll
from workforce_core.services.rate_rules import create_rate_rule
from workforce_core.views import Charges

START = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)  # a Monday: the weeks before it have ended
FIRST_WEEK = date(2026, 10, 5)
RULE = {"name": "R", "pay": {"pay_rate": Decimal("12.35")}, "charge": {"charge_rate": Decimal("18")},
        "overtime_threshold": 20, "overtime_multiplier": Decimal("1.5")}  # fmt: skip


class PayrollCycle(RuleBasedStateMachine):
    template: SqliteTemplate

    def __init__(self) -> None:
        super().__init__()
        self.engine = make_engine(self.template.fresh_url())
        self.uow = SqlUnitOfWorkFactory(self.engine, event_codec=event_codec)
        self.queries = SqlQueries(self.engine)
        self.clock = FakeClock(START)
        made = accounts.create_client(
            accounts.CreateClient(name="Cycle", settings=ClientSettings(walk_in_policy="pay")),
            uow=self.uow,
            clock=self.clock,
        )
        self.client_id = made.id
        self.site = reference.create_location(
            structure(CreateLocation, {"name": "Depot"}), client_id=made.id, uow=self.uow, clock=self.clock
        ).id
        self.workers = [
            workers.create_worker(
                structure(CreateWorker, {"name": f"W{n}", "location_id": self.site}),
                client_id=made.id,
                uow=self.uow,
                clock=self.clock,
            ).worker.id
            for n in range(2)
        ]
        create_rate_rule(structure(RateRuleDefinition, RULE), client_id=made.id, uow=self.uow, clock=self.clock)
        issued = accounts.create_key(
            accounts.CreateKey(client_id=made.id, name="payroll", scopes=("payroll:read", "charges:read")),
            uow=self.uow,
            clock=self.clock,
        )
        self.key = issued.key
        self.entries: list[int] = []
        self.frozen: dict[date, list[tuple[Any, ...]]] = {}  # locked week -> its lines when locked
        self.filed: dict[int, set[date]] = {}  # shift -> the weeks whose pay files held it
        self.charged: dict[int, set[date]] = {}  # shift -> the weeks whose charge files held it

    def teardown(self) -> None:
        self.engine.dispose()

    # ---- moves ----------------------------------------------------------------------------------------------

    @rule(worker=st.integers(0, 1), week=st.integers(0, 4), day=st.integers(0, 6), start=st.integers(5, 15),
          hours=st.integers(3, 11), approve=st.booleans())  # fmt: skip
    def type_in_a_shift(self, worker: int, week: int, day: int, start: int, hours: int, approve: bool) -> None:
        begin = datetime.combine(FIRST_WEEK + timedelta(weeks=week, days=day), datetime.min.time(), UTC)
        begin += timedelta(hours=start)
        if begin + timedelta(hours=hours) > self.clock.now():
            return
        paper = Backfill(
            worker_id=self.workers[worker],
            location_id=self.site,
            clock_in=begin,
            clock_out=begin + timedelta(hours=hours),
        )
        with contextlib.suppress(WorkforceError):  # an overlap is refused
            entry = time_records.backfill(paper, uow=self.uow, clock=self.clock).entry
            self.entries.append(entry.id)
            if approve:
                approvals.approve([entry.id], uow=self.uow, clock=self.clock)

    @rule(data=st.data(), worker=st.integers(0, 1), day=st.integers(0, 6), start=st.integers(5, 15))
    def clock_late_into_a_locked_week(self, data: st.DataObject, worker: int, day: int, start: int) -> None:
        if self.frozen:
            week = data.draw(st.sampled_from(sorted(self.frozen)))
            self.type_in_a_shift(worker, (week - FIRST_WEEK).days // 7, day, start, hours=3, approve=True)

    @rule(data=st.data())
    def approve(self, data: st.DataObject) -> None:
        if self.entries:
            with contextlib.suppress(WorkforceError):
                approvals.approve([data.draw(st.sampled_from(self.entries))], uow=self.uow, clock=self.clock)

    @rule(week=st.integers(0, 6), close=st.booleans())
    def lock(self, week: int, close: bool) -> None:
        day = FIRST_WEEK + timedelta(weeks=week)
        command = (ClosePayWeek if close else LockPayWeek)(client_id=self.client_id, week=day)
        try:
            move = pay_weeks.close_week if close else pay_weeks.lock_week
            move(command, uow=self.uow, clock=self.clock)  # type: ignore[arg-type]
        except WorkforceError:
            return  # not ended, not ready, or locked already
        self.frozen[day] = self._lines(day)

    @rule(week=st.integers(0, 6))
    def unlock(self, week: int) -> None:
        day = FIRST_WEEK + timedelta(weeks=week)
        with contextlib.suppress(WorkforceError):
            pay_weeks.unlock_week(UnlockPayWeek(client_id=self.client_id, week=day), uow=self.uow, clock=self.clock)
            self.frozen.pop(day, None)

    @rule(data=st.data(), kind=st.sampled_from(["pkg_a", "pkg_b"]))
    def export(self, data: st.DataObject, kind: str) -> None:
        if not self.frozen:
            return  # only a locked week is exported (the refusal has its own tests)
        day = data.draw(st.sampled_from(sorted(self.frozen)))
        command = CreateExport(client_id=self.client_id, week=day, kind=kind)
        batch = create_export(command, uow=self.uow, queries=self.queries, files=CsvExportFiles(), clock=self.clock)
        assert batch.total_pay == sum((line[3] for line in self.frozen[day]), Decimal(0))
        if kind == "pkg_b":  # a charge file holds exactly the schedule's lines
            lines = self._charges(day).lines
            assert batch.entry_ids == tuple(sorted(self._charged(day)))
            assert batch.total_charge == sum((line.amount for line in lines), Decimal(0))
        filed = self.filed if kind == "pkg_a" else self.charged
        for entry_id in batch.entry_ids:
            filed.setdefault(entry_id, set()).add(day)
        assert all(len(weeks) == 1 for weeks in filed.values()), filed

    @rule()
    def every_shift_is_charged_once_across_the_weeks_schedules(self) -> None:
        weeks = [self._charged(FIRST_WEEK + timedelta(weeks=n)) for n in range(7)]  # a shift's minutes may
        charged = [entry_id for week in weeks for entry_id in week]  # make several lines of one week
        assert len(charged) == len(set(charged)), sorted(charged)

    @rule()
    def a_week_passes(self) -> None:
        if self.clock.now() < START + timedelta(weeks=3):
            self.clock.set(self.clock.now() + timedelta(weeks=1))

    # ---- what must hold -------------------------------------------------------------------------------------

    def _lines(self, week: date) -> list[tuple[Any, ...]]:
        principal = Principal(self.key, self._client(), effective_scopes(self.key.scopes, legacy=False))
        query = PayrollQuery(paging=Paging(limit=200), week=week, include_entries=True)
        found = payroll(principal, query, queries=self.queries, uow=self.uow, now=self.clock.now())
        lines = []
        for line in found.lines.items:
            assert line.figures.gross_pay == sum((row.pay for row in line.figures.rows), Decimal(0))
            row = line.row
            lines.append((row.worker_id, row.shifts, row.paid_minutes, line.figures.gross_pay, row.entry_ids))
        return lines

    def _charges(self, week: date) -> Charges:
        principal = Principal(self.key, self._client(), effective_scopes(self.key.scopes, legacy=False))
        query = ChargeQuery(week_start=week, include_entries=True)
        return charges(principal, query, queries=self.queries, uow=self.uow, now=self.clock.now())

    def _charged(self, week: date) -> set[int]:
        """The shifts the week's charge schedule holds."""
        return {entry_id for line in self._charges(week).lines for entry_id in line.group.entry_ids}

    def _client(self) -> Any:
        with self.uow(read_only=True) as tx:
            return tx.clients.get(self.client_id)

    @invariant()
    def a_locked_weeks_lines_do_not_change_and_no_shift_is_paid_twice(self) -> None:
        paid: list[int] = []
        for week, lines in self.frozen.items():
            now = self._lines(week)
            assert now == lines, week
            paid.extend(entry_id for line in now for entry_id in line[4])
        assert len(paid) == len(set(paid)), sorted(paid)


def test_the_payroll_cycle_pays_each_shift_once_and_keeps_locked_weeks(sqlite_template: SqliteTemplate) -> None:
    class OnSqlite(PayrollCycle):
        template = sqlite_template

    run_state_machine_as_test(
        OnSqlite,
        settings=settings(
            max_examples=40, stateful_step_count=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
        ),
    )
