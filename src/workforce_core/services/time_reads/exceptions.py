"""GET /exceptions.php: the exceptions of the shifts and bookings of a period."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking
from workforce_core.model.principal import Principal
from workforce_core.ports import Page, Paging, Queries, UnitOfWorkFactory
from workforce_core.rules.documents import standing
from workforce_core.rules.exceptions import (
    BREAK_AFTER,
    DOCUMENT_EXPIRED,
    WORKING_TIME_DETAIL,
    TimeException,
    booked_days,
    document_exception,
    find_exceptions,
    order,
)
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.minimum_wage import BELOW_MINIMUM_WAGE
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.visibility import PAY_SCOPE
from workforce_core.steps.document_checks import facts_of
from workforce_core.steps.minimum_wage import below_wage
from workforce_core.steps.pay_figures import figures_current
from workforce_core.steps.shift_exceptions import LOOKBACK, clocked_working_time, shifts_around
from workforce_core.steps.time_filters import MIDNIGHT, site_filter

EXCEPTION_PERIOD_DAYS = 93
DEFAULT_PERIOD_DAYS = 7


@frozen
class ExceptionQuery:
    paging: Paging
    date_from: date | None = None
    date_to: date | None = None
    location_id: int | None = None
    worker_id: int | None = None
    type: str | None = None
    status: str | None = None


def exception_period(date_from: date | None, date_to: date | None, today: date) -> tuple[date, date]:
    """The local dates asked for: default the last 7 days to today; one bound alone gives 7 days from
    or to it; at most 93 days, else 400 ``invalid_parameter``."""
    week = timedelta(days=DEFAULT_PERIOD_DAYS - 1)
    if date_from is None and date_to is None:
        date_to = today
    if date_from is None:
        assert date_to is not None
        date_from = date_to - week
    if date_to is None:
        date_to = date_from + week
    if date_to < date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    if (date_to - date_from).days + 1 > EXCEPTION_PERIOD_DAYS:
        raise InvalidParameter("date_to", f"The period is at most {EXCEPTION_PERIOD_DAYS} days.")
    return date_from, date_to


def exceptions(
    principal: Principal,
    query: ExceptionQuery,
    *,
    queries: Queries,
    now: datetime,
    uow: UnitOfWorkFactory,
) -> Page[TimeException]:
    """The exceptions of the shifts clocked in (and the bookings dated) in the period, newest first.

    Shifts and bookings up to 48 hours either side are read too: a shift before the period can
    overlap one in it, and a booking can be clocked against from the next day. For a site-limited
    key or a ``location_id`` filter, the workers' shifts at the client's other sites count for
    overlaps and no-shows, but only exceptions at the sites asked for are listed. The pay weeks touching
    the period are checked against the minimum wage too (``below_minimum_wage``, one per worker and week,
    dated the week's first day), their stale figures priced in memory.
    """
    principal.require("timesheets:read")
    sites = site_filter(principal, queries, query.location_id)
    first, last = exception_period(query.date_from, query.date_to, local_date(now))
    start = from_local(first, MIDNIGHT) - LOOKBACK
    end = from_local(last + timedelta(days=1), MIDNIGHT) + LOOKBACK
    nearby = shifts_around(principal, queries, start, end, sites, worker_id=query.worker_id)
    bookings = queries.bookings(principal.client_id, start, end, sites, worker_id=query.worker_id)
    if sites is not None:
        workers = tuple(sorted({e.worker_id for e in nearby} | {b.worker_id for b in bookings}))
        if workers:
            nearby = shifts_around(principal, queries, start, end, None, worker_ids=workers)
    shifts = [
        e for e in nearby if first <= local_date(e.clock_in) <= last and (sites is None or e.location_id in sites)
    ]
    long_ones = tuple(e.id for e in shifts if e.clock_out is not None and e.clock_out - e.clock_in > BREAK_AFTER)
    found = find_exceptions(
        shifts,
        breaks=queries.breaks_of(long_ones) if long_ones else {},
        bookings=[b for b in bookings if first <= b.shift_date <= last],
        now=now,
        context=nearby,
        booking_context=bookings,
        no_show_grace=timedelta(minutes=principal.client.settings.no_show_grace_minutes),
    )
    if query.type is None or query.type in WORKING_TIME_DETAIL:
        found = sorted([*found, *clocked_working_time(principal, shifts, start, end, queries, uow)], key=order)
    if query.type in (None, BELOW_MINIMUM_WAGE):
        found = sorted([*found, *_wage_exceptions(principal, query, first, last, sites, queries, uow)], key=order)
    if query.type in (None, DOCUMENT_EXPIRED):
        booked = [b for b in bookings if first <= b.shift_date <= last and (sites is None or b.location_id in sites)]
        found = sorted([*found, *_document_exceptions(principal, booked, uow)], key=order)
    chosen = [
        e
        for e in found
        if (query.type is None or e.type == query.type) and (query.status is None or e.status == query.status)
    ]
    page = query.paging
    return Page(tuple(chosen[page.offset : page.offset + page.limit]), len(chosen))


def _document_exceptions(
    principal: Principal, bookings: Sequence[Booking], uow: UnitOfWorkFactory
) -> list[TimeException]:
    """The live bookings of the period on days their workers' documents do not allow (``document_expired``)."""
    live = [b for b in bookings if b.status in LIVE_BOOKING_STATUSES]
    if not live:
        return []
    settings = principal.client.settings
    with uow(read_only=True) as tx:
        workers = tx.workers.get_many({b.worker_id for b in live})
        held = tx.documents.of_workers(workers)
        types = tx.document_types.of_client(principal.client_id)
    found = []
    for booking in live:
        worker = workers[booking.worker_id]
        facts = facts_of(held.get(worker.id, []), types, booking.job_role or worker.job_role, settings)
        exception = document_exception(booking, standing(facts, booked_days(booking)))
        if exception is not None:
            found.append(exception)
    return found


def _wage_exceptions(
    principal: Principal,
    query: ExceptionQuery,
    first: date,
    last: date,
    sites: tuple[int, ...] | None,
    queries: Queries,
    uow: UnitOfWorkFactory,
) -> list[TimeException]:
    client = principal.client
    start_day = client.settings.pay_week_start_day
    weeks = [week_start(first, start_day)]
    while weeks[-1] + timedelta(days=7) <= last:
        weeks.append(weeks[-1] + timedelta(days=7))
    start, end = from_local(weeks[0], MIDNIGHT), from_local(weeks[-1] + timedelta(days=7), MIDNIGHT)
    current = figures_current(client, start, end, queries=queries, uow=uow)
    with uow(read_only=True) as tx:
        found = below_wage(tx.wages, client.id, weeks, sites, figures=current)
    money = principal.has(PAY_SCOPE)
    return [w.exception(money=money) for w in found if query.worker_id in (None, w.worker_id)]
