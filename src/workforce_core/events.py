"""The spec's event catalogue as data, and the builders use cases call to record events.

A use case records events on its unit of work; the SQL unit of work writes them to the outbox
in the same transaction as the change, so none is lost and none is sent for a rolled-back change.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from attrs import field, frozen


@frozen
class EventType:
    event: str
    group: str
    description: str
    read_scope: str | None
    legacy: bool = False


CATALOGUE: tuple[EventType, ...] = (
    EventType("clock_in", "Clock", "worker clocked in (kiosk, worker app, API)", "timesheets:read"),
    EventType("clock_out", "Clock", "worker clocked out; total_minutes is real time", "timesheets:read"),
    EventType("clock.blocked_by_survey", "Clock", "clock-in refused by a blocking survey answer", "timesheets:read"),
    EventType("clock.geofence_breach", "Clock", "clock-in recorded outside a warning-mode fence", "timesheets:read"),
    EventType("clock.geofence_refused", "Clock", "clock refused outside a fence", "timesheets:read"),
    EventType(
        "clock.low_gps_confidence",
        "Clock",
        "clock-in with GPS worse than the site threshold",
        "timesheets:read",
    ),
    EventType("time_entry.created", "Time records", "record added by hand in a console", "timesheets:read"),
    EventType(
        "time_entry.updated",
        "Time records",
        "record corrected, clocked out by hand or deleted",
        "timesheets:read",
    ),
    EventType("time_entry.auto_closed", "Time records", "open shift closed automatically", "timesheets:read"),
    EventType("timesheet.approved", "Approval", "shifts approved", "timesheets:read"),
    EventType("timesheet.unapproved", "Approval", "approval reverted, corrected or disputed", "timesheets:read"),
    EventType("timesheet.client_approved", "Approval", "client approved shifts", "timesheets:read"),
    EventType("timesheet.client_rejected", "Approval", "client rejected shifts", "timesheets:read"),
    EventType("timesheet.queried", "Approval", "query raised; shift held", "timesheets:read"),
    EventType(
        "timesheet.amended",
        "Approval",
        "client amendment raised, accepted, declined or withdrawn",
        "timesheets:read",
    ),
    EventType("pay_week.locked", "Payroll", "whole client pay week locked and frozen", "payroll:read"),
    EventType("pay_week.unlocked", "Payroll", "locked pay week unlocked", "payroll:read"),
    EventType("period.locked", "Payroll", "payroll period locked for the client or one site", "payroll:read"),
    EventType("period.unlocked", "Payroll", "payroll lock lifted", "payroll:read"),
    EventType("export.created", "Payroll", "export batch recorded", "payroll:read"),
    EventType("shift.created", "Bookings", "shift booked", "shifts:read"),
    EventType("shift.updated", "Bookings", "times, break, role or worker changed", "shifts:read"),
    EventType("shift.cancelled", "Bookings", "cancelled, unassigned or deleted", "shifts:read"),
    EventType("shift.no_show", "Bookings", "booked worker did not clock in", "shifts:read"),
    EventType("worker.created", "Workers", "worker added (console or API)", "workers:read"),
    EventType("worker.updated", "Workers", "record changed; data.changes lists fields", "workers:read"),
    EventType("document_expired", "Workers", "compliance document reached expiry", "workers:read"),
    EventType(
        "worker_created",
        "Legacy",
        "API-created workers only; use worker.created",
        "workers:read",
        legacy=True,
    ),
    EventType("worker_updated", "Legacy", "API changes only; use worker.updated", "workers:read", legacy=True),
    EventType("shift_created", "Legacy", "API-booked shifts only; use shift.created", "shifts:read", legacy=True),
    EventType("ping", "Test", "test delivery from the API or admin screen", None),
)
EVENT_TYPES: dict[str, EventType] = {item.event: item for item in CATALOGUE}


@frozen
class Event:
    """One event to publish. ``data`` is ``record`` (as the API shows it) plus ``client_id`` and ``extra``;
    ``names_client`` False leaves ``client_id`` out of ``data`` (the spec's kiosk and worker-app clocks),
    the event still going to the subscriptions of ``client_id`` (the worker's home client)."""

    name: str
    client_id: int
    occurred_at: datetime
    record: object | None = None
    extra: dict[str, Any] = field(factory=dict)
    names_client: bool = True

    def __attrs_post_init__(self) -> None:
        if self.name not in EVENT_TYPES:
            raise ValueError(f"unknown event {self.name}")


def worker_created(record: object, *, client_id: int, at: datetime, via_api: bool) -> list[Event]:
    events = [Event("worker.created", client_id, at, record)]
    if via_api:
        events.append(Event("worker_created", client_id, at, record))
    return events


def worker_updated(record: object, *, client_id: int, at: datetime, changes: list[str], via_api: bool) -> list[Event]:
    extra = {"changes": list(changes)}
    events = [Event("worker.updated", client_id, at, record, extra)]
    if via_api:
        events.append(Event("worker_updated", client_id, at, record, dict(extra)))
    return events
