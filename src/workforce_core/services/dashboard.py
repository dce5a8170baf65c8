"""The console's dashboard (its first page): a pay week against the four before it, read as
``/shifts.php`` and ``/demands.php`` read them: booked hours (bookings not cancelled, less their breaks)
by day and site, and per week the booked hours, the places asked for, filled and open."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta

from workforce_core.model.demands import DemandStatus
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandFilter, Paging, Queries, ShiftFilter
from workforce_core.rules.access import visible_sites
from workforce_core.rules.demands import FILLING_STATUSES
from workforce_core.rules.worker_facts import paid_minutes
from workforce_core.views.dashboard import Dashboard, SiteDay, WeekFigures

WEEKS_BEFORE = 4
MOST = 10_000  # bookings or requirements of five weeks read at once


def dashboard(principal: Principal, week: date, *, queries: Queries, clock: Clock) -> Dashboard:
    """``week``: the pay week's first day."""
    principal.require("shifts:read")
    first, last = week - timedelta(days=7 * WEEKS_BEFORE), week + timedelta(days=6)
    sites = visible_sites(principal, None)
    booked = queries.shifts(
        ShiftFilter(principal.client_id, Paging(limit=MOST), date_from=first, date_to=last, location_ids=sites)
    ).items
    asked = queries.demands(
        DemandFilter(principal.client_id, Paging(limit=MOST), clock.now(), date_from=first, date_to=last,
                     location_ids=sites)
    ).items  # fmt: skip
    weeks = [first + timedelta(days=7 * n) for n in range(WEEKS_BEFORE + 1)]

    def week_of(day: date) -> date:
        return first + timedelta(days=7 * ((day - first).days // 7))

    minutes: dict[date, int] = defaultdict(int)
    by_site_day: dict[tuple[str, int, date], int] = defaultdict(int)
    for view in booked:
        b = view.booking
        if b.status not in FILLING_STATUSES:
            continue
        minutes[week_of(b.shift_date)] += paid_minutes(b)
        if b.shift_date >= week:
            by_site_day[(view.location_name or "", b.location_id, b.shift_date)] += paid_minutes(b)
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
    )
