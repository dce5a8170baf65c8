"""The ports the core owns, one small module per concern. Adapters satisfy them structurally (no
inheritance); mypy strict checks every adapter and the test fakes against them.

Everything is re-exported here, so an embedder writes ``from workforce_core.ports import UnitOfWork``.
"""

from workforce_core.ports.amendment_reads import AmendmentFilter, AmendmentReads
from workforce_core.ports.api_log import ApiLog, ApiLogQuery
from workforce_core.ports.availability import AbsenceRepository, AvailabilityRepository, DoNotReturnRepository
from workforce_core.ports.availability_reads import (
    AbsenceFilter,
    AvailabilityReads,
    AvailabilityRuleFilter,
    FreeFactsQuery,
)
from workforce_core.ports.charge_reads import ChargeFilter, ChargeReads
from workforce_core.ports.clock import Clock
from workforce_core.ports.demand_reads import DemandFilter, DemandReads, OfferFilter
from workforce_core.ports.demands import DemandRepository, OfferRepository
from workforce_core.ports.documents import (
    ContentSniffer,
    DocumentTypeRepository,
    EvidenceRepository,
    FileStore,
    WorkerDocumentRepository,
)
from workforce_core.ports.entry_reads import EntryFilter, EntryReads
from workforce_core.ports.exports import (
    BatchFilter,
    ExportBatchReads,
    ExportBatchWrites,
    ExportFiles,
    StoredBatch,
)
from workforce_core.ports.figure_reads import FigureReads
from workforce_core.ports.idempotency import Claim, IdempotencyStore, KeyedWork, StoredReply
from workforce_core.ports.kiosks import KioskClocks, KioskDevices
from workforce_core.ports.limits import RateDecision, RateLimiter
from workforce_core.ports.no_shows import NoShowNotices
from workforce_core.ports.outbox import Outbox
from workforce_core.ports.paging import Page, Paging
from workforce_core.ports.passwords import PasswordStrength
from workforce_core.ports.pay_figures import PayFigures
from workforce_core.ports.pay_weeks import PayWeekLocks, PayWeekTallies, WeekSpan
from workforce_core.ports.payroll_reads import PayrollFilter, PayrollReads
from workforce_core.ports.people import (
    Mailer,
    PasswordHasher,
    SessionRepository,
    SignOffLinkRepository,
    UserRepository,
)
from workforce_core.ports.pricing_reads import AwrHistory, PricingInputs, PricingInputsReader, PricingReads
from workforce_core.ports.queries import Queries
from workforce_core.ports.rate_rule_reads import RateRuleFilter, RateRuleReads
from workforce_core.ports.reference_reads import CostCodeFilter, DepartmentFilter, LocationFilter, ReferenceReads
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
from workforce_core.ports.shift_reads import ShiftFilter, ShiftReads, SlotFilter
from workforce_core.ports.two_factor import (
    OneTimeCodes,
    RecoveryCodeRepository,
    SignInChallengeRepository,
    TwoFactorRepository,
)
from workforce_core.ports.unit_of_work import UnitOfWork, UnitOfWorkFactory
from workforce_core.ports.webhooks import DeliveryRepository, Sender, SubscriptionRepository
from workforce_core.ports.worker_reads import WorkerFilter, WorkerReads

__all__ = [
    "AbsenceFilter",
    "AbsenceRepository",
    "AmendmentFilter",
    "AmendmentReads",
    "ApiKeyRepository",
    "ApiLog",
    "ApiLogQuery",
    "AuditLog",
    "AvailabilityReads",
    "AvailabilityRepository",
    "AvailabilityRuleFilter",
    "AwrHistory",
    "BatchFilter",
    "BookingRepository",
    "ChargeFilter",
    "ChargeReads",
    "Claim",
    "ClientRepository",
    "Clock",
    "ContentSniffer",
    "CostCodeFilter",
    "DeliveryRepository",
    "DemandFilter",
    "DemandReads",
    "DemandRepository",
    "DepartmentFilter",
    "DoNotReturnRepository",
    "DocumentTypeRepository",
    "EntryFilter",
    "EntryReads",
    "EvidenceRepository",
    "ExportBatchReads",
    "ExportBatchWrites",
    "ExportFiles",
    "FigureReads",
    "FileStore",
    "FreeFactsQuery",
    "IdempotencyStore",
    "KeyedWork",
    "KioskClocks",
    "KioskDevices",
    "LocationFilter",
    "Mailer",
    "NoShowNotices",
    "OfferFilter",
    "OfferRepository",
    "OneTimeCodes",
    "Outbox",
    "Page",
    "Paging",
    "PasswordHasher",
    "PasswordStrength",
    "PayFigures",
    "PayWeekLocks",
    "PayWeekTallies",
    "PayrollFilter",
    "PayrollReads",
    "PricingInputs",
    "PricingInputsReader",
    "PricingReads",
    "Queries",
    "RateDecision",
    "RateLimiter",
    "RateRuleFilter",
    "RateRuleReads",
    "RateRuleRepository",
    "RecoveryCodeRepository",
    "ReferenceReads",
    "Repository",
    "Sender",
    "SessionRepository",
    "ShiftFilter",
    "ShiftReads",
    "SignInChallengeRepository",
    "SignOffLinkRepository",
    "SlotFilter",
    "StoredBatch",
    "StoredReply",
    "SubscriptionRepository",
    "SurveyRepository",
    "TimeEntryRepository",
    "TwoFactorRepository",
    "UnitOfWork",
    "UnitOfWorkFactory",
    "UserRepository",
    "WeekSpan",
    "WorkerDocumentRepository",
    "WorkerFilter",
    "WorkerReads",
    "WorkerRepository",
]
