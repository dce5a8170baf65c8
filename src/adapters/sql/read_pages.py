"""What every list read model shares: equality filters that apply when given, and one counted page."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, Select, func, select

from workforce_adapters.sql.mapping import plain_rows
from workforce_core.ports import Paging


def equal(stmt: Select[Any], *pairs: tuple[Any, Any]) -> Select[Any]:
    """Each (column, value) whose value is given narrows the query to rows with that value."""
    for column, value in pairs:
        if value is not None:
            stmt = stmt.where(column == value)
    return stmt


def page(engine: Engine, query: Select[Any], paging: Paging, order: list[Any]) -> tuple[list[dict[str, Any]], int]:
    """The page's rows in ``order`` and the total they come from: two statements, whatever the data."""
    with engine.connect() as connection:
        total = connection.execute(select(func.count()).select_from(query.order_by(None).subquery())).scalar_one()
        rows = plain_rows(connection.execute(query.order_by(*order).limit(paging.limit).offset(paging.offset)))
    return rows, int(total)
