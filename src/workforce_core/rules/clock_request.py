"""The timing rules of a clock (POST /clock.php): the window ``occurred_at`` must fall in; and how late
a kiosk's offline clock may be sent before it is flagged ``late_sync``."""

from __future__ import annotations

from datetime import datetime, timedelta

from workforce_core.errors import ValidationFailed

MAX_PAST = timedelta(minutes=15)
MAX_FUTURE = timedelta(seconds=60)
BACKDATED_AFTER = timedelta(seconds=60)
MAX_NOTES = 255
# A kiosk's clock kept offline and sent more than this after it happened is recorded at its own time
# but flagged (and listed as an exception) for a person to check; the installation may set another.
OFFLINE_LIMIT = timedelta(hours=72)
LATE_SYNC = "late_sync"


def clock_instant(
    occurred_at: datetime | None, now: datetime, passes: tuple[datetime, ...] = ()
) -> tuple[datetime, bool]:
    """When the clock happened and whether it is backdated; 400 outside 15 minutes back to 60 s ahead.
    A local time in the repeated autumn hour means whichever pass lies in that window (the first if both)."""
    in_window = [moment for moment in passes if now - MAX_PAST <= moment <= now + MAX_FUTURE]
    at = in_window[0] if in_window else (occurred_at or now)
    if at > now + MAX_FUTURE:
        raise ValidationFailed("occurred_at", "occurred_at is more than 60 seconds in the future.")
    if at < now - MAX_PAST:
        raise ValidationFailed("occurred_at", "occurred_at is more than 15 minutes in the past.")
    return at, now - at > BACKDATED_AFTER


def offline_instant(happened_at: datetime, now: datetime) -> datetime:
    """A kiosk's clock sent after the fact: the time it happened, however long ago, but never more than
    the allowed skew ahead of the server's time (400 ``occurred_at``)."""
    if happened_at > now + MAX_FUTURE:
        raise ValidationFailed("occurred_at", "occurred_at is more than 60 seconds in the future.")
    return happened_at


def sent_late(happened_at: datetime | None, now: datetime, limit: timedelta) -> bool:
    """An offline clock (``happened_at``; None for a live one) sent more than ``limit`` after it happened."""
    return happened_at is not None and now - happened_at > limit
