"""Instants and Europe/London wall-clock times: the one place that converts between them.

Instants are aware UTC datetimes everywhere in the core. The spec shows local times as
``YYYY-MM-DD HH:MM:SS`` (Europe/London) with a ``*_utc`` twin ``YYYY-MM-DDTHH:MM:SSZ``.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

LONDON = ZoneInfo("Europe/London")

_LOCAL = re.compile(r"(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?", re.ASCII)
_AWARE = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|z|[+-]\d{2}:?\d{2})", re.ASCII)


def utc(moment: datetime) -> datetime:
    """The same instant as an aware UTC datetime (a naive value is taken as UTC)."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def local_text(moment: datetime | None) -> str | None:
    """``YYYY-MM-DD HH:MM:SS`` in Europe/London, or None."""
    return None if moment is None else texts(moment)[0]


def utc_text(moment: datetime | None) -> str | None:
    """``YYYY-MM-DDTHH:MM:SSZ``, or None."""
    return None if moment is None else texts(moment)[1]


@lru_cache(maxsize=16_384)
def texts(moment: datetime) -> tuple[str, str]:
    """An instant's local and UTC texts, made once per instant (pages are read again and again)."""
    instant = utc(moment)
    local = instant.astimezone(LONDON).replace(tzinfo=None, microsecond=0).isoformat(" ")
    return local, instant.replace(tzinfo=None, microsecond=0).isoformat() + "Z"


def local_date(moment: datetime) -> date:
    return utc(moment).astimezone(LONDON).date()


def from_local(day: date, clock: time, *, fold: int = 0) -> datetime:
    """The UTC instant of a Europe/London wall-clock time.

    In the repeated hour when clocks go back, ``fold=0`` is the first pass. A time inside the
    skipped hour when clocks go forward is read with the offset in force before the change
    (01:30 on the spring-forward day is 02:30 BST), which is what zoneinfo does.
    """
    return datetime.combine(day, clock, tzinfo=LONDON).replace(fold=fold).astimezone(UTC)


def parse_instant(text: str) -> datetime | None:
    """ISO 8601 with ``Z`` or an offset, or a Europe/London local time or date.

    A local time inside the repeated hour is read as its first pass. Returns None when the text
    is not one of those forms (the caller decides which error that is).
    """
    text = text.strip()
    if _AWARE.fullmatch(text):
        try:
            return datetime.fromisoformat(text.replace("z", "Z")).astimezone(UTC)
        except (ValueError, OverflowError):  # OverflowError: the UTC instant falls outside years 1-9999
            return None
    match = _LOCAL.fullmatch(text)
    if not match:
        return None
    day_text, hour, minute, second = match.groups()
    try:
        day = date.fromisoformat(day_text)
        clock = time(int(hour or 0), int(minute or 0), int(second or 0))
    except ValueError:
        return None
    return from_local(day, clock)


def is_local(text: str) -> bool:
    """Whether the text is a local wall-clock time (no ``Z`` and no offset)."""
    return bool(_LOCAL.fullmatch(text.strip()))


def passes(moment: datetime) -> tuple[datetime, ...]:
    """The instants a local wall-clock reading may mean: two inside the repeated autumn hour
    (first pass first), else one. ``moment`` is an instant parsed from local time (first pass)."""
    local = utc(moment).astimezone(LONDON).replace(tzinfo=None)
    second = datetime.combine(local.date(), local.time(), tzinfo=LONDON).replace(fold=1).astimezone(UTC)
    return (utc(moment), second) if second != utc(moment) else (utc(moment),)


def floor_to_second(moment: datetime) -> datetime:
    return moment - timedelta(microseconds=moment.microsecond)


def shown(moment: datetime | None) -> str:
    """A local time for people: ``YYYY-MM-DD HH:MM``, and inside the hour that repeats when clocks go
    back, which pass it is (``BST``, the first; ``GMT``, the second). Empty for None."""
    if moment is None:
        return ""
    local = utc(moment).astimezone(LONDON)
    text = local.strftime("%Y-%m-%d %H:%M")
    if len(passes(from_local(local.date(), local.time().replace(tzinfo=None)))) == 2:
        text += f" {local.tzname()}"
    return text
