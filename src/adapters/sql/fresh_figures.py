"""The figures a read sums: the stored ones, and for a stale worker-week the figures priced for that read.

A write marks figures stale by dropping them; the background pass stores them again. A read of the
meantime must not store them (reads never write), yet payroll lines, charges, pay weeks, exceptions,
holiday records and the export preview sum figures in SQL. Such a read is given the figures it priced
(``Fresh``, from the core's ``steps.pay_figures.figures_current`` through ``SqlQueries.with_figures``) and
builds its statement with ``reading(statement, fresh, dialect)``, in plain sight: the tables of figures in
that one statement are read as their rows plus the priced ones (``UNION ALL``), given to the database as
one JSON parameter (``json_each`` on SQLite, ``jsonb_to_recordset`` on PostgreSQL) in the stored
representation of each column:

- a statement that reads figures with their lines reads them through ``FIGURE_LINES`` (the one join of
  the two tables), which becomes that join's rows plus the priced figures' lines, each with its figure's
  columns: so the two sides never meet as two unions, which SQLite would join row by row;
- otherwise ``shift_figures`` becomes the table plus the priced figures, and ``shift_figure_lines`` the
  table's lines of the figures the statement filters for (its ``WHERE`` on figures alone: SQLite
  materializes a union whole, so the stored side is narrowed by key) plus the priced lines.

With nothing priced, the statement is returned as it is. Nothing listens on the engine: a statement is
executed as its author wrote it (``tests/contract/test_fresh_figures.py`` checks).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Dialect,
    Select,
    String,
    bindparam,
    cast,
    column,
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


S = TypeVar("S", bound=Select[Any])


class Fresh:
    """The figures a read priced for stale worker-weeks (none stored), one per shift, and their JSON
    documents as each dialect stores them (made once)."""

    def __init__(self, figures: Iterable[ShiftFigures] = ()) -> None:
        self.figures = tuple({f.entry_id: f for f in figures}.values())
        self._documents: dict[tuple[str, str], str] = {}

    def __bool__(self) -> bool:
        return bool(self.figures)

    def adding(self, figures: Iterable[ShiftFigures]) -> Fresh:
        """These figures and ``figures`` (a shift's latest pricing kept)."""
        return Fresh((*self.figures, *figures))

    def document(self, kind: str, dialect: Dialect) -> str:
        key = (kind, dialect.name)
        if key not in self._documents:
            rows = {"figures": _figure_rows, "lines": _line_rows, "joined": _joined_rows}[kind](self.figures)
            self._documents[key] = _document(rows, COLUMNS[kind], dialect)
        return self._documents[key]


NONE = Fresh()


def reading(statement: S, fresh: Fresh, dialect: Dialect) -> S:
    """``statement`` reading the stored figures with ``fresh`` ones in their shifts' place (as it is when
    ``fresh`` is empty)."""
    if not fresh:
        return statement
    if any(element is FIGURE_LINES for element in visitors.iterate(statement)):
        stored = select(*FIGURES.c, *(c.label(f"line_{c.name}") for c in LINES.c)).select_from(FIGURE_LINES)
        return ClauseAdapter(_with_rows(stored, fresh, "joined", dialect)).traverse(statement)
    terms = _terms_on_figures(statement)
    stored_lines = select(LINES)
    if terms:
        stored_lines = stored_lines.where(LINES.c.entry_id.in_(select(FIGURES.c.entry_id).where(*terms)))
    adapted = ClauseAdapter(_with_rows(select(FIGURES), fresh, "figures", dialect)).traverse(statement)
    return ClauseAdapter(_with_rows(stored_lines, fresh, "lines", dialect)).traverse(adapted)


def _terms_on_figures(statement: Select[Any]) -> list[ColumnElement[bool]]:
    """The conditions of the statement's ``WHERE`` (its top-level ``AND`` terms) on figures alone."""
    where = statement.whereclause
    if where is None:
        return []
    anded = isinstance(where, BooleanClauseList) and where.operator is operators.and_
    terms = list(where.clauses) if anded else [where]
    return [term for term in terms if set(find_tables(term, check_columns=True)) == {FIGURES}]


def _figure_rows(figures: tuple[ShiftFigures, ...]) -> list[dict[str, Any]]:
    return [figure_row(f) for f in figures]


def _line_rows(figures: tuple[ShiftFigures, ...]) -> list[dict[str, Any]]:
    return line_rows(figures)


def _joined_rows(figures: tuple[ShiftFigures, ...]) -> list[dict[str, Any]]:
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


def _with_rows(stored: Select[Any], fresh: Fresh, kind: str, dialect: Dialect) -> Any:
    """The ``stored`` rows and the priced ones of ``kind`` as one subquery with the same columns. A priced
    shift's stored rows are left out: the background pass may store its worker-week while the read holds it
    priced, and the read must count it once."""
    name = f"{kind}_now"
    document = bindparam(f"{name}_rows", fresh.document(kind, dialect), type_=String)
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
