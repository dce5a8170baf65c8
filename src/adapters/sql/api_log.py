"""The API log in the database: batches added in one transaction of their own (never a request's),
a key's requests read newest first, the old ones deleted by the retention job."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, delete, insert, select

from workforce_adapters.sql.read_pages import page
from workforce_adapters.sql.tables import api_requests
from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports import ApiLogQuery, Page

COLUMNS = ("client_id", "api_key_id", "at", "method", "path", "status", "duration_ms", "request_id")


class SqlApiLog:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def add(self, entries: Sequence[ApiRequest]) -> None:
        if not entries:
            return
        rows = [{name: getattr(entry, name) for name in COLUMNS} for entry in entries]
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(insert(api_requests), rows)

    def requests(self, query: ApiLogQuery) -> Page[ApiRequest]:
        t = api_requests
        stmt = select(t).where(t.c.api_key_id == query.api_key_id)
        if query.request_id is not None:
            stmt = stmt.where(t.c.request_id == query.request_id)
        if query.statuses is not None:
            stmt = stmt.where(t.c.status.between(*query.statuses))
        rows, total = page(self.engine, stmt, query.paging, [t.c.at.desc(), t.c.id.desc()])
        return Page(items=tuple(_request(row) for row in rows), total=total)

    def forget_before(self, moment: datetime) -> int:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            return connection.execute(delete(api_requests).where(api_requests.c.at < moment)).rowcount


def _request(row: dict[str, Any]) -> ApiRequest:
    return ApiRequest(**{name: row[name] for name in COLUMNS})
