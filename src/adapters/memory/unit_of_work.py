"""The memory unit of work: writes kept aside until ``commit``; a writer holds the store's lock."""

from __future__ import annotations

from collections.abc import Callable
from types import TracebackType
from typing import Any

import attrs

from workforce_adapters.memory.availability import (
    MemoryAbsenceRepository,
    MemoryAvailabilityRepository,
    MemoryDoNotReturnRepository,
)
from workforce_adapters.memory.demands import MemoryDemandRepository, MemoryOfferRepository
from workforce_adapters.memory.exports import MemoryExportBatches
from workforce_adapters.memory.minimum_wage import MemoryWageRecords
from workforce_adapters.memory.no_shows import MemoryNoShowNotices
from workforce_adapters.memory.outbox import MemoryOutbox
from workforce_adapters.memory.pay_figures import MemoryPayFigures
from workforce_adapters.memory.pay_weeks import MemoryPayWeekLocks
from workforce_adapters.memory.people import (
    MemorySessionRepository,
    MemorySignOffLinkRepository,
    MemoryUserRepository,
)
from workforce_adapters.memory.pricing import MemoryPricingInputs
from workforce_adapters.memory.repositories import (
    MemoryApiKeyRepository,
    MemoryAuditLog,
    MemoryBookingRepository,
    MemoryClientRepository,
    MemoryRateRuleRepository,
    MemoryRepository,
    MemorySurveyRepository,
    MemoryTable,
    MemoryTimeEntryRepository,
    MemoryWorkerRepository,
)
from workforce_adapters.memory.store import TABLES, MemoryStore
from workforce_adapters.memory.webhooks import MemoryDeliveryRepository, MemorySubscriptionRepository
from workforce_core.events import Event
from workforce_core.model.amendments import Amendment
from workforce_core.model.reference import CostCode, Department, Location


class MemoryUnitOfWork:
    """One transaction over a ``MemoryStore``. A use case that raises, or never commits, leaves
    nothing behind: no rows, no audit entries, no events."""

    def __init__(
        self,
        store: MemoryStore,
        *,
        read_only: bool = False,
        before_first_write: Callable[[MemoryStore], None] | None = None,
    ) -> None:
        self.store = store
        self.read_only = read_only
        self._before_first_write = before_first_write
        self._events: list[Event] = []
        self.employee_numbers: dict[int, int] = {}  # this transaction's counter writes
        self._tables: dict[str, MemoryTable[Any]] = {name: MemoryTable(self, name) for name in TABLES}
        t = self._tables
        self._audit = MemoryAuditLog(self)
        self._clients = MemoryClientRepository(t["clients"])
        self._keys = MemoryApiKeyRepository(t["keys"], t["clients"])
        self._locations: MemoryRepository[Location] = MemoryRepository(t["locations"])
        self._departments: MemoryRepository[Department] = MemoryRepository(t["departments"])
        self._cost_codes: MemoryRepository[CostCode] = MemoryRepository(t["cost_codes"])
        self._workers = MemoryWorkerRepository(t["workers"], t["entries"])
        self._entries = MemoryTimeEntryRepository(t["entries"])
        self._bookings = MemoryBookingRepository(t["bookings"])
        self._demands = MemoryDemandRepository(t["demands"], t["bookings"])
        self._offers = MemoryOfferRepository(t["offers"], t["demands"])
        self._surveys = MemorySurveyRepository(t["surveys"])
        self._amendments: MemoryRepository[Amendment] = MemoryRepository(t["amendments"])
        self._rate_rules = MemoryRateRuleRepository(t["rate_rules"])
        self._pricing = MemoryPricingInputs(self)
        self._subscriptions = MemorySubscriptionRepository(t["subscriptions"], t["deliveries"])
        self._deliveries = MemoryDeliveryRepository(t["deliveries"])
        self._pay_weeks = MemoryPayWeekLocks(
            t["pay_week_locks"], t["frozen_entries"], t["entries"], t["shift_payments"], t["export_batches"]
        )
        self._exports = MemoryExportBatches(t["export_batches"], t["export_files"], t["entries"])
        self._figures = MemoryPayFigures(self)
        self._no_shows = MemoryNoShowNotices(t["no_shows"], t["bookings"], t["entries"])
        self._availability = MemoryAvailabilityRepository(t["availability"])
        self._absences = MemoryAbsenceRepository(t["absences"])
        self._do_not_return = MemoryDoNotReturnRepository(t["do_not_return"])
        self._users = MemoryUserRepository(t["users"])
        self._sessions = MemorySessionRepository(t["sessions"])
        self._sign_off_links = MemorySignOffLinkRepository(t["sign_off_links"])
        self._wages = MemoryWageRecords(self)
        self._outbox = MemoryOutbox(self)

    # the repositories, read-only as the port declares them
    @property
    def clients(self) -> MemoryClientRepository:
        return self._clients

    @property
    def keys(self) -> MemoryApiKeyRepository:
        return self._keys

    @property
    def locations(self) -> MemoryRepository[Location]:
        return self._locations

    @property
    def departments(self) -> MemoryRepository[Department]:
        return self._departments

    @property
    def cost_codes(self) -> MemoryRepository[CostCode]:
        return self._cost_codes

    @property
    def workers(self) -> MemoryWorkerRepository:
        return self._workers

    @property
    def wages(self) -> MemoryWageRecords:
        return self._wages

    @property
    def audit(self) -> MemoryAuditLog:
        return self._audit

    @property
    def entries(self) -> MemoryTimeEntryRepository:
        return self._entries

    @property
    def bookings(self) -> MemoryBookingRepository:
        return self._bookings

    @property
    def demands(self) -> MemoryDemandRepository:
        return self._demands

    @property
    def offers(self) -> MemoryOfferRepository:
        return self._offers

    @property
    def surveys(self) -> MemorySurveyRepository:
        return self._surveys

    @property
    def amendments(self) -> MemoryRepository[Amendment]:
        return self._amendments

    @property
    def rate_rules(self) -> MemoryRateRuleRepository:
        return self._rate_rules

    @property
    def pricing(self) -> MemoryPricingInputs:
        return self._pricing

    @property
    def subscriptions(self) -> MemorySubscriptionRepository:
        return self._subscriptions

    @property
    def deliveries(self) -> MemoryDeliveryRepository:
        return self._deliveries

    @property
    def pay_weeks(self) -> MemoryPayWeekLocks:
        return self._pay_weeks

    @property
    def figures(self) -> MemoryPayFigures:
        return self._figures

    @property
    def no_shows(self) -> MemoryNoShowNotices:
        return self._no_shows

    @property
    def availability(self) -> MemoryAvailabilityRepository:
        return self._availability

    @property
    def absences(self) -> MemoryAbsenceRepository:
        return self._absences

    @property
    def do_not_return(self) -> MemoryDoNotReturnRepository:
        return self._do_not_return

    @property
    def exports(self) -> MemoryExportBatches:
        return self._exports

    @property
    def users(self) -> MemoryUserRepository:
        return self._users

    @property
    def sessions(self) -> MemorySessionRepository:
        return self._sessions

    @property
    def sign_off_links(self) -> MemorySignOffLinkRepository:
        return self._sign_off_links

    @property
    def outbox(self) -> MemoryOutbox:
        return self._outbox

    @property
    def tables(self) -> dict[str, MemoryTable[Any]]:
        """Each table as this transaction sees it (for the adapter's own reads)."""
        return self._tables

    def before_write(self) -> None:
        if self.read_only:
            raise RuntimeError("a read-only unit of work cannot write")
        if self._before_first_write is not None:
            hook, self._before_first_write = self._before_first_write, None
            hook(self.store)

    def __enter__(self) -> MemoryUnitOfWork:
        if not self.read_only:
            self.store.lock.acquire()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.rollback()
        if not self.read_only:
            self.store.lock.release()

    def record(self, events: list[Event]) -> None:
        self._events.extend(events)

    def commit(self) -> None:
        with self.store.lock:
            for table in self._tables.values():
                table.apply()
            for entry in self._audit.pending:
                self.store.audit.append(attrs.evolve(entry, id=self.store.next_id("audit_log")))
            self.store.outbox.extend(self._events)
            self.store.fanned_out.update(self._outbox.pending)
            self.store.employee_numbers.update(self.employee_numbers)
            self._figures.apply()
        self._audit.pending.clear()
        self._events.clear()
        self._outbox.pending.clear()
        self.employee_numbers.clear()

    def rollback(self) -> None:
        for table in self._tables.values():
            table.pending.clear()
            table.deleted.clear()
        self._figures.pending.clear()
        self._audit.pending.clear()
        self._events.clear()
        self._outbox.pending.clear()
        self.employee_numbers.clear()


class MemoryUnitOfWorkFactory:
    """Makes units of work over one store (a new, empty one by default)."""

    def __init__(self, store: MemoryStore | None = None) -> None:
        self.store = store if store is not None else MemoryStore()

    def __call__(self, *, read_only: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(self.store, read_only=read_only)
