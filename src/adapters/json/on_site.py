"""GET /on-site-now.php: sites with their counts and the workers on shift."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import twin
from workforce_core.rules.london import utc_text
from workforce_core.views import (
    Headcount,
    OnSiteNow,
    OnSiteWorker,
)


def on_site_worker_record(worker: OnSiteWorker) -> dict[str, Any]:
    """An OnSiteWorker: one open shift."""
    e = worker.view.entry
    return {
        "worker_id": e.worker_id,
        "name": worker.view.worker_name,
        "employee_id": worker.view.employee_id,
        "entry_id": e.id,
        **twin("clock_in", e.clock_in),
        "minutes_on_shift": worker.minutes_on_shift,
        "within_geofence": e.within_geofence,
        "distance_meters": e.distance_meters,
        "gps_accuracy": e.gps_accuracy,
        "low_gps_confidence": bool(e.low_gps_confidence),
    }


def _headcount(counts: Headcount, *, low_gps: bool) -> dict[str, int]:
    shown = {
        "clocked_in": counts.clocked_in,
        "on_site": counts.on_site,
        "off_site": counts.off_site,
        "geofence_unknown": counts.geofence_unknown,
    }
    if low_gps:
        shown["low_gps_confidence"] = counts.low_gps_confidence
    return shown


def on_site_now_record(now: OnSiteNow, *, include_workers: bool = True) -> dict[str, Any]:
    """OnSiteNow. ``include_workers=False`` leaves out every worker list (``workers`` and ``unassigned``)."""
    locations = []
    for site in now.locations:
        shown: dict[str, Any] = {
            "location_id": site.location_id,
            "location_name": site.location_name,
            **_headcount(site.counts, low_gps=False),
        }
        if include_workers:
            shown["workers"] = [on_site_worker_record(worker) for worker in site.workers]
        locations.append(shown)
    body: dict[str, Any] = {
        "as_of": utc_text(now.as_of),
        "totals": _headcount(now.totals, low_gps=True),
        "locations": locations,
    }
    if include_workers:
        body["unassigned"] = [on_site_worker_record(worker) for worker in now.unassigned]
    return body
