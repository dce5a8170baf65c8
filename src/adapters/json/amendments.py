"""Client amendment requests (GET /amendments.php)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import twin
from workforce_core.model.amendments import Amendment


def amendment_record(amendment: Amendment) -> dict[str, Any]:
    a = amendment
    return {
        "id": a.id,
        "entry_id": a.entry_id,
        "worker_id": a.worker_id,
        "client_id": a.client_id,
        **twin("requested_clock_in", a.requested_clock_in),
        **twin("requested_clock_out", a.requested_clock_out),
        "requested_break_minutes": a.requested_break_minutes,
        "reason": a.reason,
        "status": a.status,
        "raised_by": a.raised_by,
        **twin("created_at", a.created_at),
        **twin("decided_at", a.decided_at),
        **twin("updated_at", a.updated_at),
    }
