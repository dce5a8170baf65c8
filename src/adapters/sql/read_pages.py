"""What every list read model shares: equality filters that apply when given, and one counted page.

A page costs what it returns. The filters run once, over the ids only (``found``: the read model's
query reduced to its main table's ``id``, without the joins that only name things), so the count
and the rows a deep ``offset`` skips are read from an index, never from the rows. Then only the
page's rows are read, with their joined names, by id (a late row lookup). Two statements, whatever
the page's size and the table's.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Select, func, select
from sqlalchemy.sql.util import find_tables

from workforce_adapters.sql import reading
from workforce_adapters.sql.mapping import plain_rows
from workforce_core.ports import Paging


def equal(stmt: Select[Any], *pairs: tuple[Any, Any]) -> Select[Any]:
    """Each (column, value) whose value is given narrows the query to rows with that value."""
    for column, value in pairs:
        if value is not None:
            stmt = stmt.where(column == value)
    return stmt


def page(
    engine: Engine,
    query: Select[Any],
    paging: Paging,
    order: list[Any],
    *,
    shown_from: Select[Any] | None = None,
    counted: Select[Any] | None = None,
) -> tuple[list[dict[str, Any]], int]:
    """The page's rows of ``query`` in ``order`` (columns of its main table, the first it reads from)
    and the total they come from. ``shown_from``: ``query`` before its filters, when the read model
    keeps it built (then it is not built again from ``query``'s columns and joins). ``counted``: a
    statement that reads the total from counts kept for it, when the read model keeps some for these
    filters (then the rows are not counted)."""
    table = query.selected_columns[0].table  # read models select their main table's columns first
    key = table.c.id
    where = query.whereclause
    if where is not None and set(find_tables(where, check_columns=True)) <= {table}:
        found = select(key).where(where)  # the filters need no join
    else:
        found = query.with_only_columns(key).order_by(None)
    ids = found.order_by(*order).limit(paging.limit).offset(paging.offset)
    # the filters are not repeated: the planners would choose their index over the page's ids.
    # (``_from_obj``, the explicit joins: the public ``get_final_froms()`` compiles the whole query.)
    if shown_from is None:
        shown_from = select(*query.selected_columns).select_from(*query._from_obj)
    shown = shown_from.where(key.in_(ids)).order_by(*order)
    with reading.connection(engine) as connection:
        total = connection.execute(
            counted if counted is not None else select(func.count()).select_from(found.subquery())
        ).scalar_one()
        rows = plain_rows(connection.execute(shown))
    return rows, int(total)
