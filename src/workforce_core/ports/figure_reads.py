"""Reads over the stored pay figures of a whole pay week: what payroll lines and charges sum."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import date, datetime
from typing import Protocol

from workforce_core.model.time_entries import TimeEntry
from workforce_core.views.figures import ShiftFigures, WorkerWeek


class FigureReads(Protocol):
    def as_stored(self, figures: Sequence[ShiftFigures]) -> AbstractContextManager[None]:
        """Within the block, reads of this store see ``figures`` as if they were stored: a read's
        reply sums a stale worker-week priced in memory with the stored ones, and stores nothing."""
        ...

    def unpriced_shifts(self, client_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        """The client's completed shifts clocked in within [start, end) that have no stored figures."""
        ...

    def worker_weeks(self, client_id: int, week: date, status: str | None = "payable") -> Iterator[WorkerWeek]:
        """Each worker's sums of the stored figures of the week (of shifts with that payroll status),
        summed by the database, in worker id order."""
        ...
