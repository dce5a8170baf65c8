"""The spec's event catalogue: each event's name, group, description and the scope a key needs to read it."""

from __future__ import annotations

from attrs import frozen


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
