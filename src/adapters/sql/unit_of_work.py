"""The SQL unit of work: one transaction, its repositories, and the outbox written in it.

A unit of work made with ``hold`` does not commit itself: ``commit`` writes the outbox and hands
the open transaction to ``hold``, whose owner commits it later (with the stored reply of an
Idempotency-Key) or rolls it back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from types import TracebackType
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, event, insert

from workforce_adapters.sql import prepared, reading, tables
from workforce_adapters.sql.availability import (
    SqlAbsenceRepository,
    SqlAvailabilityRepository,
    SqlDoNotReturnRepository,
)
from workforce_adapters.sql.demands import SqlDemandRepository, SqlOfferRepository
from workforce_adapters.sql.documents import (
    SqlDocumentTypeRepository,
    SqlEvidenceRepository,
    SqlWorkerDocumentRepository,
)
from workforce_adapters.sql.export_batches import SqlExportBatches
from workforce_adapters.sql.filling import SqlOfferLinks, SqlOfferRounds
from workforce_adapters.sql.kiosks import SqlKioskClocks, SqlKioskDevices
from workforce_adapters.sql.minimum_wage import SqlWageRecords
from workforce_adapters.sql.no_shows import SqlNoShowNotices
from workforce_adapters.sql.notifications import (
    SqlChannelChoices,
    SqlMessageRepository,
    SqlNotifierSettings,
    SqlPushSubscriptions,
    SqlUpcomingShifts,
)
from workforce_adapters.sql.outbox import SqlOutbox
from workforce_adapters.sql.pay_codes import SqlPayCodes
from workforce_adapters.sql.pay_figures import SqlPayFigures
from workforce_adapters.sql.pay_weeks import SqlPayWeekLocks
from workforce_adapters.sql.people import SqlSessionRepository, SqlSignOffLinkRepository, SqlUserRepository
from workforce_adapters.sql.pricing_inputs import SqlPricingInputs
from workforce_adapters.sql.rate_rules import SqlRateRuleRepository
from workforce_adapters.sql.repositories import (
    SqlApiKeyRepository,
    SqlAuditLog,
    SqlBookingRepository,
    SqlClientRepository,
    SqlRepository,
    SqlSurveyRepository,
    SqlTimeEntryRepository,
    SqlWorkerRepository,
)
from workforce_adapters.sql.two_factor import (
    SqlRecoveryCodeRepository,
    SqlSignInChallengeRepository,
    SqlTwoFactorRepository,
)
from workforce_adapters.sql.webhooks import SqlDeliveryRepository, SqlSubscriptionRepository
from workforce_adapters.sql.worker_app import (
    SqlLocationRepository,
    SqlWorkerAppLinkRepository,
    SqlWorkerSessionRepository,
)
from workforce_core.events import Event
from workforce_core.facts import Fact
from workforce_core.handlers import FactsHandler, NotedFacts, handle_facts
from workforce_core.model.amendments import Amendment
from workforce_core.model.reference import CostCode, Department
from workforce_core.ports.outbox import EventCodec

OUTBOX_INSERT = prepared.hot(insert(tables.outbox))  # built once: every write with an event runs it
WRITES = "workforce_rows_written"  # a writing unit of work's count of rows changed, on its connection's info
UNCOUNTED = ("audit_log", "outbox")


def _count_writes(connection: Connection, cursor: Any, statement: str, *_: Any) -> None:
    """Count the rows a writing unit of work changed (not its audit rows nor its events)."""
    info = connection.info
    if WRITES in info and statement[:6].upper() in ("INSERT", "UPDATE", "DELETE"):
        head = statement[:40].lower()
        if not any(name in head for name in UNCOUNTED):
            info[WRITES] += max(cursor.rowcount, 0) if statement[:6].upper() != "INSERT" else 1


class SqlUnitOfWork:
    def __init__(
        self,
        engine: Engine,
        *,
        event_codec: EventCodec,
        read_only: bool = False,
        hold: Callable[[SqlUnitOfWork], None] | None = None,
        facts_handler: FactsHandler = handle_facts,
    ) -> None:
        self.engine = engine
        self.facts = NotedFacts(facts_handler)
        self.event_codec = event_codec
        self.read_only = read_only
        self.hold = hold
        self.held = False
        self.events: list[Event] = []

    def __enter__(self) -> SqlUnitOfWork:
        # inside a read request (``reading.one_read``) a reader shares its connection and transaction
        shared = reading.pinned(self.engine) if self.read_only else None
        if not self.read_only:
            reading.refuse_write(self.engine)
        self.shared = shared is not None
        if shared is not None:
            self.connection: Connection = shared
        else:  # SQLite: a writer takes the write lock up front (BEGIN IMMEDIATE); a reader does not.
            lent = reading.idle(self.engine)  # the request's own connection (``reading.one_connection``)
            self.lent = lent is not None
            connection = lent if lent is not None else self.engine.connect()
            self.connection = connection.execution_options(write=not self.read_only)
            self.transaction = self.connection.begin()
        self._held: set[int] = set()  # workers locked in this transaction (a lock is not taken twice)
        if not self.read_only:
            self.connection.info[WRITES] = 0
        self.events = []
        return self

    # the repositories, read-only as the port declares them, each built when first used
    @cached_property
    def clients(self) -> SqlClientRepository:
        return SqlClientRepository(self.connection)

    @cached_property
    def keys(self) -> SqlApiKeyRepository:
        return SqlApiKeyRepository(self.connection)

    @cached_property
    def locations(self) -> SqlLocationRepository:
        return SqlLocationRepository(self.connection)

    @cached_property
    def departments(self) -> SqlRepository[Department]:
        return SqlRepository(self.connection, tables.departments, Department)

    @cached_property
    def cost_codes(self) -> SqlRepository[CostCode]:
        return SqlRepository(self.connection, tables.cost_codes, CostCode)

    @cached_property
    def workers(self) -> SqlWorkerRepository:
        return SqlWorkerRepository(self.connection, self._held)

    @cached_property
    def audit(self) -> SqlAuditLog:
        return SqlAuditLog(self.connection)

    @cached_property
    def entries(self) -> SqlTimeEntryRepository:
        return SqlTimeEntryRepository(self.connection)

    @cached_property
    def bookings(self) -> SqlBookingRepository:
        return SqlBookingRepository(self.connection)

    @cached_property
    def demands(self) -> SqlDemandRepository:
        return SqlDemandRepository(self.connection)

    @cached_property
    def offers(self) -> SqlOfferRepository:
        return SqlOfferRepository(self.connection)

    @cached_property
    def kiosks(self) -> SqlKioskDevices:
        return SqlKioskDevices(self.connection)

    @cached_property
    def kiosk_clocks(self) -> SqlKioskClocks:
        return SqlKioskClocks(self.connection)

    @cached_property
    def document_types(self) -> SqlDocumentTypeRepository:
        return SqlDocumentTypeRepository(self.connection)

    @cached_property
    def documents(self) -> SqlWorkerDocumentRepository:
        return SqlWorkerDocumentRepository(self.connection)

    @cached_property
    def evidence(self) -> SqlEvidenceRepository:
        return SqlEvidenceRepository(self.connection)

    @cached_property
    def surveys(self) -> SqlSurveyRepository:
        return SqlSurveyRepository(self.connection)

    @cached_property
    def amendments(self) -> SqlRepository[Amendment]:
        return SqlRepository(self.connection, tables.amendments, Amendment)

    @cached_property
    def rate_rules(self) -> SqlRateRuleRepository:
        return SqlRateRuleRepository(self.connection)

    @cached_property
    def pricing(self) -> SqlPricingInputs:
        return SqlPricingInputs(self.connection)

    @cached_property
    def subscriptions(self) -> SqlSubscriptionRepository:
        return SqlSubscriptionRepository(self.connection)

    @cached_property
    def deliveries(self) -> SqlDeliveryRepository:
        return SqlDeliveryRepository(self.connection)

    @cached_property
    def pay_weeks(self) -> SqlPayWeekLocks:
        return SqlPayWeekLocks(self.connection)

    @cached_property
    def figures(self) -> SqlPayFigures:
        return SqlPayFigures(self.connection, self._held)

    @cached_property
    def no_shows(self) -> SqlNoShowNotices:
        return SqlNoShowNotices(self.connection)

    @cached_property
    def availability(self) -> SqlAvailabilityRepository:
        return SqlAvailabilityRepository(self.connection)

    @cached_property
    def absences(self) -> SqlAbsenceRepository:
        return SqlAbsenceRepository(self.connection)

    @cached_property
    def wages(self) -> SqlWageRecords:
        return SqlWageRecords(self.connection)

    @cached_property
    def pay_codes(self) -> SqlPayCodes:
        return SqlPayCodes(self.connection)

    @cached_property
    def do_not_return(self) -> SqlDoNotReturnRepository:
        return SqlDoNotReturnRepository(self.connection)

    @cached_property
    def exports(self) -> SqlExportBatches:
        return SqlExportBatches(self.connection)

    @cached_property
    def users(self) -> SqlUserRepository:
        return SqlUserRepository(self.connection)

    @cached_property
    def sessions(self) -> SqlSessionRepository:
        return SqlSessionRepository(self.connection)

    @cached_property
    def sign_off_links(self) -> SqlSignOffLinkRepository:
        return SqlSignOffLinkRepository(self.connection)

    @cached_property
    def two_factor(self) -> SqlTwoFactorRepository:
        return SqlTwoFactorRepository(self.connection)

    @cached_property
    def recovery_codes(self) -> SqlRecoveryCodeRepository:
        return SqlRecoveryCodeRepository(self.connection)

    @cached_property
    def sign_in_challenges(self) -> SqlSignInChallengeRepository:
        return SqlSignInChallengeRepository(self.connection)

    @cached_property
    def worker_sessions(self) -> SqlWorkerSessionRepository:
        return SqlWorkerSessionRepository(self.connection)

    @cached_property
    def worker_app_links(self) -> SqlWorkerAppLinkRepository:
        return SqlWorkerAppLinkRepository(self.connection)

    @cached_property
    def outbox(self) -> SqlOutbox:
        return SqlOutbox(self.connection, self.event_codec)

    @cached_property
    def messages(self) -> SqlMessageRepository:
        return SqlMessageRepository(self.connection)

    @cached_property
    def channel_choices(self) -> SqlChannelChoices:
        return SqlChannelChoices(self.connection)

    @cached_property
    def push_subscriptions(self) -> SqlPushSubscriptions:
        return SqlPushSubscriptions(self.connection)

    @cached_property
    def notifier_settings(self) -> SqlNotifierSettings:
        return SqlNotifierSettings(self.connection)

    @cached_property
    def upcoming(self) -> SqlUpcomingShifts:
        return SqlUpcomingShifts(self.connection)

    @cached_property
    def offer_rounds(self) -> SqlOfferRounds:
        return SqlOfferRounds(self.connection)

    @cached_property
    def offer_links(self) -> SqlOfferLinks:
        return SqlOfferLinks(self.connection)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if not self.held:  # a held transaction is committed or rolled back by its holder
            self.close()

    def close(self) -> None:
        """Roll back whatever is not committed and give the connection back."""
        if self.shared:  # the read request's own: it ends with the request
            return
        try:
            if self.transaction.is_active:
                self.transaction.rollback()
        finally:
            self.connection.info.pop(WRITES, None)
            if not self.lent:  # a lent connection goes back when its request ends
                self.connection.close()

    def record(self, events: list[Event]) -> None:
        self.events.extend(events)

    def wrote(self) -> bool:
        return bool(self.connection.info.get(WRITES))

    def note(self, *facts: Fact) -> None:
        self.facts.note(facts)

    def settle(self) -> None:
        self.facts.settle(self)

    def commit(self) -> None:
        self.settle()
        if self.events:
            prepared.execute(
                self.connection,
                OUTBOX_INSERT,
                [
                    {
                        "client_id": event.client_id,
                        "event": event.name,
                        # orjson: the same compact JSON (non-ASCII as UTF-8, not escaped), a tenth of json.dumps' time
                        "data": orjson.dumps(self.event_codec.stored(event.data)).decode(),
                        "occurred_at": event.occurred_at,
                    }
                    for event in self.events
                ],
            )
            self.events = []
        if self.shared:
            return
        if self.hold is not None:
            self.held = True
            self.hold(self)
            return
        self.transaction.commit()

    def rollback(self) -> None:
        self.events = []
        self.facts.clear()
        if not self.shared:
            self.transaction.rollback()


class SqlUnitOfWorkFactory:
    """Units of work over one engine; ``event_codec`` gives the form of the events they write to the outbox, and
    ``facts_handler`` acts on the facts they note before each commit (the core's registry by default)."""

    def __init__(self, engine: Engine, *, event_codec: EventCodec, facts_handler: FactsHandler = handle_facts) -> None:
        self.engine = engine
        self.event_codec = event_codec
        self.facts_handler = facts_handler
        if not event.contains(engine, "after_cursor_execute", _count_writes):
            event.listen(engine, "after_cursor_execute", _count_writes)

    def __call__(self, *, read_only: bool = False) -> SqlUnitOfWork:
        return SqlUnitOfWork(
            self.engine, event_codec=self.event_codec, read_only=read_only, facts_handler=self.facts_handler
        )
