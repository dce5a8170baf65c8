"""The pay week a page shows: ``?week=`` (any day of it), else the week holding today; and its shifts
(the console's timesheets, the portal's week), a page at a time."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from attrs import frozen

from workforce_core.errors import InvalidParameter, NotFound
from workforce_core.ports import Paging
from workforce_core.rules import people
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.services.time_reads.timesheets import Timesheet, TimesheetQuery, timesheets
from workforce_entrypoints.web.common.visits import Visit

WEEK = timedelta(days=7)
PAGE_SIZE = 100  # shifts a page: as the API's largest page


@frozen
class ShownWeek:
    first: date

    @property
    def last(self) -> date:
        return self.first + timedelta(days=6)

    @property
    def previous(self) -> date:
        return self.first - WEEK

    @property
    def next(self) -> date:
        return self.first + WEEK


def shown_week(visit: Visit) -> ShownWeek:
    """The week asked for; a person a sign-off link signed in sees its week only (another is 404)."""
    text = visit.value("week")
    only = visit.signed.actor.only_week
    if text is None:
        day = only or local_date(visit.services.clock.now())
    else:
        try:
            day = date.fromisoformat(text)
        except ValueError:
            raise InvalidParameter("week", "week is a date YYYY-MM-DD inside the pay week.") from None
    week = ShownWeek(week_start(day, visit.client.client.settings.pay_week_start_day))
    if not people.sees_week(visit.signed.actor, week.first):
        raise NotFound("This sign-in is for one pay week only.")
    return week


def choice(visit: Visit, name: str, allowed: tuple[str, ...]) -> str | None:
    value = visit.value(name)
    if value is not None and value not in allowed:
        raise InvalidParameter(name, f"{name} is one of {', '.join(allowed)}.")
    return value


def week_sheet(visit: Visit, **filters: Any) -> tuple[ShownWeek, int, Timesheet]:
    """The shown pay week's shifts (the console's and the portal's), a page from ``?offset=``, filtered."""
    s = visit.services
    week = shown_week(visit)
    offset = visit.number("offset") or 0
    paging = Paging(limit=PAGE_SIZE, offset=offset)
    query = TimesheetQuery(paging=paging, date_from=week.first, date_to=week.last, **filters)
    return week, offset, s.run(timesheets, visit.client, query)
