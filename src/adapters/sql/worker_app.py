"""The worker app's sessions and sign-in links in SQL, and the client's sites its clocks check."""

from __future__ import annotations

from datetime import date, timedelta

from sqlalchemy import Connection, and_, bindparam, or_, select

from workforce_adapters.sql import prepared, tables
from workforce_adapters.sql.mapping import from_row, unprefixed
from workforce_adapters.sql.people import SqlOneTimeLinks, SqlSessions
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession
from workforce_core.rules.week_locks import locked_on

LOCK = "lock_"  # the prefix of a lock's columns beside its site's
_pwl = tables.pay_week_locks
# a clock-in's site and the locks that may cover its day there, built once (``location_id``, ``first``
# six days before ``day``): the pay-week lock read's pre-filter (``pay_weeks.MAY_COVER``) as a left join,
# one row per lock (one without a lock), the rule (``locked_on``) deciding
SITE_WITH_LOCKS = prepared.hot(
    select(tables.locations, *(column.label(f"{LOCK}{column.name}") for column in _pwl.columns))
    .outerjoin(
        _pwl,
        and_(
            _pwl.c.client_id == tables.locations.c.client_id,
            _pwl.c.week_start.between(bindparam("first"), bindparam("day")),
            _pwl.c.unlocked_at.is_(None),
            or_(_pwl.c.location_id.is_(None), _pwl.c.location_id == tables.locations.c.id),
        ),
    )
    .where(tables.locations.c.id == bindparam("location_id"))
)


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

    def with_week_lock(self, location_id: int, day: date) -> tuple[Location | None, bool]:
        asked = {"location_id": location_id, "first": day - timedelta(days=6), "day": day}
        rows = prepared.execute(self.connection, SITE_WITH_LOCKS, asked)
        if not rows:
            return None, False
        site = from_row(Location, rows[0])
        locks = (
            from_row(PayWeekLock, unprefixed(row, LOCK))
            for row in rows
            if row[f"{LOCK}id"] is not None  # the site without a lock: its one row, the lock's columns null
        )
        return site, locked_on(locks)(day, site.id)
