"""Reads over the pay figures of whole pay weeks: what payroll lines, charges and the minimum wage check sum.

A read made while some worker-weeks are stale (their figures dropped by a write, not yet stored again by
the background pass) asks for the reads that sum their figures priced for it: ``with_figures`` (see
``steps.pay_figures.figures_current``). Nothing else changes what a read returns.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import date, datetime
from typing import Protocol, Self

from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports.minimum_wage import WageWeeks
from workforce_core.views.figures import ShiftFigures, WorkerWeek


class FigureReads(WageWeeks, Protocol):
    def with_figures(self, figures: Sequence[ShiftFigures]) -> Self:
        """These reads, each summing ``figures`` (priced for this read, none stored) with the stored figures
        of the other shifts; the stored figures of a shift among ``figures`` are left out. Stores nothing."""
        ...

    def unpriced_shifts(self, client_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        """The client's completed shifts clocked in within [start, end) that have no stored figures."""
        ...

    def worker_weeks(
        self, client_id: int, week: date, status: PayrollStatus | None = PayrollStatus.PAYABLE
    ) -> Iterator[WorkerWeek]:
        """Each worker's sums of the figures of the week (of shifts with that payroll status),
        summed by the database, in worker id order."""
        ...
