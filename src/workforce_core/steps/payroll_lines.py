"""Payroll lines as the payroll read and the pay files show them: each worker-week's figures with its
holiday and minimum wage check, and the lines of workers paid only leave in a week.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.holiday import HolidayPay
from workforce_core.ports import Paging, PayrollFilter, Queries, UnitOfWorkFactory
from workforce_core.ports.worker_reads import WorkerFilter
from workforce_core.rules.locked_figures import line_source
from workforce_core.rules.minimum_wage import WageCheck, check_minutes
from workforce_core.rules.payroll_lines import line_figures
from workforce_core.steps.holiday import holiday_due, holiday_workers, mode_of
from workforce_core.steps.minimum_wage import week_check
from workforce_core.views import PayrollLine, PayrollRow


def priced_lines(
    client: ClientAccount,
    rows: Sequence[PayrollRow],
    weeks: Sequence[date],
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
    sites: tuple[int, ...] | None = None,
) -> list[PayrollLine]:
    """The payroll lines of ``rows``: their figures with what they pay as holiday, and the minimum wage check
    (``rules.minimum_wage.check_minutes``, as the exceptions and the lock make it). Rows limited to ``sites``
    hold only those sites' minutes: their check is of the worker's whole week, read as the exceptions read it."""
    ids = {row.worker_id for row in rows}
    whole: dict[tuple[int, date], WageCheck | None] = {}
    with uow(read_only=True) as tx:
        workers = tx.workers.get_many(ids)
        accepted = tx.wages.accepted(client.id, tuple(weeks))
        if sites is not None and ids:
            whole = {(w.worker_id, w.week_start): week_check(w) for w in queries.wage_weeks(client.id, weeks, ids)}
    due = holiday_due(client, workers, weeks, queries=queries, uow=uow)
    lines = []
    for row in rows:
        figures = line_figures(row.minutes, due.get((row.worker_id, row.week)))
        worker = workers.get(row.worker_id)
        wage = None
        if sites is not None:
            wage = whole.get((row.worker_id, row.week))
        elif worker is not None:
            wage = check_minutes(
                row.week, row.minutes, date_of_birth=worker.date_of_birth, apprentice_since=worker.apprentice_since
            )
        source = line_source(row.shifts, row.frozen_shifts)
        lines.append(PayrollLine(row, figures, source, wage, accepted.get((row.worker_id, row.week))))
    return lines


def leave_only_rows(
    client: ClientAccount,
    weeks: Sequence[date],
    department_id: int | None = None,
    worker_id: int | None = None,
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
) -> list[PayrollRow]:
    """Rows for the workers paid accrued holiday in a pay week they have no payable shift in (by week,
    then name): a line pays the leave taken though nothing was worked."""
    leave = holiday_workers(client, weeks, queries=queries)
    if worker_id is not None:
        leave = {w: items for w, items in leave.items() if w == worker_id}
    if not leave:
        return []
    with uow(read_only=True) as tx:
        workers = {
            w.id: w for w in tx.workers.get_many(set(leave)).values() if mode_of(client, w) is HolidayPay.ACCRUED
        }
    if department_id is not None:
        workers = {i: w for i, w in workers.items() if w.department_id == department_id}
    due = holiday_due(client, workers, weeks, queries=queries, uow=uow)
    if not due:
        return []
    ids = tuple(sorted({someone for someone, _ in due}))
    lines = queries.payroll_rows(PayrollFilter(client.id, tuple(weeks), Paging(len(ids) * len(weeks)), worker_ids=ids))
    worked = {(row.worker_id, row.week) for row in lines.items}  # weeks with a line of their own
    views = {v.worker.id: v for v in queries.workers(WorkerFilter(client.id, Paging(len(ids)), ids=ids)).items}
    found = []
    for (someone, week), _ in sorted(due.items(), key=lambda item: (item[0][1], workers[item[0][0]].name, item[0][0])):
        if (someone, week) in worked:
            continue
        view = views[someone]
        found.append(
            PayrollRow(
                week=week,
                worker_id=someone,
                worker_name=view.worker.name,
                employee_id=view.worker.employee_id,
                department=view.department_name,
                cost_centre=view.cost_code,
                shifts=0,
                paid_minutes=0,
                minutes=(),
                flags=(),
            )
        )
    return found
