"""The minimum wage check's reads and the accepted shortfalls: a unit of work's (the stored figures, as a lock
reads them once it stored its week's), and a read's (``SqlQueries.wage_weeks``: with the figures it priced for
stale worker-weeks beside the stored ones)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, func, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.fresh_figures import NONE, Fresh
from workforce_adapters.sql.fresh_figures import reading as with_fresh
from workforce_adapters.sql.repositories import SqlRepository
from workforce_adapters.sql.tables.pricing import figure_lines
from workforce_core.model.minimum_wage import WageAcceptance
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.rules.payroll_lines import Minutes
from workforce_core.views import WageWeek

F, L, W = tables.shift_figures, tables.shift_figure_lines, tables.workers
ZERO = Decimal(0)


class SqlWageRecords(SqlRepository[WageAcceptance]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.minimum_wage_acceptances, WageAcceptance)

    def wage_weeks(
        self, client_id: int, week_starts: Collection[date], worker_ids: Collection[int] | None = None
    ) -> list[WageWeek]:
        return wage_weeks(self.connection, client_id, week_starts, worker_ids, NONE)

    def accepted(self, client_id: int, week_starts: Collection[date]) -> dict[tuple[int, date], Decimal]:
        if not week_starts:
            return {}
        a = self.table.c
        query = (
            select(a.worker_id, a.week_start, func.max(a.amount_short))
            .where(a.client_id == client_id, a.week_start.in_(sorted(set(week_starts))))
            .group_by(a.worker_id, a.week_start)
        )
        return {(worker_id, week): amount for worker_id, week, amount in self.connection.execute(query)}


def wage_weeks(
    connection: Connection,
    client_id: int,
    week_starts: Collection[date],
    worker_ids: Collection[int] | None,
    fresh: Fresh,
) -> list[WageWeek]:
    """Every worker-week of the client in those weeks with payable figures (of ``worker_ids`` only, when
    given): the stored ones and ``fresh``."""
    if not week_starts or (worker_ids is not None and not worker_ids):
        return []
    some = [] if worker_ids is None else [F.c.worker_id.in_(sorted(set(worker_ids)))]
    query = (
        select(
            F.c.worker_id,
            F.c.pay_week_start,
            F.c.location_id,
            L.c.element,
            L.c.pay_rate,
            func.sum(L.c.minutes),
            W.c.date_of_birth,
            W.c.apprentice_since,
        )
        .select_from(figure_lines.join(W, W.c.id == F.c.worker_id))
        .where(
            F.c.client_id == client_id,
            F.c.pay_week_start.in_(sorted(set(week_starts))),
            F.c.payroll_status == PayrollStatus.PAYABLE,
            *some,
        )
        .group_by(
            F.c.worker_id,
            F.c.pay_week_start,
            F.c.location_id,
            L.c.element,
            L.c.pay_rate,
            W.c.date_of_birth,
            W.c.apprentice_since,
        )
    )
    found: dict[tuple[int, date], dict[str, Any]] = {}
    rows = connection.execute(with_fresh(query, fresh, connection.dialect))
    for worker_id, week, site, element, rate, minutes, born, apprentice in rows:
        week_of = found.setdefault(
            (worker_id, week), {"minutes": {}, "sites": set(), "born": born, "apprentice": apprentice}
        )
        week_of["minutes"][(element, rate)] = week_of["minutes"].get((element, rate), 0) + int(minutes)
        week_of["sites"].add(site)
    return [
        WageWeek(
            worker_id,
            week,
            tuple(Minutes(element, rate, ZERO, total) for (element, rate), total in v["minutes"].items()),
            frozenset(v["sites"]),
            v["born"],
            v["apprentice"],
        )
        for (worker_id, week), v in sorted(found.items())
    ]
