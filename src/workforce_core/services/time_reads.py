"""Read use cases of time: timesheets, who is on site now, exceptions and amendment requests.

Each applies the endpoint's scope, the ownership rules (a time record belongs to the client owning
its site, else the worker's home client: ``TimeEntry.client_id``) and the key's site limit, then asks
the read model. A ``location_id`` filter of another client's site is 404 ``location_not_found``; one
outside a site-limited key 403 ``location_not_allowed``.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.amendments import Amendment
from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, TimeEntry
from workforce_core.ports import AmendmentFilter, EntryFilter, LocationFilter, Page, Paging, Queries
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.rules.exceptions import BREAK_AFTER, TimeException, find_exceptions
from workforce_core.rules.london import floor_to_second, from_local, local_date
from workforce_core.services.pricing import priced
from workforce_core.views import EntryView, OnSiteNow, OnSiteWorker, ShiftPricing, SiteOnShift

MAX_PAYROLL_MATCHES = 2000

ENTRY_FILTERS: tuple[str, ...] = ("shifts", "active", "breaks", "all")
EXCEPTION_PERIOD_DAYS = 93
DEFAULT_PERIOD_DAYS = 7
OPEN_WINDOW = timedelta(hours=OPEN_SHIFT_HOURS)
LOOKBACK = timedelta(hours=48)  # shifts and bookings this far either side of a period can touch it
EVERYTHING = Paging(limit=1_000_000)  # a whole period (bounded by its dates), not a page of a reply
_MIDNIGHT = time(0)


def _sites(principal: Principal, queries: Queries, location_id: int | None) -> tuple[int, ...] | None:
    if location_id is not None:
        owned_site(principal, queries.location(location_id), parameter="location_id")
    return visible_sites(principal, location_id)


def _bounds(date_from: date | None, date_to: date | None) -> tuple[datetime | None, datetime | None]:
    """The instants of local midnight starting ``date_from`` and ending ``date_to``."""
    if date_from is not None and date_to is not None and date_to < date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    start = from_local(date_from, _MIDNIGHT) if date_from is not None else None
    end = from_local(date_to + timedelta(days=1), _MIDNIGHT) if date_to is not None else None
    return start, end


# ---- GET /timesheets.php -------------------------------------------------------------------------


@frozen
class TimesheetQuery:
    paging: Paging
    id: int | None = None
    date_from: date | None = None
    date_to: date | None = None
    updated_since: datetime | None = None
    worker_id: int | None = None
    location_id: int | None = None
    department_id: int | None = None
    entry_filter: str | None = None  # None: ``shifts``, or any entry with ``id``
    approval_status: str | None = None
    client_approval: str | None = None
    payroll_status: str | None = None  # completed shifts only; at most 2,000 matching before paging


@frozen
class Timesheet:
    """A page of entries with the pricing of its completed shifts (by entry id)."""

    page: Page[EntryView]
    pricing: dict[int, ShiftPricing]


def timesheets(principal: Principal, query: TimesheetQuery, *, queries: Queries, now: datetime) -> Timesheet:
    """Time entries, newest clock-in first, with the pay gate and pricing of completed shifts.

    ``entry_filter``: ``shifts`` (completed shifts, the default), ``active`` (open shifts clocked in
    within 18 hours), ``breaks``, ``all``. With ``id`` and no ``entry_filter`` the entry is found
    whatever its type or state. ``payroll_status`` keeps completed shifts the pay gate gives that
    status; it is decided shift by shift, so at most 2,000 shifts may match the other filters."""
    if query.payroll_status is None:
        page = _entries(principal, query, queries=queries, now=now)
        return Timesheet(page, priced(page.items, principal.client, queries))
    wide = attrs.evolve(query, paging=Paging(limit=MAX_PAYROLL_MATCHES + 1, offset=0), entry_filter="shifts")
    candidates = _entries(principal, wide, queries=queries, now=now)
    if candidates.total > MAX_PAYROLL_MATCHES:
        raise InvalidParameter(
            "payroll_status",
            f"more than {MAX_PAYROLL_MATCHES} shifts match; narrow the period with date_from and date_to.",
        )
    pricing = priced(candidates.items, principal.client, queries)
    kept = [v for v in candidates.items if pricing[v.entry.id].gate.status == query.payroll_status]
    window = kept[query.paging.offset : query.paging.offset + query.paging.limit]
    return Timesheet(Page(tuple(window), len(kept)), {v.entry.id: pricing[v.entry.id] for v in window})


def _entries(principal: Principal, query: TimesheetQuery, *, queries: Queries, now: datetime) -> Page[EntryView]:
    principal.require("timesheets:read")
    sites = _sites(principal, queries, query.location_id)
    start, end = _bounds(query.date_from, query.date_to)
    kind = query.entry_filter or ("all" if query.id is not None else "shifts")
    types: tuple[str, ...] = {"shifts": ("shift",), "active": ("shift",), "breaks": ("break",)}.get(
        kind, ("shift", "break")
    )
    closed = {"shifts": True, "active": False}.get(kind)
    return queries.entries(
        EntryFilter(
            client_id=principal.client_id,
            paging=query.paging,
            id=query.id,
            entry_types=types,
            closed=closed,
            clocked_in_since=now - OPEN_WINDOW if kind == "active" else None,
            clock_in_from=start,
            clock_in_before=end,
            updated_since=query.updated_since,
            worker_id=query.worker_id,
            location_ids=sites,
            department_id=query.department_id,
            approval_status=query.approval_status,
            client_approval=query.client_approval,
        )
    )


# ---- GET /on-site-now.php ------------------------------------------------------------------------


def on_site_now(principal: Principal, *, queries: Queries, now: datetime, location_id: int | None = None) -> OnSiteNow:
    """Who has an open shift clocked in within the last 18 hours, by site (name, then id), each site's
    workers by name then entry id. Lists the key's active sites even when nobody is there; unassigned
    shifts (no site) only for a key that sees every site and no ``location_id`` filter."""
    principal.require("onsite:read", "timesheets:read")
    sites = _sites(principal, queries, location_id)
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


# ---- GET /exceptions.php -------------------------------------------------------------------------


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


def _shifts_around(
    principal: Principal,
    queries: Queries,
    start: datetime,
    end: datetime,
    sites: tuple[int, ...] | None,
    *,
    worker_id: int | None = None,
    worker_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    """Shifts (open or closed) clocked in from ``start`` to before ``end``, at ``sites`` (None: all)."""
    window = EntryFilter(
        client_id=principal.client_id,
        paging=EVERYTHING,
        entry_types=("shift",),
        closed=None,
        clock_in_from=start,
        clock_in_before=end,
        location_ids=sites,
        worker_id=worker_id,
        worker_ids=worker_ids,
    )
    return [view.entry for view in queries.entries(window).items]


def exceptions(principal: Principal, query: ExceptionQuery, *, queries: Queries, now: datetime) -> Page[TimeException]:
    """The exceptions of the shifts clocked in (and the bookings dated) in the period, newest first.

    Shifts and bookings up to 48 hours either side are read too: a shift before the period can
    overlap one in it, and a booking can be clocked against from the next day. For a site-limited
    key or a ``location_id`` filter, the workers' shifts at the client's other sites count for
    overlaps and no-shows, but only exceptions at the sites asked for are listed.
    """
    principal.require("timesheets:read")
    sites = _sites(principal, queries, query.location_id)
    first, last = exception_period(query.date_from, query.date_to, local_date(now))
    start = from_local(first, _MIDNIGHT) - LOOKBACK
    end = from_local(last + timedelta(days=1), _MIDNIGHT) + LOOKBACK
    nearby = _shifts_around(principal, queries, start, end, sites, worker_id=query.worker_id)
    bookings = queries.bookings(principal.client_id, start, end, sites, worker_id=query.worker_id)
    if sites is not None:
        workers = tuple(sorted({e.worker_id for e in nearby} | {b.worker_id for b in bookings}))
        if workers:
            nearby = _shifts_around(principal, queries, start, end, None, worker_ids=workers)
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
    )
    chosen = [
        e
        for e in found
        if (query.type is None or e.type == query.type) and (query.status is None or e.status == query.status)
    ]
    page = query.paging
    return Page(tuple(chosen[page.offset : page.offset + page.limit]), len(chosen))


# ---- GET /amendments.php -------------------------------------------------------------------------


@frozen
class AmendmentQuery:
    paging: Paging
    id: int | None = None
    status: str | None = None
    entry_id: int | None = None
    worker_id: int | None = None
    date_from: date | None = None  # on the local date the request was raised
    date_to: date | None = None
    updated_since: datetime | None = None


def amendments(principal: Principal, query: AmendmentQuery, *, queries: Queries) -> Page[Amendment]:
    """Amendment requests of the client's entries (a site-limited key: entries at its sites), newest first."""
    principal.require("timesheets:read")
    start, end = _bounds(query.date_from, query.date_to)
    return queries.amendments(
        AmendmentFilter(
            client_id=principal.client_id,
            paging=query.paging,
            id=query.id,
            status=query.status,
            entry_id=query.entry_id,
            worker_id=query.worker_id,
            created_from=start,
            created_before=end,
            updated_since=query.updated_since,
            location_ids=principal.site_ids,
        )
    )
