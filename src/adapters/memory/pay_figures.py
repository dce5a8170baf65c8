"""Stored pay figures in memory (the SQL adapter's twin): writes kept aside until commit."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

import attrs

from workforce_core.model.pay_weeks import LateClock
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.locked_figures import source_of
from workforce_core.rules.stale_weeks import StaleWeeks
from workforce_core.views import ShiftFigures

if TYPE_CHECKING:
    from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork


class MemoryPayFigures:
    def __init__(self, uow: MemoryUnitOfWork) -> None:
        self.uow = uow
        self.pending: dict[int, ShiftFigures | None] = {}  # None: dropped in this transaction

    def _all(self) -> dict[int, ShiftFigures]:
        with self.uow.store.lock:
            merged: dict[int, ShiftFigures | None] = {**self.uow.store.figures, **self.pending}
        return {entry_id: f for entry_id, f in merged.items() if f is not None}

    def every(self) -> list[ShiftFigures]:
        """Every stored figure as this transaction sees it."""
        return list(self._all().values())

    def _frozen(self) -> set[int]:
        return {row.entry_id for row in self.uow.tables["frozen_entries"].rows()}

    def of(self, entry_ids: Sequence[int]) -> dict[int, ShiftFigures]:
        every, frozen = self._all(), self._frozen()
        return {
            entry_id: attrs.evolve(every[entry_id], source=source_of(entry_id in frozen))
            for entry_id in entry_ids
            if entry_id in every
        }

    def _drop(self, doomed: Callable[[ShiftFigures], bool]) -> None:
        self.uow.before_write()
        frozen = self._frozen()  # frozen figures stay until their lock is lifted
        for entry_id, figures in self._all().items():
            if doomed(figures) and entry_id not in frozen:
                self.pending[entry_id] = None

    def store(self, worker_weeks: Iterable[tuple[int, date]], figures: Sequence[ShiftFigures]) -> None:
        pairs = set(worker_weeks)
        self._drop(lambda f: (f.worker_id, f.pay_week_start) in pairs)
        frozen = self._frozen()
        for f in figures:
            if f.entry_id not in frozen:
                self.pending[f.entry_id] = f

    def unpriced(
        self, client_id: int, start: datetime, end: datetime, location_ids: tuple[int, ...] | None
    ) -> list[TimeEntry]:
        priced = self._all()
        return [
            e
            for e in self.uow.tables["entries"].where(
                lambda e: (
                    e.client_id == client_id
                    and e.entry_type == "shift"
                    and e.clock_out is not None
                    and start <= e.clock_in < end
                    and (location_ids is None or e.location_id in location_ids)
                )
            )
            if e.id not in priced
        ]

    def note_late(self, entry: TimeEntry) -> None:
        self.uow.tables["late_clocks"].insert(LateClock(entry.id, entry.client_id))

    def late_shifts(self, client_id: int) -> list[TimeEntry]:
        noted = {row.entry_id for row in self.uow.tables["late_clocks"].rows() if row.client_id == client_id}
        return self.uow.tables["entries"].where(
            lambda e: e.id in noted and e.entry_type == "shift" and e.clock_out is not None
        )

    def mark_week_stale(self, client_id: int, week: date, location_ids: tuple[int, ...] | None) -> None:
        self._drop(
            lambda f: (
                f.client_id == client_id
                and f.pay_week_start == week
                and (location_ids is None or f.location_id in location_ids)
            )
        )

    def mark_stale(self, spans: Sequence[StaleWeeks]) -> None:
        by_worker: dict[int, list[StaleWeeks]] = {}
        for span in spans:
            by_worker.setdefault(span.worker_id, []).append(span)
        self._drop(lambda f: any(s.first <= f.pay_week_start <= s.last for s in by_worker.get(f.worker_id, ())))

    def mark_client_stale(self, client_id: int) -> None:
        self._drop(lambda f: f.client_id == client_id)

    def lock_for_pricing(self, client_id: int, worker_ids: Sequence[int]) -> None:
        """Nothing more to hold: a writing unit of work holds the store's lock already."""
        self.uow.before_write()

    def apply(self) -> None:
        for entry_id, figures in self.pending.items():
            if figures is None:
                self.uow.store.figures.pop(entry_id, None)
            else:
                self.uow.store.figures[entry_id] = figures
        self.pending.clear()
