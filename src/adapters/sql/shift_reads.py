"""GET /shifts.php in SQL: one filtered, ordered, paged query joined to the worker and the site; and the
bookings of a period counted by slot and status, for the dashboard's booked hours (one grouped query)."""

from __future__ import annotations

from sqlalchemy import Engine, func, or_, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.read_pages import equal, page
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.ports import Page, ShiftFilter, SlotFilter
from workforce_core.views import ShiftView
from workforce_core.views.dashboard import BookedSlot


def list_shifts(engine: Engine, query: ShiftFilter) -> Page[ShiftView]:
    """Two statements (count, page) whatever the data. Within a date, the real start orders as the local
    start time does (a shift_date's starts all fall on that local day)."""
    sh, w, loc = tables.shifts, tables.workers, tables.locations
    stmt = (
        select(
            sh,
            w.c.name.label("_worker_name"),
            w.c.employee_id.label("_employee_id"),
            w.c.department_id.label("_department_id"),
            loc.c.name.label("_location_name"),
        )
        # left joins (every booking has its worker and site): a page's ids and count need neither table
        .select_from(sh.outerjoin(w, w.c.id == sh.c.worker_id).outerjoin(loc, loc.c.id == sh.c.location_id))
        .where(sh.c.client_id == query.client_id)
    )
    stmt = equal(
        stmt,
        (sh.c.id, query.id),
        (sh.c.worker_id, query.worker_id),
        (sh.c.demand_id, query.demand_id),
    )
    if query.department_id is not None:
        stmt = stmt.where(sh.c.worker_id.in_(select(w.c.id).where(w.c.department_id == query.department_id)))
    if query.location_ids is not None:
        stmt = stmt.where(sh.c.location_id.in_(query.location_ids))
    if query.date_from is not None:
        stmt = stmt.where(sh.c.shift_date >= query.date_from)
    if query.date_to is not None:
        stmt = stmt.where(sh.c.shift_date <= query.date_to)
    if query.updated_since is not None:
        stmt = stmt.where(func.coalesce(sh.c.updated_at, sh.c.created_at) >= query.updated_since)
    if query.status == BookingStatus.CANCELLED:
        stmt = stmt.where(or_(sh.c.status == query.status, func.trim(sh.c.status) == ""))
    elif query.status is not None:
        stmt = stmt.where(sh.c.status == query.status)
    rows, total = page(engine, stmt, query.paging, [sh.c.shift_date.desc(), sh.c.start, sh.c.id])
    views = tuple(
        ShiftView(
            booking=from_row(Booking, row),
            worker_name=row["_worker_name"],
            employee_id=row["_employee_id"],
            department_id=row["_department_id"],
            location_name=row["_location_name"],
        )
        for row in rows
    )
    return Page(views, total)


def booked_slots(engine: Engine, query: SlotFilter) -> list[BookedSlot]:
    """One statement: the period's bookings of those statuses grouped by site, day, start, end, break and
    status (a site's day of like shifts is one row), with the site's name."""
    sh, loc = tables.shifts, tables.locations
    keys = (sh.c.location_id, loc.c.name, sh.c.shift_date, sh.c.start, sh.c.end, sh.c.break_minutes, sh.c.status)
    stmt = (
        select(*keys, func.count())
        .select_from(sh.outerjoin(loc, loc.c.id == sh.c.location_id))
        .where(
            sh.c.client_id == query.client_id,
            sh.c.shift_date >= query.date_from,
            sh.c.shift_date <= query.date_to,
            sh.c.status.in_(query.statuses),
        )
        .group_by(*keys)
        .order_by(sh.c.location_id, sh.c.shift_date, sh.c.start, sh.c.end)
    )
    if query.location_ids is not None:
        stmt = stmt.where(sh.c.location_id.in_(query.location_ids))
    with reading.connection(engine) as connection:
        return [
            BookedSlot(site, name, day, start, end, int(pause or 0), status, int(count))
            for site, name, day, start, end, pause, status, count in connection.execute(stmt)
        ]
