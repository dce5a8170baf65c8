"""A clock the tests can set and move (the core's ``Clock`` port)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeClock:
    def __init__(self, now: datetime | None = None) -> None:
        self._now = now
        self._offset = timedelta(0)

    def now(self) -> datetime:
        base = self._now if self._now is not None else datetime.now(UTC)
        return base + self._offset

    def set(self, now: datetime) -> None:
        self._now = now.astimezone(UTC)
        self._offset = timedelta(0)

    def advance(self, **delta: float) -> None:
        self._offset += timedelta(**delta)
