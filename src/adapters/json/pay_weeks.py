"""PayWeek records (/pay-weeks.php, the pay-week console and the pay_week.* / period.* events)."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.exports import export_batch_record
from workforce_adapters.json.shapes import day, twin
from workforce_core.views import PayWeekView


def pay_week_record(view: PayWeekView, *, charge: bool = False, batch_totals: bool = True) -> dict[str, Any]:
    """The spec's PayWeek; ``locked_location_ids`` (the sites locked on their own) is additive. Its
    batches show ``total_charge`` with ``charge`` and no totals without ``batch_totals``."""
    lock, counts = view.lock, view.counts
    return {
        "week_start": day(view.week_start),
        "week_end": day(view.week_end),
        "status": view.status,
        "ended": view.facts.ended,
        "locked": view.facts.locked,
        "frozen": view.facts.locked,
        **twin("locked_at", lock.locked_at if lock else None),
        "locked_by": lock.locked_by if lock else None,
        "lock_id": lock.id if lock else None,
        "locked_location_ids": list(view.locked_location_ids),
        "shifts": counts.shifts,
        "shifts_not_approved": counts.shifts_not_approved,
        "open_clock_outs": counts.open_clock_outs,
        "exceptions_open": counts.exceptions_open,
        "late_adjustments_due": counts.late_adjustments_due,
        "late_adjustments_paid": counts.late_adjustments_paid,
        "late_clocks_in_week": counts.late_clocks_in_week,
        "batches": [export_batch_record(b, charge=charge, totals=batch_totals) for b in view.batches],
    }
