"""The unit of work: one transaction with the repositories on it, and the events it records."""

from __future__ import annotations

from types import TracebackType
from typing import Protocol

from workforce_core.events import Event
from workforce_core.facts import Fact
from workforce_core.model.amendments import Amendment
from workforce_core.model.reference import CostCode, Department
from workforce_core.ports.availability import AbsenceRepository, AvailabilityRepository, DoNotReturnRepository
from workforce_core.ports.demands import DemandRepository, OfferRepository
from workforce_core.ports.exports import ExportBatchWrites
from workforce_core.ports.kiosks import KioskClocks, KioskDevices
from workforce_core.ports.minimum_wage import WageRecords
from workforce_core.ports.no_shows import NoShowNotices
from workforce_core.ports.outbox import Outbox
from workforce_core.ports.pay_codes import PayCodes
from workforce_core.ports.pay_figures import PayFigures
from workforce_core.ports.pay_weeks import PayWeekLocks
from workforce_core.ports.people import SessionRepository, SignOffLinkRepository, UserRepository
from workforce_core.ports.pricing_reads import PricingInputsReader
from workforce_core.ports.repositories import (
    ApiKeyRepository,
    AuditLog,
    BookingRepository,
    ClientRepository,
    RateRuleRepository,
    Repository,
    SurveyRepository,
    TimeEntryRepository,
    WorkerRepository,
)
from workforce_core.ports.webhooks import DeliveryRepository, SubscriptionRepository
from workforce_core.ports.worker_app import LocationRepository, WorkerAppLinkRepository, WorkerSessionRepository


class UnitOfWork(Protocol):
    """One transaction with the repositories on it. ``commit`` writes the recorded events too, in the
    same transaction as the change (the outbox), so an event is never lost nor sent for a rollback."""

    @property
    def clients(self) -> ClientRepository: ...
    @property
    def keys(self) -> ApiKeyRepository: ...
    @property
    def locations(self) -> LocationRepository: ...
    @property
    def departments(self) -> Repository[Department]: ...
    @property
    def cost_codes(self) -> Repository[CostCode]: ...
    @property
    def workers(self) -> WorkerRepository: ...
    @property
    def audit(self) -> AuditLog: ...
    @property
    def entries(self) -> TimeEntryRepository: ...
    @property
    def bookings(self) -> BookingRepository: ...
    @property
    def demands(self) -> DemandRepository: ...
    @property
    def offers(self) -> OfferRepository: ...
    @property
    def surveys(self) -> SurveyRepository: ...
    @property
    def amendments(self) -> Repository[Amendment]: ...
    @property
    def rate_rules(self) -> RateRuleRepository: ...
    @property
    def pricing(self) -> PricingInputsReader: ...
    @property
    def subscriptions(self) -> SubscriptionRepository: ...
    @property
    def deliveries(self) -> DeliveryRepository: ...
    @property
    def pay_weeks(self) -> PayWeekLocks: ...
    @property
    def figures(self) -> PayFigures: ...
    @property
    def no_shows(self) -> NoShowNotices: ...
    @property
    def availability(self) -> AvailabilityRepository: ...
    @property
    def absences(self) -> AbsenceRepository: ...
    @property
    def wages(self) -> WageRecords: ...
    @property
    def do_not_return(self) -> DoNotReturnRepository: ...
    @property
    def exports(self) -> ExportBatchWrites: ...
    @property
    def pay_codes(self) -> PayCodes: ...
    @property
    def users(self) -> UserRepository: ...
    @property
    def sessions(self) -> SessionRepository: ...
    @property
    def sign_off_links(self) -> SignOffLinkRepository: ...
    @property
    def worker_sessions(self) -> WorkerSessionRepository: ...
    @property
    def worker_app_links(self) -> WorkerAppLinkRepository: ...
    @property
    def kiosks(self) -> KioskDevices: ...
    @property
    def kiosk_clocks(self) -> KioskClocks: ...
    @property
    def outbox(self) -> Outbox: ...

    def __enter__(self) -> UnitOfWork: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    def record(self, events: list[Event]) -> None: ...

    def note(self, *facts: Fact) -> None:
        """Note what this write changed; the facts' handlers run before ``commit`` writes (or at ``settle``)."""
        ...

    def settle(self) -> None:
        """Run the handlers of the facts noted so far now: a use case that reads, in the same transaction,
        what they keep current (a lock pricing the week it freezes after approving its shifts)."""
        ...

    def commit(self) -> None:
        """Settle the facts noted, then write the changes and the events recorded, at once."""
        ...

    def rollback(self) -> None: ...


class UnitOfWorkFactory(Protocol):
    def __call__(self, *, read_only: bool = False) -> UnitOfWork:
        """A new unit of work; ``read_only`` ones take no write lock (they must not commit changes)."""
        ...
