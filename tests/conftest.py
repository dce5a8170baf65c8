"""Shared fixtures: the two databases every storage test runs on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import PostgresSchema, SqliteTemplate, postgres_database


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
