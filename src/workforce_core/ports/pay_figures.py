"""Stored pay figures: each completed shift's pricing, kept current by the writes.

A write that can change figures marks them stale by dropping them, in its own transaction; the
background pass (and a write that needs them stored: a lock, an export) finds the shifts with no figures
and reprices their worker-weeks under ``lock_for_pricing``, so two never reprice one week twice and no
reader sees a half-repriced week; a read prices them in memory meanwhile. The figures of a shift a
pay-week lock froze are never dropped nor replaced while the lock stands: they are the frozen figures
(read back with ``source`` ``locked``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Protocol

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.stale_weeks import StaleWeeks
from workforce_core.views import ShiftFigures


class PayFigures(Protocol):
    def of(self, entry_ids: Sequence[int]) -> dict[int, ShiftFigures]:
        """The stored figures of those entries that have them (by entry id)."""
        ...

    def store(self, worker_weeks: Iterable[tuple[int, date]], figures: Sequence[ShiftFigures]) -> None:
        """Replace the figures of those (worker, pay-week start) pairs by ``figures``."""
        ...

    def mark_stale(self, spans: Sequence[StaleWeeks]) -> None:
        """Drop the figures of each span's worker in its pay weeks (in a fixed number of statements),
        after taking those workers' row locks (which a repricing reader holds)."""
        ...

    def mark_client_stale(self, client_id: int) -> None:
        """Drop every figure of the client (a rate rule or a setting changed), after taking the client's
        row lock (which a repricing reader holds shared)."""
        ...

    def unpriced(
        self, client_id: int, start: datetime, end: datetime, location_ids: tuple[int, ...] | None
    ) -> list[TimeEntry]:
        """The client's completed shifts clocked in within [start, end) (at those sites) with no figures."""
        ...

    def mark_week_stale(self, client_id: int, week: date, location_ids: tuple[int, ...] | None) -> None:
        """Drop the figures of the client's pay week (at those sites), after taking the client's row lock:
        an unlock makes the figures it kept frozen live again."""
        ...

    def note_late(self, entry: TimeEntry) -> None:
        """Note a stored shift recorded into a locked week (a late clock)."""
        ...

    def late_shifts(self, client_id: int) -> list[TimeEntry]:
        """The client's completed shifts flagged ``locked_week`` (late clocks), paid or not."""
        ...

    def lock_for_pricing(self, client_id: int, worker_ids: Sequence[int]) -> None:
        """Hold what a repricing needs still: the client shared, the workers exclusively (in id order)."""
        ...
