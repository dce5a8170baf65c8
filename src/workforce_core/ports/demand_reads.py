"""Reads of requirements (GET /demands.php) and offers (GET /offers.php)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from attrs import frozen

from workforce_core.ports.paging import Page, Paging
from workforce_core.views import DemandView, OfferView


@frozen
class DemandFilter:
    """``status`` is the status as of ``now`` (``finished`` once the end has passed)."""

    client_id: int
    paging: Paging
    now: datetime
    id: int | None = None
    date_from: date | None = None  # on shift_date
    date_to: date | None = None
    location_ids: tuple[int, ...] | None = None
    status: str | None = None


@frozen
class OfferFilter:
    client_id: int
    paging: Paging
    demand_id: int | None = None
    worker_id: int | None = None
    status: str | None = None
    location_ids: tuple[int, ...] | None = None  # the requirement's site


class DemandReads(Protocol):
    def demands(self, query: DemandFilter) -> Page[DemandView]:
        """Ordered by shift_date newest first, then start time, then id; ``filled`` counted per requirement."""
        ...

    def offers(self, query: OfferFilter) -> Page[OfferView]:
        """Newest first (by id)."""
        ...
