"""Pay weeks as a scope sees them (the whole client, or some of its sites), and GET /pay-weeks.php.

The counts come from storage in a fixed number of reads (``PayWeekTallies``); the blocking open
exceptions are decided by ``rules.exceptions``; the status by ``rules.pay_week_states``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime, timedelta

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.pay_gate import LateState
from workforce_core.model.pay_weeks import PayWeekLock, WeekCounts
from workforce_core.model.principal import Principal
from workforce_core.ports import PayWeekTallies, Queries, UnitOfWorkFactory, WeekSpan
from workforce_core.ports.minimum_wage import WageRecords
from workforce_core.ports.pay_weeks import PayWeekHistory
from workforce_core.rules.late_clocks import candidate_weeks, late_clocks, locked_by
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_week_states import WeekFacts, blocking_open, has_ended, status, week_bounds, week_end
from workforce_core.rules.pay_weeks import week_of, week_start
from workforce_core.rules.week_locks import scope_lock, site_locks
from workforce_core.services.minimum_wage import below_wage, open_per_week
from workforce_core.services.pay_figures import bring_up_to_date
from workforce_core.views import PayWeekView

MAX_WEEKS = 26
DEFAULT_WEEKS = 8  # the current week and the 7 before it
APPROVAL_RULE = "agency_approved"  # a shift counts as approved once the agency approved it


def pay_week_views(
    store: PayWeekTallies,
    client: ClientAccount,
    starts: Sequence[date],
    sites: tuple[int, ...] | None,
    now: datetime,
    wages: WageRecords | None = None,
) -> list[PayWeekView]:
    """The weeks starting on ``starts`` (contiguous), oldest first, as ``sites`` (None: every site) see them;
    with ``wages``, ``exceptions_open`` counts the open minimum wage shortfalls too (of workers with shifts
    at ``sites``), read from the stored figures as they stand."""
    spans = [WeekSpan(start, *week_bounds(start)) for start in sorted(starts)]
    tallies = store.tally(client.id, spans, sites)
    start_day, require = client.settings.pay_week_start_day, client.settings.require_client_approval
    deciding = candidate_weeks(tallies.late, start_day, require)  # the weeks whose locks place the late clocks
    standing = store.standing(client.id, {span.week_start for span in spans} | deciding)
    locks = [lock for lock in standing if any(lock.week_start == span.week_start for span in spans)]
    batches = store.batches(client.id, [span.week_start for span in spans])
    blocking = blocking_open(tallies.candidates, tallies.context, now)
    exceptions = Counter(week_of(e.clock_in, start_day) for e in tallies.candidates if e.id in blocking)
    late = late_clocks(
        tallies.late,
        start_day=start_day,
        require_client_approval=require,
        paid=tallies.paid,
        locked=locked_by(standing),
    )
    owed = Counter((state.state, state.adjust_week) for state in late.values())
    recorded = Counter(week_of(shift.clock_in, start_day) for shift in tallies.late)
    if wages is not None:
        exceptions.update(open_per_week(below_wage(wages, client.id, [span.week_start for span in spans], sites)))
    views = []
    for span in spans:
        counts = attrs.evolve(
            tallies.counts.get(span.week_start, WeekCounts()),
            exceptions_open=exceptions[span.week_start],
            late_adjustments_due=owed[(LateState.DUE, span.week_start)],
            late_adjustments_paid=owed[(LateState.PAID, span.week_start)],
            late_clocks_in_week=recorded[span.week_start],
        )
        own = [lock for lock in locks if lock.week_start == span.week_start]
        shown = scope_lock(own, sites)
        made = tuple(batch for batch in batches if batch.period_start == span.week_start)
        since = sum(1 for batch in made if shown is not None and batch.lock_id == shown.id)
        facts = WeekFacts(
            ended=has_ended(span.week_start, now), counts=counts, locked=shown is not None, batches_since_lock=since
        )
        views.append(
            PayWeekView(
                week_start=span.week_start,
                week_end=week_end(span.week_start),
                status=str(status(facts)),
                facts=facts,
                lock=shown,
                locked_location_ids=site_locks(own, sites),
                batches=made,
            )
        )
    return views


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
    principal: Principal, query: PayWeekQuery, *, queries: Queries, now: datetime, uow: UnitOfWorkFactory | None = None
) -> PayWeekList:
    """The pay weeks asked for, newest first; a site-limited key gets its sites' counts and no batch totals.
    With ``uow``, the weeks' stale figures are priced first and ``exceptions_open`` counts the open minimum
    wage shortfalls."""
    principal.require("payroll:read")
    client = principal.client
    start_day = client.settings.pay_week_start_day
    starts = chosen_weeks(query, start_day, local_date(now))
    if uow is None:
        views = pay_week_views(queries, client, starts, principal.site_ids, now)
    else:
        bring_up_to_date(client, week_bounds(starts[0])[0], week_bounds(starts[-1])[1], queries=queries, uow=uow)
        with uow(read_only=True) as tx:
            views = pay_week_views(queries, client, starts, principal.site_ids, now, tx.wages)
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
