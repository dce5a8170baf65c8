"""Event payloads: the spec's ``data`` of each kind of event, shaped when the event is sent or shown
(each record as the API shows it, plus ``client_id`` and what the event adds), from the data as the
outbox keeps it (``json.event_codec``)."""

from __future__ import annotations

from functools import singledispatch
from typing import Any

from workforce_adapters.json.amendments import amendment_record
from workforce_adapters.json.event_codec import event_codec
from workforce_adapters.json.exports import export_batch_record
from workforce_adapters.json.pay_weeks import pay_week_record
from workforce_adapters.json.shifts import shift_record
from workforce_adapters.json.workers import worker_record
from workforce_core import events
from workforce_core.events import Event, EventData
from workforce_core.model.time_entries import ClockSource
from workforce_core.rules.london import local_text, utc_text
from workforce_core.views import EntryView


def payload(name: str, client_id: int, data: EventData) -> dict[str, Any]:
    """The spec's ``data`` of the event ``name`` of ``client_id``."""
    return _shaped(data, name, client_id)


def event_payload(event: Event) -> dict[str, Any]:
    return payload(event.name, event.client_id, event.data)


def stored_payload(name: str, client_id: int, stored: dict[str, Any]) -> dict[str, Any]:
    """The payload of data as the outbox keeps it."""
    return payload(name, client_id, event_codec.restored(stored))


# ---- shapes -----------------------------------------------------------------------------------


@singledispatch
def _shaped(data: object, name: str, client_id: int) -> dict[str, Any]:
    raise TypeError(f"no payload for {type(data).__name__}")


@_shaped.register
def _(data: events.Shaped, name: str, client_id: int) -> dict[str, Any]:
    return dict(data.payload)


@_shaped.register
def _(data: events.WorkerCreated, name: str, client_id: int) -> dict[str, Any]:
    return {**worker_record(data.worker), "client_id": client_id}


@_shaped.register
def _(data: events.WorkerUpdated, name: str, client_id: int) -> dict[str, Any]:
    return {**worker_record(data.worker), "client_id": client_id, "changes": list(data.changes)}


@_shaped.register
def _(data: events.DocumentExpired, name: str, client_id: int) -> dict[str, Any]:
    return {
        "client_id": client_id,
        "document_id": data.document_id,
        "worker_id": data.worker_id,
        "worker_name": data.worker_name,
        "employee_id": data.employee_id,
        "type_id": data.type_id,
        "type_name": data.type_name,
        "kind": data.kind,
        "expiry_date": data.expiry_date.isoformat(),
    }


@_shaped.register
def _(data: events.ShiftCreated, name: str, client_id: int) -> dict[str, Any]:
    return {**shift_record(data.shift), "client_id": client_id}


@_shaped.register
def _(data: events.ShiftUpdated, name: str, client_id: int) -> dict[str, Any]:
    shown = {**shift_record(data.shift), "client_id": client_id, "changes": list(data.changes)}
    if data.detached_demand_id is not None:
        shown["detached_demand_id"] = data.detached_demand_id
    return shown


@_shaped.register
def _(data: events.ShiftCancelled, name: str, client_id: int) -> dict[str, Any]:
    booking = data.shift.booking
    return {
        **shift_record(data.shift),
        "client_id": client_id,
        "status": booking.status,
        "cancel_reason": booking.cancel_reason,
        "deleted": False,
    }


@_shaped.register
def _(data: events.ShiftNoShow, name: str, client_id: int) -> dict[str, Any]:
    return {**shift_record(data.shift), "client_id": client_id, "reason": data.reason}


@_shaped.register
def _(data: events.TimesheetAmended, name: str, client_id: int) -> dict[str, Any]:
    return {**amendment_record(data.amendment), "client_id": client_id}


@_shaped.register
def _(data: events.PayWeekChanged, name: str, client_id: int) -> dict[str, Any]:
    return {
        **pay_week_record(data.week),
        "client_id": client_id,
        "location_id": data.location_id,
        "lock_id": data.lock_id,
    }


@_shaped.register
def _(data: events.ExportCreated, name: str, client_id: int) -> dict[str, Any]:
    # export.created is a payroll:read event: the batch without its charge total
    return {**export_batch_record(data.batch, charge=False), "client_id": client_id}


@_shaped.register
def _(data: events.Ping, name: str, client_id: int) -> dict[str, Any]:
    return {"client_id": client_id, "message": data.message, "subscription_id": data.subscription_id}


# ---- time entries and timesheets ----------------------------------------------------------------


def entry_fields(view: EntryView) -> dict[str, Any]:
    """A time entry as the time_entry.* events carry it (and each of ``entries`` in timesheet.*)."""
    e = view.entry
    return {
        "client_id": e.client_id,
        "location_id": e.location_id,
        "location_name": view.location_name,
        "entry_id": e.id,
        "worker_id": e.worker_id,
        "worker_name": view.worker_name,
        "employee_id": view.employee_id,
        "worker_client_id": view.worker_client_id,
        "department_id": view.department_id,
        "scheduled_shift_id": e.scheduled_shift_id,
        "entry_type": e.entry_type,
        "clock_in": local_text(e.clock_in),
        "clock_out": local_text(e.clock_out),
        "clock_in_utc": utc_text(e.clock_in),
        "clock_out_utc": utc_text(e.clock_out),
        "total_minutes": e.total_minutes,
        "manual_break_minutes": e.manual_break_minutes,
        "pay_adjustment_minutes": e.pay_adjustment_minutes,
        "clock_method": e.clock_method,
        "clock_out_method": e.clock_out_method,
        "approval_status": e.approval_status,
        "client_approval": e.client_approval,
        "client_rejected_reason": e.client_rejected_reason,
        "queried": e.queried,
        "open_query": e.open_query,
        "query_text": e.query_text,
        "query_answer": e.query_answer,
        "exported_batch_id": e.exported_batch_id,
        "edit_count": e.edit_count,
    }


def _acted(user_id: int | None) -> dict[str, Any]:
    """What an event adds for a change a signed-in user made: their ``user_id`` (additive)."""
    return {"user_id": user_id} if user_id is not None else {}


@_shaped.register
def _(data: events.TimeEntryCreated, name: str, client_id: int) -> dict[str, Any]:
    fields = {**entry_fields(data.entry), "client_id": client_id}
    if data.change != "backfill":  # a manual clock-in: no via (the spec), the reason given
        return {**fields, "change": data.change, "reason_code": None, "reason": data.reason, **_acted(data.user_id)}
    return {
        **fields,
        "change": "backfill",
        "via": data.via,
        "reason_code": None,
        "batch_id": None,
        **_acted(data.user_id),
    }


@_shaped.register
def _(data: events.TimeEntryUpdated, name: str, client_id: int) -> dict[str, Any]:
    return {
        **entry_fields(data.entry),
        "client_id": client_id,
        "change": data.change,
        "via": data.via,
        "reason_code": None,
        "changes": list(data.changes),
        "adjustment_id": None,
        **_acted(data.user_id),
        **({"reason": data.reason} if data.reason else {}),
    }


@_shaped.register
def _(data: events.TimeEntryAutoClosed, name: str, client_id: int) -> dict[str, Any]:
    return {**entry_fields(data.entry), "client_id": client_id, "change": data.change}


@_shaped.register
def _(data: events.TimesheetMoved, name: str, client_id: int) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "client_id": client_id,
        "location_id": data.location_id,
        "count": len(data.entries),
        "entry_ids": [view.entry.id for view in data.entries],
        "entries": [entry_fields(view) for view in data.entries],
        "via": data.via,
    }
    if data.reason is not None:
        shown["reason"] = data.reason
    if data.reason_code is not None:
        shown["reason_code"] = data.reason_code
    return {**shown, **_acted(data.user_id)}


# ---- clocks -------------------------------------------------------------------------------------

API_ONLY_CLOCK_FIELDS = ("client_id", "risk_flags")  # a kiosk's or the app's clock goes to the home client


def _named(shown: dict[str, Any], source: str) -> dict[str, Any]:
    if source != ClockSource.API:
        for key in API_ONLY_CLOCK_FIELDS:
            shown.pop(key, None)
    return shown


@_shaped.register
def _(data: events.Clocked, name: str, client_id: int) -> dict[str, Any]:
    e = data.entry.entry
    shown: dict[str, Any] = {
        "entry_id": e.id,
        "worker_id": e.worker_id,
        "worker_name": data.entry.worker_name,
        "employee_id": data.entry.employee_id,
        "location_id": e.location_id,
        "scheduled_shift_id": e.scheduled_shift_id,
        "method": data.method,
        "kiosk_id": data.kiosk_id,
        "source": data.source,
        "within_geofence": e.within_geofence,
        "distance_meters": e.distance_meters,
        "low_gps_confidence": e.low_gps_confidence,
        "client_id": client_id,
        "clock_in": local_text(e.clock_in),
        "clock_in_utc": utc_text(e.clock_in),
        "risk_flags": list(e.risk_flags),
    }
    _named(shown, data.source)
    if name == "clock_out":
        shown.update(
            clock_out=local_text(e.clock_out), clock_out_utc=utc_text(e.clock_out), total_minutes=e.total_minutes
        )
    elif name == "clock.geofence_breach":
        shown["location_name"] = data.entry.location_name
    elif name == "clock.low_gps_confidence":
        shown["gps_accuracy"] = e.gps_accuracy
    return shown


def _attempt(attempt: events.ClockAttempt, client_id: int, **checked: Any) -> dict[str, Any]:
    """The base fields of a refused clock: ``entry_id`` 0 and ``attempted_at`` in place of the clock-in times."""
    return {
        "entry_id": 0,
        "worker_id": attempt.worker_id,
        "worker_name": attempt.worker_name,
        "employee_id": attempt.employee_id,
        "location_id": attempt.location_id,
        "scheduled_shift_id": None,
        "method": attempt.method,
        "kiosk_id": attempt.kiosk_id,
        "source": attempt.source,
        "within_geofence": checked.get("within_geofence"),
        "distance_meters": checked.get("distance_meters"),
        "low_gps_confidence": checked.get("low_gps_confidence"),
        "client_id": client_id,
        "attempted_at": local_text(attempt.attempted_at),
    }


@_shaped.register
def _(data: events.ClockGeofenceRefused, name: str, client_id: int) -> dict[str, Any]:
    shown = _attempt(
        data.attempt,
        client_id,
        within_geofence=data.within_geofence,
        distance_meters=data.distance_meters,
        low_gps_confidence=data.low_gps_confidence,
    )
    shown.update(action=data.action, location_name=data.location_name, radius_meters=data.radius_meters)
    return _named(shown, data.attempt.source)


@_shaped.register
def _(data: events.ClockBlockedBySurvey, name: str, client_id: int) -> dict[str, Any]:
    shown = _attempt(data.attempt, client_id)
    shown.update(survey_id=data.survey_id, question_id=data.question_id, message=data.message)
    return _named(shown, data.attempt.source)
