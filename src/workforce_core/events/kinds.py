"""Every kind of event data, as one union (the outbox keeps a kind's name beside its fields)."""

from __future__ import annotations

from workforce_core.events.bookings import ShiftBooked, ShiftCancelled, ShiftChanged, ShiftNoShow
from workforce_core.events.clocks import Clocked, FenceRefused, SurveyBlocked
from workforce_core.events.entries import EntryAdded, EntryChanged, EntryClosed, TimesheetMoved
from workforce_core.events.payroll import AmendmentMoved, ExportMade, PayWeekMoved
from workforce_core.events.people import WorkerAdded, WorkerChanged
from workforce_core.events.webhooks import Ping, Shaped

EventData = (
    WorkerAdded
    | WorkerChanged
    | ShiftBooked
    | ShiftChanged
    | ShiftCancelled
    | ShiftNoShow
    | Clocked
    | FenceRefused
    | SurveyBlocked
    | EntryAdded
    | EntryChanged
    | EntryClosed
    | TimesheetMoved
    | AmendmentMoved
    | PayWeekMoved
    | ExportMade
    | Ping
    | Shaped
)
