"""A worker's holiday as pay reads it: rolled up or accrued, the leave year's accrual and what approved
leave pays (``rules.holiday_pay`` over the stored figures).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, time, timedelta
from decimal import Decimal

import attrs
from attrs import frozen

from workforce_core.model.absences import AbsenceStatus, AbsenceType
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.holiday import HolidayPay
from workforce_core.model.workers import Worker
from workforce_core.ports import AvailabilityReads, Paging, PayrollFilter, PayrollReads, Queries, UnitOfWorkFactory
from workforce_core.ports.availability_reads import AbsenceFilter
from workforce_core.rules.holiday_pay import (
    LOOK_BACK_WEEKS,
    HolidayDue,
    Leave,
    LeaveYear,
    WeekWork,
    holiday_pay_of,
    leave_ledger,
    leave_year,
    pay_weeks_of,
    rolled_up,
)
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.payroll_lines import line_figures
from workforce_core.steps.pay_figures import figures_current
from workforce_core.views import HolidayRecord, HolidayWeek, PayrollRow

WEEK = timedelta(days=7)


PAGE = 500
HISTORY_PAGE = 5_000  # rows of workers' weeks of work a read (a page of 100 workers: at most four)
YEAR_WEEKS = 53
WORKERS_A_READ = HISTORY_PAGE // (LOOK_BACK_WEEKS + YEAR_WEEKS)  # whose every week of work fits one read


ROLLED_UP_WORKING = "rolled up: 12.07% of the week's pay for work done"


WORKED = ("regular", "overtime")


PAID_FOR_WORK = (*WORKED, "guarantee")


def mode_of(client: ClientAccount, worker: Worker) -> HolidayPay:
    return holiday_pay_of(client.settings.holiday_pay, worker.holiday_pay)


def week_work(row: PayrollRow) -> WeekWork:
    """A payroll row's work: minutes worked, minutes paid for work and the pay for work done."""
    figures = line_figures(row.minutes)
    minutes = {e.element: e.minutes for e in figures.elements}
    worked = sum(minutes.get(name, 0) for name in WORKED)
    return WeekWork(row.week, worked, worked + minutes.get("guarantee", 0), figures.gross_pay)


def _rows(queries: PayrollReads, wanted: PayrollFilter, size: int = PAGE) -> Iterable[PayrollRow]:
    offset = 0
    while True:
        page = queries.payroll_rows(attrs.evolve(wanted, paging=Paging(size, offset)))
        yield from page.items
        offset += size
        if offset >= page.total or not page.items:
            return


def work_history(
    queries: Queries, client_id: int, worker_ids: Sequence[int], first: date, last: date
) -> dict[int, list[WeekWork]]:
    """The workers' weeks of work whose pay weeks start from ``first`` to ``last``, oldest first, by worker."""
    weeks = tuple(first + n * WEEK for n in range((last - first).days // 7 + 1))
    found: dict[int, list[WeekWork]] = defaultdict(list)
    wanted = PayrollFilter(client_id, weeks, Paging(), worker_ids=tuple(worker_ids))
    for row in _rows(queries, wanted, HISTORY_PAGE):
        found[row.worker_id].append(week_work(row))
    return found


def approved_holiday(
    queries: AvailabilityReads,
    client_id: int,
    first: date,
    last: date,
    worker_ids: Sequence[int] | None = None,
) -> dict[int, list[Leave]]:
    """Approved holiday absences touching the days ``first`` to ``last``, by worker (of ``worker_ids``: all
    when None)."""
    found: dict[int, list[Leave]] = defaultdict(list)
    offset = 0
    while True:
        wanted = AbsenceFilter(
            client_id,
            Paging(PAGE, offset),
            worker_ids=None if worker_ids is None else tuple(worker_ids),
            status=AbsenceStatus.APPROVED,
            type=AbsenceType.HOLIDAY,
            date_from=first,
            date_to=last,
        )
        page = queries.absences(wanted)
        for view in page.items:
            item = view.absence
            found[item.worker_id].append(Leave(item.start_date, item.end_date, item.hours))
        offset += PAGE
        if offset >= page.total or not page.items:
            return found


@frozen
class YearInputs:
    """What a worker's leave year is worked out from."""

    first: date
    last: date
    weeks: tuple[date, ...]  # its pay weeks up to the one asked
    history: tuple[WeekWork, ...]  # the weeks worked, from 104 weeks before its first pay week
    leave: tuple[Leave, ...]

    def ledger(self) -> LeaveYear:
        return leave_ledger(self.weeks, self.history, self.leave, first=self.first, last=self.last)


def year_inputs(
    client: ClientAccount, worker_ids: Sequence[int], day: date, *, queries: Queries
) -> dict[int, YearInputs]:
    """The inputs of each worker's leave year holding ``day``, up to the pay week of ``day``, from the
    stored figures as the reads see them (``history_current`` makes them current): one walk of their
    weeks of work and one read of their leave for all of them."""
    first, last = leave_year(day, client.settings.leave_year_start)
    start_day = client.settings.pay_week_start_day
    weeks = tuple(w for w in pay_weeks_of(first, last, week_start(first, start_day)) if w <= week_start(day, start_day))
    if not weeks or not worker_ids:
        return {worker_id: YearInputs(first, last, (), (), ()) for worker_id in worker_ids}
    history = work_history(queries, client.id, worker_ids, weeks[0] - LOOK_BACK_WEEKS * WEEK, weeks[-1])
    leave = approved_holiday(queries, client.id, weeks[0], weeks[-1] + timedelta(days=6), worker_ids)
    return {
        worker_id: YearInputs(first, last, weeks, tuple(history.get(worker_id, ())), tuple(leave.get(worker_id, ())))
        for worker_id in worker_ids
    }


def history_current(
    client: ClientAccount, last: date, *, queries: Queries, uow: UnitOfWorkFactory, first: date | None = None
) -> Queries:
    """``queries`` reading current figures of what a leave year's records read (stale ones priced in
    memory): from 104 weeks before the leave year holding ``first`` (else ``last``) to the pay week of
    ``last``."""
    year_start, _ = leave_year(first or last, client.settings.leave_year_start)
    oldest = week_start(year_start, client.settings.pay_week_start_day) - LOOK_BACK_WEEKS * WEEK
    start, end = from_local(oldest, time(0)), from_local(last + WEEK, time(0))
    return figures_current(client, start, end, queries=queries, uow=uow)


def holiday_due(
    client: ClientAccount,
    workers: Mapping[int, Worker],
    weeks: Sequence[date],
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
) -> dict[tuple[int, date], HolidayDue]:
    """What the workers' payroll lines of ``weeks`` pay as holiday: rolled up for every week of a
    rolled-up worker; leave taken in the week for an accrued worker with approved holiday in it."""
    due: dict[tuple[int, date], HolidayDue] = {}
    for worker in workers.values():
        if mode_of(client, worker) is HolidayPay.ROLLED_UP:
            due.update(
                {(worker.id, week): HolidayDue(HolidayPay.ROLLED_UP, working=ROLLED_UP_WORKING) for week in weeks}
            )
    accrued = [w for w in workers.values() if mode_of(client, w) is HolidayPay.ACCRUED]
    leave = holiday_workers(client, weeks, queries=queries) if accrued else {}
    if not any(worker.id in leave for worker in accrued):
        return due
    current = history_current(client, max(weeks), first=min(weeks), queries=queries, uow=uow)
    _accrued_due(client, [w for w in accrued if w.id in leave], weeks, due, queries=current)
    return due


def _accrued_due(
    client: ClientAccount,
    accrued: Sequence[Worker],
    weeks: Sequence[date],
    due: dict[tuple[int, date], HolidayDue],
    *,
    queries: Queries,
) -> None:
    """The leave taken in ``weeks`` by these accrued workers with approved holiday, into ``due``."""
    by_year: dict[date, list[date]] = defaultdict(list)
    for week in weeks:
        by_year[leave_year(week, client.settings.leave_year_start)[0]].append(week)
    ids = [worker.id for worker in accrued]
    for year_weeks in by_year.values():
        inputs = year_inputs(client, ids, max(year_weeks), queries=queries)
        for worker_id in ids:
            ledger = inputs[worker_id].ledger()
            for week in year_weeks:
                row = ledger.week(week)
                if row is not None and row.taken:
                    due[(worker_id, week)] = HolidayDue(HolidayPay.ACCRUED, row.taken, row.average.rate, row.explain())


def holiday_workers(client: ClientAccount, weeks: Sequence[date], *, queries: Queries) -> dict[int, list[Leave]]:
    """Workers with approved holiday in ``weeks`` (who may be paid holiday with no shift that week)."""
    if not weeks:
        return {}
    return approved_holiday(queries, client.id, min(weeks), max(weeks) + timedelta(days=6))


def records_of(client: ClientAccount, workers: Sequence[Worker], day: date, *, queries: Queries) -> list[HolidayRecord]:
    """The workers' holiday records for the leave year holding ``day`` (up to its pay week), in their order."""
    inputs = year_inputs(client, [worker.id for worker in workers], day, queries=queries)
    return [holiday_record(client, worker, inputs[worker.id]) for worker in workers]


def holiday_record(client: ClientAccount, worker: Worker, inputs: YearInputs) -> HolidayRecord:
    """The worker's holiday records from the inputs of a leave year."""
    mode = mode_of(client, worker)
    work = {w.week_start: w for w in inputs.history}
    weeks: list[HolidayWeek] = []
    if mode is HolidayPay.ACCRUED:
        for row in inputs.ledger().weeks:
            pay = work[row.week_start].pay if row.week_start in work else Decimal(0)
            weeks.append(
                HolidayWeek(
                    row.week_start, row.worked_minutes, pay, row.accrued, row.taken, row.balance, row.pay, row.explain()
                )
            )
    else:
        for week in inputs.weeks:
            if week not in work:
                continue
            done = work[week]
            paid = rolled_up(done.pay) if mode is HolidayPay.ROLLED_UP else Decimal(0)
            said = (
                f"{ROLLED_UP_WORKING}: {done.pay} x 12.07% = {paid}"
                if mode is HolidayPay.ROLLED_UP
                else "no holiday pay"
            )
            weeks.append(HolidayWeek(week, done.worked_minutes, done.pay, None, 0, None, paid, said))
    return HolidayRecord(worker, mode, inputs.first, inputs.last, tuple(weeks))
