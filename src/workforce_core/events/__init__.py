"""Events: what a write tells subscribers, recorded on its unit of work and written to the outbox in the
same transaction as the change, so none is lost and none is sent for a rolled-back change.

Each event's ``data`` is a frozen attrs class of this package, typed as the core knows it (views, times,
ids); the outbox keeps it unstructured with its kind, and the JSON adapter shapes the spec's payload
from it when the event is sent. Which classes an event may carry is part of the class (``EVENTS``).
"""

from __future__ import annotations

from workforce_core.events.bookings import ShiftCancelled, ShiftCreated, ShiftNoShow, ShiftUpdated
from workforce_core.events.clocks import ClockAttempt, ClockBlockedBySurvey, Clocked, ClockGeofenceRefused
from workforce_core.events.documents import DocumentExpired
from workforce_core.events.entries import (
    VIA_ADMIN,
    TimeEntryAutoClosed,
    TimeEntryCreated,
    TimeEntryUpdated,
    TimesheetMoved,
)
from workforce_core.events.event import Event, timesheet_events, worker_created, worker_updated
from workforce_core.events.kinds import EventData
from workforce_core.events.payroll import ExportCreated, PayWeekChanged, TimesheetAmended
from workforce_core.events.people import WorkerCreated, WorkerUpdated
from workforce_core.events.webhooks import Ping, Shaped

__all__ = [
    "VIA_ADMIN",
    "ClockAttempt",
    "ClockBlockedBySurvey",
    "ClockGeofenceRefused",
    "Clocked",
    "DocumentExpired",
    "Event",
    "EventData",
    "ExportCreated",
    "PayWeekChanged",
    "Ping",
    "Shaped",
    "ShiftCancelled",
    "ShiftCreated",
    "ShiftNoShow",
    "ShiftUpdated",
    "TimeEntryAutoClosed",
    "TimeEntryCreated",
    "TimeEntryUpdated",
    "TimesheetAmended",
    "TimesheetMoved",
    "WorkerCreated",
    "WorkerUpdated",
    "timesheet_events",
    "worker_created",
    "worker_updated",
]
