"""The composition root: settings -> engine -> unit of work factory -> the services entry points use.

Nothing is built at import time; ``bootstrap(settings)`` builds it all, once per process. An entry point
calls a use case through the services, ``services.run(use_case, command, principal=...)``, which gives it
every service it names (``SERVICES``): the services are wired here, once, not at each call site.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import timedelta
from pathlib import Path
from typing import Any, TypeVar

import attrs
from attrs import define, field, frozen
from sqlalchemy import Engine

from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.file_store import FolderFileStore
from workforce_adapters.file_types import SignatureSniffer
from workforce_adapters.json import event_codec
from workforce_adapters.json.webhooks import envelope
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_adapters.memory_limits import memory_rate_limiter, redis_rate_limiter
from workforce_adapters.one_time_codes import PyotpCodes
from workforce_adapters.password_strength import ZxcvbnStrength
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_adapters.sql import reading
from workforce_adapters.sql import schema as schema  # the entry points reach the schema and engine only here
from workforce_adapters.sql.api_log import SqlApiLog
from workforce_adapters.sql.engine import DEFAULT_URL
from workforce_adapters.sql.engine import is_postgres as is_postgres
from workforce_adapters.sql.engine import make_engine as make_engine
from workforce_adapters.sql.idempotency import SqlIdempotencyStore
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.rate_limiter import SqlRateLimiter
from workforce_adapters.sql.schema import has_clients as has_clients
from workforce_adapters.sql.schema import migrated_engine as migrated_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_adapters.system_clock import SystemClock
from workforce_adapters.webhooks.resolver import SystemResolver
from workforce_adapters.webhooks.sender import DEFAULT_TIMEOUT, SafeSender
from workforce_core.errors import ValidationFailed
from workforce_core.model.api_requests import DEFAULT_DAYS as API_LOG_DEFAULT_DAYS
from workforce_core.ports import (
    ApiLog,
    Clock,
    ContentSniffer,
    ExportFiles,
    FileStore,
    IdempotencyStore,
    Mailer,
    OneTimeCodes,
    PasswordHasher,
    PasswordStrength,
    Queries,
    RateLimiter,
    Sender,
    UnitOfWorkFactory,
)
from workforce_core.rules.api_log import MOST_DAYS as API_LOG_MOST_DAYS
from workforce_core.rules.clock_request import OFFLINE_LIMIT
from workforce_core.rules.london import local_date
from workforce_core.rules.receiver_urls import Network, Resolver, parse_networks
from workforce_entrypoints import audit_binding, notifier_channels
from workforce_entrypoints.environment import AUDIT_STRICT_ENV, REQUIRE_2FA_ENV, switch
from workforce_entrypoints.environment import DATABASE_ENV as DATABASE_ENV  # re-exported: its old home
from workforce_entrypoints.injection import Injector
from workforce_entrypoints.serving.api_log_buffer import ApiLogBuffer

RATE_LIMIT_ENV = "WORKFORCE_RATE_LIMIT_STORAGE"
TRUSTED_NETWORKS_ENV = "WORKFORCE_WEBHOOK_TRUSTED_NETWORKS"
MAIL_OUTBOX_ENV = "WORKFORCE_MAIL_OUTBOX"
PUBLIC_URL_ENV = "WORKFORCE_PUBLIC_URL"  # the address people reach the service at (links in mail)
OFFLINE_LIMIT_ENV = "WORKFORCE_OFFLINE_CLOCK_LIMIT_HOURS"  # a kiosk clock sent later is flagged late_sync
API_LOG_DAYS_ENV = "WORKFORCE_API_LOG_DAYS"  # how many days the API log keeps a request
DEFAULT_MAIL_OUTBOX = "mail-outbox"  # a Maildir the operator's mail agent sends from
FILE_STORE_ENV = "WORKFORCE_FILE_STORE"  # the folder of documents' evidence files (a mounted volume)
DEFAULT_FILE_STORE = "files"
REDIS_SCHEMES = ("redis://", "rediss://", "redis+unix://")
R = TypeVar("R")


@frozen
class Settings:
    """``rate_limit_storage``: ``memory`` (one process), ``database`` (every process on the database)
    or a ``redis://`` URL; default ``memory`` for one process on SQLite, ``database`` otherwise."""

    database_url: str = DEFAULT_URL
    rate_limit_storage: str | None = None
    webhook_trusted_networks: str | None = None
    mail_outbox: str = DEFAULT_MAIL_OUTBOX
    public_url: str | None = None
    require_two_factor: bool = False  # WORKFORCE_REQUIRE_2FA
    offline_clock_limit: timedelta = OFFLINE_LIMIT
    file_store: str = DEFAULT_FILE_STORE
    api_log_days: int = API_LOG_DEFAULT_DAYS

    @classmethod
    def from_env(cls, database_url: str | None = None) -> Settings:
        return cls(
            database_url=database_url or os.environ.get(DATABASE_ENV) or DEFAULT_URL,
            rate_limit_storage=os.environ.get(RATE_LIMIT_ENV) or None,
            webhook_trusted_networks=os.environ.get(TRUSTED_NETWORKS_ENV) or None,
            mail_outbox=os.environ.get(MAIL_OUTBOX_ENV) or DEFAULT_MAIL_OUTBOX,
            public_url=os.environ.get(PUBLIC_URL_ENV) or None,
            require_two_factor=switch(REQUIRE_2FA_ENV, os.environ.get(REQUIRE_2FA_ENV)),
            offline_clock_limit=offline_clock_limit(os.environ.get(OFFLINE_LIMIT_ENV)),
            file_store=os.environ.get(FILE_STORE_ENV) or DEFAULT_FILE_STORE,
            api_log_days=api_log_days(os.environ.get(API_LOG_DAYS_ENV)),
        )


def offline_clock_limit(hours: str | None) -> timedelta:
    """``WORKFORCE_OFFLINE_CLOCK_LIMIT_HOURS``: whole hours, 1 to 8760 (a year); unset, 72."""
    if not hours:
        return OFFLINE_LIMIT
    if not hours.strip().isdigit() or not 1 <= int(hours) <= 8760:
        raise ValidationFailed(OFFLINE_LIMIT_ENV, f"{OFFLINE_LIMIT_ENV} is a whole number of hours from 1 to 8760.")
    return timedelta(hours=int(hours))


def api_log_days(days: str | None) -> int:
    """``WORKFORCE_API_LOG_DAYS``: whole days, 1 to 3660; unset, 30."""
    if not days:
        return API_LOG_DEFAULT_DAYS
    if not days.strip().isdigit() or not 1 <= int(days) <= API_LOG_MOST_DAYS:
        raise ValidationFailed(
            API_LOG_DAYS_ENV, f"{API_LOG_DAYS_ENV} is a whole number of days from 1 to {API_LOG_MOST_DAYS}."
        )
    return int(days)


def rate_limit_storage(settings: Settings, *, postgres: bool, processes: int = 1) -> str:
    """The storage for the rate limits of ``processes`` server processes: ``memory`` only for one process,
    on SQLite, unless chosen; ``database`` otherwise (each process would keep its own window in memory)."""
    choice = settings.rate_limit_storage or ("database" if postgres or processes > 1 else "memory")
    if choice == "memory" and processes > 1:
        raise ValueError(
            f"{RATE_LIMIT_ENV}=memory keeps a rate-limit window in each server process, so {processes} processes "
            "would let through more than a key's quota: use database or a redis:// URL, or one process."
        )
    if choice not in ("memory", "database") and not choice.startswith(REDIS_SCHEMES):
        raise ValueError(f"{RATE_LIMIT_ENV} must be memory, database or a redis:// URL, not {choice!r}")
    return choice


def rate_limiter(settings: Settings, engine: Engine) -> RateLimiter:
    choice = rate_limit_storage(settings, postgres=is_postgres(engine))
    if choice == "memory":
        return memory_rate_limiter()
    if choice == "database":
        return SqlRateLimiter(engine)
    return redis_rate_limiter(choice)


@define
class Webhooks:
    """How webhook receivers are resolved, the networks an operator trusts on any port, and how long an
    attempt may take (seconds)."""

    resolver: Resolver = field(factory=SystemResolver)
    trusted_networks: tuple[Network, ...] = ()
    timeout: float = DEFAULT_TIMEOUT

    def sender(self, clock: Clock) -> Sender:
        """The safe sender with these settings (certificates read now: the system store and SSL_CERT_FILE)."""
        return SafeSender(
            resolver=self.resolver, clock=clock, envelope=envelope, trusted=self.trusted_networks, timeout=self.timeout
        )


@define
class Services:
    settings: Settings
    engine: Engine
    uow: UnitOfWorkFactory
    queries: Queries
    clock: Clock
    limiter: RateLimiter
    idempotency: IdempotencyStore
    api_log: ApiLog
    webhooks: Webhooks = field(factory=Webhooks)
    hasher: PasswordHasher = field(factory=Argon2PasswordHasher)
    strength: PasswordStrength = field(factory=ZxcvbnStrength)
    mailer: Mailer = field(factory=lambda: MaildirOutbox(Path(DEFAULT_MAIL_OUTBOX)))
    codes: OneTimeCodes = field(factory=PyotpCodes)
    file_store: FileStore = field(factory=lambda: FolderFileStore(Path(DEFAULT_FILE_STORE)))
    sniffer: ContentSniffer = field(factory=SignatureSniffer)
    files: ExportFiles = field(factory=CsvExportFiles)  # pay files kept in storage only (the console's --out: evolve)
    # the tests': a write made in a request for no one the audit log names fails (``audit_binding``)
    strict_audit: bool = field(factory=lambda: switch(AUDIT_STRICT_ENV, os.environ.get(AUDIT_STRICT_ENV)))
    # the API's requests, queued by each request and written in batches by a thread (``api_log_buffer``)
    api_log_buffer: ApiLogBuffer = field(
        default=attrs.Factory(lambda self: ApiLogBuffer(self.api_log), takes_self=True)
    )

    def run(self, use_case: Callable[..., R], /, *args: Any, **kwargs: Any) -> R:
        """``use_case(*args, **kwargs)`` given every service it names (``SERVICES``): an entry point passes
        the command and the person acting, nothing else. The arguments are not checked by mypy here (the
        call is checked against the use case's signature when it runs); the answer keeps its type."""
        return INJECTOR.call(use_case, audit_binding.bound(self, use_case, args, kwargs), args, kwargs)

    def provide(self, name: str) -> object:
        return SERVICES[name](self)

    def one_read(self) -> AbstractContextManager[None]:
        """Every read of this block in one connection and one read transaction (a read request's
        key, page and figures); a writing unit of work inside it is refused."""
        return reading.one_read(self.engine)

    def one_connection(self) -> AbstractContextManager[None]:
        """Every unit of work of this block on one connection, each in its own transaction (a write
        request's key check and its change: one checkout instead of two)."""
        return reading.one_connection(self.engine)

    def close(self) -> None:
        self.api_log_buffer.close()  # what is queued is written before the engine goes
        if isinstance(self.limiter, SqlRateLimiter):
            self.limiter.dispose()  # its own connections (PostgreSQL)
        self.engine.dispose()


# The services a use case may ask for, by the name of its keyword-only parameter, each made from the
# services at the call (``now`` is the clock's time then; a webhook ``sender`` reads certificates then).
SERVICES: dict[str, Callable[[Services], object]] = {
    "uow": lambda s: s.uow,
    "queries": lambda s: s.queries,
    "clock": lambda s: s.clock,
    "now": lambda s: s.clock.now(),
    "today": lambda s: local_date(s.clock.now()),  # the date in the UK then
    "limiter": lambda s: s.limiter,
    "hasher": lambda s: s.hasher,
    "strength": lambda s: s.strength,
    "mailer": lambda s: s.mailer,
    "codes": lambda s: s.codes,
    "files": lambda s: s.files,
    "file_store": lambda s: s.file_store,  # documents' evidence files (``files`` are the export files)
    "sniffer": lambda s: s.sniffer,
    "sender": lambda s: s.webhooks.sender(s.clock),
    "resolver": lambda s: s.webhooks.resolver,
    "trusted": lambda s: s.webhooks.trusted_networks,
    "offline_limit": lambda s: s.settings.offline_clock_limit,
    "api_log": lambda s: s.api_log,
    "api_log_days": lambda s: s.settings.api_log_days,
    # the channels as the environment sets them up (read at each call), the catalogues, the links' base
    "notifier": lambda s: notifier_channels.notifier(Path(s.settings.mail_outbox), s.settings.public_url),
}
INJECTOR: Injector[Services] = Injector(SERVICES)
NAMES = INJECTOR.names


def bootstrap(settings: Settings, *, clock: Clock | None = None, engine: Engine | None = None) -> Services:
    engine = engine or make_engine(settings.database_url)
    return Services(
        settings=settings,
        engine=engine,
        uow=SqlUnitOfWorkFactory(engine, event_codec=event_codec),
        queries=SqlQueries(engine),
        clock=clock or SystemClock(),
        limiter=rate_limiter(settings, engine),
        idempotency=SqlIdempotencyStore(engine, event_codec=event_codec),
        api_log=SqlApiLog(engine),
        webhooks=Webhooks(trusted_networks=parse_networks(settings.webhook_trusted_networks)),
        mailer=MaildirOutbox(Path(settings.mail_outbox)),
        file_store=FolderFileStore(Path(settings.file_store)),
    )
