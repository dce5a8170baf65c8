"""Holiday pay over the stored figures (``rules.holiday_pay``): what each payroll line pays as
``holiday``, the accrued leave ledger of a worker's leave year, and the holiday records (GET
/holiday.php and the ``holiday_records`` export).

The ledger is worked out when it is read, from the stored figures of the weeks worked and the approved
holiday absences, so a rate change, a late clock or an approval shows in it at once.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.holiday import HolidayPay
from workforce_core.model.principal import Principal
from workforce_core.ports import Page, Paging, Queries, UnitOfWorkFactory
from workforce_core.ports.worker_reads import WorkerFilter
from workforce_core.rules.access import visible_sites
from workforce_core.rules.holiday_pay import (
    ROLLED_UP_RATE,
    leave_year,
)
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.steps.holiday import history_current, mode_of, records_of, year_inputs
from workforce_core.views import HolidayRecord


@frozen
class HolidayQuery:
    paging: Paging
    worker_id: int | None = None
    day: date | None = None  # a day of the leave year (default: today)


@frozen
class HolidayRecords:
    records: Page[HolidayRecord]
    first: date
    last: date
    up_to: date  # the last pay week the records cover


def holiday_records(
    principal: Principal, query: HolidayQuery, *, queries: Queries, uow: UnitOfWorkFactory, now: datetime
) -> HolidayRecords:
    """GET /holiday.php: each worker's holiday records for a leave year (pay:read): what accrued, was
    taken and was paid, week by week, up to the pay week of ``day`` or today, whichever is earlier."""
    principal.require("pay:read")
    client = principal.client
    today = local_date(now)
    day = min(query.day or today, today)
    first, last = leave_year(day, client.settings.leave_year_start)
    start_day = client.settings.pay_week_start_day
    sites = visible_sites(principal, None)
    found = queries.workers(WorkerFilter(client.id, query.paging, id=query.worker_id, location_ids=sites))
    if query.worker_id is not None and not found.items:
        raise NotFound(f"no worker {query.worker_id}.")
    current = history_current(client, day, queries=queries, uow=uow)
    records = tuple(records_of(client, [view.worker for view in found.items], day, queries=current))
    return HolidayRecords(Page(records, found.total), first, last, week_start(day, start_day))


def shift_holiday(entry_id: int, *, uow: UnitOfWorkFactory, queries: Queries) -> str:
    """``price explain``'s word on holiday: how the shift's pay week pays holiday, with the working of
    the accrued ledger's week."""
    with uow(read_only=True) as tx:
        entry = tx.entries.get(entry_id)
        worker = tx.workers.get(entry.worker_id) if entry is not None else None
        client = tx.clients.get(entry.client_id) if entry is not None else None
    if entry is None or worker is None or client is None:
        raise NotFound(f"time entry {entry_id} not found")
    mode = mode_of(client, worker)
    week = week_start(local_date(entry.clock_in), client.settings.pay_week_start_day)
    whose = "the worker's own setting" if worker.holiday_pay is not None else "the client's setting"
    said = f"holiday_pay {mode.value} ({whose})"
    if mode is HolidayPay.NONE:
        return f"{said}: no holiday is paid"
    if mode is HolidayPay.ROLLED_UP:
        share = f"{ROLLED_UP_RATE:.2%}"
        return f"{said}: the pay week of {week.isoformat()} adds {share} of its pay for work done as holiday"
    current = history_current(client, week + timedelta(days=6), queries=queries, uow=uow)
    row = year_inputs(client, [worker.id], week, queries=current)[worker.id].ledger().week(week)
    return f"{said}: pay week of {week.isoformat()}: {row.explain() if row is not None else 'not in a leave year'}"
