"""Reads of time entries (GET /timesheets.php, on-site, exceptions) and of the bookings they show."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports.paging import Page, Paging
from workforce_core.rules.working_time import Work
from workforce_core.views import EntryView


@frozen
class EntryFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    entry_types: tuple[str, ...] = ("shift",)
    closed: bool | None = True  # True completed, False open, None either
    clocked_in_since: datetime | None = None
    clock_in_from: datetime | None = None
    clock_in_before: datetime | None = None
    updated_since: datetime | None = None
    worker_id: int | None = None
    worker_ids: tuple[int, ...] | None = None  # any of these workers
    location_ids: tuple[int, ...] | None = None
    department_id: int | None = None
    approval_status: str | None = None
    client_approval: str | None = None
    gates: bool = False  # each completed shift's current stored paid time and pay gate (EntryView.gate)


class EntryReads(Protocol):
    def entries(self, query: EntryFilter) -> Page[EntryView]: ...

    def entry_counts(self, query: EntryFilter, bounds: Sequence[datetime]) -> tuple[int, ...]:
        """How many entries ``query`` finds clocked in within each span ``[bounds[n], bounds[n + 1])``, as
        ``entries`` counts them (one grouped statement)."""
        ...

    def shifts_of(
        self, client_id: int, worker_ids: tuple[int, ...], start_from: datetime, start_before: datetime
    ) -> list[TimeEntry]:
        """The client's shifts (open or closed, at any site) of these workers clocked in within
        ``[start_from, start_before)``, by clock-in then id (one query, no page count)."""
        ...

    def work_of(
        self, client_id: int, worker_ids: tuple[int, ...], start_from: datetime, start_before: datetime
    ) -> dict[int, list[Work]]:
        """The stretches of work (``rules.working_time.Work``) of the client's closed shifts of these
        workers clocked in within ``[start_from, start_before)``, by worker, each in order of clock-in: the
        working time checks' 17 weeks, read as three instants and a break, not as whole entries."""
        ...

    def breaks_of(self, shift_ids: tuple[int, ...]) -> dict[int, list[TimeEntry]]:
        """Break entries of these shifts, by shift id (one query)."""
        ...

    def bookings(
        self,
        client_id: int,
        start_from: datetime,
        start_before: datetime,
        location_ids: tuple[int, ...] | None,
        *,
        worker_id: int | None = None,
    ) -> list[Booking]:
        """The client's bookings (any status) starting in ``[start_from, start_before)``, by start."""
        ...
