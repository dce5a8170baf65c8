"""Reads of client amendment requests (GET /amendments.php)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.amendments import Amendment
from workforce_core.ports.paging import Page, Paging


@frozen
class AmendmentFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    status: str | None = None
    entry_id: int | None = None
    worker_id: int | None = None
    created_from: datetime | None = None
    created_before: datetime | None = None
    updated_since: datetime | None = None
    location_ids: tuple[int, ...] | None = None


class AmendmentReads(Protocol):
    def amendments(self, query: AmendmentFilter) -> Page[Amendment]: ...
