"""A booking's no-show notice (``shift.no_show``), sent once whichever way it was found."""

from __future__ import annotations

from datetime import datetime

from workforce_core import events
from workforce_core.model.no_shows import NoShowNotice
from workforce_core.ports import UnitOfWork
from workforce_core.views import ShiftView

NOT_CLOCKED_IN = "not_clocked_in"  # shift.no_show ``reason``: found by the job


MARKED = "marked_no_show"  # ... or a cancel with status no_show


def notice(tx: UnitOfWork, view: ShiftView, now: datetime, reason: str) -> bool:
    """Record ``shift.no_show`` for the booking unless it was sent before; whether it was recorded now."""
    booking = view.booking
    if not tx.no_shows.record(NoShowNotice(booking.id, booking.client_id, now)):
        return False
    tx.record([events.Event("shift.no_show", booking.client_id, now, events.ShiftNoShow(view, reason))])
    return True
