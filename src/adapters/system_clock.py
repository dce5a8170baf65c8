"""The system clock: the ``Clock`` port on the machine's time (tests give use cases a fake one)."""

from __future__ import annotations

from datetime import UTC, datetime


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)
