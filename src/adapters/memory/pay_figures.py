"""Stored pay figures in memory (the SQL adapter's twin): writes kept aside until commit."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date
from typing import TYPE_CHECKING

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

    def of(self, entry_ids: Sequence[int]) -> dict[int, ShiftFigures]:
        every = self._all()
        return {entry_id: every[entry_id] for entry_id in entry_ids if entry_id in every}

    def _drop(self, doomed: Callable[[ShiftFigures], bool]) -> None:
        self.uow.before_write()
        for entry_id, figures in self._all().items():
            if doomed(figures):
                self.pending[entry_id] = None

    def store(self, worker_weeks: Iterable[tuple[int, date]], figures: Sequence[ShiftFigures]) -> None:
        pairs = set(worker_weeks)
        self._drop(lambda f: (f.worker_id, f.pay_week_start) in pairs)
        for f in figures:
            self.pending[f.entry_id] = f

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
