"""SQLite's hot statements run on the driver's cursor (``prepared``) answer and write exactly as
SQLAlchemy's execution would: the same rows with the same types, the same errors, the same cursor
events; what it cannot run so (PostgreSQL, no transaction, an ``IN`` list, a Python-side default, a
statement built for one call) SQLAlchemy runs."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Connection,
    Date,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError, StatementError

from workforce_adapters.sql import prepared
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.mapping import plain_rows
from workforce_adapters.sql.types import ExactDecimal, Money, UtcDateTime

metadata = MetaData()
things = Table(
    "prepared_things",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(40), nullable=False, unique=True),
    Column("kind", String(10), nullable=False),
    Column("at", UtcDateTime(), nullable=True),
    Column("day", Date, nullable=True),
    Column("amount", Money(), nullable=True),
    Column("rate", ExactDecimal(), nullable=True),
    Column("active", Boolean, nullable=False),
    Column("tags", JSON, nullable=True),
    Column("note", String(40), nullable=True, default="set in Python"),
)

ADD = prepared.hot(insert(things).returning(things.c.id))
INSERT = prepared.hot(insert(things))
# a constant the statement binds ("shift"), a parameter read twice, a LIMIT of its own
OF_KIND = prepared.hot(
    select(things)
    .where(things.c.kind == "shift", things.c.id >= bindparam("low"), things.c.id < bindparam("low") + 1000)
    .order_by(things.c.id)
    .limit(50)
)
RENAME = prepared.hot(update(things).where(things.c.id == bindparam("_id")))
IN_LIST = prepared.hot(select(things).where(things.c.id.in_(bindparam("ids", expanding=True))))
MADE_AT_RUN = prepared.hot(select(things).where(things.c.name == bindparam("name", callable_=lambda: "one")))


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url)
    metadata.create_all(engine)
    yield engine
    metadata.drop_all(engine)
    engine.dispose()


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def row(name: str, **values: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": name, "kind": "shift", "at": None, "day": None, "amount": None}
    return {**base, "rate": None, "active": True, "tags": None, "note": None, **values}


def test_rows_read_through_a_plan_equal_sqlalchemys(engine: Engine) -> None:
    values = row(
        "full",
        at=datetime(2026, 3, 2, 8, 30, 15, 123456, tzinfo=UTC),
        day=date(2026, 3, 2),
        amount=Decimal("12.3456"),
        rate=Decimal("1.23456789"),
        active=False,
        tags={"a": [1, 2], "b": None},
    )
    with engine.begin() as connection:
        (added,) = prepared.execute(connection, ADD, values)
        prepared.execute(connection, ADD, row("other kind", kind="break"))
        planned = prepared.run(connection, OF_KIND, {"low": 0})
        theirs = plain_rows(connection.execute(OF_KIND, {"low": 0}))
    assert theirs == [{"id": added["id"], **values}]
    if is_sqlite(engine):
        assert planned == theirs
        assert isinstance(planned[0]["amount"], Decimal)
        assert planned[0]["at"].tzinfo is UTC
    else:
        assert planned is None  # PostgreSQL's statements are SQLAlchemy's


TEXT = st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=5)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    at=st.none() | st.datetimes(timezones=st.just(UTC), min_value=datetime(1900, 1, 1), max_value=datetime(2999, 1, 1)),
    amount=st.none() | st.decimals(min_value=-(10**9), max_value=10**9, places=4),
    tags=st.none() | st.dictionaries(TEXT, st.integers(-(2**53), 2**53) | TEXT, max_size=3),
    active=st.booleans(),
    text=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)), max_size=40),
)
def test_any_values_written_through_a_plan_read_back_as_written(
    engine: Engine, at: datetime | None, amount: Decimal | None, tags: Any, active: bool, text: str
) -> None:
    values = row("x", at=at, amount=amount, tags=tags, active=active, note=text)
    with engine.begin() as connection:
        (added,) = prepared.execute(connection, ADD, values)
        stored = plain_rows(connection.execute(select(things).where(things.c.id == added["id"])))
        read = prepared.execute(connection, OF_KIND, {"low": added["id"]})
        connection.execute(things.delete())
    assert stored == [{"id": added["id"], **values}]
    assert read == stored


def test_an_insert_of_many_and_an_update_write_what_they_are_given(engine: Engine) -> None:
    with engine.begin() as connection:
        prepared.execute(connection, INSERT, [row("one"), row("two", active=False)])
        (first,) = plain_rows(connection.execute(select(things.c.id).where(things.c.name == "one")))
        prepared.execute(connection, RENAME, {"_id": first["id"], "name": "renamed", "amount": Decimal("1.5")})
        found = plain_rows(connection.execute(select(things.c.name, things.c.amount, things.c.active)))
    assert sorted(found, key=lambda r: r["name"]) == [
        {"name": "renamed", "amount": Decimal("1.50"), "active": True},
        {"name": "two", "amount": None, "active": False},
    ]


def test_what_a_plan_cannot_run_as_sqlalchemy_would_is_left_to_sqlalchemy(engine: Engine) -> None:
    built_here = select(things).where(things.c.id == bindparam("_id"))
    with engine.connect() as connection:
        assert prepared.run(connection, OF_KIND, {"low": 0}) is None  # no transaction begun: SQLAlchemy's autobegin
        with connection.begin():
            # a Python-side default (``note`` not given), an IN list, a statement built for this call
            assert prepared.run(connection, INSERT, {k: v for k, v in row("d").items() if k != "note"}) is None
            assert prepared.run(connection, IN_LIST, {"ids": [1, 2]}) is None
            assert prepared.run(connection, MADE_AT_RUN, {}) is None
            assert prepared.run(connection, built_here, {"_id": 1}) is None
            assert prepared.run(connection, INSERT, []) is None  # nothing to insert: SQLAlchemy's answer
            # and ``execute`` gives SQLAlchemy's answer for them
            prepared.execute(connection, INSERT, {k: v for k, v in row("d").items() if k != "note"})
            (found,) = prepared.execute(connection, IN_LIST, {"ids": [1, 2, 3, 4, 5, 6]})
    assert found["note"] == "set in Python"


def test_a_refused_write_is_sqlalchemys_error_and_a_refused_value_its_statement_error(engine: Engine) -> None:
    with engine.connect() as connection:
        with connection.begin():
            prepared.execute(connection, INSERT, row("taken"))
        with pytest.raises(IntegrityError), connection.begin():
            prepared.execute(connection, INSERT, row("taken"))
        with pytest.raises(StatementError, match="naive datetime"), connection.begin():
            prepared.execute(connection, INSERT, row("naive", at=datetime(2026, 3, 2, 8)))


def test_the_cursor_events_see_every_planned_statement(engine: Engine) -> None:
    seen: list[tuple[str, str, Any]] = []

    def before(_c: Connection, _cursor: Any, sql: str, params: Any, _context: Any, many: bool) -> None:
        seen.append(("before", " ".join(sql.split())[:30], many))

    def after(_c: Connection, cursor: Any, sql: str, params: Any, _context: Any, many: bool) -> None:
        seen.append(("after", " ".join(sql.split())[:30], cursor.rowcount))

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
    try:
        with engine.begin() as connection:
            prepared.execute(connection, INSERT, [row("one"), row("two")])
            prepared.execute(connection, OF_KIND, {"low": 0})
    finally:
        event.remove(engine, "before_cursor_execute", before)
        event.remove(engine, "after_cursor_execute", after)
    order = [("before", "INSERT"), ("after", "INSERT"), ("before", "SELECT"), ("after", "SELECT")]
    assert [(kind, sql[:6]) for kind, sql, _ in seen] == order
    if is_sqlite(engine):  # (PostgreSQL's driver is sent the two rows in one statement)
        assert [found for _, _, found in seen[:2]] == [True, 2]  # a write of many, its two rows
