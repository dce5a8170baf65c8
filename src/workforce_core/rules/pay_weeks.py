"""Pay weeks (pricing.md section 1): a shift belongs to the week holding its local clock-in date."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from workforce_core.rules.london import local_date


def week_start(day: date, start_day: int) -> date:
    """The first day of the pay week holding ``day``; ``start_day`` 1 = Monday ... 7 = Sunday."""
    return day - timedelta(days=(day.isoweekday() - start_day) % 7)


def week_of(clock_in: datetime, start_day: int) -> date:
    return week_start(local_date(clock_in), start_day)
