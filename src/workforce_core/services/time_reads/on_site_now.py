"""GET /on-site-now.php: who has an open shift, by site."""

from __future__ import annotations

from datetime import datetime

from workforce_core.model.principal import Principal
from workforce_core.ports import EntryFilter, LocationFilter, Queries
from workforce_core.rules.london import floor_to_second
from workforce_core.steps.time_filters import EVERYTHING, OPEN_WINDOW, site_filter
from workforce_core.views import OnSiteNow, OnSiteWorker, SiteOnShift


def on_site_now(principal: Principal, *, queries: Queries, now: datetime, location_id: int | None = None) -> OnSiteNow:
    """Who has an open shift clocked in within the last 18 hours, by site (name, then id), each site's
    workers by name then entry id. Lists the key's active sites even when nobody is there; unassigned
    shifts (no site) only for a key that sees every site and no ``location_id`` filter."""
    principal.require("onsite:read", "timesheets:read")
    sites = site_filter(principal, queries, location_id)
    as_of = floor_to_second(now)
    open_shifts = queries.entries(
        EntryFilter(
            client_id=principal.client_id,
            paging=EVERYTHING,
            entry_types=("shift",),
            closed=False,
            clocked_in_since=now - OPEN_WINDOW,
            location_ids=sites,
        )
    ).items
    on_shift = sorted(
        (OnSiteWorker(view, max(0, int((as_of - view.entry.clock_in).total_seconds() // 60))) for view in open_shifts),
        key=lambda w: (w.view.worker_name.casefold(), w.view.entry.id),
    )
    by_site: dict[int, list[OnSiteWorker]] = {}
    for worker in on_shift:
        if worker.view.entry.location_id is not None:
            by_site.setdefault(worker.view.entry.location_id, []).append(worker)
    places = queries.locations(LocationFilter(client_id=principal.client_id, paging=EVERYTHING, location_ids=sites))
    listed = tuple(
        SiteOnShift(site.id, site.name, tuple(by_site.get(site.id, ())))
        for site in places.items
        if site.active or site.id in by_site or site.id == location_id
    )
    unassigned = tuple(w for w in on_shift if w.view.entry.location_id is None)
    return OnSiteNow(as_of=as_of, locations=listed, unassigned=unassigned)
