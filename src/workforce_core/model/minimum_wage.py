"""Minimum wage shortfalls accepted with a reason (the band rates are data in ``rules.minimum_wage``)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from attrs import define


@define
class WageAcceptance:
    """A worker's pay week paid below their band, accepted: it no longer blocks the lock while the week's
    shortfall stays within ``amount_short``."""

    client_id: int
    worker_id: int
    week_start: date
    amount_short: Decimal
    reason: str
    accepted_at: datetime
    accepted_by: int | None = None  # the user who accepted it (None: the server's console)
    id: int = 0
