"""Test helpers over the memory adapter: a store with seeding helpers, and a factory that keeps every
unit of work it made and can interleave another transaction's change.

The write side is ``workforce_adapters.memory`` itself (held to the SQL adapter by the port-contract
suite, tests/contract/test_ports.py); nothing here re-implements a repository.

``FakeUnitOfWorkFactory.interleave`` runs a function against the store just before the next
transaction's first write: another transaction that committed between a use case's reads and writes.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import attrs

from workforce_adapters.memory import MemoryStore, MemoryUnitOfWork, MemoryUnitOfWorkFactory
from workforce_core.errors import DuplicateEmployeeId
from workforce_core.events import Event
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.keys import ApiKey, IssuedKey, hash_secret, new_secret, prefix_of
from workforce_core.model.principal import Principal
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import Amendment, Booking, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import (
    AmendmentFilter,
    CostCodeFilter,
    DepartmentFilter,
    EntryFilter,
    LocationFilter,
    Page,
    Paging,
    Queries,
    UnitOfWork,
    UnitOfWorkFactory,
    WorkerFilter,
)
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.scopes import effective_scopes
from workforce_core.views import DepartmentView, EntryView, WorkerView

EPOCH = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)

T = TypeVar("T")


# ---- the committed state -----------------------------------------------------------------------


class FakeDatabase(MemoryStore):
    """The memory store with helpers that seed committed rows, and views of its tables by name."""

    @property
    def clients(self) -> dict[int, ClientAccount]:
        return self.tables["clients"]

    @property
    def keys(self) -> dict[int, ApiKey]:
        return self.tables["keys"]

    @property
    def locations(self) -> dict[int, Location]:
        return self.tables["locations"]

    @property
    def departments(self) -> dict[int, Department]:
        return self.tables["departments"]

    @property
    def cost_codes(self) -> dict[int, CostCode]:
        return self.tables["cost_codes"]

    @property
    def workers(self) -> dict[int, Worker]:
        return self.tables["workers"]

    @property
    def entries(self) -> dict[int, TimeEntry]:
        return self.tables["entries"]

    @property
    def bookings(self) -> dict[int, Booking]:
        return self.tables["bookings"]

    @property
    def amendments(self) -> dict[int, Amendment]:
        return self.tables["amendments"]

    def event_names(self) -> list[str]:
        return [event.name for event in self.outbox]

    def state(self) -> tuple[object, ...]:
        """Everything stored, for "nothing changed" assertions."""
        return self.snapshot()

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


# ---- units of work that remember themselves -------------------------------------------------------


class FakeUnitOfWork(MemoryUnitOfWork):
    """A memory unit of work that says whether it committed and what the use case recorded."""

    def __init__(self, store: MemoryStore, **options: Any) -> None:
        super().__init__(store, **options)
        self.committed = False
        self.rolled_back = False
        self.events: list[Event] = []

    def record(self, events: list[Event]) -> None:
        self.events.extend(events)
        super().record(events)

    def commit(self) -> None:
        super().commit()
        self.committed = True

    def rollback(self) -> None:
        pending = any(table.pending for table in self._tables.values()) or self._audit.pending or self._events
        self.rolled_back = self.rolled_back or bool(pending)
        super().rollback()


class FakeUnitOfWorkFactory(MemoryUnitOfWorkFactory):
    """Makes units of work over one ``FakeDatabase``; ``opened`` lists every one it made."""

    def __init__(self, database: FakeDatabase | None = None) -> None:
        self.database = database if database is not None else FakeDatabase()
        super().__init__(self.database)
        self.opened: list[FakeUnitOfWork] = []
        self._interleaved: list[Callable[[MemoryStore], None]] = []

    def __call__(self, *, read_only: bool = False) -> FakeUnitOfWork:
        hook = self._interleaved.pop(0) if self._interleaved else None
        uow = FakeUnitOfWork(self.database, read_only=read_only, before_first_write=hook)
        self.opened.append(uow)
        return uow

    def interleave(self, change: Callable[[FakeDatabase], None]) -> None:
        """Run ``change`` on the store just before the next unit of work's first write."""
        database = self.database
        self._interleaved.append(lambda _store: change(database))

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
