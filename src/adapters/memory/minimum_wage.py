"""The minimum wage check's reads and the accepted shortfalls in memory (the SQL adapter's twin)."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.minimum_wage import WageAcceptance
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.rules.payroll_lines import Minutes
from workforce_core.views import WageWeek

if TYPE_CHECKING:
    from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork

ZERO = Decimal(0)


class MemoryWageRecords(MemoryRepository[WageAcceptance]):
    def __init__(self, uow: MemoryUnitOfWork) -> None:
        super().__init__(uow.tables["minimum_wage_acceptances"])
        self.uow = uow

    def wage_weeks(
        self, client_id: int, week_starts: Collection[date], worker_ids: Collection[int] | None = None
    ) -> list[WageWeek]:
        wanted = set(week_starts)
        some = None if worker_ids is None else set(worker_ids)
        found: dict[tuple[int, date], tuple[dict[tuple[str, Decimal], int], set[int | None]]] = {}
        for figures in self.uow.figures.every():
            if figures.client_id != client_id or figures.pay_week_start not in wanted:
                continue
            if some is not None and figures.worker_id not in some:
                continue
            if figures.gate.status != PayrollStatus.PAYABLE or figures.lines is None:
                continue
            minutes, sites = found.setdefault((figures.worker_id, figures.pay_week_start), ({}, set()))
            sites.add(figures.location_id)
            for line in figures.lines:
                minutes[(line.element, line.pay_rate)] = minutes.get((line.element, line.pay_rate), 0) + line.minutes
        workers = self.uow.workers.get_many({worker_id for worker_id, _ in found})
        return [
            WageWeek(
                worker_id,
                week,
                tuple(Minutes(element, rate, ZERO, total) for (element, rate), total in minutes.items()),
                frozenset(sites),
                workers[worker_id].date_of_birth,
                workers[worker_id].apprentice_since,
            )
            for (worker_id, week), (minutes, sites) in sorted(found.items())
        ]

    def accepted(self, client_id: int, week_starts: Collection[date]) -> dict[tuple[int, date], Decimal]:
        wanted = set(week_starts)
        best: dict[tuple[int, date], Decimal] = {}
        for a in self._table.where(lambda a: a.client_id == client_id and a.week_start in wanted):
            key = (a.worker_id, a.week_start)
            best[key] = max(best.get(key, a.amount_short), a.amount_short)
        return best
