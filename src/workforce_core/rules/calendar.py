"""Day types in Europe/London: England and Wales bank holidays (the ``holidays`` package), Sundays, Saturdays."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from functools import lru_cache

import holidays

from workforce_core.rules.london import LONDON

DAY_TYPES: tuple[str, ...] = ("bank_holiday", "sunday", "weekend", "weekday")


@lru_cache(maxsize=32)
def _bank_holidays(year: int) -> frozenset[date]:
    return frozenset(holidays.country_holidays("GB", subdiv="ENG", years=year).keys())


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


def offset_changes(start: datetime, end: datetime) -> list[datetime]:
    """Instants in [start, end) where Europe/London's UTC offset changes (clocks go forward or back)."""
    changes = []
    hour = start.astimezone(UTC).replace(minute=0, second=0, microsecond=0)
    previous = hour.astimezone(LONDON).utcoffset()
    while hour < end:
        hour += timedelta(hours=1)
        offset = hour.astimezone(LONDON).utcoffset()
        if offset != previous and start < hour < end:
            changes.append(hour)
        previous = offset
    return changes
