"""Shared fixtures: the two databases every storage test runs on."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import PostgresSchema, SqliteTemplate, postgres_base_url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    return SqliteTemplate(Path(tmp_path_factory.mktemp("sqlite")))


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[PostgresSchema]:
    base = postgres_base_url()
    assert base is not None
    created = PostgresSchema(base)
    yield created
    created.drop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """A migrated, empty database: each test runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        return template.fresh_url()
    schema: PostgresSchema = request.getfixturevalue("postgres_schema")
    return schema.fresh_url()
