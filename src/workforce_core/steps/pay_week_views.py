"""A client's pay weeks as a scope sees them (the whole client, or some of its sites).

The counts come from storage in a fixed number of reads (``PayWeekTallies``); the blocking open
exceptions are decided by ``rules.exceptions``; the status by ``rules.pay_week_states``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime

import attrs

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.pay_gate import LateState
from workforce_core.model.pay_weeks import WeekCounts
from workforce_core.ports import PayWeekTallies, WeekSpan
from workforce_core.ports.minimum_wage import WageRecords, WageWeeks
from workforce_core.rules.late_clocks import candidate_weeks, late_clocks, locked_by
from workforce_core.rules.pay_week_states import WeekFacts, blocking_open, has_ended, status, week_bounds, week_end
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.week_locks import scope_lock, site_locks
from workforce_core.steps.minimum_wage import below_wage, open_per_week
from workforce_core.views import PayWeekView


def pay_week_views(
    store: PayWeekTallies,
    client: ClientAccount,
    starts: Sequence[date],
    sites: tuple[int, ...] | None,
    now: datetime,
    wages: WageRecords,
    figures: WageWeeks,
) -> list[PayWeekView]:
    """The weeks starting on ``starts`` (contiguous), oldest first, as ``sites`` (None: every site) see them:
    the one decision of a week's counts and status that the Close pay week page, GET /pay-weeks.php and the
    lock all take. ``exceptions_open`` counts the open minimum wage shortfalls too (of workers with shifts at
    ``sites``), read from ``figures`` as the caller makes them current: a read's price the stale ones in
    memory (``figures_current``), a lock stores them first (``steps.minimum_wage.priced_now``) and reads its
    unit of work's."""
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
    starts_asked = [span.week_start for span in spans]
    exceptions.update(open_per_week(below_wage(wages, client.id, starts_asked, sites, figures=figures)))
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
