"""A team for the who-is-free query, bulk-inserted through the SQL adapter's tables and row mapping: workers
with a week of bookings each, and some with an absence, an availability rule or a do-not-return mark.
The statement-count test and ``make bench`` both build it (one ``executemany`` per table)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import insert, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.workers import Worker
from workforce_core.rules.employee_ids import employee_id_key
from workforce_entrypoints.bootstrap import Services


def team(services: Services, client_id: int, site_id: int, count: int, monday: date) -> list[int]:
    """``count`` workers at ``site_id``, each booked 08:00-16:00 UTC Monday to Friday of ``monday``'s week;
    every third has an approved absence on the Friday, every fourth an availability rule on Fridays, every
    fifth is marked do-not-return at the site. Returns the workers' ids."""
    now = services.clock.now()
    w = tables.workers
    rows = []
    for n in range(count):
        worker = Worker(client_id, f"Team {client_id} {n:05d}", f"T{client_id}-{n:05d}", now, location_id=site_id)
        worker.job_role = "Picker" if n % 2 else "Driver"
        rows.append({**to_row(worker, w), "employee_id_key": employee_id_key(worker.employee_id)})
    with services.engine.begin() as connection:
        connection.execute(insert(w), rows)
        ids = sorted(connection.execute(select(w.c.id).where(w.c.client_id == client_id)).scalars())
        bookings, absences, rules, dnr = [], [], [], []
        for n, worker_id in enumerate(ids):
            for day in range(5):
                start = datetime.combine(monday + timedelta(days=day), time(8), UTC)
                booking = Booking(client_id, worker_id, site_id, start.date(), start, start + timedelta(hours=8), now)
                bookings.append(booking)
            friday = monday + timedelta(days=4)
            if n % 3 == 0:
                absences.append(Absence(client_id, worker_id, "holiday", friday, friday, now, AbsenceStatus.APPROVED))
            if n % 4 == 0:
                rules.append(WorkerAvailability(client_id, worker_id, "available", time(6), time(22), now, 5))
            if n % 5 == 0:
                dnr.append(DoNotReturn(client_id, worker_id, site_id, now))
        for table, records in (
            (tables.shifts, bookings),
            (tables.absences, absences),
            (tables.availability_rules, rules),
            (tables.do_not_return, dnr),
        ):
            if records:
                connection.execute(insert(table), [_row(record, table) for record in records])
    return ids


def _row(record: Any, table: Any) -> dict[str, Any]:
    return to_row(record, table)
