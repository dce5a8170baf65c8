"""GET /shifts.php as a read use case: the client's bookings, a site-limited key's sites only."""

from __future__ import annotations

from datetime import date, datetime

import attrs
from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.ports import Page, Paging, Queries, ShiftFilter
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.views import ShiftView


@frozen(kw_only=True)
class ShiftQuery:
    """The spec's query of GET /shifts.php."""

    paging: Paging
    id: int | None = None
    date_from: date | None = None
    date_to: date | None = None
    worker_id: int | None = None
    location_id: int | None = None
    department_id: int | None = None
    demand_id: int | None = None
    status: str | None = None
    updated_since: datetime | None = None


def shifts(principal: Principal, query: ShiftQuery, *, queries: Queries) -> Page[ShiftView]:
    """Bookings newest date first; a ``location_id`` must be a site the key sees (404/403); another
    client's booking, worker or requirement simply matches nothing (a ``?id=`` read of it is 404)."""
    principal.require("shifts:read")
    if query.date_from is not None and query.date_to is not None and query.date_to < query.date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    if query.location_id is not None:
        owned_site(principal, queries.location(query.location_id), parameter="location_id")
    fields = attrs.asdict(query, recurse=False)
    fields.pop("location_id")
    return queries.shifts(
        ShiftFilter(client_id=principal.client_id, location_ids=visible_sites(principal, query.location_id), **fields)
    )
