"""Worker records (GET/POST/PUT /workers.php and worker events)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, number, twin
from workforce_core.views import (
    WorkerView,
)


def worker_record(view: WorkerView) -> dict[str, Any]:
    w = view.worker
    return {
        "id": w.id,
        "name": w.name,
        "employee_id": w.employee_id,
        "location_id": w.location_id,
        "location_name": view.location_name,
        "department_id": w.department_id,
        "department_name": view.department_name,
        "cost_code_id": w.cost_code_id,
        "cost_code": view.cost_code,
        "email": w.email,
        "phone": w.phone,
        "job_role": w.job_role,
        "hourly_rate": number(w.hourly_rate),
        "charge_rate": number(w.charge_rate),
        "date_of_birth": day(w.date_of_birth),
        "apprentice_since": day(w.apprentice_since),
        "wtr_opt_out": w.wtr_opt_out,
        "holiday_pay": w.holiday_pay,
        "max_hours_per_week": number(w.max_hours_per_week),
        "status": w.status,
        "active": w.active,
        "dormant": w.dormant,
        **twin("dormant_since", w.dormant_since),
        "start_date": day(w.start_date),
        "end_date": day(w.end_date),
        "leave_reason": w.leave_reason,
        "preferred_language": w.preferred_language,
        "has_face": w.has_face,
        "has_pin": w.has_pin,
        "moved_out": w.moved_out,
        **twin("created_at", w.created_at),
        **twin("updated_at", w.updated_at),
    }
