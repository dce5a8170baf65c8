"""What the minimum wage check reads: a worker's pay week of stored figures, and the accepted shortfalls."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from decimal import Decimal
from typing import Protocol

from workforce_core.model.minimum_wage import WageAcceptance
from workforce_core.views.figures import WageWeek


class WageWeeks(Protocol):
    def wage_weeks(
        self, client_id: int, week_starts: Collection[date], worker_ids: Collection[int] | None = None
    ) -> list[WageWeek]:
        """Every worker-week of the client in those weeks with payable figures (of ``worker_ids`` only,
        when given): a unit of work's are the stored ones (a lock stores its week's first); a read's
        (``FigureReads.with_figures``) are those and the ones it priced for stale worker-weeks."""
        ...


class WageRecords(WageWeeks, Protocol):
    def accepted(self, client_id: int, week_starts: Collection[date]) -> dict[tuple[int, date], Decimal]:
        """The largest amount accepted per (worker, week start) in those weeks."""
        ...

    def add(self, acceptance: WageAcceptance) -> WageAcceptance:
        """Record an acceptance; returns it with its id."""
        ...
