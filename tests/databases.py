"""Test databases: a migrated SQLite file per test, or a migrated PostgreSQL schema truncated per test.

PostgreSQL runs on ``WORKFORCE_TEST_POSTGRES_URL`` when it is set (``.ci/run`` sets it). Without it, a
PostgreSQL server answering on 127.0.0.1:5432 is used: each test process (each pytest-xdist worker
too) makes a database of its own there, ``workforce_test_<pid>``, and drops it at the end of its
session. Only when no server answers do the PostgreSQL cases skip, and under CI (``CI`` set) they
fail, so CI can never pass without them.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from workforce_adapters.sql import schema
from workforce_adapters.sql.engine import make_engine, normalise_url
from workforce_adapters.sql.tables import metadata

POSTGRES_ENV = "WORKFORCE_TEST_POSTGRES_URL"
LOCAL_SERVER = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
OWN_DATABASE_PREFIX = "workforce_test_"
SKIP_MESSAGE = (
    f"PostgreSQL tests need a server on 127.0.0.1:5432 (user postgres) or {POSTGRES_ENV}, e.g. "
    "postgresql+psycopg://postgres@127.0.0.1:5432/test (CI sets it; .ci/run starts PostgreSQL)"
)


class OwnDatabase:
    """A database of this test process's own on the local server, made and dropped through ``postgres``."""

    def __init__(self, server_url: str = LOCAL_SERVER) -> None:
        self.name = f"{OWN_DATABASE_PREFIX}{os.getpid()}"
        self.admin: Engine = create_engine(
            server_url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3}
        )
        with self.admin.connect() as connection:  # one left by a killed run of a process with this pid goes
            connection.execute(text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
            connection.execute(text(f'CREATE DATABASE "{self.name}"'))
        self.url = make_url(server_url).set(database=self.name).render_as_string(hide_password=False)

    def drop(self) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        self.admin.dispose()


def postgres_database() -> tuple[str, OwnDatabase | None]:
    """The base URL for the PostgreSQL tests, and the database made for them (to drop at the end), if one was."""
    url = os.environ.get(POSTGRES_ENV)
    if url:
        return normalise_url(url), None
    try:
        own = OwnDatabase()
    except OperationalError as error:
        reason = f"{SKIP_MESSAGE}; 127.0.0.1:5432 said: {str(error.orig).strip().splitlines()[0]}"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}")
        pytest.skip(reason)
    return own.url, own


class SqliteTemplate:
    """One migrated SQLite file per session, copied for each test."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.template = directory / "template.db"
        engine = make_engine(f"sqlite:///{self.template}")
        schema.upgrade(engine)
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        engine.dispose()

    def fresh_url(self) -> str:
        target = self.directory / f"{uuid.uuid4().hex}.db"
        shutil.copyfile(self.template, target)
        return f"sqlite:///{target}"


class PostgresSchema:
    """One migrated schema per test process; every table emptied before each test."""

    def __init__(self, base_url: str) -> None:
        self.name = f"wf_test_{os.getpid()}_{uuid.uuid4().hex[:6]}"
        self.admin: Engine = create_engine(base_url, isolation_level="AUTOCOMMIT")
        with self.admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA "{self.name}"'))
        self.url = (
            make_url(base_url)
            .update_query_dict({"options": f"-csearch_path={self.name}"})
            .render_as_string(hide_password=False)
        )
        engine = make_engine(self.url)
        schema.upgrade(engine)
        engine.dispose()

    def fresh_url(self) -> str:
        names = ", ".join(f'"{self.name}"."{table.name}"' for table in metadata.sorted_tables)
        with self.admin.connect() as connection:
            connection.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        return self.url

    def drop(self) -> None:
        with self.admin.connect() as connection:
            connection.execute(text(f'DROP SCHEMA IF EXISTS "{self.name}" CASCADE'))
        self.admin.dispose()
