"""Test databases: a migrated SQLite file per test, or a migrated PostgreSQL schema truncated per test.

PostgreSQL runs when ``WORKFORCE_TEST_POSTGRES_URL`` is set (``.ci/run`` sets it); without it the
PostgreSQL cases skip locally and fail under CI (``CI`` set), so CI can never pass without them.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.engine import make_url

from workforce_adapters.sql import schema
from workforce_adapters.sql.engine import make_engine, normalise_url
from workforce_adapters.sql.tables import metadata

POSTGRES_ENV = "WORKFORCE_TEST_POSTGRES_URL"
SKIP_MESSAGE = (
    f"PostgreSQL tests need {POSTGRES_ENV}, e.g. "
    "postgresql+psycopg://postgres@127.0.0.1:5432/test (CI sets it; .ci/run starts PostgreSQL)"
)


def postgres_base_url() -> str | None:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {SKIP_MESSAGE}")
        pytest.skip(SKIP_MESSAGE)
    return normalise_url(url)


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
