"""Reads of workers (GET /workers.php)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from attrs import frozen

from workforce_core.ports.paging import Page, Paging
from workforce_core.views import WorkerView


@frozen
class WorkerFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    ids: tuple[int, ...] | None = None  # these workers only
    location_ids: tuple[int, ...] | None = None
    department_id: int | None = None
    status: str | None = None
    active: bool | None = None
    dormant: bool | None = None
    updated_since: datetime | None = None
    search: str | None = None


class WorkerReads(Protocol):
    def workers(self, query: WorkerFilter) -> Page[WorkerView]: ...
