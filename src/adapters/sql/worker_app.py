"""The worker app's sessions and sign-in links in SQL, and the client's sites its clocks check."""

from __future__ import annotations

from sqlalchemy import Connection

from workforce_adapters.sql import tables
from workforce_adapters.sql.people import SqlOneTimeLinks, SqlSessions
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession


class SqlWorkerSessionRepository(SqlSessions[WorkerSession]):
    holder = "worker_id"

    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.worker_sessions, WorkerSession)


class SqlWorkerAppLinkRepository(SqlOneTimeLinks[WorkerAppLink]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.worker_app_links, WorkerAppLink)


class SqlLocationRepository(SqlRepository[Location]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.locations, Location)

    def of_client(self, client_id: int) -> list[Location]:
        return self._many(self.table.c.client_id == client_id)
