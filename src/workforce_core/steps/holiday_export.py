"""The ``holiday_records`` export file: every worker's holiday records of the leave year up to the
exported pay week, one row per worker and pay week (the same figures as GET /holiday.php), kept for the
six years the Working Time Regulations 1998 (reg. 9, as amended from 1 April 2026) ask."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from workforce_core.model.accounts import ClientAccount
from workforce_core.ports import Page, Paging, Queries, UnitOfWorkFactory, WorkerReads
from workforce_core.ports.exporters import FileLine
from workforce_core.ports.exports import Cell
from workforce_core.ports.worker_reads import WorkerFilter
from workforce_core.steps.holiday import WORKERS_A_READ, history_current, records_of
from workforce_core.views import HolidayRecord, WorkerView

HOURS = Decimal("0.01")
HOLIDAY_HEADER = (
    "worker_id",
    "employee_id",
    "worker_name",
    "holiday_pay",
    "leave_year_start",
    "leave_year_end",
    "pay_week_start",
    "worked_hours",
    "work_pay",
    "accrued_hours",
    "taken_hours",
    "balance_hours",
    "holiday_paid",
    "working",
)


def _hours(minutes: Decimal | int | None) -> Decimal | None:
    return None if minutes is None else (Decimal(minutes) / 60).quantize(HOURS, ROUND_HALF_UP)


def record_rows(record: HolidayRecord) -> Iterator[Sequence[Cell]]:
    worker = record.worker
    for week in record.weeks:
        yield (
            worker.id,
            worker.employee_id,
            worker.name,
            record.mode.value,
            record.first,
            record.last,
            week.week_start,
            _hours(week.worked_minutes),
            week.work_pay,
            _hours(week.accrued),
            _hours(week.taken),
            _hours(week.balance),
            week.pay,
            week.working,
        )


def record_file_lines(record: HolidayRecord) -> Iterator[FileLine]:
    """The record's rows as a preview shows them: each week's holiday paid is the line's amount."""
    for cells, week in zip(record_rows(record), record.weeks, strict=True):
        yield FileLine(cells, week.pay, worker_id=record.worker.id, worker_name=record.worker.name)


def _workers(queries: WorkerReads, client_id: int) -> Iterator[list[WorkerView]]:
    """The client's workers, as many at a time as one read of their weeks of work holds (the export reads
    outside one transaction: a worker's weeks are then read at one moment)."""
    offset = 0
    while True:
        page: Page[WorkerView] = queries.workers(WorkerFilter(client_id, Paging(WORKERS_A_READ, offset)))
        yield list(page.items)
        offset += WORKERS_A_READ
        if offset >= page.total or not page.items:
            return


def holiday_records_of_week(
    client: ClientAccount, week_start: date, *, queries: Queries, uow: UnitOfWorkFactory
) -> Iterator[HolidayRecord]:
    """Every worker's records of the leave year holding the pay week ``week_start``, up to that week
    (workers with no week of work or leave in it left out)."""
    last = week_start + timedelta(days=6)
    current = history_current(client, last, queries=queries, uow=uow)
    for views in _workers(current, client.id):
        for record in records_of(client, [view.worker for view in views], last, queries=current):
            if record.weeks:
                yield record
