"""Events: what a write tells subscribers, recorded on its unit of work and written to the outbox in the
same transaction as the change, so none is lost and none is sent for a rolled-back change.

Each event's ``data`` is a frozen attrs class of this package, typed as the core knows it (views, times,
ids); the outbox keeps it unstructured with its kind, and the JSON adapter shapes the spec's payload
from it when the event is sent. Which classes an event may carry is part of the class (``EVENTS``).
"""

from __future__ import annotations

from workforce_core.events.bookings import ShiftBooked, ShiftCancelled, ShiftChanged, ShiftNoShow
from workforce_core.events.clocks import ClockAttempt, Clocked, FenceRefused, SurveyBlocked
from workforce_core.events.entries import (
    MAX_ENTRIES_PER_EVENT,
    VIA_ADMIN,
    EntryAdded,
    EntryChanged,
    EntryClosed,
    TimesheetMoved,
    batches,
)
from workforce_core.events.event import Event, timesheet_events, worker_created, worker_updated
from workforce_core.events.kinds import EventData
from workforce_core.events.payroll import AmendmentMoved, ExportMade, PayWeekMoved
from workforce_core.events.people import WorkerAdded, WorkerChanged
from workforce_core.events.webhooks import Ping, Shaped

__all__ = [
    "MAX_ENTRIES_PER_EVENT",
    "VIA_ADMIN",
    "AmendmentMoved",
    "ClockAttempt",
    "Clocked",
    "EntryAdded",
    "EntryChanged",
    "EntryClosed",
    "Event",
    "EventData",
    "ExportMade",
    "FenceRefused",
    "PayWeekMoved",
    "Ping",
    "Shaped",
    "ShiftBooked",
    "ShiftCancelled",
    "ShiftChanged",
    "ShiftNoShow",
    "SurveyBlocked",
    "TimesheetMoved",
    "WorkerAdded",
    "WorkerChanged",
    "batches",
    "timesheet_events",
    "worker_created",
    "worker_updated",
]
