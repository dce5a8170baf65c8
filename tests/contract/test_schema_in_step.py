"""The tables the code describes (``tables.metadata``) are the tables the migrations make, on SQLite and
PostgreSQL (Alembic's autogenerate comparison finds nothing), and the migrations form one line from
the first revision to the head: no branch, no second head, each revision after the one it names. New
revisions follow the naming rule (``docs/decisions.md``, "Migrations"): a four-digit id higher than every
id before it in the chain, in a file ``<id>_<snake_case_subject>.py``; the applied ids that broke it stay."""

from __future__ import annotations

import itertools
import re
import warnings
from pathlib import Path

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


NAMED = re.compile(r"^(\d{4})_[a-z][a-z0-9]*(_[a-z0-9]+)*\.py$")
APPLIED_OUT_OF_ORDER = {"0014", "0015"}  # re-chained after 0016 at a merge; applied ids never change


def test_each_new_revision_is_numbered_after_every_one_before_it_and_named_for_its_subject() -> None:
    chain = list(reversed(list(schema.migration_scripts().walk_revisions())))  # first to head
    highest = 0
    for script in chain:
        assert script.path is not None
        name = Path(script.path).name
        named = NAMED.match(name)
        assert named is not None, f"{name}: a new revision's file is <four-digit id>_<snake_case_subject>.py"
        assert named.group(1) == script.revision, f"{name}: its file starts with its revision id"
        number = int(script.revision)
        if script.revision not in APPLIED_OUT_OF_ORDER:
            assert number > highest, (
                f"{script.revision} follows {highest:04d}: number it after every revision before it"
            )
        highest = max(highest, number)


def test_the_naming_rule_refuses_what_it_should() -> None:
    assert NAMED.match("0025_holiday_pay.py")
    assert not NAMED.match("25_holiday_pay.py")
    assert not NAMED.match("0025-holiday-pay.py")
    assert not NAMED.match("0025_HolidayPay.py")
    assert not NAMED.match("abcd1234ef_holiday_pay.py")


def test_the_tables_package_names_every_table_on_its_one_metadata() -> None:
    exported = {name: getattr(tables, name) for name in tables.__all__ if name != "metadata"}
    assert {table.name for table in exported.values()} == set(tables.metadata.tables)
    assert all(table.name == name and table.metadata is tables.metadata for name, table in exported.items())
