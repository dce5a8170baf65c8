"""Day types in Europe/London: England and Wales bank holidays (the ``holidays`` package), Sundays, Saturdays.

Bank holidays are the published ones (pricing.md section 10): England's holidays with their observed
(substitute) days, keeping only Monday to Friday dates. The package also lists a Christmas Day or
Boxing Day that falls at a weekend; that day is priced as the weekend day it is, and its weekday
substitute is the bank holiday (2026: Saturday 26 December is ``weekend``, Monday 28 December the
bank holiday).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

import holidays

from workforce_core.rules.london import LONDON

DAY_TYPES: tuple[str, ...] = ("bank_holiday", "sunday", "weekend", "weekday")


@lru_cache(maxsize=32)
def _bank_holidays(year: int) -> frozenset[date]:
    listed = holidays.country_holidays("GB", subdiv="ENG", years=year, observed=True)
    return frozenset(day for day in listed if day.weekday() < 5)


def is_bank_holiday(day: date) -> bool:
    return day in _bank_holidays(day.year)


def day_type(day: date) -> str:
    if is_bank_holiday(day):
        return "bank_holiday"
    if day.weekday() == 6:
        return "sunday"
    if day.weekday() == 5:
        return "weekend"
    return "weekday"


@lru_cache(maxsize=32)
def _transitions(year: int) -> tuple[datetime, ...]:
    """The instants of the year when Europe/London's UTC offset changes (found day by day, then hour by hour)."""
    found = []
    day = datetime(year, 1, 1, tzinfo=UTC)
    previous = day.astimezone(LONDON).utcoffset()
    while day.year == year:
        following = day + timedelta(days=1)
        offset = following.astimezone(LONDON).utcoffset()
        if offset != previous:
            hour = day
            while hour.astimezone(LONDON).utcoffset() == previous:
                hour += timedelta(hours=1)
            found.append(hour)
        previous, day = offset, following
    return tuple(found)


def offset_changes(start: datetime, end: datetime) -> list[datetime]:
    """Instants in (start, end) where Europe/London's UTC offset changes (clocks go forward or back)."""
    years = range(start.astimezone(UTC).year, end.astimezone(UTC).year + 1)
    return [moment for year in years for moment in _transitions(year) if start < moment < end]
