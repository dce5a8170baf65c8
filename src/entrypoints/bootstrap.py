"""The composition root: settings -> engine -> unit of work factory -> the services entry points use.

Nothing is built at import time; ``bootstrap(settings)`` builds it all, once per process.
"""

from __future__ import annotations

import os

from attrs import define, frozen
from sqlalchemy import Engine

from workforce_adapters.memory_limits import memory_rate_limiter, redis_rate_limiter
from workforce_adapters.sql.engine import DEFAULT_URL, is_postgres, make_engine
from workforce_adapters.sql.idempotency import SqlIdempotencyStore
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.rate_limiter import SqlRateLimiter
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.clock import SystemClock
from workforce_core.ports import Clock, IdempotencyStore, Queries, RateLimiter, UnitOfWorkFactory

DATABASE_ENV = "WORKFORCE_DATABASE_URL"
RATE_LIMIT_ENV = "WORKFORCE_RATE_LIMIT_STORAGE"


@frozen
class Settings:
    """``rate_limit_storage``: ``memory`` (one process), ``database`` (every process on the database)
    or a ``redis://`` URL; default ``memory`` on SQLite and ``database`` on PostgreSQL."""

    database_url: str = DEFAULT_URL
    rate_limit_storage: str | None = None

    @classmethod
    def from_env(cls, database_url: str | None = None) -> Settings:
        return cls(
            database_url=database_url or os.environ.get(DATABASE_ENV) or DEFAULT_URL,
            rate_limit_storage=os.environ.get(RATE_LIMIT_ENV) or None,
        )


def rate_limiter(settings: Settings, engine: Engine) -> RateLimiter:
    choice = settings.rate_limit_storage or ("database" if is_postgres(engine) else "memory")
    if choice == "memory":
        return memory_rate_limiter()
    if choice == "database":
        return SqlRateLimiter(engine)
    if choice.startswith(("redis://", "rediss://", "redis+unix://")):
        return redis_rate_limiter(choice)
    raise ValueError(f"{RATE_LIMIT_ENV} must be memory, database or a redis:// URL, not {choice!r}")


@define
class Services:
    settings: Settings
    engine: Engine
    uow: UnitOfWorkFactory
    queries: Queries
    clock: Clock
    limiter: RateLimiter
    idempotency: IdempotencyStore

    def close(self) -> None:
        self.engine.dispose()


def bootstrap(settings: Settings, *, clock: Clock | None = None, engine: Engine | None = None) -> Services:
    engine = engine or make_engine(settings.database_url)
    return Services(
        settings=settings,
        engine=engine,
        uow=SqlUnitOfWorkFactory(engine),
        queries=SqlQueries(engine),
        clock=clock or SystemClock(),
        limiter=rate_limiter(settings, engine),
        idempotency=SqlIdempotencyStore(engine),
    )
