"""Test helpers over the memory adapter: a store with seeding helpers, and a factory that keeps every
unit of work it made and can interleave another transaction's change.

The write side is ``workforce_adapters.memory`` itself (held to the SQL adapter by the port-contract
suite, tests/contract/test_ports.py); nothing here re-implements a repository.

``FakeUnitOfWorkFactory.interleave`` runs a function against the store just before the next
transaction's first write: another transaction that committed between a use case's reads and writes.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any, TypeVar

import attrs

from workforce_adapters.json import event_codec, event_payload
from workforce_adapters.memory import MemoryStore, MemoryUnitOfWork, MemoryUnitOfWorkFactory
from workforce_core.errors import DuplicateEmployeeId
from workforce_core.events import Event
from workforce_core.facts import EntriesChanged, Fact
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.amendments import Amendment
from workforce_core.model.bookings import Booking
from workforce_core.model.keys import ApiKey, IssuedKey, hash_secret, new_secret, prefix_of
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.principal import Principal
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import (
    UnitOfWork,
    UnitOfWorkFactory,
)
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.scopes import effective_scopes

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

    def lock_week(self, client_id: int, site_id: int | None, day: date) -> PayWeekLock:
        """A standing lock of the client's pay week holding ``day`` (whole client, or ``site_id``)."""
        start = week_start(day, self.clients[client_id].settings.pay_week_start_day)
        lock = PayWeekLock(client_id=client_id, week_start=start, locked_at=EPOCH, location_id=site_id)
        lock = attrs.evolve(lock, id=self.next_id("pay_week_locks"))
        self.tables["pay_week_locks"][lock.id] = copy.deepcopy(lock)
        return lock

    def principal(self, key_id: int) -> Principal:
        """The caller a stored key makes (what ``authenticate`` returns for a good key)."""
        key = copy.deepcopy(self.keys[key_id])
        client = copy.deepcopy(self.clients[key.client_id])
        return Principal(key=key, client=client, effective_scopes=effective_scopes(key.scopes, legacy=key.legacy))


# ---- units of work that remember themselves -------------------------------------------------------


def _open_shift(entry: TimeEntry) -> bool:
    """A new open shift: no figure depends on it until it is closed (its clock-out notes the fact)."""
    return entry.entry_type == "shift" and entry.clock_out is None


class FactForgotten(AssertionError):
    """A use case committed a change to time entries without noting it (``EntriesChanged``): the
    figures of the weeks it touched would stay as they were."""


class FakeUnitOfWork(MemoryUnitOfWork):
    """A memory unit of work that says whether it committed and what the use case recorded, and that
    refuses to commit a time entry changed without an ``EntriesChanged`` fact naming it (but a new open
    shift)."""

    def __init__(self, store: MemoryStore, **options: Any) -> None:
        super().__init__(store, event_codec=event_codec, **options)
        self.committed = False
        self.rolled_back = False
        self.events: list[Event] = []
        self.noted: list[Fact] = []

    def record(self, events: list[Event]) -> None:
        for event in events:  # what a subscriber gets is what the write saw, however late it is sent
            stored = json.loads(json.dumps(event_codec.stored(event.data)))
            kept = Event(event.name, event.client_id, event.occurred_at, event_codec.restored(stored))
            assert event_payload(kept) == event_payload(event), event.name
        self.events.extend(events)
        super().record(events)

    def note(self, *facts: Fact) -> None:
        self.noted.extend(facts)
        super().note(*facts)

    def commit(self) -> None:
        self._check_entries_noted()
        super().commit()
        self.noted.clear()
        self.committed = True

    def _check_entries_noted(self) -> None:
        table = self._tables.get("entries")
        if table is None:
            return
        changed = {
            i
            for i, row in table.pending.items()
            if table.committed.get(i) != row and not (i not in table.committed and _open_shift(row))
        } | table.deleted
        noted = {after.id for fact in self.noted if isinstance(fact, EntriesChanged) for _, after in fact.changes}
        if changed - noted:
            raise FactForgotten(f"time entries {sorted(changed - noted)} changed with no EntriesChanged noted")

    def rollback(self) -> None:
        self.rolled_back = self.rolled_back or self.has_pending()
        self.noted.clear()
        super().rollback()


class FakeUnitOfWorkFactory(MemoryUnitOfWorkFactory):
    """Makes units of work over one ``FakeDatabase``; ``opened`` lists every one it made."""

    def __init__(self, database: FakeDatabase | None = None) -> None:
        self.database = database if database is not None else FakeDatabase()
        super().__init__(self.database, event_codec=event_codec)
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


# mypy checks the wiring: the test doubles satisfy the ports structurally.
def _wiring(database: FakeDatabase) -> tuple[UnitOfWork, UnitOfWorkFactory]:
    uow: UnitOfWork = FakeUnitOfWork(database)
    factory: UnitOfWorkFactory = FakeUnitOfWorkFactory(database)
    return uow, factory


def data(event: Event) -> dict[str, Any]:
    """An event's ``data`` as subscribers get it."""
    return event_payload(event)
