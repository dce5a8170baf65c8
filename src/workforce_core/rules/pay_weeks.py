"""Pay weeks (pricing.md section 1): a shift belongs to the week holding its local clock-in date."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, time, timedelta

from workforce_core.rules.london import from_local, local_date


def week_start(day: date, start_day: int) -> date:
    """The first day of the pay week holding ``day``; ``start_day`` 1 = Monday ... 7 = Sunday."""
    return day - timedelta(days=(day.isoweekday() - start_day) % 7)


def week_of(clock_in: datetime, start_day: int) -> date:
    return week_start(local_date(clock_in), start_day)


def weeks_span(clock_ins: Iterable[datetime], start_day: int) -> tuple[datetime, datetime] | None:
    """The instants from the start of the first pay week holding one of ``clock_ins`` to the end of
    the last (what pricing must read: every shift of those weeks); None for no clock-in."""
    weeks = sorted({week_of(moment, start_day) for moment in clock_ins})
    if not weeks:
        return None
    return from_local(weeks[0], time(0)), from_local(weeks[-1] + timedelta(days=7), time(0))
