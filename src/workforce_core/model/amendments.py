"""Client amendment requests: a client asks for a shift's times or break to change."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from attrs import define


class AmendmentStatus(StrEnum):
    RAISED = "raised"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"


AMENDMENT_STATUSES: tuple[str, ...] = tuple(AmendmentStatus)


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
    status: str = AmendmentStatus.RAISED
    decided_at: datetime | None = None
    updated_at: datetime | None = None
    id: int = 0
