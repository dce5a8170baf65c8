"""The API log's storage: requests added in batches (by a writer outside the requests themselves),
read a key's page at a time, and forgotten past their retention."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from attrs import field, frozen

from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports.paging import Page, Paging


@frozen
class ApiLogQuery:
    """One key's requests, newest first; ``request_id`` exactly, ``statuses`` an inclusive range."""

    api_key_id: int
    paging: Paging = field(factory=Paging)
    request_id: str | None = None
    statuses: tuple[int, int] | None = None


class ApiLog(Protocol):
    def add(self, entries: Sequence[ApiRequest]) -> None:
        """Keep these requests (one transaction of their own)."""
        ...

    def requests(self, query: ApiLogQuery) -> Page[ApiRequest]: ...

    def forget_before(self, moment: datetime) -> int:
        """Delete the requests made before ``moment``; how many."""
        ...
