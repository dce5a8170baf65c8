"""Repositories over the memory store, as one transaction sees it: committed rows plus its own writes.

They answer as the SQL repositories do (the port-contract suite holds both to it): ``get`` returns a
copy, so changing a loaded record without ``update`` changes nothing stored; ``add`` takes the next
id of the table's sequence; lists come in id order unless the port says otherwise.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import attrs

from workforce_core.errors import DuplicateEmployeeId
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.audit import AuditEntry
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports.paging import Page, Paging
from workforce_core.rules.booking_choice import within_grace
from workforce_core.rules.dormancy import goes_dormant
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.views.audit import AuditFilter, AuditRow

if TYPE_CHECKING:
    from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork


class _Record(Protocol):
    id: int


R = TypeVar("R", bound=_Record)


class MemoryTable(Generic[R]):
    """One table seen from one transaction."""

    def __init__(self, uow: MemoryUnitOfWork, name: str) -> None:
        self.uow = uow
        self.name = name
        self.committed: dict[int, R] = uow.store.tables[name]
        self.pending: dict[int, R] = {}
        self.deleted: set[int] = set()

    def rows(self) -> Iterator[R]:
        """Copies of every row, in id order."""
        with self.uow.store.lock:
            merged = {**self.committed, **self.pending}
            return iter([copy.deepcopy(merged[key]) for key in sorted(merged) if key not in self.deleted])

    def where(self, test: Callable[[R], bool]) -> list[R]:
        return [row for row in self.rows() if test(row)]

    def get(self, id: int) -> R | None:
        with self.uow.store.lock:
            row = None if id in self.deleted else self.pending.get(id, self.committed.get(id))
            return copy.deepcopy(row) if row is not None else None

    def insert(self, item: R) -> R:
        self.uow.before_write()
        stored = attrs.evolve(item, id=self.uow.store.next_id(self.name))  # type: ignore[misc]
        self.pending[stored.id] = copy.deepcopy(stored)
        return stored

    def replace(self, item: R) -> None:
        self.uow.before_write()
        if item.id in self.pending or item.id in self.committed:  # like UPDATE ... WHERE id: none, no change
            self.pending[item.id] = copy.deepcopy(item)

    def delete(self, id: int) -> None:
        self.uow.before_write()
        self.pending.pop(id, None)
        self.deleted.add(id)

    def apply(self) -> None:
        self.committed.update(self.pending)
        for id in self.deleted:
            self.committed.pop(id, None)
        self.pending.clear()
        self.deleted.clear()


class MemoryRepository(Generic[R]):
    def __init__(self, table: MemoryTable[R]) -> None:
        self._table = table

    def get(self, id: int) -> R | None:
        return self._table.get(id)

    def add(self, item: R) -> R:
        return self._table.insert(item)

    def update(self, item: R) -> None:
        self._table.replace(item)

    def get_many(self, ids: Collection[int]) -> dict[int, R]:
        wanted = set(ids)
        return {row.id: row for row in self._table.where(lambda row: row.id in wanted)}

    def update_many(self, items: Sequence[R]) -> None:
        for item in items:
            self.update(item)


class MemoryClientRepository(MemoryRepository[ClientAccount]):
    def every(self) -> list[ClientAccount]:
        return sorted(self._table.where(lambda _: True), key=lambda client: client.id)


class MemoryApiKeyRepository(MemoryRepository[ApiKey]):
    def __init__(self, table: MemoryTable[ApiKey], clients: MemoryTable[ClientAccount]) -> None:
        super().__init__(table)
        self._clients = clients

    def by_prefix(self, key_prefix: str) -> list[ApiKey]:
        return self._table.where(lambda key: key.key_prefix == key_prefix)

    def holders(self, key_prefix: str) -> list[tuple[ApiKey, ClientAccount]]:
        found = ((key, self._clients.get(key.client_id)) for key in self.by_prefix(key_prefix))
        return [(key, client) for key, client in found if client is not None]

    def for_client(self, client_id: int) -> list[ApiKey]:
        return self._table.where(lambda key: key.client_id == client_id)


class MemoryWorkerRepository(MemoryRepository[Worker]):
    """Workers; an ``employee_id`` taken within the client (ignoring case) is refused as the unique
    index refuses it."""

    def __init__(self, table: MemoryTable[Worker], entries: MemoryTable[TimeEntry]) -> None:
        super().__init__(table)
        self._entries = entries

    def add(self, item: Worker) -> Worker:
        self._refuse_clash(item)
        return super().add(item)

    def update(self, item: Worker) -> None:
        self._refuse_clash(item)
        super().update(item)

    def lock_many(self, worker_ids: Collection[int]) -> dict[int, Worker]:
        return self.get_many(worker_ids)  # a writing unit of work already holds the store's lock

    def lock(self, worker_id: int) -> Worker | None:
        return self.get(worker_id)  # a writing unit of work already holds the store's lock

    def lock_employee_numbers(self, client_id: int) -> int:
        # A writing unit of work already holds the store's lock: nothing else can change it meanwhile.
        uow = self._table.uow
        last = uow.employee_numbers.get(client_id, uow.store.employee_numbers.get(client_id))
        if last is None:  # the client's first: start at its worker count
            last = len(self._table.where(lambda worker: worker.client_id == client_id))
            uow.employee_numbers[client_id] = last  # the counter row made with the lock: not a change yet
        return last

    def save_employee_number(self, client_id: int, number: int) -> None:
        self._table.uow.before_write()
        self._table.uow.employee_numbers[client_id] = number

    def id_by_employee_id(self, client_id: int, employee_id_key: str) -> int | None:
        found = self._table.where(lambda w: w.client_id == client_id and _key(w.employee_id) == employee_id_key)
        return found[0].id if found else None

    def idle_since(self, client_id: int, cutoff: datetime) -> list[Worker]:
        last: dict[int, datetime] = {}
        for entry in self._entries.rows():
            last[entry.worker_id] = max(entry.clock_in, last.get(entry.worker_id, entry.clock_in))
        return self._table.where(lambda w: w.client_id == client_id and goes_dormant(w, last.get(w.id), cutoff))

    def employee_id_taken(self, client_id: int, employee_id: str, *, except_id: int = 0) -> bool:
        wanted = _key(employee_id)
        same = self._table.where(lambda w: w.client_id == client_id and w.id != except_id)
        return any(_key(w.employee_id) == wanted for w in same)

    def _refuse_clash(self, item: Worker) -> None:
        self._table.uow.before_write()  # the write starts here: the unique index sees what others committed
        if self.employee_id_taken(item.client_id, item.employee_id, except_id=item.id):
            raise DuplicateEmployeeId(field="employee_id")


def _key(employee_id: str) -> str:
    return employee_id_key(employee_id)


class MemoryTimeEntryRepository(MemoryRepository[TimeEntry]):
    def __init__(self, table: MemoryTable[TimeEntry], sites: MemoryTable[Location]) -> None:
        super().__init__(table)
        self._sites = sites

    def change(self, before: TimeEntry, after: TimeEntry) -> None:
        current = self.get(after.id)
        changed = {
            field.name: getattr(after, field.name)
            for field in attrs.fields(TimeEntry)
            if getattr(before, field.name) != getattr(after, field.name)
        }
        if current is not None and changed:
            self.update(attrs.evolve(current, **changed))

    def _shifts(self, worker_id: int, test: Callable[[TimeEntry], bool]) -> list[TimeEntry]:
        return self._table.where(lambda e: e.entry_type == "shift" and e.worker_id == worker_id and test(e))

    def open_shift(self, worker_id: int, since: datetime) -> TimeEntry | None:
        found = self._shifts(worker_id, lambda e: e.clock_out is None and e.clock_in >= since)
        return max(found, key=lambda e: (e.clock_in, e.id), default=None)

    def clock_out_reads(
        self, worker_id: int, since: datetime
    ) -> tuple[TimeEntry | None, list[TimeEntry], Location | None]:
        shift = self.open_shift(worker_id, since)
        if shift is None:
            return None, [], None
        site = self._sites.get(shift.location_id) if shift.location_id is not None else None
        return shift, sorted(self.breaks_of(shift.id), key=lambda e: e.id), site

    def overlapping(
        self, worker_id: int, start: datetime, end: datetime | None, *, except_id: int = 0
    ) -> TimeEntry | None:
        found = self._shifts(
            worker_id,
            lambda e: (
                e.id != except_id and (e.clock_out is None or e.clock_out > start) and (end is None or e.clock_in < end)
            ),
        )
        return min(found, key=lambda e: (e.clock_in, e.id), default=None)

    def clashing(self, worker_id: int, at: datetime) -> TimeEntry | None:
        found = self._shifts(worker_id, lambda e: e.clock_out is not None and e.clock_out > at)
        return max(found, key=lambda e: (e.clock_out or at, e.id), default=None)

    def clock_in_blockers(
        self, worker_id: int, since: datetime, at: datetime
    ) -> tuple[TimeEntry | None, TimeEntry | None, tuple[TimeEntry, ...]]:
        stale = self._table.where(
            lambda e: (
                e.worker_id == worker_id and e.entry_type == "shift" and e.clock_out is None and e.clock_in < since
            )
        )
        return self.open_shift(worker_id, since), self.clashing(worker_id, at), tuple(sorted(stale, key=lambda e: e.id))

    def open_before(self, cutoff: datetime) -> list[TimeEntry]:
        return self._table.where(lambda e: e.entry_type == "shift" and e.clock_out is None and e.clock_in < cutoff)

    def breaks_of(self, shift_id: int) -> list[TimeEntry]:
        return self._table.where(lambda e: e.entry_type == "break" and e.parent_id == shift_id)

    def shifts_between(self, worker_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        found = self._table.where(
            lambda e: (
                e.worker_id == worker_id
                and e.entry_type == "shift"
                and e.clock_in < end
                and (e.clock_out is None or e.clock_out > start)
            )
        )
        return sorted(found, key=lambda e: (e.clock_in, e.id))

    def worked_against(self, booking_id: int) -> bool:
        return bool(self._table.where(lambda e: e.entry_type == "shift" and e.scheduled_shift_id == booking_id))


class MemoryBookingRepository(MemoryRepository[Booking]):
    def near(self, worker_id: int, at: datetime) -> list[Booking]:
        return self._table.where(
            lambda b: b.worker_id == worker_id and b.status in LIVE_BOOKING_STATUSES and within_grace(b, at)
        )

    def of_worker(self, worker_id: int, start: datetime, end: datetime) -> list[Booking]:
        held = (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
        found = self._table.where(
            lambda b: b.worker_id == worker_id and b.status in held and b.start < end and b.end > start
        )
        return sorted(found, key=lambda b: (b.start, b.id))

    def at_site(self, location_id: int, start: datetime, end: datetime) -> list[Booking]:
        found = self._table.where(
            lambda b: (
                b.location_id == location_id and b.status in LIVE_BOOKING_STATUSES and b.start < end and b.end > start
            )
        )
        return sorted(found, key=lambda b: (b.start, b.id))


class MemorySurveyRepository(MemoryRepository[Survey]):
    """Surveys; each question gets an id of its own, as the SQL table of questions gives it."""

    def add(self, item: Survey) -> Survey:
        store = self._table.uow.store
        numbered = tuple(
            SurveyQuestion(store.next_id("survey_questions"), q.text, q.blocking_answers) for q in item.questions
        )
        return super().add(attrs.evolve(item, questions=numbered))

    def for_site(self, client_id: int, location_id: int) -> Survey | None:
        mine = self._table.where(
            lambda s: s.client_id == client_id and s.active and s.location_id in (location_id, None)
        )
        mine.sort(key=lambda s: (s.location_id is not None, s.id))
        return mine[-1] if mine else None


class MemoryRateRuleRepository(MemoryRepository[RateRule]):
    def for_client(self, client_id: int) -> list[RateRule]:
        return self._table.where(lambda rule: rule.client_id == client_id)


class MemoryAuditLog:
    def __init__(self, uow: MemoryUnitOfWork) -> None:
        self.uow = uow
        self.pending: list[AuditEntry] = []

    def add(self, entry: AuditEntry) -> None:
        self.uow.before_write()
        self.pending.append(entry)

    def add_all(self, entries: Sequence[AuditEntry]) -> None:
        self.uow.before_write()
        self.pending.extend(entries)

    def find(self, query: AuditFilter, paging: Paging) -> Page[AuditRow]:
        with self.uow.store.lock:
            found = [entry for entry in self.uow.store.audit if _matches(entry, query)]
        found.sort(key=lambda entry: (entry.created_at, entry.id), reverse=True)
        rows = []
        for entry in found[paging.offset : paging.offset + paging.limit]:
            user = self.uow.users.get(entry.user_id) if entry.user_id is not None else None
            key = self.uow.keys.get(entry.api_key_id) if entry.api_key_id is not None else None
            rows.append(AuditRow(entry, user.email if user else None, key.name if key else None))
        return Page(tuple(rows), len(found))


def _matches(entry: AuditEntry, query: AuditFilter) -> bool:
    wanted = {
        "client_id": query.client_id,
        "user_id": query.user_id,
        "api_key_id": query.api_key_id,
        "entity": query.entity,
        "entity_id": query.entity_id,
    }
    return (
        all(value is None or getattr(entry, name) == value for name, value in wanted.items())
        and (query.since is None or entry.created_at >= query.since)
        and (query.until is None or entry.created_at < query.until)
    )
