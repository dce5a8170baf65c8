"""Write-side repositories on one connection (the unit of work's transaction)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any, Generic, TypeVar

import attrs
from sqlalchemy import (
    Connection,
    Executable,
    Insert,
    Select,
    Table,
    Update,
    bindparam,
    delete,
    func,
    insert,
    null,
    or_,
    select,
    union_all,
    update,
)
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from workforce_adapters.sql import prepared, tables
from workforce_adapters.sql.breaks import CHUNK
from workforce_adapters.sql.mapping import from_row, to_row, unprefixed
from workforce_core.errors import DuplicateEmployeeId
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.audit import AuditEntry
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus
from workforce_core.model.keys import ApiKey
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports.paging import Page, Paging
from workforce_core.rules.booking_choice import GRACE
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.views.audit import AuditFilter, AuditRow

T = TypeVar("T")
HOLDER = "_client_"  # the prefix of the client's columns read with its keys


# The statements every repository runs by id, built once per table: building a statement (and its cache
# key) costs more than SQLite takes to run it. The values go as parameters, so each is compiled once.
@cache
def by_id(table: Table) -> Select[Any]:
    return prepared.hot(select(table).where(table.c.id == bindparam("_id")))


@cache
def adding(table: Table) -> Insert:
    return prepared.hot(insert(table).returning(table.c.id))


@cache
def updating(table: Table) -> Update:
    return prepared.hot(update(table).where(table.c.id == bindparam("_id")))


class SqlRepository(Generic[T]):
    def __init__(self, connection: Connection, table: Table, cls: type[T]) -> None:
        self.connection = connection
        self.table = table
        self.cls = cls

    def get(self, id: int) -> T | None:
        rows = prepared.execute(self.connection, by_id(self.table), {"_id": id})
        return self._record(rows[0]) if rows else None

    def add(self, item: T) -> T:
        (new,) = prepared.execute(self.connection, adding(self.table), self._row(item))
        return attrs.evolve(item, id=new["id"])  # type: ignore[misc]

    def update(self, item: T) -> None:
        prepared.execute(self.connection, updating(self.table), {"_id": item.id, **self._row(item)})  # type: ignore[attr-defined]

    def get_many(self, ids: Collection[int]) -> dict[int, T]:
        found: dict[int, T] = {}
        wanted = sorted(set(ids))
        for at in range(0, len(wanted), CHUNK):  # SQLite caps the variables of one statement
            rows = self.connection.execute(select(self.table).where(self.table.c.id.in_(wanted[at : at + CHUNK])))
            found.update((row["id"], self._record(row)) for row in rows.mappings())
        return found

    def update_many(self, items: Sequence[T]) -> None:
        if items:
            rows = [{"_id": item.id, **self._row(item)} for item in items]  # type: ignore[attr-defined]
            prepared.execute(self.connection, updating(self.table), rows)

    def _record(self, row: Mapping[Any, Any]) -> T:
        return from_row(self.cls, row)

    def _row(self, item: T) -> dict[str, Any]:
        return to_row(item, self.table)

    def _many(self, *where: Any) -> list[T]:
        return self._listed(select(self.table).where(*where).order_by(self.table.c.id))

    def _listed(self, statement: Executable, parameters: Mapping[str, Any] | None = None) -> list[T]:
        """The records a (prebuilt) statement reads, given its ``parameters``."""
        return [self._record(row) for row in prepared.execute(self.connection, statement, parameters)]


HOLDERS = prepared.hot(  # built once: every request reads it
    select(tables.api_keys, *(column.label(f"{HOLDER}{column.name}") for column in tables.clients.columns))
    .join_from(tables.api_keys, tables.clients, tables.clients.c.id == tables.api_keys.c.client_id)
    .where(tables.api_keys.c.key_prefix == bindparam("prefix"))
    .order_by(tables.api_keys.c.id)
)


class SqlClientRepository(SqlRepository[ClientAccount]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.clients, ClientAccount)

    def every(self) -> list[ClientAccount]:
        return self._many()


class SqlApiKeyRepository(SqlRepository[ApiKey]):
    """Keys; their browser origins are mirrored in ``api_key_origins`` for CORS preflight look-ups."""

    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.api_keys, ApiKey)

    def add(self, item: ApiKey) -> ApiKey:
        added = super().add(item)
        self._write_origins(added)
        return added

    def update(self, item: ApiKey) -> None:
        super().update(item)
        self._write_origins(item)

    def _write_origins(self, key: ApiKey) -> None:
        origins = tables.api_key_origins
        self.connection.execute(delete(origins).where(origins.c.api_key_id == key.id))
        if key.allowed_origins:
            self.connection.execute(insert(origins), [{"api_key_id": key.id, "origin": o} for o in key.allowed_origins])

    def update_many(self, items: Sequence[ApiKey]) -> None:
        for key in items:  # each key's origins are mirrored too
            self.update(key)

    def by_prefix(self, key_prefix: str) -> list[ApiKey]:
        return self._many(self.table.c.key_prefix == key_prefix)

    def holders(self, key_prefix: str) -> list[tuple[ApiKey, ClientAccount]]:
        found = []
        for row in prepared.execute(self.connection, HOLDERS, {"prefix": key_prefix}):
            found.append((from_row(ApiKey, row), from_row(ClientAccount, unprefixed(row, HOLDER))))
        return found

    def for_client(self, client_id: int) -> list[ApiKey]:
        return self._many(self.table.c.client_id == client_id)


# PostgreSQL's row lock; SQLite's writer holds the file
LOCK_WORKER = prepared.hot(by_id(tables.workers).with_for_update())


class SqlWorkerRepository(SqlRepository[Worker]):
    def __init__(self, connection: Connection, held: set[int] | None = None) -> None:
        super().__init__(connection, tables.workers, Worker)
        self.held = held if held is not None else set()  # workers this transaction has locked

    def _row(self, item: Worker) -> dict[str, Any]:
        return {**to_row(item, self.table), "employee_id_key": employee_id_key(item.employee_id)}

    def add(self, item: Worker) -> Worker:
        try:
            with self.connection.begin_nested():
                return super().add(item)
        except IntegrityError as exc:
            raise DuplicateEmployeeId(field="employee_id") from exc

    def update(self, item: Worker) -> None:
        try:
            with self.connection.begin_nested():
                super().update(item)
        except IntegrityError as exc:
            raise DuplicateEmployeeId(field="employee_id") from exc

    def lock_many(self, worker_ids: Collection[int]) -> dict[int, Worker]:
        query = select(self.table).where(self.table.c.id.in_(sorted(set(worker_ids)))).order_by(self.table.c.id)
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update()
        found = {row["id"]: from_row(Worker, row) for row in self.connection.execute(query).mappings()}
        self.held.update(found)
        return found

    def lock(self, worker_id: int) -> Worker | None:
        query = LOCK_WORKER if self.connection.dialect.name == "postgresql" else by_id(self.table)
        rows = prepared.execute(self.connection, query, {"_id": worker_id})
        if not rows:
            return None
        self.held.add(worker_id)
        return from_row(Worker, rows[0])

    def lock_employee_numbers(self, client_id: int) -> int:
        counters = tables.employee_id_counters
        locked = select(counters.c.last_number).where(counters.c.client_id == client_id).with_for_update()
        last = self.connection.execute(locked).scalar_one_or_none()
        if last is None:  # the client's first: start at its worker count (a concurrent first waits here)
            count = select(func.count()).select_from(self.table).where(self.table.c.client_id == client_id)
            insert_ = pg_insert if self.connection.dialect.name == "postgresql" else sqlite_insert
            self.connection.execute(
                insert_(counters)
                .values(client_id=client_id, last_number=count.scalar_subquery())
                .on_conflict_do_nothing()
            )
            last = self.connection.execute(locked).scalar_one()
        return int(last)

    def save_employee_number(self, client_id: int, number: int) -> None:
        counters = tables.employee_id_counters
        self.connection.execute(update(counters).where(counters.c.client_id == client_id).values(last_number=number))

    def id_by_employee_id(self, client_id: int, employee_id_key: str) -> int | None:
        c = self.table.c
        query = select(c.id).where(c.client_id == client_id, c.employee_id_key == employee_id_key)
        found = self.connection.execute(query).scalar_one_or_none()
        return int(found) if found is not None else None

    def idle_since(self, client_id: int, cutoff: datetime) -> list[Worker]:
        """``rules.dormancy.goes_dormant`` as a query (a property test holds the two to each other)."""
        w, te = self.table.c, tables.time_entries.c
        clocked = select(te.id).where(te.worker_id == w.id, te.clock_in >= cutoff).exists()
        return self._many(
            w.client_id == client_id,
            w.status == "active",
            w.active.is_(True),
            w.dormant_since.is_(None),
            w.anonymised_at.is_(None),
            w.created_at < cutoff,
            ~clocked,
        )

    def employee_id_taken(self, client_id: int, employee_id: str, *, except_id: int = 0) -> bool:
        c = self.table.c
        query = select(c.id).where(
            c.client_id == client_id, c.employee_id_key == employee_id_key(employee_id), c.id != except_id
        )
        return self.connection.execute(query.limit(1)).first() is not None


AUDIT_INSERT = prepared.hot(insert(tables.audit_log))  # built once: every audited write (every clock) runs it


class SqlAuditLog:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def add(self, entry: AuditEntry) -> None:
        prepared.execute(self.connection, AUDIT_INSERT, to_row(entry, tables.audit_log))

    def add_all(self, entries: Sequence[AuditEntry]) -> None:
        if entries:
            prepared.execute(self.connection, AUDIT_INSERT, [to_row(entry, tables.audit_log) for entry in entries])

    def find(self, query: AuditFilter, paging: Paging) -> Page[AuditRow]:
        a, u, k = tables.audit_log, tables.users, tables.api_keys
        wanted = {
            a.c.user_id: query.user_id,
            a.c.api_key_id: query.api_key_id,
            a.c.entity: query.entity,
            a.c.entity_id: query.entity_id,
        }
        where = [
            a.c.client_id == query.client_id,
            *(column == value for column, value in wanted.items() if value is not None),
        ]
        if query.since is not None:
            where.append(a.c.created_at >= query.since)
        if query.until is not None:
            where.append(a.c.created_at < query.until)
        total = self.connection.execute(select(func.count()).select_from(a).where(*where)).scalar_one()
        stmt = (
            select(a, u.c.email.label("_user_email"), k.c.name.label("_key_name"))
            .select_from(a.outerjoin(u, u.c.id == a.c.user_id).outerjoin(k, k.c.id == a.c.api_key_id))
            .where(*where)
            .order_by(a.c.created_at.desc(), a.c.id.desc())
            .limit(paging.limit)
            .offset(paging.offset)
        )
        rows = self.connection.execute(stmt).mappings()
        return Page(
            tuple(AuditRow(from_row(AuditEntry, row), row["_user_email"], row["_key_name"]) for row in rows), total
        )


def _shift_reads() -> tuple[Select[Any], Any, Select[Any], Any]:
    """The clock path's reads of time entries, built once (``worker_id``, ``since``, ``at``, ``shift_id``)."""
    te = tables.time_entries
    c = te.c
    open_shifts = select(te).where(
        c.worker_id == bindparam("worker_id"),
        c.entry_type == "shift",
        c.clock_out.is_(None),
        c.clock_in >= bindparam("since"),
    )
    open_shift = open_shifts.order_by(c.clock_in.desc(), c.id.desc()).limit(1)
    shifts = select(te).where(c.worker_id == bindparam("worker_id"), c.entry_type == "shift")
    blockers = union_all(shifts.where(c.clock_out.is_(None)), shifts.where(c.clock_out > bindparam("at")))
    breaks = select(te).where(c.parent_id == bindparam("shift_id"), c.entry_type == "break").order_by(c.id)
    # a clock-out's read: the worker's open shifts since ``since`` (normally one) with their sites (the
    # site's columns beside the shift's, ``SITE``-prefixed), and their breaks (no site), each a range of
    # an index (the worker's clock-out index, the parent index); the newest shift is chosen in Python as
    # ``open_shift`` orders them
    sites = tables.locations
    ids = select(c.id).where(
        c.worker_id == bindparam("worker_id"),
        c.entry_type == "shift",
        c.clock_out.is_(None),
        c.clock_in >= bindparam("since"),
    )
    with_sites = open_shifts.add_columns(*(column.label(f"{SITE}{column.name}") for column in sites.columns))
    with_sites = with_sites.outerjoin(sites, sites.c.id == c.location_id)
    no_site = (null().label(f"{SITE}{column.name}") for column in sites.columns)
    its_breaks = select(te, *no_site).where(c.parent_id.in_(ids), c.entry_type == "break")
    return open_shift, blockers, breaks, union_all(with_sites, its_breaks)


SITE = "site_"  # the prefix of a shift's site's columns beside the shift's
OPEN_SHIFT, CLOCK_IN_BLOCKERS, BREAKS_OF, CLOCK_OUT_READS = map(prepared.hot, _shift_reads())


class SqlTimeEntryRepository(SqlRepository[TimeEntry]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.time_entries, TimeEntry)

    def _first(self, query: Any) -> TimeEntry | None:
        row = self.connection.execute(query.limit(1)).mappings().first()
        return from_row(TimeEntry, row) if row else None

    def open_shift(self, worker_id: int, since: datetime) -> TimeEntry | None:
        rows = prepared.execute(self.connection, OPEN_SHIFT, {"worker_id": worker_id, "since": since})
        return from_row(TimeEntry, rows[0]) if rows else None

    def clock_out_reads(
        self, worker_id: int, since: datetime
    ) -> tuple[TimeEntry | None, list[TimeEntry], Location | None]:
        rows = prepared.execute(self.connection, CLOCK_OUT_READS, {"worker_id": worker_id, "since": since})
        shifts = [(from_row(TimeEntry, row), row) for row in rows if row["entry_type"] == "shift"]
        if not shifts:
            return None, [], None
        shift, row = max(shifts, key=lambda found: (found[0].clock_in, found[0].id))
        breaks = sorted(
            (from_row(TimeEntry, row) for row in rows if row["entry_type"] == "break" and row["parent_id"] == shift.id),
            key=lambda e: e.id,
        )
        site = unprefixed(row, SITE)
        return shift, breaks, from_row(Location, site) if site["id"] is not None else None

    def overlapping(
        self, worker_id: int, start: datetime, end: datetime | None, *, except_id: int = 0
    ) -> TimeEntry | None:
        c = self.table.c
        query = select(self.table).where(
            c.worker_id == worker_id,
            c.entry_type == "shift",
            c.id != except_id,
            or_(c.clock_out.is_(None), c.clock_out > start),
        )
        if end is not None:
            query = query.where(c.clock_in < end)
        return self._first(query.order_by(c.clock_in, c.id))

    def clashing(self, worker_id: int, at: datetime) -> TimeEntry | None:
        c = self.table.c
        return self._first(
            select(self.table)
            .where(c.worker_id == worker_id, c.entry_type == "shift", c.clock_out.is_not(None), c.clock_out > at)
            .order_by(c.clock_out.desc(), c.id.desc())
        )

    def clock_in_blockers(
        self, worker_id: int, since: datetime, at: datetime
    ) -> tuple[TimeEntry | None, TimeEntry | None, tuple[TimeEntry, ...]]:
        """The reads of a clock-in as one statement, each a range of the worker's clock-out index: the
        open shifts (since ``since``, and the stale ones before it) and the recorded shifts ending after
        ``at`` (normally none)."""
        found = self._listed(CLOCK_IN_BLOCKERS, {"worker_id": worker_id, "at": at})
        open_ = [e for e in found if e.clock_out is None and e.clock_in >= since]
        stale = tuple(sorted((e for e in found if e.clock_out is None and e.clock_in < since), key=lambda e: e.id))
        ended = [e for e in found if e.clock_out is not None]
        return (
            max(open_, key=lambda e: (e.clock_in, e.id), default=None),
            max(ended, key=lambda e: (e.clock_out or at, e.id), default=None),
            stale,
        )

    def open_before(self, cutoff: datetime) -> list[TimeEntry]:
        c = self.table.c
        return self._many(c.entry_type == "shift", c.clock_out.is_(None), c.clock_in < cutoff)

    def breaks_of(self, shift_id: int) -> list[TimeEntry]:
        return self._listed(BREAKS_OF, {"shift_id": shift_id})

    def change(self, before: TimeEntry, after: TimeEntry) -> None:
        was, row = self._row(before), self._row(after)
        changed = {name: value for name, value in row.items() if was[name] != value}  # the same columns
        if changed:  # (a statement per set of columns, each compiled once)
            prepared.execute(self.connection, updating(self.table), {"_id": after.id, **changed})

    def shifts_between(self, worker_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        c = self.table.c
        rows = self.connection.execute(
            select(self.table)
            .where(
                c.worker_id == worker_id,
                c.entry_type == "shift",
                c.clock_in < end,
                or_(c.clock_out.is_(None), c.clock_out > start),
            )
            .order_by(c.clock_in, c.id)
        ).mappings()
        return [from_row(TimeEntry, row) for row in rows]

    def worked_against(self, booking_id: int) -> bool:
        c = self.table.c
        found = self.connection.execute(
            select(c.id).where(c.scheduled_shift_id == booking_id, c.entry_type == "shift").limit(1)
        ).first()
        return found is not None


# the live bookings of a worker around a clock (``latest``: its time plus the grace, ``earliest`` less it)
NEAR = prepared.hot(
    select(tables.shifts)
    .where(
        tables.shifts.c.worker_id == bindparam("worker_id"),
        # each status its own bound value: an IN list is expanded into the SQL at every run
        or_(*(tables.shifts.c.status == status for status in LIVE_BOOKING_STATUSES)),
        tables.shifts.c.start <= bindparam("latest"),
        tables.shifts.c.end >= bindparam("earliest"),
    )
    .order_by(tables.shifts.c.id)
)


class SqlBookingRepository(SqlRepository[Booking]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.shifts, Booking)

    def near(self, worker_id: int, at: datetime) -> list[Booking]:
        return self._listed(NEAR, {"worker_id": worker_id, "latest": at + GRACE, "earliest": at - GRACE})

    def of_worker(self, worker_id: int, start: datetime, end: datetime) -> list[Booking]:
        c = self.table.c
        held = (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
        return self._by_start(c.worker_id == worker_id, c.status.in_(held), c.start < end, c.end > start)

    def at_site(self, location_id: int, start: datetime, end: datetime) -> list[Booking]:
        c = self.table.c
        return self._by_start(
            c.location_id == location_id, c.status.in_(LIVE_BOOKING_STATUSES), c.start < end, c.end > start
        )

    def _by_start(self, *where: Any) -> list[Booking]:
        rows = self.connection.execute(select(self.table).where(*where).order_by(self.table.c.start, self.table.c.id))
        return [from_row(Booking, row) for row in rows.mappings()]


class SqlSurveyRepository(SqlRepository[Survey]):
    """Surveys with their questions (each question has its own id)."""

    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.surveys, Survey)

    def get_many(self, ids: Collection[int]) -> dict[int, Survey]:
        found = {id: self.get(id) for id in sorted(set(ids))}  # each with its questions; surveys come one at a time
        return {id: survey for id, survey in found.items() if survey is not None}

    def get(self, id: int) -> Survey | None:
        survey = super().get(id)
        if survey is None:
            return None
        q = tables.survey_questions
        rows = self.connection.execute(select(q).where(q.c.survey_id == id).order_by(q.c.position)).mappings()
        survey.questions = tuple(SurveyQuestion(row["id"], row["text"], tuple(row["blocking_answers"])) for row in rows)
        return survey

    def add(self, item: Survey) -> Survey:
        added = super().add(item)
        q = tables.survey_questions
        questions = []
        for position, question in enumerate(item.questions, start=1):
            new_id = self.connection.execute(
                insert(q)
                .values(
                    survey_id=added.id,
                    position=position,
                    text=question.text,
                    blocking_answers=list(question.blocking_answers),
                )
                .returning(q.c.id)
            ).scalar_one()
            questions.append(SurveyQuestion(new_id, question.text, question.blocking_answers))
        added.questions = tuple(questions)
        return added

    def for_site(self, client_id: int, location_id: int) -> Survey | None:
        s = self.table.c
        query = (
            select(s.id)
            .where(
                s.client_id == client_id, s.active.is_(True), or_(s.location_id == location_id, s.location_id.is_(None))
            )
            .order_by(s.location_id.is_not(None).desc(), s.id.desc())
            .limit(1)
        )
        found = self.connection.execute(query).scalar_one_or_none()
        return self.get(int(found)) if found is not None else None
