"""Availability rules, absences and do-not-return sites in memory, answering as the SQL repositories do."""

from __future__ import annotations

from datetime import date

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.availability import DoNotReturn, WorkerAvailability


class MemoryAvailabilityRepository(MemoryRepository[WorkerAvailability]):
    def in_force(self, worker_id: int) -> list[WorkerAvailability]:
        return self._table.where(lambda r: r.worker_id == worker_id and r.retired_at is None)


class MemoryAbsenceRepository(MemoryRepository[Absence]):
    def approved_between(self, worker_id: int, first: date, last: date) -> list[Absence]:
        found = self._table.where(
            lambda a: (
                a.worker_id == worker_id
                and a.status == AbsenceStatus.APPROVED
                and a.start_date <= last
                and a.end_date >= first
            )
        )
        return sorted(found, key=lambda a: (a.start_date, a.id))


class MemoryDoNotReturnRepository(MemoryRepository[DoNotReturn]):
    def sites_of(self, worker_id: int) -> frozenset[int]:
        return frozenset(d.location_id for d in self._table.where(lambda d: d.worker_id == worker_id))

    def find(self, worker_id: int, location_id: int) -> DoNotReturn | None:
        found = self._table.where(lambda d: d.worker_id == worker_id and d.location_id == location_id)
        return found[0] if found else None

    def remove(self, id: int) -> None:
        self._table.delete(id)
