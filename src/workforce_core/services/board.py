"""The shifts board of a pay week (the console's Shifts page): the week's requirements and bookings
read as ``/demands.php`` and ``/shifts.php`` read them, laid out as a grid of sites' requirement lines by
day. Filters: a site, a job role (of the requirement, or of a booking on none) and a requirement
status (``open``, ``filled``, ``finished``, ``cancelled``; a status hides the bookings on no requirement)."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.demands import DemandStatus
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandFilter, Paging, Queries, ShiftFilter
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.rules.demands import FILLING_STATUSES, needs_filling
from workforce_core.rules.london import shown
from workforce_core.views.board import Board, BoardCell, BoardLine, Placed
from workforce_core.views.bookings import DemandView, ShiftView

MOST_REQUIREMENTS = 2_000  # requirements one board reads
MOST_BOOKINGS = 5_000  # bookings one board reads
STATUSES = tuple(DemandStatus)


@frozen(kw_only=True)
class BoardQuery:
    week: date  # the pay week's first day
    location_id: int | None = None
    job_role: str | None = None
    status: str | None = None


def _wall(moment: datetime) -> str:
    return shown(moment)[11:16]


def _same_role(asked: str | None, role: str | None) -> bool:
    return asked is None or (role or "").strip().casefold() == asked.strip().casefold()


def board(principal: Principal, query: BoardQuery, *, queries: Queries, clock: Clock) -> Board:
    principal.require("shifts:read")
    if query.status is not None and query.status not in STATUSES:
        raise InvalidParameter("status", f"status is one of {', '.join(STATUSES)}.")
    if query.location_id is not None:
        owned_site(principal, queries.location(query.location_id), parameter="location_id")
    days = tuple(query.week + timedelta(days=n) for n in range(7))
    sites = visible_sites(principal, query.location_id)
    found = queries.demands(
        DemandFilter(principal.client_id, Paging(limit=MOST_REQUIREMENTS), now := clock.now(), date_from=days[0],
                     date_to=days[-1], location_ids=sites)
    )  # fmt: skip
    booked = queries.shifts(
        ShiftFilter(principal.client_id, Paging(limit=MOST_BOOKINGS), date_from=days[0], date_to=days[-1],
                    location_ids=sites)
    )  # fmt: skip
    roles = tuple(sorted({d.demand.job_role for d in found.items if d.demand.job_role}, key=str.casefold))
    wanted = [
        d
        for d in found.items
        if _same_role(query.job_role, d.demand.job_role) and (query.status is None or d.status == query.status)
    ]
    chips: dict[int, list[ShiftView]] = defaultdict(list)
    loose: dict[tuple[int, str], dict[date, list[ShiftView]]] = defaultdict(lambda: defaultdict(list))
    for view in sorted(booked.items, key=lambda v: (v.booking.start, v.worker_name)):
        b = view.booking
        if b.status not in FILLING_STATUSES:
            continue
        if b.demand_id is not None:
            chips[b.demand_id].append(view)
        elif query.status is None and _same_role(query.job_role, b.job_role):
            loose[(b.location_id, view.location_name or "")][b.shift_date].append(view)
    soon = {d.demand.id for d in wanted if needs_filling(d.demand, d.filled, now)}
    return Board(
        days=days,
        lines=_lines(wanted, chips, loose, days, soon),
        headcount=sum(d.demand.headcount for d in wanted if d.status != DemandStatus.CANCELLED),
        filled=sum(d.filled for d in wanted if d.status != DemandStatus.CANCELLED),
        soon=len(soon),
        roles=roles,
        truncated=found.total > len(found.items) or booked.total > len(booked.items),
    )


def placed(view: DemandView, chips: tuple[ShiftView, ...], now: datetime) -> Placed:
    """A requirement as the board shows it: its bookings' chips, and whether it starts soon not full."""
    return Placed(
        view,
        tuple(c for c in chips if c.booking.status in FILLING_STATUSES),
        needs_filling(view.demand, view.filled, now),
    )


def _lines(
    wanted: list[DemandView],
    chips: dict[int, list[ShiftView]],
    loose: dict[tuple[int, str], dict[date, list[ShiftView]]],
    days: tuple[date, ...],
    soon: set[int],
) -> tuple[BoardLine, ...]:
    grouped: dict[tuple[int, str, str, str, str], dict[date, list[Placed]]] = defaultdict(lambda: defaultdict(list))
    for view in sorted(wanted, key=lambda v: (v.demand.start, v.demand.id)):
        d = view.demand
        key = (d.location_id, view.location_name or "", d.job_role or "", _wall(d.start), _wall(d.end))
        grouped[key][d.shift_date].append(Placed(view, tuple(chips.get(d.id, ())), d.id in soon))
    lines = [
        BoardLine(site_id, site, role or None, start, end,
                  tuple(BoardCell(day, tuple(by_day.get(day, ()))) for day in days))
        for (site_id, site, role, start, end), by_day in grouped.items()
    ]  # fmt: skip
    lines += [
        BoardLine(
            site_id, site, None, None, None, tuple(BoardCell(day, loose=tuple(by_day.get(day, ()))) for day in days)
        )
        for (site_id, site), by_day in loose.items()
    ]
    return tuple(sorted(lines, key=lambda line: (line.site.casefold(), line.location_id, line.loose, line.start or "",
                                                 line.end or "", (line.job_role or "").casefold())))  # fmt: skip
