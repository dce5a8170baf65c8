"""Figures priced in memory, read as if stored: a read that sums figures in SQL sees a stale worker-week's.

A write marks figures stale by dropping them; the background pass stores them again. A read of the
meantime must not store them (reads never write), yet payroll lines, charges, pay weeks, exceptions,
holiday records and the export preview sum figures in SQL. So for the block of such a read
(``as_stored``), every ``SELECT`` on the engine that reads stored figures reads them with the rows of the
figures priced for the reply (``UNION ALL``), given to the database as one JSON parameter (``json_each``
on SQLite, ``jsonb_to_recordset`` on PostgreSQL) in the stored representation of each column:

- a statement that reads figures with their lines reads them through ``FIGURE_LINES`` (the one join of
  the two tables), which becomes that join's rows plus the priced figures' lines, each with its figure's
  columns: so the two sides never meet as two unions, which SQLite would join row by row;
- otherwise ``shift_figures`` becomes the table plus the priced figures, and ``shift_figure_lines`` the
  table's lines of the figures the statement filters for (its ``WHERE`` on figures alone: SQLite
  materializes a union whole, so the stored side is narrowed by key) plus the priced lines.

Outside such a block, and when nothing is stale, statements are left as they are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Dialect,
    Engine,
    Select,
    String,
    bindparam,
    cast,
    column,
    event,
    func,
    select,
    type_coerce,
    union_all,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.sql import operators, visitors
from sqlalchemy.sql.elements import BooleanClauseList
from sqlalchemy.sql.util import ClauseAdapter, find_tables

from workforce_adapters.sql.pay_figures import FIGURE_LINES, FIGURES, LINES, figure_row, line_rows
from workforce_core.views import ShiftFigures

Column = tuple[str, Any]  # a column of the rows given: its name and SQL type


class _Priced:
    """The figures a read priced, and their JSON documents as each dialect stores them (made once a block)."""

    def __init__(self, figures: tuple[ShiftFigures, ...]) -> None:
        self.figures = figures
        self._documents: dict[tuple[str, str], str] = {}

    def document(self, kind: str, dialect: Dialect) -> str:
        key = (kind, dialect.name)
        if key not in self._documents:
            rows = {"figures": _figure_rows, "lines": _line_rows, "joined": _joined_rows}[kind](self.figures)
            self._documents[key] = _document(rows, COLUMNS[kind], dialect)
        return self._documents[key]


_overlay: ContextVar[_Priced | None] = ContextVar("workforce_figures_now", default=None)


@contextmanager
def as_stored(engine: Engine, figures: Sequence[ShiftFigures]) -> Iterator[None]:
    """Within the block, reads on ``engine`` see ``figures`` as stored (none of them is)."""
    _watch(engine)
    outer = _overlay.get()
    token = _overlay.set(_Priced((*(outer.figures if outer else ()), *figures)))  # a nested read adds its own
    try:
        yield
    finally:
        _overlay.reset(token)


def overlaid() -> bool:
    """Whether this block's reads see figures priced in memory (something is stale): then only statements
    on the figures themselves see them, and counts the database keeps of the stored figures are short."""
    priced = _overlay.get()
    return priced is not None and bool(priced.figures)


def _watch(engine: Engine) -> None:
    if not event.contains(engine, "before_execute", _adapt):  # (an id could be a dead engine's)
        event.listen(engine, "before_execute", _adapt, retval=True)


def _adapt(connection: Any, statement: Any, multiparams: Any, params: Any, options: Any) -> tuple[Any, Any, Any]:
    priced = _overlay.get()
    if priced is None or not priced.figures or not isinstance(statement, Select):
        return statement, multiparams, params
    dialect = connection.dialect
    if any(element is FIGURE_LINES for element in visitors.iterate(statement)):
        stored = select(*FIGURES.c, *(c.label(f"line_{c.name}") for c in LINES.c)).select_from(FIGURE_LINES)
        adapter = ClauseAdapter(_with_rows(stored, priced, "joined", dialect))
        return adapter.traverse(statement), multiparams, params
    terms = _terms_on_figures(statement)
    stored_lines = select(LINES)
    if terms:
        stored_lines = stored_lines.where(LINES.c.entry_id.in_(select(FIGURES.c.entry_id).where(*terms)))
    adapted = ClauseAdapter(_with_rows(select(FIGURES), priced, "figures", dialect)).traverse(statement)
    return ClauseAdapter(_with_rows(stored_lines, priced, "lines", dialect)).traverse(adapted), multiparams, params


def _terms_on_figures(statement: Select[Any]) -> list[ColumnElement[bool]]:
    """The conditions of the statement's ``WHERE`` (its top-level ``AND`` terms) on figures alone."""
    where = statement.whereclause
    if where is None:
        return []
    anded = isinstance(where, BooleanClauseList) and where.operator is operators.and_
    terms = list(where.clauses) if anded else [where]
    return [term for term in terms if set(find_tables(term, check_columns=True)) == {FIGURES}]


def _figure_rows(figures: Sequence[ShiftFigures]) -> list[dict[str, Any]]:
    return [figure_row(f) for f in figures]


def _line_rows(figures: Sequence[ShiftFigures]) -> list[dict[str, Any]]:
    return line_rows(figures)


def _joined_rows(figures: Sequence[ShiftFigures]) -> list[dict[str, Any]]:
    """Each priced line with its figure's columns (a figure without lines has no row in a join)."""
    of = {f.entry_id: figure_row(f) for f in figures}
    return [
        {**of[line["entry_id"]], **{f"line_{name}": value for name, value in line.items()}}
        for line in line_rows(figures)
    ]


def _columns_of(table: Any) -> list[Column]:
    return [(c.name, c.type) for c in table.c]


COLUMNS: dict[str, list[Column]] = {
    "figures": _columns_of(FIGURES),
    "lines": _columns_of(LINES),
    "joined": [*_columns_of(FIGURES), *((f"line_{c.name}", c.type) for c in LINES.c)],
}


def _with_rows(stored: Select[Any], priced: _Priced, kind: str, dialect: Dialect) -> Any:
    """The ``stored`` rows and the priced ones of ``kind`` as one subquery with the same columns. A priced
    shift's stored rows are left out: the background pass may store its worker-week while the read holds it
    priced, and the read must count it once."""
    name = f"{kind}_now"
    document = bindparam(f"{name}_rows", priced.document(kind, dialect), type_=String)
    rows = _rows_of(document, COLUMNS[kind], dialect).cte(f"{name}_rows").prefix_with("MATERIALIZED")
    kept = stored.where(stored.selected_columns.entry_id.not_in(select(rows.c.entry_id)))
    return union_all(kept, select(rows)).subquery(name)


def _document(rows: list[dict[str, Any]], columns: list[Column], dialect: Dialect) -> str:
    """The rows as one JSON array, each value as its column stores it."""
    processors = {name: kind.dialect_impl(dialect).bind_processor(dialect) for name, kind in columns}
    return json.dumps(
        [{name: _stored(processors[name], row[name]) for name, _ in columns} for row in rows], default=str
    )


def _rows_of(document: Any, columns: list[Column], dialect: Dialect) -> Any:
    """A ``SELECT`` of ``columns`` from the JSON array ``document``."""
    if dialect.name == "postgresql":
        typed = [column(name, kind) for name, kind in columns]
        found = func.jsonb_to_recordset(cast(document, JSONB)).table_valued(*typed).render_derived(with_types=True)
        return select(*(found.c[name] for name, _ in columns))
    each = func.json_each(document).table_valued("value")
    return select(
        *(type_coerce(func.json_extract(each.c.value, f"$.{name}"), kind).label(name) for name, kind in columns)
    )


def _stored(processor: Callable[[Any], Any] | None, value: Any) -> Any:
    return processor(value) if processor is not None else value
