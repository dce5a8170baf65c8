"""GET /availability.php and GET /absences.php in SQL: the rule and absence lists (one count, one page),
and the who-is-free facts: one statement per kind of fact for every worker of the client at once."""

from __future__ import annotations

from sqlalchemy import Engine, or_, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.read_pages import equal, page
from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import AbsenceFilter, AvailabilityRuleFilter, FreeFactsQuery, Page
from workforce_core.views import AbsenceView, FreeFacts

# What eligibility reads of a booking and a shift (every required field of the records, no more).
BOOKING_FACTS: tuple[str, ...] = ("id", "client_id", "worker_id", "location_id", "shift_date", "start", "end")
BOOKING_FACTS += ("created_at", "break_minutes", "status")
SHIFT_FACTS: tuple[str, ...] = ("id", "client_id", "worker_id", "location_id", "clock_in", "clock_out")
SHIFT_FACTS += ("created_at", "entry_type", "scheduled_shift_id")


def list_availability_rules(engine: Engine, query: AvailabilityRuleFilter) -> Page[WorkerAvailability]:
    ar, w = tables.availability_rules, tables.workers
    stmt = select(ar).where(ar.c.client_id == query.client_id)
    stmt = equal(stmt, (ar.c.id, query.id), (ar.c.worker_id, query.worker_id))
    if query.active is not None:
        stmt = stmt.where(ar.c.retired_at.is_(None) if query.active else ar.c.retired_at.is_not(None))
    if query.location_ids is not None:
        stmt = stmt.join(w, w.c.id == ar.c.worker_id).where(w.c.location_id.in_(query.location_ids))
    rows, total = page(engine, stmt, query.paging, [ar.c.worker_id, ar.c.id])
    return Page(tuple(from_row(WorkerAvailability, row) for row in rows), total)


def list_absences(engine: Engine, query: AbsenceFilter) -> Page[AbsenceView]:
    ab, w = tables.absences, tables.workers
    stmt = (
        select(ab, w.c.name.label("_worker_name"))
        .select_from(ab.join(w, w.c.id == ab.c.worker_id))
        .where(ab.c.client_id == query.client_id)
    )
    stmt = equal(
        stmt,
        (ab.c.id, query.id),
        (ab.c.worker_id, query.worker_id),
        (ab.c.status, query.status),
        (ab.c.type, query.type),
    )
    if query.worker_ids is not None:
        stmt = stmt.where(ab.c.worker_id.in_(query.worker_ids))
    if query.date_from is not None:
        stmt = stmt.where(ab.c.end_date >= query.date_from)
    if query.date_to is not None:
        stmt = stmt.where(ab.c.start_date <= query.date_to)
    if query.updated_since is not None:
        stmt = stmt.where(or_(ab.c.updated_at >= query.updated_since, ab.c.created_at >= query.updated_since))
    if query.location_ids is not None:
        stmt = stmt.where(w.c.location_id.in_(query.location_ids))
    rows, total = page(engine, stmt, query.paging, [ab.c.start_date.desc(), ab.c.id.desc()])
    return Page(tuple(AbsenceView(from_row(Absence, row), row["_worker_name"]) for row in rows), total)


def load_free_facts(engine: Engine, query: FreeFactsQuery) -> FreeFacts:
    """Six statements whatever the number of workers: the workers, then each kind of fact of the whole
    client, filtered to the window (never one statement per worker)."""
    w, sh, te = tables.workers, tables.shifts, tables.time_entries
    ab, ar, dnr = tables.absences, tables.availability_rules, tables.do_not_return
    workers = select(w).where(w.c.client_id == query.client_id, w.c.active.is_(True), w.c.status == "active")
    if query.location_ids is not None:
        workers = workers.where(w.c.location_id.in_(query.location_ids))
    held = (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
    bookings = select(*(sh.c[name] for name in BOOKING_FACTS)).where(
        sh.c.client_id == query.client_id, sh.c.status.in_(held), sh.c.start < query.end, sh.c.end > query.start
    )
    shifts = (
        select(*(te.c[name] for name in SHIFT_FACTS))
        .join(w, w.c.id == te.c.worker_id)
        .where(
            w.c.client_id == query.client_id,
            te.c.entry_type == "shift",
            te.c.clock_in < query.end,
            or_(te.c.clock_out.is_(None), te.c.clock_out > query.start),
        )
    )
    absences = select(ab).where(
        ab.c.client_id == query.client_id,
        ab.c.status == AbsenceStatus.APPROVED,
        ab.c.start_date <= query.last_day,
        ab.c.end_date >= query.first_day,
    )
    rules = select(ar).where(
        ar.c.client_id == query.client_id,
        ar.c.retired_at.is_(None),
        or_(ar.c.valid_from.is_(None), ar.c.valid_from <= query.last_day),
        or_(ar.c.valid_to.is_(None), ar.c.valid_to >= query.first_day),
        or_(ar.c.date.is_(None), ar.c.date.between(query.first_day, query.last_day)),
    )
    with reading.connection(engine) as connection:
        found_workers = [from_row(Worker, r) for r in connection.execute(workers.order_by(w.c.id)).mappings()]
        found_bookings = [
            from_row(Booking, r) for r in connection.execute(bookings.order_by(sh.c.start, sh.c.id)).mappings()
        ]
        found_shifts = [
            from_row(TimeEntry, r) for r in connection.execute(shifts.order_by(te.c.clock_in, te.c.id)).mappings()
        ]
        found_absences = [from_row(Absence, r) for r in connection.execute(absences.order_by(ab.c.id)).mappings()]
        found_rules = [from_row(WorkerAvailability, r) for r in connection.execute(rules.order_by(ar.c.id)).mappings()]
        found_dnr: list[DoNotReturn] = []
        if query.location_id is not None:
            at_site = select(dnr).where(dnr.c.client_id == query.client_id, dnr.c.location_id == query.location_id)
            found_dnr = [from_row(DoNotReturn, r) for r in connection.execute(at_site).mappings()]
    return FreeFacts(
        workers=tuple(found_workers),
        bookings=tuple(found_bookings),
        shifts=tuple(found_shifts),
        absences=tuple(found_absences),
        rules=tuple(found_rules),
        dnr=tuple(found_dnr),
    )


def do_not_return_sites(engine: Engine, client_id: int, worker_id: int) -> tuple[int, ...]:
    dnr = tables.do_not_return
    stmt = select(dnr.c.location_id).where(dnr.c.client_id == client_id, dnr.c.worker_id == worker_id)
    with reading.connection(engine) as connection:
        return tuple(connection.execute(stmt.order_by(dnr.c.location_id)).scalars())
