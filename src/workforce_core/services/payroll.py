"""GET /payroll.php: one line per worker per pay week, from the stored pay figures (kept current).

The weeks are ``week`` (any day inside it), or ``date_from``/``date_to`` widened to whole pay weeks (at
most 26, not with ``week``), or by default the last complete pay week. Stale worker-weeks of those weeks
are priced in memory and read as stored; the lines are summed by the database and rounded by
``rules.payroll_lines``.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.ports import Page, Paging, PayrollFilter, Queries, UnitOfWorkFactory
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.steps.pay_figures import figures_current
from workforce_core.steps.payroll_lines import leave_only_rows, priced_lines
from workforce_core.steps.time_filters import site_filter
from workforce_core.views import PayrollLine

MAX_WEEKS = 26
WEEK = timedelta(days=7)


@frozen
class PayrollQuery:
    paging: Paging
    week: date | None = None
    date_from: date | None = None
    date_to: date | None = None
    worker_id: int | None = None
    location_id: int | None = None
    department_id: int | None = None
    include_entries: bool = False
    adjustments: bool = False


@frozen
class Payroll:
    lines: Page[PayrollLine]
    weeks: tuple[date, ...]
    shifts_not_approved: int


def pay_weeks_asked(query: PayrollQuery, start_day: int, now: datetime) -> tuple[date, ...]:
    """The pay weeks a payroll read covers (oldest first)."""
    if query.week is not None and (query.date_from is not None or query.date_to is not None):
        raise InvalidParameter("week", "give week, or date_from and date_to, not both.")
    if query.week is not None:
        return (week_start(query.week, start_day),)
    if query.date_from is None and query.date_to is None:
        return (week_start(local_date(now), start_day) - WEEK,)  # the last complete pay week
    first = week_start(query.date_from or query.date_to or local_date(now), start_day)
    last = week_start(query.date_to or query.date_from or local_date(now), start_day)
    if last < first:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    count = (last - first) // WEEK + 1
    if count > MAX_WEEKS:
        raise InvalidParameter("date_to", f"at most {MAX_WEEKS} pay weeks per request; this asks for {count}.")
    return tuple(first + n * WEEK for n in range(count))


def payroll(
    principal: Principal, query: PayrollQuery, *, queries: Queries, uow: UnitOfWorkFactory, now: datetime
) -> Payroll:
    principal.require("payroll:read")
    client = principal.client
    weeks = pay_weeks_asked(query, client.settings.pay_week_start_day, now)
    sites = site_filter(principal, queries, query.location_id)
    start, end = from_local(weeks[0], time(0)), from_local(weeks[-1] + WEEK, time(0))
    wanted = PayrollFilter(
        client_id=client.id,
        weeks=weeks,
        paging=query.paging,
        worker_id=query.worker_id,
        location_ids=sites,
        department_id=query.department_id,
        with_entries=query.include_entries,
        with_adjustments=query.adjustments,
    )
    current = figures_current(client, start, end, queries=queries, uow=uow)
    rows = current.payroll_rows(wanted)
    extra = (
        []
        if sites is not None
        else leave_only_rows(client, weeks, query.department_id, query.worker_id, queries=current, uow=uow)
    )
    paging = query.paging
    shown = list(rows.items)
    if paging.offset + paging.limit > rows.total:
        shown += extra[max(0, paging.offset - rows.total) : paging.offset + paging.limit - rows.total]
    lines = priced_lines(client, shown, weeks, queries=current, uow=uow, sites=sites)
    return Payroll(Page(tuple(lines), rows.total + len(extra)), weeks, current.shifts_not_approved(wanted))
