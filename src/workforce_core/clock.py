"""The real clock; tests give use cases a fake one through the ``Clock`` port."""

from __future__ import annotations

from datetime import UTC, datetime


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)
