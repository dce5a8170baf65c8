"""Availability rules, absences and who-is-free items (GET/POST/DELETE /availability.php,
GET /absences.php, the console's ``absence`` commands)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, hours, number, twin
from workforce_core.model.availability import WorkerAvailability
from workforce_core.rules.eligibility import Slot
from workforce_core.rules.london import local_text, utc_text
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.views import AbsenceView


def availability_rule_record(rule: WorkerAvailability) -> dict[str, Any]:
    return {
        "id": rule.id,
        "worker_id": rule.worker_id,
        "kind": rule.kind,
        "day_of_week": rule.day_of_week,
        "date": day(rule.date),
        "start_time": rule.start_time.strftime("%H:%M"),
        "end_time": rule.end_time.strftime("%H:%M"),
        "valid_from": day(rule.valid_from),
        "valid_to": day(rule.valid_to),
        "notes": rule.notes,
        **twin("created_at", rule.created_at),
        **twin("retired_at", rule.retired_at),
    }


def absence_record(view: AbsenceView) -> dict[str, Any]:
    a = view.absence
    return {
        "id": a.id,
        "worker_id": a.worker_id,
        "worker_name": view.worker_name,
        "type": a.type,
        "status": a.status,
        "start_date": day(a.start_date),
        "end_date": day(a.end_date),
        "hours": number(a.hours),
        "notes": a.notes,
        **twin("created_at", a.created_at),
        **twin("updated_at", a.updated_at),
    }


def free_worker_record(item: FreeWorker) -> dict[str, Any]:
    w = item.worker
    return {
        "worker_id": w.id,
        "name": w.name,
        "employee_id": w.employee_id,
        "location_id": w.location_id,
        "department_id": w.department_id,
        "job_role": w.job_role,
        "eligible": item.eligibility.eligible,
        "available": item.available,
        "availability": list(item.availability),
        "role_match": item.role_match,
        "week_hours": hours(item.week_minutes),
        "max_hours_per_week": number(w.max_hours_per_week),
        "warning_codes": list(item.eligibility.warning_codes),
        "block_codes": list(item.eligibility.block_codes),
    }


def slot_record(slot: Slot, location_id: int | None) -> dict[str, Any]:
    """``meta.slot``: the slot as asked, in local and UTC times."""
    start, end = local_text(slot.start) or "", local_text(slot.end) or ""
    return {
        "shift_date": day(slot.shift_date),
        "start_time": start[11:16],
        "end_time": end[11:16],
        "start_utc": utc_text(slot.start),
        "end_utc": utc_text(slot.end),
        "location_id": location_id,
        "job_role": slot.job_role,
    }
