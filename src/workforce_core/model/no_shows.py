"""No-show notices: that a booking's ``shift.no_show`` was sent (once per booking, however often the job runs)."""

from __future__ import annotations

from datetime import datetime

from attrs import define


@define
class NoShowNotice:
    """The ``shift.no_show`` of ``booking_id`` was recorded at ``recorded_at`` (by the job, or by a cancel
    with status ``no_show``)."""

    booking_id: int
    client_id: int
    recorded_at: datetime
    id: int = 0
