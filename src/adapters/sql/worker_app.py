"""The worker app's sessions and sign-in links in SQL, and the client's sites its clocks check."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, update

from workforce_adapters.sql import tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession


class SqlWorkerSessionRepository(SqlRepository[WorkerSession]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.worker_sessions, WorkerSession)

    def by_token_hash(self, token_hash: str) -> WorkerSession | None:
        found = self._many(self.table.c.token_hash == token_hash)
        return found[0] if found else None

    def end_all(self, worker_id: int, at: datetime) -> int:
        ws = tables.worker_sessions
        ended = self.connection.execute(
            update(ws).where(ws.c.worker_id == worker_id, ws.c.ended_at.is_(None)).values(ended_at=at)
        )
        return ended.rowcount


class SqlWorkerAppLinkRepository(SqlRepository[WorkerAppLink]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.worker_app_links, WorkerAppLink)

    def by_token_hash(self, token_hash: str) -> WorkerAppLink | None:
        found = self._many(self.table.c.token_hash == token_hash)
        return found[0] if found else None

    def claim(self, link_id: int, at: datetime) -> bool:
        links = tables.worker_app_links
        done = self.connection.execute(
            update(links).where(links.c.id == link_id, links.c.used_at.is_(None)).values(used_at=at)
        )
        return done.rowcount == 1


class SqlLocationRepository(SqlRepository[Location]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.locations, Location)

    def of_client(self, client_id: int) -> list[Location]:
        return self._many(self.table.c.client_id == client_id)
