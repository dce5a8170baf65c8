"""The memory unit of work: writes kept aside until ``commit``; a writer holds the store's lock."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cached_property
from types import TracebackType
from typing import Any

import attrs

from workforce_adapters.memory.availability import (
    MemoryAbsenceRepository,
    MemoryAvailabilityRepository,
    MemoryDoNotReturnRepository,
)
from workforce_adapters.memory.demands import MemoryDemandRepository, MemoryOfferRepository
from workforce_adapters.memory.documents import (
    MemoryDocumentTypeRepository,
    MemoryEvidenceRepository,
    MemoryWorkerDocumentRepository,
)
from workforce_adapters.memory.exports import MemoryExportBatches
from workforce_adapters.memory.filling import MemoryOfferLinks, MemoryOfferRounds
from workforce_adapters.memory.kiosks import MemoryKioskClocks, MemoryKioskDevices
from workforce_adapters.memory.minimum_wage import MemoryWageRecords
from workforce_adapters.memory.no_shows import MemoryNoShowNotices
from workforce_adapters.memory.notifications import (
    MemoryChannelChoices,
    MemoryMessageRepository,
    MemoryNotifierSettings,
    MemoryPushSubscriptions,
    MemoryUpcomingShifts,
)
from workforce_adapters.memory.outbox import MemoryOutbox
from workforce_adapters.memory.pay_codes import MemoryPayCodes
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
from workforce_adapters.memory.two_factor import (
    MemoryRecoveryCodeRepository,
    MemorySignInChallengeRepository,
    MemoryTwoFactorRepository,
)
from workforce_adapters.memory.webhooks import MemoryDeliveryRepository, MemorySubscriptionRepository
from workforce_adapters.memory.worker_app import (
    MemoryLocationRepository,
    MemoryWorkerAppLinkRepository,
    MemoryWorkerSessionRepository,
)
from workforce_core.events import Event
from workforce_core.facts import Fact
from workforce_core.handlers import FactsHandler, NotedFacts, handle_facts
from workforce_core.model.amendments import Amendment
from workforce_core.model.reference import CostCode, Department
from workforce_core.ports.outbox import EventCodec


class MemoryUnitOfWork:
    """One transaction over a ``MemoryStore``. A use case that raises, or never commits, leaves
    nothing behind: no rows, no audit entries, no events."""

    def __init__(
        self,
        store: MemoryStore,
        *,
        event_codec: EventCodec,
        read_only: bool = False,
        before_first_write: Callable[[MemoryStore], None] | None = None,
        facts_handler: FactsHandler = handle_facts,
    ) -> None:
        self.store = store
        self.facts = NotedFacts(facts_handler)
        self.event_codec = event_codec
        self.read_only = read_only
        self._before_first_write = before_first_write
        self._events: list[Event] = []
        self.employee_numbers: dict[int, int] = {}  # this transaction's counter writes
        self._tables = _Tables(self)

    # the repositories, read-only as the port declares them, each built when first used
    @cached_property
    def audit(self) -> MemoryAuditLog:
        return MemoryAuditLog(self)

    @cached_property
    def clients(self) -> MemoryClientRepository:
        return MemoryClientRepository(self._tables["clients"])

    @cached_property
    def keys(self) -> MemoryApiKeyRepository:
        return MemoryApiKeyRepository(self._tables["keys"], self._tables["clients"])

    @cached_property
    def locations(self) -> MemoryLocationRepository:
        return MemoryLocationRepository(self._tables["locations"], self._tables["pay_week_locks"])

    @cached_property
    def departments(self) -> MemoryRepository[Department]:
        return MemoryRepository(self._tables["departments"])

    @cached_property
    def cost_codes(self) -> MemoryRepository[CostCode]:
        return MemoryRepository(self._tables["cost_codes"])

    @cached_property
    def workers(self) -> MemoryWorkerRepository:
        return MemoryWorkerRepository(self._tables["workers"], self._tables["entries"])

    @cached_property
    def entries(self) -> MemoryTimeEntryRepository:
        return MemoryTimeEntryRepository(self._tables["entries"], self._tables["locations"])

    @cached_property
    def bookings(self) -> MemoryBookingRepository:
        return MemoryBookingRepository(self._tables["bookings"])

    @cached_property
    def demands(self) -> MemoryDemandRepository:
        return MemoryDemandRepository(self._tables["demands"], self._tables["bookings"])

    @cached_property
    def offers(self) -> MemoryOfferRepository:
        return MemoryOfferRepository(self._tables["offers"], self._tables["demands"])

    @cached_property
    def surveys(self) -> MemorySurveyRepository:
        return MemorySurveyRepository(self._tables["surveys"])

    @cached_property
    def amendments(self) -> MemoryRepository[Amendment]:
        return MemoryRepository(self._tables["amendments"])

    @cached_property
    def rate_rules(self) -> MemoryRateRuleRepository:
        return MemoryRateRuleRepository(self._tables["rate_rules"])

    @cached_property
    def kiosks(self) -> MemoryKioskDevices:
        return MemoryKioskDevices(self._tables["kiosk_devices"])

    @cached_property
    def kiosk_clocks(self) -> MemoryKioskClocks:
        return MemoryKioskClocks(self._tables["kiosk_clocks"])

    @cached_property
    def document_types(self) -> MemoryDocumentTypeRepository:
        return MemoryDocumentTypeRepository(self._tables["document_types"])

    @cached_property
    def documents(self) -> MemoryWorkerDocumentRepository:
        return MemoryWorkerDocumentRepository(self._tables["worker_documents"])

    @cached_property
    def evidence(self) -> MemoryEvidenceRepository:
        return MemoryEvidenceRepository(self._tables["document_evidence"], self._tables["workers"])

    @cached_property
    def pay_codes(self) -> MemoryPayCodes:
        return MemoryPayCodes(self._tables["pay_codes"])

    @cached_property
    def pricing(self) -> MemoryPricingInputs:
        return MemoryPricingInputs(self)

    @cached_property
    def subscriptions(self) -> MemorySubscriptionRepository:
        return MemorySubscriptionRepository(self._tables["subscriptions"], self._tables["deliveries"])

    @cached_property
    def deliveries(self) -> MemoryDeliveryRepository:
        return MemoryDeliveryRepository(self._tables["deliveries"])

    @cached_property
    def pay_weeks(self) -> MemoryPayWeekLocks:
        return MemoryPayWeekLocks(
            self._tables["pay_week_locks"],
            self._tables["frozen_entries"],
            self._tables["entries"],
            self._tables["shift_payments"],
            self._tables["export_batches"],
        )

    @cached_property
    def exports(self) -> MemoryExportBatches:
        return MemoryExportBatches(
            self._tables["export_batches"], self._tables["export_files"], self._tables["entries"]
        )

    @cached_property
    def figures(self) -> MemoryPayFigures:
        return MemoryPayFigures(self)

    @cached_property
    def no_shows(self) -> MemoryNoShowNotices:
        return MemoryNoShowNotices(self._tables["no_shows"], self._tables["bookings"], self._tables["entries"])

    @cached_property
    def availability(self) -> MemoryAvailabilityRepository:
        return MemoryAvailabilityRepository(self._tables["availability"])

    @cached_property
    def absences(self) -> MemoryAbsenceRepository:
        return MemoryAbsenceRepository(self._tables["absences"])

    @cached_property
    def do_not_return(self) -> MemoryDoNotReturnRepository:
        return MemoryDoNotReturnRepository(self._tables["do_not_return"])

    @cached_property
    def users(self) -> MemoryUserRepository:
        return MemoryUserRepository(self._tables["users"])

    @cached_property
    def sessions(self) -> MemorySessionRepository:
        return MemorySessionRepository(self._tables["sessions"])

    @cached_property
    def sign_off_links(self) -> MemorySignOffLinkRepository:
        return MemorySignOffLinkRepository(self._tables["sign_off_links"])

    @cached_property
    def two_factor(self) -> MemoryTwoFactorRepository:
        return MemoryTwoFactorRepository(self._tables["user_two_factor"], self._tables["recovery_codes"])

    @cached_property
    def recovery_codes(self) -> MemoryRecoveryCodeRepository:
        return MemoryRecoveryCodeRepository(self._tables["recovery_codes"])

    @cached_property
    def sign_in_challenges(self) -> MemorySignInChallengeRepository:
        return MemorySignInChallengeRepository(self._tables["sign_in_challenges"])

    @cached_property
    def worker_sessions(self) -> MemoryWorkerSessionRepository:
        return MemoryWorkerSessionRepository(self._tables["worker_sessions"])

    @cached_property
    def worker_app_links(self) -> MemoryWorkerAppLinkRepository:
        return MemoryWorkerAppLinkRepository(self._tables["worker_app_links"])

    @cached_property
    def wages(self) -> MemoryWageRecords:
        return MemoryWageRecords(self)

    @cached_property
    def outbox(self) -> MemoryOutbox:
        return MemoryOutbox(self)

    @cached_property
    def messages(self) -> MemoryMessageRepository:
        return MemoryMessageRepository(self._tables["messages"])

    @cached_property
    def channel_choices(self) -> MemoryChannelChoices:
        return MemoryChannelChoices(self._tables["channel_choices"])

    @cached_property
    def push_subscriptions(self) -> MemoryPushSubscriptions:
        return MemoryPushSubscriptions(self._tables["push_subscriptions"])

    @cached_property
    def notifier_settings(self) -> MemoryNotifierSettings:
        return MemoryNotifierSettings(self._tables["notifier_settings"])

    @cached_property
    def offer_rounds(self) -> MemoryOfferRounds:
        return MemoryOfferRounds(self._tables["offer_rounds"])

    @cached_property
    def offer_links(self) -> MemoryOfferLinks:
        return MemoryOfferLinks(self._tables["offer_links"])

    @cached_property
    def upcoming(self) -> MemoryUpcomingShifts:
        return MemoryUpcomingShifts(self._tables["bookings"])

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

    def _kept(self, events: list[Event]) -> list[Event]:
        """The events as the outbox keeps them: each one's data through its stored form and back (as the
        SQL outbox would give it), so once committed no later change to a recorded object reaches its event."""
        codec = self.event_codec
        return [
            attrs.evolve(event, data=codec.restored(json.loads(json.dumps(codec.stored(event.data)))))
            for event in events
        ]

    def record(self, events: list[Event]) -> None:
        self._events.extend(events)

    def note(self, *facts: Fact) -> None:
        self.facts.note(facts)

    def settle(self) -> None:
        self.facts.settle(self)

    def commit(self) -> None:
        self.settle()
        audit, outbox, figures = self._used("audit"), self._used("outbox"), self._used("figures")
        with self.store.lock:
            for table in self._tables.used():
                table.apply()
            for entry in audit.pending if audit is not None else ():
                self.store.audit.append(attrs.evolve(entry, id=self.store.next_id("audit_log")))
            self.store.outbox.extend(self._kept(self._events))
            if outbox is not None:
                self.store.fanned_out.update(outbox.pending)
                self.store.notified.update(outbox.pending_notified)
            self.store.employee_numbers.update(self.employee_numbers)
            if figures is not None:
                figures.apply()
        self._clear()

    def rollback(self) -> None:
        for table in self._tables.used():
            table.pending.clear()
            table.deleted.clear()
        self._clear()

    def wrote(self) -> bool:
        return any(t.pending or t.deleted for t in self._tables.used()) or bool(self.employee_numbers)

    def has_pending(self) -> bool:
        """Whether this transaction holds rows, audit entries or events it has not committed."""
        audit = self._used("audit")
        return any(t.pending for t in self._tables.used()) or bool(audit and audit.pending) or bool(self._events)

    def _clear(self) -> None:
        for name in ("figures", "audit", "outbox"):
            used = self._used(name)
            if used is not None:
                used.pending.clear()
        outbox = self._used("outbox")
        if outbox is not None:
            outbox.pending_notified.clear()
        self._events.clear()
        self.facts.clear()
        self.employee_numbers.clear()

    def _used(self, name: str) -> Any:
        """The repository ``name`` if this transaction built it (else None: it has nothing to apply)."""
        return self.__dict__.get(name)


class _Tables(dict[str, MemoryTable[Any]]):
    """The tables as one transaction sees them, each made when first asked for."""

    def __init__(self, uow: MemoryUnitOfWork) -> None:
        super().__init__()
        self.uow = uow

    def __missing__(self, name: str) -> MemoryTable[Any]:
        if name not in TABLES:
            raise KeyError(name)
        table: MemoryTable[Any] = MemoryTable(self.uow, name)
        self[name] = table
        return table

    def used(self) -> list[MemoryTable[Any]]:
        """The tables this transaction has used, in the store's order."""
        return [self[name] for name in TABLES if name in self]


class MemoryUnitOfWorkFactory:
    """Makes units of work over one store (a new, empty one by default); ``event_codec`` gives the form
    their outbox keeps events in, as the SQL outbox stores them."""

    def __init__(
        self, store: MemoryStore | None = None, *, event_codec: EventCodec, facts_handler: FactsHandler = handle_facts
    ) -> None:
        self.store = store if store is not None else MemoryStore()
        self.event_codec = event_codec
        self.facts_handler = facts_handler

    def __call__(self, *, read_only: bool = False) -> MemoryUnitOfWork:
        return MemoryUnitOfWork(
            self.store, event_codec=self.event_codec, read_only=read_only, facts_handler=self.facts_handler
        )
