"""Reads of reference data: sites, departments and cost codes, and whether a browser origin is known."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.reference import CostCode, Location
from workforce_core.ports.paging import Page, Paging
from workforce_core.views import DepartmentView


@frozen
class LocationFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    location_ids: tuple[int, ...] | None = None
    active: bool | None = None


@frozen
class DepartmentFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    active: bool | None = None
    location_id: int | None = None
    site_ids: tuple[int, ...] | None = None


@frozen
class CostCodeFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    active: bool | None = None


class ReferenceReads(Protocol):
    def location(self, location_id: int) -> Location | None: ...

    def origin_allowed(self, origin: str, now: datetime) -> bool:
        """Whether any working key lists this browser origin (answers CORS preflights)."""
        ...

    def locations(self, query: LocationFilter) -> Page[Location]: ...

    def departments(self, query: DepartmentFilter) -> Page[DepartmentView]: ...

    def cost_codes(self, query: CostCodeFilter) -> Page[CostCode]: ...
