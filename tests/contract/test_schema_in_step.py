"""The tables the code describes (``tables.metadata``) are the tables the migrations make, on SQLite and
PostgreSQL (Alembic's autogenerate comparison finds nothing), and the migrations form one line from
the first revision to the head: no branch, no second head, each revision after the one it names."""

from __future__ import annotations

import itertools
import warnings

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from workforce_adapters.sql import schema, tables
from workforce_adapters.sql.engine import make_engine


def test_the_migrated_database_is_what_the_tables_describe(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        with engine.connect() as connection, warnings.catch_warnings():
            # SQLite cannot reflect an index on an expression; Alembic says so and skips that one index
            warnings.filterwarnings("ignore", message=".*expression-based index.*")
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, tables.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_the_migrations_are_one_line_to_a_single_head() -> None:
    scripts = schema.migration_scripts()
    heads = scripts.get_heads()
    assert len(heads) == 1, heads
    chain = list(scripts.walk_revisions())  # head first
    assert chain[-1].down_revision is None
    for later, earlier in itertools.pairwise(chain):
        assert later.down_revision == earlier.revision, (later.revision, later.down_revision, earlier.revision)
        assert not later.is_merge_point
