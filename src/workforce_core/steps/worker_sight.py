"""The workers a caller may read (``workers:read``, at the sites the caller sees), and the one record a
``?id=`` read asked for: what ``GET /workers.php`` and a worker's message log both read a worker through."""

from __future__ import annotations

from typing import TypeVar

import attrs

from workforce_core.errors import NotFound
from workforce_core.model.principal import Principal
from workforce_core.ports import Queries, ReferenceReads, WorkerFilter
from workforce_core.ports.paging import Page
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.views import WorkerView

T = TypeVar("T")


def one(page: Page[T]) -> T:
    """The record a ``?id=`` read asked for, or 404."""
    if not page.items:
        raise NotFound()
    return page.items[0]


def site_filter(principal: Principal, queries: ReferenceReads, location_id: int | None) -> tuple[int, ...] | None:
    if location_id is not None:
        owned_site(principal, queries.location(location_id), parameter="location_id")
    return visible_sites(principal, location_id)


def visible_workers(
    principal: Principal, query: WorkerFilter, *, queries: Queries, location_id: int | None = None
) -> Page[WorkerView]:
    principal.require("workers:read")
    sites = site_filter(principal, queries, location_id)
    return queries.workers(attrs.evolve(query, client_id=principal.client_id, location_ids=sites))
