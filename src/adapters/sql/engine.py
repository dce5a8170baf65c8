"""Engines: SQLite with WAL, foreign keys and immediate write transactions; PostgreSQL via psycopg 3."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from workforce_adapters.sql import writer_turns
from workforce_core.errors import UnsupportedDatabase

DEFAULT_URL = "sqlite:///./workforce.db"
SUPPORTED = ("sqlite:///path.db", "postgresql+psycopg://user@host/db")
BEGIN_WRITE = "BEGIN IMMEDIATE"  # SQLite: a writer takes the write lock up front
BEGIN_READ = "BEGIN DEFERRED"
DRIVERS = ("sqlite", "sqlite+pysqlite", "postgresql", "postgres", "postgresql+psycopg")


def supported_url(url: str) -> URL:
    """``url`` parsed, when it names a database this service runs on (SQLite or PostgreSQL with psycopg 3);
    otherwise ``UnsupportedDatabase`` naming the ones it supports (no driver is imported to find out)."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        parsed = None
    if parsed is None or parsed.drivername not in DRIVERS:
        shown = parsed.render_as_string(hide_password=True) if parsed is not None else "this URL"
        raise UnsupportedDatabase(
            f"{shown} is not supported: use SQLite ({SUPPORTED[0]}) or PostgreSQL ({SUPPORTED[1]}).",
            supported=list(SUPPORTED),
        )
    return parsed


def missing_sqlite_file(url: str) -> bool:
    """A SQLite URL naming a file that is not there (connecting would create an empty one)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return False
    return not Path(parsed.database).is_file()


def normalise_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` mean psycopg 3 here."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str = DEFAULT_URL, **options: Any) -> Engine:
    supported_url(url)
    url = normalise_url(url)
    if make_url(url).get_backend_name() == "sqlite":
        return _sqlite_engine(url, **options)
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20, **options)


def _sqlite_engine(url: str, **options: Any) -> Engine:
    database = make_url(url).database
    on_file = database not in (None, "", ":memory:")
    # the pool lends the connection given back last: SQLite keeps a page cache per connection, valid
    # while no other connection has written, so the storage thread meets its own cache warm (lent in
    # turn, each connection found the others' writes and read its pages again: 80 reads a clock-in, 13 now)
    if on_file:  # a memory database has a pool of another kind
        options.setdefault("pool_use_lifo", True)
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False}, **options)
    turn = writer_turns.turns_for(os.path.realpath(str(database))) if on_file else None

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy emit BEGIN itself (below) so that writers take the lock up front.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        if on_file:
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        write = connection.get_execution_options().get("write", False)
        pooled = connection.connection
        if write and turn is not None:
            writer_turns.take(turn, pooled)
        # straight to the driver: SQLAlchemy's statement machinery (its context, events and result) costs
        # more than the BEGIN itself, at every unit of work
        try:
            pooled.driver_connection.execute(BEGIN_WRITE if write else BEGIN_READ).close()
        except BaseException:
            writer_turns.give_back(pooled)
            raise

    if turn is not None:  # a write's turn ends with its transaction, however it ends
        _give_back_after(engine)
    return engine


def _give_back_after(engine: Engine) -> None:
    """The writer's turn given back once the driver has committed or rolled back (SQLAlchemy's own
    events come before either), or when a connection is checked in or dropped with its turn held."""
    dialect = engine.dialect
    commit, rollback = dialect.do_commit, dialect.do_rollback

    def do_commit(pooled: Any) -> None:
        try:
            commit(pooled)
        finally:
            writer_turns.give_back(pooled)

    def do_rollback(pooled: Any) -> None:
        try:
            rollback(pooled)
        finally:
            writer_turns.give_back(pooled)

    dialect.do_commit = do_commit  # type: ignore[method-assign,assignment]
    dialect.do_rollback = do_rollback  # type: ignore[method-assign,assignment]
    for name in ("checkin", "invalidate", "close"):
        event.listen(engine, name, lambda _driver, record, *_: writer_turns.give_back(record))


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"
