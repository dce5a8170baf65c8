"""Every kind of event data, as one union (the outbox keeps a kind's name beside its fields)."""

from __future__ import annotations

from workforce_core.events.bookings import ShiftCancelled, ShiftCreated, ShiftNoShow, ShiftUpdated
from workforce_core.events.clocks import ClockBlockedBySurvey, Clocked, ClockGeofenceRefused
from workforce_core.events.documents import DocumentExpired
from workforce_core.events.entries import TimeEntryAutoClosed, TimeEntryCreated, TimeEntryUpdated, TimesheetMoved
from workforce_core.events.payroll import ExportCreated, PayWeekChanged, TimesheetAmended
from workforce_core.events.people import WorkerCreated, WorkerUpdated
from workforce_core.events.webhooks import Ping, Shaped

EventData = (
    WorkerCreated
    | WorkerUpdated
    | ShiftCreated
    | ShiftUpdated
    | ShiftCancelled
    | ShiftNoShow
    | Clocked
    | ClockGeofenceRefused
    | ClockBlockedBySurvey
    | TimeEntryCreated
    | TimeEntryUpdated
    | TimeEntryAutoClosed
    | TimesheetMoved
    | TimesheetAmended
    | PayWeekChanged
    | ExportCreated
    | DocumentExpired
    | Ping
    | Shaped
)
