"""Requirement and offer records (GET/POST /demands.php, GET /offers.php, the console's offer commands)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, twin
from workforce_adapters.json.shifts import shift_record
from workforce_core.rules.london import local_text, utc_text
from workforce_core.views import DemandView, OfferView


def demand_record(view: DemandView) -> dict[str, Any]:
    d = view.demand
    start, end = local_text(d.start), local_text(d.end)
    record: dict[str, Any] = {
        "id": d.id,
        "client_id": d.client_id,
        "location_id": d.location_id,
        "location_name": view.location_name,
        "shift_date": day(d.shift_date),
        "start_time": start[11:] if start else None,
        "end_time": end[11:] if end else None,
        "start_utc": utc_text(d.start),
        "end_utc": utc_text(d.end),
        "break_minutes": d.break_minutes,
        "job_role": d.job_role,
        "headcount": d.headcount,
        "requested": d.requested,
        "filled": view.filled,
        "open": view.open,
        "status": view.status,
        "series_id": d.series_id,
        "source": d.source,
        "notes": d.notes,
        "cancel_reason": d.cancel_reason,
        **twin("cancelled_at", d.cancelled_at),
        **twin("created_at", d.created_at),
        **twin("updated_at", d.updated_at),
    }
    if view.shifts is not None:
        record["shifts"] = [shift_record(shift) for shift in view.shifts]
    return record


def offer_record(view: OfferView) -> dict[str, Any]:
    o = view.offer
    return {
        "id": o.id,
        "demand_id": o.demand_id,
        "worker_id": o.worker_id,
        "worker_name": view.worker_name,
        "status": o.status,
        **twin("sent_at", o.sent_at),
        **twin("answered_at", o.answered_at),
        "shift_id": o.shift_id,
    }
