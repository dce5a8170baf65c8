"""Reads over the stored pay figures of a whole pay week: what payroll lines and charges sum."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Protocol

from workforce_core.model.time_entries import TimeEntry
from workforce_core.views.figures import WorkerWeek


class FigureReads(Protocol):
    def unpriced_shifts(self, client_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        """The client's completed shifts clocked in within [start, end) that have no stored figures."""
        ...

    def worker_weeks(self, client_id: int, week: date, status: str | None = "payable") -> Iterator[WorkerWeek]:
        """Each worker's sums of the stored figures of the week (of shifts with that payroll status),
        summed by the database, in worker id order."""
        ...
