"""The composition root: settings -> engine -> unit of work factory -> the services entry points use.

Nothing is built at import time; ``bootstrap(settings)`` builds it all, once per process.
"""

from __future__ import annotations

import os

from attrs import define, frozen
from sqlalchemy import Engine

from workforce_adapters.sql.engine import DEFAULT_URL, make_engine
from workforce_adapters.sql.queries import SqlQueries
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.clock import SystemClock
from workforce_core.ports import Clock, Queries, UnitOfWorkFactory

DATABASE_ENV = "WORKFORCE_DATABASE_URL"


@frozen
class Settings:
    database_url: str = DEFAULT_URL

    @classmethod
    def from_env(cls, database_url: str | None = None) -> Settings:
        return cls(database_url=database_url or os.environ.get(DATABASE_ENV) or DEFAULT_URL)


@define
class Services:
    settings: Settings
    engine: Engine
    uow: UnitOfWorkFactory
    queries: Queries
    clock: Clock

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
    )
