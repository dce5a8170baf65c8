"""GET /timesheets.php: time entries with the pay gate and pricing of completed shifts; and how many it
would count in each of some weeks, read at once (the dashboard's shifts awaiting sign-off)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.principal import Principal
from workforce_core.ports import EntryFilter, Page, Paging, Queries, UnitOfWorkFactory
from workforce_core.rules.london import from_local
from workforce_core.steps.pay_figures import figures_now, priced_now
from workforce_core.steps.pricing import priced
from workforce_core.steps.shift_exceptions import open_exceptions
from workforce_core.steps.time_filters import MIDNIGHT, OPEN_WINDOW, local_bounds, site_filter
from workforce_core.views import EntryView, ShiftFigures, ShiftGate, ShiftPricing

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
    pricing: bool = True  # each shift's whole figures (``figures``); without, its paid time and gate only
    checks: bool = True  # each shift's open exceptions (``exceptions``)


@frozen
class WeekCounts:
    """``query``'s filters (not its dates, paging or ``payroll_status``) in each of ``weeks`` (consecutive
    weeks' first days, oldest first)."""

    query: TimesheetQuery
    weeks: tuple[date, ...]


@frozen
class Timesheet:
    """A page of entries with the paid time and pay gate of its completed shifts (``gates``, by entry
    id) and, with ``pricing``, their whole pay figures; with ``explain``, the engine's working too; with
    ``checks``, the types of each shift's open exceptions (``exceptions``, by entry id)."""

    page: Page[EntryView]
    gates: dict[int, ShiftGate]
    figures: dict[int, ShiftFigures]
    explained: dict[int, ShiftPricing]
    exceptions: dict[int, tuple[str, ...]]


def timesheets(
    principal: Principal, query: TimesheetQuery, *, queries: Queries, uow: UnitOfWorkFactory, now: datetime
) -> Timesheet:
    """Time entries, newest clock-in first, with the pay gate and pricing of completed shifts.

    ``entry_filter``: ``shifts`` (completed shifts, the default), ``active`` (open shifts clocked in
    within 18 hours), ``breaks``, ``all``. With ``id`` and no ``entry_filter`` the entry is found
    whatever its type or state. ``payroll_status`` keeps completed shifts the pay gate gives that
    status; it is decided shift by shift, so at most 2,000 shifts may match the other filters.

    A read: nothing is stored. The figures are the stored ones (the page's gates joined to it); a
    shift whose worker-week is marked stale has that week priced in memory for this answer."""
    if query.payroll_status is None:
        page = _entries(principal, query, queries=queries, now=now)
        return _sheet(page, query, principal, queries=queries, uow=uow, now=now)
    wide = attrs.evolve(query, paging=Paging(limit=MAX_PAYROLL_MATCHES + 1, offset=0), entry_filter="shifts")
    candidates = _entries(principal, wide, queries=queries, now=now)
    if candidates.total > MAX_PAYROLL_MATCHES:
        raise InvalidParameter(
            "payroll_status",
            f"more than {MAX_PAYROLL_MATCHES} shifts match; narrow the period with date_from and date_to.",
        )
    gates = _gates(candidates.items, principal.client, uow=uow)
    kept = [
        v for v in candidates.items if v.entry.id in gates and gates[v.entry.id].gate.status == query.payroll_status
    ]
    window = tuple(kept[query.paging.offset : query.paging.offset + query.paging.limit])
    return _sheet(Page(window, len(kept)), query, principal, queries=queries, uow=uow, now=now)


def _sheet(
    page: Page[EntryView],
    query: TimesheetQuery,
    principal: Principal,
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
    now: datetime,
) -> Timesheet:
    client = principal.client
    entries = [v.entry for v in page.items]
    checked = open_exceptions(principal, entries, queries=queries, uow=uow, now=now) if query.checks else {}
    if not query.pricing:
        return Timesheet(page, _gates(page.items, client, uow=uow), {}, {}, checked)
    with uow(read_only=True) as tx:
        figures = figures_now(tx, entries, client)
    gates = {entry_id: f.shift_gate() for entry_id, f in figures.items()}
    return Timesheet(page, gates, figures, _explained(page.items, query, principal, queries), checked)


def _gates(views: Sequence[EntryView], client: ClientAccount, *, uow: UnitOfWorkFactory) -> dict[int, ShiftGate]:
    """The paid time and pay gate of the completed shifts among ``views``: joined to the page where
    current, else priced in memory."""
    gates = {v.entry.id: v.gate for v in views if v.gate is not None}
    stale = [v.entry for v in views if v.gate is None and v.entry.entry_type == "shift" and v.entry.clock_out]
    if stale:
        with uow(read_only=True) as tx:
            gates.update({entry_id: f.shift_gate() for entry_id, f in priced_now(tx, stale, client).items()})
    return gates


def _explained(
    views: tuple[EntryView, ...], query: TimesheetQuery, principal: Principal, queries: Queries
) -> dict[int, ShiftPricing]:
    """The engine's working for the page's shifts, only when asked: the figures shown stay the stored
    ones, which equal a fresh pricing of the same data."""
    return priced(views, principal.client, queries) if query.explain else {}


def timesheet_counts(principal: Principal, asked: WeekCounts, *, queries: Queries, now: datetime) -> tuple[int, ...]:
    """For each week, the ``pagination.total`` of ``/timesheets.php`` with ``date_from`` its first day and
    ``date_to`` its last: one grouped read, whatever the weeks."""
    principal.require("timesheets:read")
    if asked.query.payroll_status is not None:
        raise InvalidParameter("payroll_status", "the pay gate is decided shift by shift; count a week at a time.")
    last = asked.weeks[-1] + timedelta(days=6)
    found = _entry_filter(principal, attrs.evolve(asked.query, date_from=asked.weeks[0], date_to=last), queries, now)
    bounds = [from_local(day, MIDNIGHT) for day in (*asked.weeks, last + timedelta(days=1))]  # as local_bounds
    return queries.entry_counts(found, bounds)


def _entries(principal: Principal, query: TimesheetQuery, *, queries: Queries, now: datetime) -> Page[EntryView]:
    principal.require("timesheets:read")
    return queries.entries(_entry_filter(principal, query, queries, now))


def _entry_filter(principal: Principal, query: TimesheetQuery, queries: Queries, now: datetime) -> EntryFilter:
    sites = site_filter(principal, queries, query.location_id)
    start, end = local_bounds(query.date_from, query.date_to)
    kind = query.entry_filter or ("all" if query.id is not None else "shifts")
    types: tuple[str, ...] = {"shifts": ("shift",), "active": ("shift",), "breaks": ("break",)}.get(
        kind, ("shift", "break")
    )
    closed = {"shifts": True, "active": False}.get(kind)
    return EntryFilter(
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
        gates=True,
    )
