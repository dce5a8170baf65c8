"""GET /amendments.php: amendment requests of the client's entries."""

from __future__ import annotations

from datetime import date, datetime

from attrs import frozen

from workforce_core.model.amendments import Amendment
from workforce_core.model.principal import Principal
from workforce_core.ports import AmendmentFilter, AmendmentReads, Page, Paging
from workforce_core.steps.time_filters import local_bounds


@frozen
class AmendmentQuery:
    paging: Paging
    id: int | None = None
    status: str | None = None
    entry_id: int | None = None
    worker_id: int | None = None
    date_from: date | None = None  # on the local date the request was raised
    date_to: date | None = None
    updated_since: datetime | None = None


def amendments(principal: Principal, query: AmendmentQuery, *, queries: AmendmentReads) -> Page[Amendment]:
    """Amendment requests of the client's entries (a site-limited key: entries at its sites), newest first."""
    principal.require("timesheets:read")
    start, end = local_bounds(query.date_from, query.date_to)
    return queries.amendments(
        AmendmentFilter(
            client_id=principal.client_id,
            paging=query.paging,
            id=query.id,
            status=query.status,
            entry_id=query.entry_id,
            worker_id=query.worker_id,
            created_from=start,
            created_before=end,
            updated_since=query.updated_since,
            location_ids=principal.site_ids,
        )
    )
