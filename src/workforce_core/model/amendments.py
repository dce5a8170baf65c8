"""Client amendment requests: a client asks for a shift's times or break to change."""

from __future__ import annotations

from datetime import datetime

from attrs import define

AMENDMENT_STATUSES: tuple[str, ...] = ("raised", "accepted", "declined", "withdrawn")


@define
class Amendment:
    entry_id: int
    worker_id: int
    client_id: int
    reason: str
    raised_by: str
    created_at: datetime
    requested_clock_in: datetime | None = None
    requested_clock_out: datetime | None = None
    requested_break_minutes: int | None = None
    status: str = "raised"
    decided_at: datetime | None = None
    updated_at: datetime | None = None
    id: int = 0
