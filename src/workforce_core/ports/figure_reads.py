"""Reads over the stored pay figures of a whole pay week: what payroll lines and charges sum."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from decimal import Decimal
from typing import Protocol

from attrs import frozen

from workforce_core.model.time_entries import TimeEntry


@frozen
class ElementMinutes:
    """A worker's minutes of one element at one pay rate and one charge rate in a pay week."""

    element: str
    pay_rate: Decimal
    charge_rate: Decimal
    minutes: int


@frozen
class WorkerWeek:
    """The sums of one worker's stored figures in one pay week (shifts of one payroll status)."""

    worker_id: int
    shifts: int
    paid_minutes: int
    lines: tuple[ElementMinutes, ...]


class FigureReads(Protocol):
    def unpriced_shifts(self, client_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        """The client's completed shifts clocked in within [start, end) that have no stored figures."""
        ...

    def worker_weeks(self, client_id: int, week: date, status: str | None = "payable") -> Iterator[WorkerWeek]:
        """Each worker's sums of the stored figures of the week (of shifts with that payroll status),
        summed by the database, in worker id order."""
        ...
