"""Pay weeks as a scope sees them (the whole client, or some of its sites), and GET /pay-weeks.php.

The counts come from storage in a fixed number of reads (``PayWeekTallies``); the blocking open
exceptions are decided by ``rules.exceptions``; the status by ``rules.pay_week_states``.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.principal import Principal
from workforce_core.ports import Queries, UnitOfWorkFactory
from workforce_core.ports.pay_weeks import PayWeekHistory
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_week_states import week_bounds, week_end
from workforce_core.rules.pay_weeks import week_start
from workforce_core.steps.pay_figures import figures_current
from workforce_core.steps.pay_week_views import pay_week_views
from workforce_core.views import PayWeekView

MAX_WEEKS = 26
DEFAULT_WEEKS = 8  # the current week and the 7 before it
APPROVAL_RULE = "agency_approved"  # a shift counts as approved once the agency approved it


# ---- GET /pay-weeks.php ------------------------------------------------------------------------


@frozen(kw_only=True)
class PayWeekQuery:
    week_start: date | None = None  # any day inside the week
    date_from: date | None = None
    date_to: date | None = None


@frozen
class PayWeekList:
    weeks: tuple[PayWeekView, ...]  # newest first
    period_from: date
    period_to: date
    pay_week_start_day: int
    approval_rule: str = APPROVAL_RULE
    batch_totals: bool = True  # a site-limited key sees no batch totals


def chosen_weeks(query: PayWeekQuery, start_day: int, today: date) -> list[date]:
    """The first days of the weeks asked for, oldest first: ``week_start``'s week; ``from``/``to``
    widened to whole weeks (at most 26); by default the current week and the 7 before it."""
    if query.week_start is not None:
        if query.date_from is not None or query.date_to is not None:
            raise InvalidParameter("week_start", "give week_start, or from and to, not both.")
        return [week_start(query.week_start, start_day)]
    if query.date_from is None and query.date_to is None:
        current = week_start(today, start_day)
        return [current - timedelta(weeks=n) for n in reversed(range(DEFAULT_WEEKS))]
    if query.date_from is None or query.date_to is None:
        missing = "from" if query.date_from is None else "to"
        raise InvalidParameter(missing, "give both from and to.")
    if query.date_to < query.date_from:
        raise InvalidParameter("to", "to is before from.")
    first, last = week_start(query.date_from, start_day), week_start(query.date_to, start_day)
    count = (last - first).days // 7 + 1
    if count > MAX_WEEKS:
        raise InvalidParameter("to", f"at most {MAX_WEEKS} pay weeks per request ({count} asked).")
    return [first + timedelta(weeks=n) for n in range(count)]


def pay_weeks(
    principal: Principal, query: PayWeekQuery, *, queries: Queries, now: datetime, uow: UnitOfWorkFactory
) -> PayWeekList:
    """The pay weeks asked for, newest first; a site-limited key gets its sites' counts and no batch totals.
    The weeks' stale figures are priced (in memory) and ``exceptions_open`` counts the open minimum wage
    shortfalls, as the lock counts them (the Close pay week page, the console and the API read this)."""
    principal.require("payroll:read")
    client = principal.client
    start_day = client.settings.pay_week_start_day
    starts = chosen_weeks(query, start_day, local_date(now))
    start, end = week_bounds(starts[0])[0], week_bounds(starts[-1])[1]
    current = figures_current(client, start, end, queries=queries, uow=uow)
    with uow(read_only=True) as tx:
        views = pay_week_views(current, client, starts, principal.site_ids, now, tx.wages, current)
    return PayWeekList(
        weeks=tuple(reversed(views)),
        period_from=starts[0],
        period_to=week_end(starts[-1]),
        pay_week_start_day=start_day,
        batch_totals=principal.site_ids is None,
    )


def week_history(principal: Principal, week: date, *, queries: PayWeekHistory) -> list[PayWeekLock]:
    """Every lock made on the client's pay week holding ``week``, lifted ones too (who, when and why)."""
    principal.require("payroll:read")
    start = week_start(week, principal.client.settings.pay_week_start_day)
    locks = queries.lock_history(principal.client_id, start)
    return [lock for lock in locks if lock.location_id is None or principal.sees_site(lock.location_id)]
