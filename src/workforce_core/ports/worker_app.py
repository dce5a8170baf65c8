"""The ports of the worker app's sign-ins: workers' sessions and their one-time sign-in links."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession
from workforce_core.ports.repositories import Repository


class WorkerSessionRepository(Repository[WorkerSession], Protocol):
    def by_token_hash(self, token_hash: str) -> WorkerSession | None: ...

    def end_all(self, worker_id: int, at: datetime) -> int:
        """End every live session of the worker; how many."""
        ...


class WorkerAppLinkRepository(Repository[WorkerAppLink], Protocol):
    def by_token_hash(self, token_hash: str) -> WorkerAppLink | None: ...

    def claim(self, link_id: int, at: datetime) -> bool:
        """Mark the link used at ``at`` if no one has: True for the one caller that did (opens race)."""
        ...


class LocationRepository(Repository[Location], Protocol):
    def of_client(self, client_id: int) -> list[Location]:
        """The client's sites, by id (the worker app checks a phone's position against every mapped one)."""
        ...

    def with_week_lock(self, location_id: int, day: date) -> tuple[Location | None, bool]:
        """The site, and whether a lock of its client stands on the pay week holding the local ``day``
        there (``PayWeekLocks.is_week_locked(site.client_id, site.id, day)``), in one read: a clock-in's."""
        ...
