"""GET /timesheets.php: time entries with the pay gate and pricing of completed shifts."""

from __future__ import annotations

from datetime import date, datetime

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.ports import EntryFilter, Page, Paging, Queries, UnitOfWorkFactory
from workforce_core.services.pay_figures import shift_figures
from workforce_core.services.pricing import priced
from workforce_core.services.time_reads.filters import OPEN_WINDOW, local_bounds, site_filter
from workforce_core.views import EntryView, ShiftFigures, ShiftPricing

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
    explain: bool = False  # price the page's shifts again with the engine's working (``explained``)


@frozen
class Timesheet:
    """A page of entries with the stored pay figures of its completed shifts (by entry id); with
    ``explain``, the engine's working for them too. ``repriced``: the worker-weeks this read found stale."""

    page: Page[EntryView]
    figures: dict[int, ShiftFigures]
    explained: dict[int, ShiftPricing]
    repriced: tuple[tuple[int, date], ...] = ()


def timesheets(
    principal: Principal, query: TimesheetQuery, *, queries: Queries, uow: UnitOfWorkFactory, now: datetime
) -> Timesheet:
    """Time entries, newest clock-in first, with the pay gate and pricing of completed shifts.

    ``entry_filter``: ``shifts`` (completed shifts, the default), ``active`` (open shifts clocked in
    within 18 hours), ``breaks``, ``all``. With ``id`` and no ``entry_filter`` the entry is found
    whatever its type or state. ``payroll_status`` keeps completed shifts the pay gate gives that
    status; it is decided shift by shift, so at most 2,000 shifts may match the other filters."""
    client = principal.client
    if query.payroll_status is None:
        page = _entries(principal, query, queries=queries, now=now)
        found = shift_figures((v.entry for v in page.items), client, uow=uow)
        return Timesheet(page, found.by_entry, _explained(page.items, query, principal, queries), found.repriced)
    wide = attrs.evolve(query, paging=Paging(limit=MAX_PAYROLL_MATCHES + 1, offset=0), entry_filter="shifts")
    candidates = _entries(principal, wide, queries=queries, now=now)
    if candidates.total > MAX_PAYROLL_MATCHES:
        raise InvalidParameter(
            "payroll_status",
            f"more than {MAX_PAYROLL_MATCHES} shifts match; narrow the period with date_from and date_to.",
        )
    found = shift_figures((v.entry for v in candidates.items), client, uow=uow)
    figures = found.by_entry
    kept = [
        v for v in candidates.items if v.entry.id in figures and figures[v.entry.id].gate.status == query.payroll_status
    ]
    window = tuple(kept[query.paging.offset : query.paging.offset + query.paging.limit])
    return Timesheet(
        Page(window, len(kept)),
        {v.entry.id: figures[v.entry.id] for v in window},
        _explained(window, query, principal, queries),
        found.repriced,
    )


def _explained(
    views: tuple[EntryView, ...], query: TimesheetQuery, principal: Principal, queries: Queries
) -> dict[int, ShiftPricing]:
    """The engine's working for the page's shifts, only when asked: the figures shown stay the stored
    ones, which equal a fresh pricing of the same data."""
    return priced(views, principal.client, queries) if query.explain else {}


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
