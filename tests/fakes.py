"""In-memory fakes of the core's ports, for unit tests of the use cases.

They satisfy the ports structurally (no inheritance, no mocks). ``FakeDatabase`` is the committed
state (the "database"); a ``FakeUnitOfWork`` keeps its writes aside until ``commit``, so a use case
that raises, or never commits, leaves nothing behind: no rows, no audit entries, no events.

Like the SQL adapter:
- ``get`` returns a copy: changing a loaded entity without ``update`` changes nothing stored;
- ids come from per-table sequences that a rollback does not give back;
- a worker whose ``employee_id`` clashes (case-insensitively, within its client) with a committed or
  pending worker makes ``add``/``update`` raise ``DuplicateEmployeeId``, as the unique index does;
- reads see committed rows plus the transaction's own writes (read committed).

``FakeUnitOfWorkFactory.interleave`` runs a function against the database just before the next
transaction's first write: another transaction that committed between a use case's reads and writes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from workforce_core.errors import DuplicateEmployeeId
from workforce_core.events import Event
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.audit import AuditEntry
from workforce_core.model.keys import ApiKey, IssuedKey, hash_secret, new_secret, prefix_of
from workforce_core.model.principal import Principal
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import Amendment, Booking, Survey, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import (
    AmendmentFilter,
    ApiKeyRepository,
    AuditLog,
    BookingRepository,
    CostCodeFilter,
    DepartmentFilter,
    EntryFilter,
    LocationFilter,
    LocationRepository,
    Page,
    Paging,
    Queries,
    Repository,
    TimeEntryRepository,
    UnitOfWork,
    UnitOfWorkFactory,
    WorkerFilter,
    WorkerRepository,
)
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.employee_ids import employee_id_key as _key
from workforce_core.rules.scopes import effective_scopes
from workforce_core.views import DepartmentView, EntryView, WorkerView

EPOCH = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


class _Record(Protocol):
    id: int


R = TypeVar("R", bound=_Record)


@attrs.define
class EmployeeNumber:
    """The employee ID counter row of a client (``id`` is the client's)."""

    id: int
    last: int


T = TypeVar("T")


# ---- the committed state -----------------------------------------------------------------------


class FakeDatabase:
    """Committed rows by table, the audit log and the outbox; plus helpers that seed committed rows."""

    TABLES = (
        "clients",
        "keys",
        "locations",
        "departments",
        "cost_codes",
        "workers",
        "entries",
        "bookings",
        "surveys",
        "amendments",
        "employee_numbers",
    )

    def __init__(self) -> None:
        self.clients: dict[int, ClientAccount] = {}
        self.keys: dict[int, ApiKey] = {}
        self.locations: dict[int, Location] = {}
        self.departments: dict[int, Department] = {}
        self.cost_codes: dict[int, CostCode] = {}
        self.workers: dict[int, Worker] = {}
        self.entries: dict[int, TimeEntry] = {}
        self.bookings: dict[int, Booking] = {}
        self.surveys: dict[int, Survey] = {}
        self.amendments: dict[int, Amendment] = {}
        self.employee_numbers: dict[int, EmployeeNumber] = {}
        self.audit: list[AuditEntry] = []
        self.outbox: list[Event] = []
        self._sequences: dict[str, int] = {}

    def next_id(self, table: str) -> int:
        """A sequence per table; like a database sequence it is not rolled back."""
        self._sequences[table] = self._sequences.get(table, 0) + 1
        return self._sequences[table]

    def events(self, *names: str) -> list[Event]:
        """Committed events, optionally only those with the given names."""
        return [event for event in self.outbox if not names or event.name in names]

    def event_names(self) -> list[str]:
        return [event.name for event in self.outbox]

    def state(self) -> tuple[object, ...]:
        """Everything stored, for "nothing changed" assertions."""
        return copy.deepcopy((*(getattr(self, table) for table in self.TABLES), self.audit, self.outbox))

    # seeding: committed rows, as if made earlier ----------------------------------------------

    def add_client(
        self,
        name: str = "Acme Staffing",
        *,
        status: str = "active",
        api_access: bool = True,
        settings: ClientSettings | None = None,
        created_at: datetime = EPOCH,
    ) -> ClientAccount:
        client = ClientAccount(
            name=name,
            created_at=created_at,
            settings=settings or ClientSettings(),
            status=status,
            api_access=api_access,
            id=self.next_id("clients"),
        )
        self.clients[client.id] = copy.deepcopy(client)
        return client

    def add_key(
        self,
        client_id: int,
        scopes: tuple[str, ...] = (),
        *,
        name: str = "integration",
        legacy: bool = False,
        location_ids: tuple[int, ...] | None = None,
        expires_at: datetime | None = None,
        revoked_at: datetime | None = None,
        allowed_origins: tuple[str, ...] = (),
        created_at: datetime = EPOCH,
        secret: str | None = None,
    ) -> IssuedKey:
        """A stored key; ``secret`` chooses its secret (default: a fresh one, as the console makes)."""
        secret = secret if secret is not None else new_secret()
        key = ApiKey(
            client_id=client_id,
            name=name,
            key_prefix=prefix_of(secret),
            key_hash=hash_secret(secret),
            created_at=created_at,
            scopes=scopes,
            legacy=legacy,
            location_ids=location_ids,
            allowed_origins=allowed_origins,
            expires_at=expires_at,
            revoked_at=revoked_at,
            id=self.next_id("keys"),
        )
        self.keys[key.id] = copy.deepcopy(key)
        return IssuedKey(key=key, secret=secret)

    def add_location(self, client_id: int, name: str = "North Depot", *, active: bool = True) -> Location:
        site = Location(client_id=client_id, name=name, created_at=EPOCH, active=active, id=self.next_id("locations"))
        self.locations[site.id] = copy.deepcopy(site)
        return site

    def add_department(
        self, client_id: int | None, name: str = "Picking", *, location_id: int | None = None, active: bool = True
    ) -> Department:
        department = Department(
            client_id=client_id,
            name=name,
            created_at=EPOCH,
            location_id=location_id,
            active=active,
            id=self.next_id("departments"),
        )
        self.departments[department.id] = copy.deepcopy(department)
        return department

    def add_cost_code(self, client_id: int | None, code: str = "CC-100", *, active: bool = True) -> CostCode:
        cost_code = CostCode(
            client_id=client_id, code=code, created_at=EPOCH, active=active, id=self.next_id("cost_codes")
        )
        self.cost_codes[cost_code.id] = copy.deepcopy(cost_code)
        return cost_code

    def add_worker(self, client_id: int, name: str = "Ada Lovelace", employee_id: str = "E-1", **fields: Any) -> Worker:
        """A committed worker; raises ``DuplicateEmployeeId`` on a clash, like the unique index."""
        worker = attrs.evolve(
            Worker(client_id=client_id, name=name, employee_id=employee_id, created_at=EPOCH, updated_at=EPOCH),
            **fields,
        )
        for other in self.workers.values():
            if other.client_id == client_id and employee_id_key(other.employee_id) == employee_id_key(employee_id):
                raise DuplicateEmployeeId(field="employee_id")
        worker = attrs.evolve(worker, id=self.next_id("workers"))
        self.workers[worker.id] = copy.deepcopy(worker)
        return worker

    def principal(self, key_id: int) -> Principal:
        """The caller a stored key makes (what ``authenticate`` returns for a good key)."""
        key = copy.deepcopy(self.keys[key_id])
        client = copy.deepcopy(self.clients[key.client_id])
        return Principal(key=key, client=client, effective_scopes=effective_scopes(key.scopes, legacy=key.legacy))


# ---- one transaction ---------------------------------------------------------------------------


class _Table(Generic[R]):
    """A table seen from one transaction: the committed rows with this transaction's writes on top."""

    def __init__(self, uow: FakeUnitOfWork, name: str, committed: dict[int, R]) -> None:
        self.uow = uow
        self.name = name
        self.committed = committed
        self.pending: dict[int, R] = {}

    def rows(self) -> list[R]:
        merged = {**self.committed, **self.pending}
        return [copy.deepcopy(merged[key]) for key in sorted(merged)]

    def get(self, id: int) -> R | None:
        row = self.pending.get(id, self.committed.get(id))
        return copy.deepcopy(row) if row is not None else None

    def insert(self, item: R) -> R:
        self.uow.before_write()
        stored = copy.deepcopy(item)
        stored.id = self.uow.database.next_id(self.name)
        self.pending[stored.id] = copy.deepcopy(stored)
        return stored

    def replace(self, item: R) -> None:
        self.uow.before_write()
        if item.id not in self.pending and item.id not in self.committed:
            raise LookupError(f"{self.name} {item.id} is not stored; add it first")
        self.pending[item.id] = copy.deepcopy(item)

    def apply(self) -> None:
        self.committed.update(self.pending)
        self.pending.clear()


class FakeRepository(Generic[R]):
    def __init__(self, table: _Table[R]) -> None:
        self._table = table

    def get(self, id: int) -> R | None:
        return self._table.get(id)

    def add(self, item: R) -> R:
        return self._table.insert(item)

    def update(self, item: R) -> None:
        self._table.replace(item)


class FakeApiKeyRepository(FakeRepository[ApiKey]):
    def by_prefix(self, key_prefix: str) -> list[ApiKey]:
        return [key for key in self._table.rows() if key.key_prefix == key_prefix]

    def for_client(self, client_id: int) -> list[ApiKey]:
        return [key for key in self._table.rows() if key.client_id == client_id]


class FakeLocationRepository(FakeRepository[Location]):
    def for_client(self, client_id: int) -> list[Location]:
        return [site for site in self._table.rows() if site.client_id == client_id]


class FakeWorkerRepository(FakeRepository[Worker]):
    def __init__(self, table: _Table[Worker], numbers: _Table[EmployeeNumber]) -> None:
        super().__init__(table)
        self._numbers = numbers

    def add(self, item: Worker) -> Worker:
        self._refuse_clash(item)
        return super().add(item)

    def update(self, item: Worker) -> None:
        self._refuse_clash(item)
        super().update(item)

    def lock(self, worker_id: int) -> Worker | None:
        return self.get(worker_id)  # one transaction at a time here: nothing to wait for

    def lock_employee_numbers(self, client_id: int) -> int:
        counter = self._numbers.get(client_id)  # one transaction at a time here: nothing to wait for
        return counter.last if counter else sum(1 for w in self._table.rows() if w.client_id == client_id)

    def save_employee_number(self, client_id: int, number: int) -> None:
        self._numbers.uow.before_write()
        self._numbers.pending[client_id] = EmployeeNumber(client_id, number)

    def id_by_employee_id(self, client_id: int, employee_id_key: str) -> int | None:
        for worker in self._table.rows():
            if worker.client_id == client_id and _key(worker.employee_id) == employee_id_key:
                return worker.id
        return None

    def employee_id_taken(self, client_id: int, employee_id: str, *, except_id: int = 0) -> bool:
        wanted = employee_id_key(employee_id)
        return any(
            worker.client_id == client_id and worker.id != except_id and employee_id_key(worker.employee_id) == wanted
            for worker in self._table.rows()
        )

    def _refuse_clash(self, item: Worker) -> None:
        # The unique index sees every committed row and this transaction's own rows.
        self._table.uow.before_write()
        if self.employee_id_taken(item.client_id, item.employee_id, except_id=item.id):
            raise DuplicateEmployeeId(field="employee_id")


class FakeTimeEntryRepository(FakeRepository[TimeEntry]):
    def _shifts(self, worker_id: int | None = None) -> list[TimeEntry]:
        return [
            e for e in self._table.rows() if e.entry_type == "shift" and (worker_id is None or e.worker_id == worker_id)
        ]

    def open_shift(self, worker_id: int, since: datetime) -> TimeEntry | None:
        found = [e for e in self._shifts(worker_id) if e.clock_out is None and e.clock_in >= since]
        return max(found, key=lambda e: (e.clock_in, e.id), default=None)

    def clashing(self, worker_id: int, at: datetime) -> TimeEntry | None:
        found = [e for e in self._shifts(worker_id) if e.clock_out is not None and e.clock_out > at]
        return max(found, key=lambda e: (e.clock_out or at, e.id), default=None)

    def open_before(self, cutoff: datetime) -> list[TimeEntry]:
        return [e for e in self._shifts() if e.clock_out is None and e.clock_in < cutoff]

    def breaks_of(self, shift_id: int) -> list[TimeEntry]:
        return [e for e in self._table.rows() if e.entry_type == "break" and e.parent_id == shift_id]


class FakeBookingRepository(FakeRepository[Booking]):
    GRACE = timedelta(hours=1)

    def covering(self, worker_id: int, at: datetime) -> Booking | None:
        found = [
            b
            for b in self._table.rows()
            if b.worker_id == worker_id
            and b.status in ("draft", "published")
            and b.start <= at + self.GRACE
            and b.end >= at - self.GRACE
        ]
        return min(found, key=lambda b: (b.start, b.id), default=None)


class FakeAuditLog:
    def __init__(self) -> None:
        self.pending: list[AuditEntry] = []

    def add(self, entry: AuditEntry) -> None:
        self.pending.append(entry)


class FakeUnitOfWork:
    """One transaction. ``committed`` says whether ``commit`` ran; ``events`` what the use case recorded."""

    clients: Repository[ClientAccount]
    keys: ApiKeyRepository
    locations: LocationRepository
    departments: Repository[Department]
    cost_codes: Repository[CostCode]
    workers: WorkerRepository
    audit: AuditLog
    entries: TimeEntryRepository
    bookings: BookingRepository
    surveys: Repository[Survey]
    amendments: Repository[Amendment]

    def __init__(self, database: FakeDatabase, before_first_write: Callable[[FakeDatabase], None] | None = None):
        self.database = database
        self.committed = False
        self.rolled_back = False
        self.entered = False
        self.events: list[Event] = []
        self._unpublished: list[Event] = []
        self._before_first_write = before_first_write
        self._client_table = _Table(self, "clients", database.clients)
        self._key_table = _Table(self, "keys", database.keys)
        self._location_table = _Table(self, "locations", database.locations)
        self._department_table = _Table(self, "departments", database.departments)
        self._cost_code_table = _Table(self, "cost_codes", database.cost_codes)
        self._worker_table = _Table(self, "workers", database.workers)
        self._entry_table = _Table(self, "entries", database.entries)
        self._booking_table = _Table(self, "bookings", database.bookings)
        self._survey_table = _Table(self, "surveys", database.surveys)
        self._amendment_table = _Table(self, "amendments", database.amendments)
        self._number_table = _Table(self, "employee_numbers", database.employee_numbers)
        self._audit_log = FakeAuditLog()
        self.clients = FakeRepository(self._client_table)
        self.keys = FakeApiKeyRepository(self._key_table)
        self.locations = FakeLocationRepository(self._location_table)
        self.departments = FakeRepository(self._department_table)
        self.cost_codes = FakeRepository(self._cost_code_table)
        self.workers = FakeWorkerRepository(self._worker_table, self._number_table)
        self.entries = FakeTimeEntryRepository(self._entry_table)
        self.bookings = FakeBookingRepository(self._booking_table)
        self.surveys = FakeRepository(self._survey_table)
        self.amendments = FakeRepository(self._amendment_table)
        self.audit = self._audit_log

    def _tables(self) -> tuple[_Table[Any], ...]:
        return (
            self._client_table,
            self._key_table,
            self._location_table,
            self._department_table,
            self._cost_code_table,
            self._worker_table,
            self._entry_table,
            self._booking_table,
            self._survey_table,
            self._amendment_table,
            self._number_table,
        )

    def before_write(self) -> None:
        if self._before_first_write is not None:
            interleaved, self._before_first_write = self._before_first_write, None
            interleaved(self.database)

    def __enter__(self) -> FakeUnitOfWork:
        self.entered = True
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.rollback()

    def record(self, events: list[Event]) -> None:
        self.events.extend(events)
        self._unpublished.extend(events)

    def commit(self) -> None:
        for table in self._tables():
            table.apply()
        for entry in self._audit_log.pending:
            self.database.audit.append(attrs.evolve(entry, id=self.database.next_id("audit")))
        self._audit_log.pending.clear()
        self.database.outbox.extend(self._unpublished)
        self._unpublished.clear()
        self.committed = True

    def rollback(self) -> None:
        """Discard what is not committed (the SQL unit of work's rollback)."""
        for table in self._tables():
            if table.pending:
                self.rolled_back = True
            table.pending.clear()
        if self._audit_log.pending or self._unpublished:
            self.rolled_back = True
        self._audit_log.pending.clear()
        self._unpublished.clear()


class FakeUnitOfWorkFactory:
    """Makes units of work over one ``FakeDatabase``; ``opened`` lists every one it made."""

    def __init__(self, database: FakeDatabase | None = None) -> None:
        self.database = database if database is not None else FakeDatabase()
        self.opened: list[FakeUnitOfWork] = []
        self._interleaved: list[Callable[[FakeDatabase], None]] = []

    def __call__(self, *, read_only: bool = False) -> FakeUnitOfWork:
        hook = self._interleaved.pop(0) if self._interleaved else None
        uow = FakeUnitOfWork(self.database, before_first_write=hook)
        self.opened.append(uow)
        return uow

    def interleave(self, change: Callable[[FakeDatabase], None]) -> None:
        """Run ``change`` on the database just before the next unit of work's first write."""
        self._interleaved.append(change)

    @property
    def last(self) -> FakeUnitOfWork:
        return self.opened[-1]


# ---- reads -------------------------------------------------------------------------------------


def _page(items: list[T], paging: Paging) -> Page[T]:
    return Page(items=tuple(items[paging.offset : paging.offset + paging.limit]), total=len(items))


class FakeQueries:
    """The read models over the committed rows. ``asked`` lists every filter received."""

    def __init__(self, database: FakeDatabase) -> None:
        self.database = database
        self.asked: list[object] = []

    def location(self, location_id: int) -> Location | None:
        self.asked.append(("location", location_id))
        site = self.database.locations.get(location_id)
        return copy.deepcopy(site) if site is not None else None

    def origin_allowed(self, origin: str, now: datetime) -> bool:
        return any(
            origin in key.allowed_origins and not key.revoked(now) and not key.expired(now)
            for key in self.database.keys.values()
        )

    def workers(self, query: WorkerFilter) -> Page[WorkerView]:
        self.asked.append(query)
        db = self.database
        found = []
        for w in sorted(db.workers.values(), key=lambda w: (w.name, w.id)):
            if w.client_id != query.client_id or (query.id is not None and w.id != query.id):
                continue
            if query.location_ids is not None and w.location_id not in query.location_ids:
                continue
            if query.department_id is not None and w.department_id != query.department_id:
                continue
            if query.status is not None and w.status != query.status:
                continue
            if query.active is not None and w.active != query.active:
                continue
            if query.dormant is not None and w.dormant != query.dormant:
                continue
            if query.updated_since is not None and (w.updated_at is None or w.updated_at < query.updated_since):
                continue
            if query.search is not None:
                needle = query.search.lower()
                if not any(needle in (text or "").lower() for text in (w.name, w.employee_id, w.email)):
                    continue
            found.append(
                WorkerView.of(
                    copy.deepcopy(w),
                    db.locations.get(w.location_id) if w.location_id is not None else None,
                    db.departments.get(w.department_id) if w.department_id is not None else None,
                    db.cost_codes.get(w.cost_code_id) if w.cost_code_id is not None else None,
                )
            )
        return _page(found, query.paging)

    def locations(self, query: LocationFilter) -> Page[Location]:
        self.asked.append(query)
        found = [
            copy.deepcopy(site)
            for site in sorted(self.database.locations.values(), key=lambda s: (s.name, s.id))
            if site.client_id == query.client_id
            and (query.id is None or site.id == query.id)
            and (query.location_ids is None or site.id in query.location_ids)
            and (query.active is None or site.active == query.active)
        ]
        return _page(found, query.paging)

    def departments(self, query: DepartmentFilter) -> Page[DepartmentView]:
        self.asked.append(query)
        db = self.database
        found = []
        for d in sorted(db.departments.values(), key=lambda d: (d.name, d.id)):
            if d.client_id not in (None, query.client_id) or (query.id is not None and d.id != query.id):
                continue
            if query.active is not None and d.active != query.active:
                continue
            if query.location_id is not None and d.location_id not in (None, query.location_id):
                continue
            if query.site_ids is not None and d.location_id is not None and d.location_id not in query.site_ids:
                continue
            site = db.locations.get(d.location_id) if d.location_id is not None else None
            found.append(DepartmentView(copy.deepcopy(d), site.name if site else None))
        return _page(found, query.paging)

    def cost_codes(self, query: CostCodeFilter) -> Page[CostCode]:
        self.asked.append(query)
        found = [
            copy.deepcopy(c)
            for c in sorted(self.database.cost_codes.values(), key=lambda c: (c.code, c.id))
            if c.client_id in (None, query.client_id)
            and (query.id is None or c.id == query.id)
            and (query.active is None or c.active == query.active)
        ]
        return _page(found, query.paging)

    def entries(self, query: EntryFilter) -> Page[EntryView]:
        """Time entries of the client, newest clock-in first (then newest id)."""
        self.asked.append(query)
        db = self.database
        found = []
        for e in sorted(db.entries.values(), key=lambda e: (e.clock_in, e.id), reverse=True):
            worker = db.workers.get(e.worker_id)
            if worker is None or e.client_id != query.client_id or not _entry_matches(e, worker, query):
                continue
            site = db.locations.get(e.location_id) if e.location_id is not None else None
            found.append(EntryView.of(copy.deepcopy(e), copy.deepcopy(worker), site))
        return _page(found, query.paging)

    def breaks_of(self, shift_ids: tuple[int, ...]) -> dict[int, list[TimeEntry]]:
        out: dict[int, list[TimeEntry]] = {}
        for e in sorted(self.database.entries.values(), key=lambda e: e.id):
            if e.entry_type == "break" and e.parent_id in shift_ids and e.parent_id is not None:
                out.setdefault(e.parent_id, []).append(copy.deepcopy(e))
        return out

    def bookings(
        self,
        client_id: int,
        start_from: datetime,
        start_before: datetime,
        location_ids: tuple[int, ...] | None,
        *,
        worker_id: int | None = None,
    ) -> list[Booking]:
        return [
            copy.deepcopy(b)
            for b in sorted(self.database.bookings.values(), key=lambda b: (b.start, b.id))
            if b.client_id == client_id
            and start_from <= b.start < start_before
            and (location_ids is None or b.location_id in location_ids)
            and (worker_id is None or b.worker_id == worker_id)
        ]

    def amendments(self, query: AmendmentFilter) -> Page[Amendment]:
        """Amendment requests of the client, newest first."""
        self.asked.append(query)
        db = self.database
        found = []
        for a in sorted(db.amendments.values(), key=lambda a: (a.created_at, a.id), reverse=True):
            entry = db.entries.get(a.entry_id)
            checks = (
                a.client_id == query.client_id,
                query.id is None or a.id == query.id,
                query.status is None or a.status == query.status,
                query.entry_id is None or a.entry_id == query.entry_id,
                query.worker_id is None or a.worker_id == query.worker_id,
                query.created_from is None or a.created_at >= query.created_from,
                query.created_before is None or a.created_at < query.created_before,
                query.updated_since is None or (a.updated_at or a.created_at) >= query.updated_since,
                query.location_ids is None or (entry is not None and entry.location_id in query.location_ids),
            )
            if all(checks):
                found.append(copy.deepcopy(a))
        return _page(found, query.paging)


def _entry_matches(e: TimeEntry, worker: Worker, q: EntryFilter) -> bool:
    checks = (
        q.id is None or e.id == q.id,
        e.entry_type in q.entry_types,
        q.closed is None or e.closed == q.closed,
        q.clocked_in_since is None or e.clock_in >= q.clocked_in_since,
        q.clock_in_from is None or e.clock_in >= q.clock_in_from,
        q.clock_in_before is None or e.clock_in < q.clock_in_before,
        q.updated_since is None or (e.updated_at is not None and e.updated_at >= q.updated_since),
        q.worker_id is None or e.worker_id == q.worker_id,
        q.worker_ids is None or e.worker_id in q.worker_ids,
        q.location_ids is None or e.location_id in q.location_ids,
        q.department_id is None or worker.department_id == q.department_id,
        q.approval_status is None or e.approval_status == q.approval_status,
        q.client_approval is None or e.client_approval == q.client_approval,
        not q.unassigned_only or e.location_id is None,
    )
    return all(checks)


# mypy checks the wiring: the fakes satisfy the ports structurally.
def _wiring(database: FakeDatabase) -> tuple[UnitOfWork, UnitOfWorkFactory, Queries]:
    return FakeUnitOfWork(database), FakeUnitOfWorkFactory(database), FakeQueries(database)
