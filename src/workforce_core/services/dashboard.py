"""The console's dashboard (its first page): a pay week against the four before it, read as
``/shifts.php`` and ``/demands.php`` read them: booked hours (bookings not cancelled, less their breaks)
by day and site, and per week the booked hours, the places asked for, filled and open; for a role that
reads payroll, the sites where ``/payroll.php?location_id=`` finds a line in the week (the margin by site
reads only those). The bookings are read counted by slot (one grouped statement over the five weeks),
the requirements in one read, the paying sites in one: a fixed number of statements whatever the data."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, time, timedelta

from workforce_core.model.demands import DemandStatus
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandFilter, Paging, PayrollFilter, Queries, SlotFilter, UnitOfWorkFactory
from workforce_core.rules.access import visible_sites
from workforce_core.rules.demands import FILLING_STATUSES
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.worker_facts import booked_minutes
from workforce_core.steps.pay_figures import figures_current
from workforce_core.views.dashboard import Dashboard, SiteDay, WeekFigures

WEEKS_BEFORE = 4
MOST = 10_000  # requirements, or payroll lines and exceptions (the checks), of five weeks read at once


def dashboard(principal: Principal, week: date, *, queries: Queries, clock: Clock, uow: UnitOfWorkFactory) -> Dashboard:
    """``week``: the pay week's first day."""
    principal.require("shifts:read")
    first, last = week - timedelta(days=7 * WEEKS_BEFORE), week + timedelta(days=6)
    sites = visible_sites(principal, None)
    booked = queries.booked_slots(SlotFilter(principal.client_id, first, last, FILLING_STATUSES, sites))
    asked = queries.demands(
        DemandFilter(principal.client_id, Paging(limit=MOST), clock.now(), date_from=first, date_to=last,
                     location_ids=sites)
    ).items  # fmt: skip
    weeks = [first + timedelta(days=7 * n) for n in range(WEEKS_BEFORE + 1)]

    def week_of(day: date) -> date:
        return first + timedelta(days=7 * ((day - first).days // 7))

    minutes: dict[date, int] = defaultdict(int)
    by_site_day: dict[tuple[str, int, date], int] = defaultdict(int)
    for slot in booked:
        if slot.status not in FILLING_STATUSES:
            continue
        paid = booked_minutes(slot.start, slot.end, slot.break_minutes) * slot.bookings
        minutes[week_of(slot.shift_date)] += paid
        if slot.shift_date >= week:
            by_site_day[(slot.location_name or "", slot.location_id, slot.shift_date)] += paid
    headcount: dict[date, int] = defaultdict(int)
    filled: dict[date, int] = defaultdict(int)
    for d in asked:
        if d.demand.status == DemandStatus.CANCELLED:
            continue
        headcount[week_of(d.demand.shift_date)] += d.demand.headcount
        filled[week_of(d.demand.shift_date)] += min(d.filled, d.demand.headcount)
    return Dashboard(
        week=week,
        weeks=tuple(WeekFigures(w, minutes[w], headcount[w], filled[w]) for w in weeks),
        days=tuple(week + timedelta(days=n) for n in range(7)),
        by_site_day=tuple(
            SiteDay(site_id, site, day, total)
            for (site, site_id, day), total in sorted(by_site_day.items(), key=lambda i: (i[0][0].casefold(), i[0][2]))
        ),
        paid_sites=_paid_sites(principal, week, sites, queries, uow) if principal.has("payroll:read") else None,
    )


def _paid_sites(
    principal: Principal, week: date, sites: tuple[int, ...] | None, queries: Queries, uow: UnitOfWorkFactory
) -> tuple[int, ...]:
    """The sites with a payroll line in the pay week, its stale figures priced in memory as the payroll read
    prices them."""
    client = principal.client
    pay_week = week_start(week, client.settings.pay_week_start_day)
    start, end = from_local(pay_week, time(0)), from_local(pay_week + timedelta(days=7), time(0))
    current = figures_current(client, start, end, queries=queries, uow=uow)
    return current.payroll_sites(PayrollFilter(client.id, (pay_week,), Paging(limit=1), location_ids=sites))
