"""The hot statements of SQLite, run on the driver's cursor with what SQLAlchemy compiled for them once.

SQLAlchemy's execution wraps each statement in about 20 µs of Python (its cache key, an execution
context, the parameters processed, a result object, its events), which on SQLite costs more than the
statement itself: a clock's nine statements spent a quarter of its time there. ``run`` keeps, per
prebuilt statement and set of parameter names, the SQL text SQLAlchemy compiled, the order of its
parameters and the bind and result processors of their types, and runs it on the connection's own
DBAPI cursor, inside the transaction the connection has begun. The engine's cursor events are fired
as SQLAlchemy fires them (``before_cursor_execute``, ``after_cursor_execute``), so what listens to
statements (the count of rows written, the tests' statement logs) sees every one, and runs the text it was
given: no listener may rewrite a statement (``test_fresh_figures`` holds the engine to none); a driver error is
raised as SQLAlchemy's own (``DBAPIError.instance``: ``IntegrityError`` and the rest).

Only statements marked ``hot`` (built once) are planned. What a plan cannot run as SQLAlchemy would,
it leaves to SQLAlchemy: another database than SQLite, a connection outside a transaction (SQLAlchemy's
autobegin), parameters expanded at execution (``IN`` lists), a value made at each run (a ``callable_``),
a Python-side column default, a bound name SQLAlchemy escaped, a result with two columns of one key, a
write of many rows with ``RETURNING`` or with rows of different columns.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from attrs import frozen
from sqlalchemy import Connection, Dialect, Executable
from sqlalchemy.exc import DBAPIError, StatementError
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler

from workforce_adapters.sql.mapping import plain_rows

Processor = Callable[[Any], Any] | None
Params = Mapping[str, Any]


@frozen
class Plan:
    """One statement compiled for SQLite: its text, its parameters in order with their processors
    (``constants``: the values the statement itself binds), its result's keys and processors."""

    sql: str
    names: tuple[str, ...]
    binds: tuple[Processor, ...]
    constants: dict[str, Any]
    keys: tuple[str, ...]
    results: tuple[Processor, ...]


S = TypeVar("S", bound=Executable)

_PLANS: dict[tuple[int, frozenset[str]], Plan | None] = {}
_HOT: dict[int, Executable] = {}  # the statements built once that may be planned, kept so their ids stay theirs


def hot(statement: S) -> S:
    """``statement`` (built once, at import or by a cached builder) run through a plan on SQLite."""
    _HOT[id(statement)] = statement
    return statement


def _plan(statement: Executable, names: frozenset[str], dialect: Dialect) -> Plan | None:
    assert isinstance(statement, ClauseElement)
    compiled = statement.compile(dialect=dialect, column_keys=sorted(names))
    assert isinstance(compiled, SQLCompiler)
    expanding = any(bind.expanding or bind.literal_execute for bind in compiled.binds.values())
    defaults = compiled.insert_prefetch or compiled.update_prefetch  # Python-side column defaults
    escaped = compiled.escaped_bind_names  # names SQLAlchemy renamed in the SQL text
    if not compiled.positional or compiled.positiontup is None or expanding or defaults or escaped:
        return None
    order = tuple(compiled.positiontup)
    binds = compiled.binds
    constants = {name: binds[name].effective_value for name in order if name not in names}
    if any(binds[name].required or binds[name].callable is not None for name in constants):
        return None  # a parameter the caller must give is missing (SQLAlchemy says so), or one made at each run
    columns = compiled._result_columns
    keys = tuple(column.keyname for column in columns)
    if len(set(keys)) != len(keys):
        return None
    return Plan(
        sql=compiled.string,
        names=order,
        binds=tuple(binds[name].type._cached_bind_processor(dialect) for name in order),
        constants=constants,
        keys=keys,
        results=tuple(column.type._cached_result_processor(dialect, None) for column in columns),
    )


def plan_for(connection: Connection, statement: Executable, names: frozenset[str]) -> Plan | None:
    """The plan of ``statement`` given parameters ``names`` (None: SQLAlchemy runs it)."""
    key = (id(statement), names)
    try:
        return _PLANS[key]
    except KeyError:
        pass
    if _HOT.get(id(statement)) is not statement:
        return None  # built for this call: planning it would keep every one ever built
    found = _PLANS[key] = _plan(statement, names, connection.dialect)
    return found


def _values(plan: Plan, params: Params) -> tuple[Any, ...]:
    values = []
    for name, process in zip(plan.names, plan.binds, strict=True):
        value = params[name] if name in params else plan.constants[name]
        values.append(process(value) if process is not None else value)
    return tuple(values)


def run(
    connection: Connection, statement: Executable, params: Params | Sequence[Params] | None = None
) -> list[dict[str, Any]] | None:
    """The rows of ``statement`` with ``params`` (one mapping, or several for a write of many), as dicts
    of its result's keys; None when it is SQLAlchemy's to run (the caller then executes it)."""
    if connection.dialect.name != "sqlite" or not connection.in_transaction():
        return None
    many = isinstance(params, Sequence)
    given: Sequence[Params] = params if many else [params or {}]  # type: ignore[assignment,list-item]
    if not given:
        return None
    names = frozenset(given[0])
    plan = plan_for(connection, statement, names)
    if plan is None or (many and (plan.keys or any(frozenset(one) != names for one in given))):
        return None  # (the driver returns no rows from a write of many; one statement, one set of names)
    try:
        values = [_values(plan, one) for one in given]
    except Exception as error:  # a value its type refuses: as SQLAlchemy raises it
        raise StatementError(str(error), plan.sql, params, error) from error
    return _execute(connection, plan, values, many)


def _execute(connection: Connection, plan: Plan, values: list[tuple[Any, ...]], many: bool) -> list[dict[str, Any]]:
    dispatch = connection.dispatch
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    sent: Any = values if many else values[0]
    try:
        for before in dispatch.before_cursor_execute:
            before(connection, cursor, plan.sql, sent, None, many)
        try:
            if many:
                cursor.executemany(plan.sql, values)
            else:
                cursor.execute(plan.sql, values[0])
        except sqlite3.Error as error:
            raise DBAPIError.instance(plan.sql, sent, error, sqlite3.Error) from error
        rows = cursor.fetchall() if cursor.description is not None else []
        for after in dispatch.after_cursor_execute:
            after(connection, cursor, plan.sql, sent, None, many)
    finally:
        cursor.close()
    if not rows:
        return []
    keys, results = plan.keys, plan.results
    if not any(results):
        return [dict(zip(keys, row, strict=True)) for row in rows]
    return [
        {
            key: (process(value) if process is not None else value)
            for key, process, value in zip(keys, results, row, strict=True)
        }
        for row in rows
    ]


def execute(
    connection: Connection, statement: Executable, params: Params | Sequence[Params] | None = None
) -> list[dict[str, Any]]:
    """The rows of ``statement`` (none for a write without ``RETURNING``): through its plan when
    ``statement`` is ``hot`` and SQLite runs it, else through SQLAlchemy."""
    found = run(connection, statement, params)
    if found is not None:
        return found
    result = connection.execute(statement, params)
    return plain_rows(result) if result.returns_rows else []
