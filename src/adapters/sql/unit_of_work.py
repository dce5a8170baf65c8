"""The SQL unit of work: one transaction, its repositories, and the outbox written in it.

A unit of work made with ``hold`` does not commit itself: ``commit`` writes the outbox and hands
the open transaction to ``hold``, whose owner commits it later (with the stored reply of an
Idempotency-Key) or rolls it back.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from types import TracebackType

from sqlalchemy import Connection, Engine, insert

from workforce_adapters.json import event_data
from workforce_adapters.sql import tables
from workforce_adapters.sql.availability import (
    SqlAbsenceRepository,
    SqlAvailabilityRepository,
    SqlDoNotReturnRepository,
)
from workforce_adapters.sql.demands import SqlDemandRepository, SqlOfferRepository
from workforce_adapters.sql.export_batches import SqlExportBatches
from workforce_adapters.sql.minimum_wage import SqlWageRecords
from workforce_adapters.sql.no_shows import SqlNoShowNotices
from workforce_adapters.sql.outbox import SqlOutbox
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
from workforce_adapters.sql.webhooks import SqlDeliveryRepository, SqlSubscriptionRepository
from workforce_core.events import Event
from workforce_core.model.amendments import Amendment
from workforce_core.model.reference import CostCode, Department, Location


class SqlUnitOfWork:
    def __init__(
        self, engine: Engine, *, read_only: bool = False, hold: Callable[[SqlUnitOfWork], None] | None = None
    ) -> None:
        self.engine = engine
        self.read_only = read_only
        self.hold = hold
        self.held = False
        self.events: list[Event] = []

    def __enter__(self) -> SqlUnitOfWork:
        # SQLite: a writer takes the write lock up front (BEGIN IMMEDIATE); a reader does not.
        self.connection: Connection = self.engine.connect().execution_options(write=not self.read_only)
        self.transaction = self.connection.begin()
        c = self.connection
        self.clients = SqlClientRepository(c)
        self.keys = SqlApiKeyRepository(c)
        self.locations = SqlRepository(c, tables.locations, Location)
        self.departments = SqlRepository(c, tables.departments, Department)
        self.cost_codes = SqlRepository(c, tables.cost_codes, CostCode)
        held: set[int] = set()  # workers locked in this transaction (a lock is not taken twice)
        self.workers = SqlWorkerRepository(c, held)
        self.audit = SqlAuditLog(c)
        self.entries = SqlTimeEntryRepository(c)
        self.bookings = SqlBookingRepository(c)
        self.demands = SqlDemandRepository(c)
        self.offers = SqlOfferRepository(c)
        self.surveys = SqlSurveyRepository(c)
        self.amendments = SqlRepository(c, tables.amendments, Amendment)
        self.rate_rules = SqlRateRuleRepository(c)
        self.pricing = SqlPricingInputs(c)
        self.subscriptions = SqlSubscriptionRepository(c)
        self.deliveries = SqlDeliveryRepository(c)
        self.pay_weeks = SqlPayWeekLocks(c)
        self.figures = SqlPayFigures(c, held)
        self.no_shows = SqlNoShowNotices(c)
        self.availability = SqlAvailabilityRepository(c)
        self.absences = SqlAbsenceRepository(c)
        self.wages = SqlWageRecords(c)
        self.do_not_return = SqlDoNotReturnRepository(c)
        self.exports = SqlExportBatches(c)
        self.users = SqlUserRepository(c)
        self.sessions = SqlSessionRepository(c)
        self.sign_off_links = SqlSignOffLinkRepository(c)
        self.outbox = SqlOutbox(c)
        self.events = []
        return self

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
        try:
            if self.transaction.is_active:
                self.transaction.rollback()
        finally:
            self.connection.close()

    def record(self, events: list[Event]) -> None:
        self.events.extend(events)

    def commit(self) -> None:
        if self.events:
            self.connection.execute(
                insert(tables.outbox),
                [
                    {
                        "client_id": event.client_id,
                        "event": event.name,
                        "data": json.dumps(event_data(event), separators=(",", ":")),
                        "occurred_at": event.occurred_at,
                    }
                    for event in self.events
                ],
            )
            self.events = []
        if self.hold is not None:
            self.held = True
            self.hold(self)
            return
        self.transaction.commit()

    def rollback(self) -> None:
        self.events = []
        self.transaction.rollback()


class SqlUnitOfWorkFactory:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def __call__(self, *, read_only: bool = False) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.engine, read_only=read_only)
