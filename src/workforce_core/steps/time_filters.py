"""What the time reads share: the sites a read is limited to, a period of local dates as instants, and the
window in which an open shift counts as open."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS
from workforce_core.ports import Paging, ReferenceReads
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.rules.london import from_local

OPEN_WINDOW = timedelta(hours=OPEN_SHIFT_HOURS)
EVERYTHING = Paging(limit=1_000_000)  # a whole period (bounded by its dates), not a page of a reply
MIDNIGHT = time(0)


def site_filter(principal: Principal, queries: ReferenceReads, location_id: int | None) -> tuple[int, ...] | None:
    """The sites a read is limited to (None: all); a ``location_id`` filter must name a site the key sees."""
    if location_id is not None:
        owned_site(principal, queries.location(location_id), parameter="location_id")
    return visible_sites(principal, location_id)


def local_bounds(date_from: date | None, date_to: date | None) -> tuple[datetime | None, datetime | None]:
    """The instants of local midnight starting ``date_from`` and ending ``date_to``."""
    if date_from is not None and date_to is not None and date_to < date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    start = from_local(date_from, MIDNIGHT) if date_from is not None else None
    end = from_local(date_to + timedelta(days=1), MIDNIGHT) if date_to is not None else None
    return start, end
