"""The repositories of availability rules, absences and do-not-return sites a unit of work carries."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from workforce_core.model.absences import Absence
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.ports.repositories import Repository


class AvailabilityRepository(Repository[WorkerAvailability], Protocol):
    def in_force(self, worker_id: int) -> list[WorkerAvailability]:
        """The worker's rules not retired, in id order."""
        ...


class AbsenceRepository(Repository[Absence], Protocol):
    def approved_between(self, worker_id: int, first: date, last: date) -> list[Absence]:
        """The worker's approved absences touching the local days ``first`` to ``last``, by start."""
        ...


class DoNotReturnRepository(Protocol):
    def sites_of(self, worker_id: int) -> frozenset[int]:
        """The sites the worker must not be booked at."""
        ...

    def find(self, worker_id: int, location_id: int) -> DoNotReturn | None: ...

    def add(self, item: DoNotReturn) -> DoNotReturn: ...

    def remove(self, id: int) -> None: ...
