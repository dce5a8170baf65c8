"""Shared fixtures: the two databases every storage test runs on."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.databases import PostgresSchema, SqliteTemplate, postgres_database
from tests.sqlite_mirror import mirrored_queries
from workforce_adapters.memory import MemoryStore
from workforce_adapters.sql.queries import SqlQueries

# Hypothesis: reproducible in CI (the same examples every run, so a red CI is red again on a re-run and
# locally with HYPOTHESIS_PROFILE=ci); random locally, where its example database keeps what failed.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    return SqliteTemplate(Path(tmp_path_factory.mktemp("sqlite")))


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[PostgresSchema]:
    base, own = postgres_database()
    try:
        created = PostgresSchema(base)
        yield created
        created.drop()
    finally:
        if own is not None:
            own.drop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """A migrated, empty database: each test runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        return template.fresh_url()
    schema: PostgresSchema = request.getfixturevalue("postgres_schema")
    return schema.fresh_url()


Mirror = Callable[[MemoryStore], SqlQueries]


@pytest.fixture
def mirror(sqlite_template: SqliteTemplate) -> Mirror:
    """``mirror(store)``: the SQL read models over a SQLite copy of the memory store's committed rows."""
    return lambda store: mirrored_queries(store, sqlite_template)
