"""Shift records (GET/POST/PUT /shifts.php and the shift.* events)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, twin
from workforce_core.model.bookings import shown_status
from workforce_core.rules.london import local_text, utc_text
from workforce_core.views import ShiftView


def shift_record(view: ShiftView) -> dict[str, Any]:
    b = view.booking
    start, end = local_text(b.start), local_text(b.end)
    return {
        "id": b.id,
        "client_id": b.client_id,
        "worker_id": b.worker_id,
        "worker_name": view.worker_name,
        "employee_id": view.employee_id,
        "department_id": view.department_id,
        "location_id": b.location_id,
        "location_name": view.location_name,
        "demand_id": b.demand_id,
        "shift_date": day(b.shift_date),
        "start_time": start[11:] if start else None,
        "end_time": end[11:] if end else None,
        "start_utc": utc_text(b.start),
        "end_utc": utc_text(b.end),
        "break_minutes": b.break_minutes,
        "job_role": b.job_role,
        "notes": b.notes,
        "status": shown_status(b.status),
        "cancel_reason": b.cancel_reason,
        **twin("cancelled_at", b.cancelled_at),
        **twin("acknowledged_at", b.acknowledged_at),
        **twin("declined_at", b.declined_at),
        "confirmation": b.confirmation,
        **twin("created_at", b.created_at),
        **twin("updated_at", b.updated_at),
        "warning_codes": list(b.warning_codes),
    }
