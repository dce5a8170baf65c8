"""GET /timesheets.php: time entries with the pay gate and pricing of completed shifts."""

from __future__ import annotations

from datetime import date, datetime

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.ports import EntryFilter, Page, Paging, Queries
from workforce_core.services.pricing import priced
from workforce_core.services.time_reads.filters import OPEN_WINDOW, local_bounds, site_filter
from workforce_core.views import EntryView, ShiftPricing

MAX_PAYROLL_MATCHES = 2000

ENTRY_FILTERS: tuple[str, ...] = ("shifts", "active", "breaks", "all")


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
    sites = site_filter(principal, queries, query.location_id)
    start, end = local_bounds(query.date_from, query.date_to)
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
