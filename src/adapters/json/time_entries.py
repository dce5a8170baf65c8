"""Time entry records, clock results and exceptions (/timesheets, /clock, /exceptions)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import hours, number, twin
from workforce_core.rules.exceptions import TimeException
from workforce_core.views import (
    ClockResult,
    EntryView,
)


def time_entry_record(view: EntryView) -> dict[str, Any]:
    """A TimeEntry as /timesheets.php shows it (the pricing issue adds the payroll fields)."""
    e = view.entry
    return {
        "id": e.id,
        "worker_id": e.worker_id,
        "worker_name": view.worker_name,
        "employee_id": view.employee_id,
        "department_id": view.department_id,
        "location_id": e.location_id,
        "location_name": view.location_name,
        "client_id": e.client_id,
        "entry_type": e.entry_type,
        "parent_id": e.parent_id,
        **twin("clock_in", e.clock_in),
        **twin("clock_out", e.clock_out),
        "total_minutes": e.total_minutes,
        "hours": hours(e.total_minutes),
        "clock_method": e.clock_method,
        "clock_out_method": e.clock_out_method,
        "clock_source": e.clock_source,
        "kiosk_id": e.kiosk_id,
        "notes": e.notes,
        "match_score": number(e.match_score),
        "cost_code_id": e.cost_code_id,
        "scheduled_shift_id": e.scheduled_shift_id,
        "approval_status": e.approval_status,
        "approved": e.approval_status == "approved",
        **twin("approved_at", e.approved_at),
        "approved_by": e.approved_by,
        "client_approval": e.client_approval,
        "client_approved": {"approved": True, "rejected": False}.get(e.client_approval),
        **twin("client_approved_at", e.client_approved_at),
        "client_approved_by": e.client_approved_by,
        "client_rejected_reason": e.client_rejected_reason,
        "queried": e.queried,
        "open_query": e.open_query,
        "query_text": e.query_text,
        "query_answer": e.query_answer,
        **twin("query_answered_at", e.query_answered_at),
        "locked": view.locked,
        "exported_batch_id": e.exported_batch_id,
        "risk_flags": list(e.risk_flags),
        "manual_break_minutes": e.manual_break_minutes,
        "pay_adjustment_minutes": e.pay_adjustment_minutes,
        "edited": e.edited,
        "edit_count": e.edit_count,
        **twin("edited_at", e.edited_at),
        **twin("original_clock_in", e.original_clock_in),
        **twin("original_clock_out", e.original_clock_out),
        "within_geofence": e.within_geofence,
        "distance_meters": e.distance_meters,
        "gps_accuracy": e.gps_accuracy,
        "low_gps_confidence": e.low_gps_confidence,
        "clock_out_within_geofence": e.clock_out_within_geofence,
        "clock_out_distance_meters": e.clock_out_distance_meters,
        **twin("created_at", e.created_at),
        **twin("updated_at", e.updated_at),
    }


def clock_result_record(result: ClockResult) -> dict[str, Any]:
    e = result.view.entry
    body: dict[str, Any] = {
        "entry_id": e.id,
        "worker_id": e.worker_id,
        "employee_id": result.view.employee_id,
        "worker_name": result.view.worker_name,
        "action": result.action,
        **twin("clock_in", e.clock_in),
    }
    out = result.action == "clock_out"
    if out:
        body.update(twin("clock_out", e.clock_out))
        body.update(total_minutes=e.total_minutes, hours=hours(e.total_minutes))
    body.update(
        location_id=e.location_id,
        scheduled_shift_id=e.scheduled_shift_id,
        risk_flags=list(e.risk_flags),
        backdated=result.backdated,
    )
    if result.fence_shown:
        body["within_geofence"] = e.clock_out_within_geofence if out else e.within_geofence
        body["distance_meters"] = e.clock_out_distance_meters if out else e.distance_meters
    if not out and e.low_gps_confidence is not None:
        body["low_gps_confidence"] = e.low_gps_confidence
    if result.warning:
        body["warning"] = result.warning
    return body


def exception_record(found: TimeException) -> dict[str, Any]:
    """An exception of /exceptions.php (decisions.md)."""
    return {
        "id": found.id,
        "type": found.type,
        "severity": found.severity,
        "entry_id": found.entry_id,
        "shift_id": found.shift_id,
        "worker_id": found.worker_id,
        "location_id": found.location_id,
        "date": found.date.isoformat(),
        "detail": found.detail,
        "status": found.status,
        "query_text": found.query_text,
        "query_answer": found.query_answer,
    }
