"""The time source of the core: the system clock in production, a fake one in tests."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, aware UTC."""
        ...
