"""The ``data`` of the clock, time-entry and timesheet events, as the spec's event catalogue lists it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workforce_core.events import Event
from workforce_core.model.reference import Location
from workforce_core.model.workers import Worker
from workforce_core.rules.london import local_text, utc_text
from workforce_core.views import EntryView

MAX_ENTRIES_PER_EVENT = 100


def clock_base(view: EntryView) -> dict[str, Any]:
    """The base fields of all six clock events (an API clock: method and source ``api``)."""
    e = view.entry
    return {
        "entry_id": e.id,
        "worker_id": e.worker_id,
        "worker_name": view.worker_name,
        "employee_id": view.employee_id,
        "location_id": e.location_id,
        "scheduled_shift_id": e.scheduled_shift_id,
        "method": e.clock_method,
        "kiosk_id": e.kiosk_id,
        "source": e.clock_source,
        "within_geofence": e.within_geofence,
        "distance_meters": e.distance_meters,
        "low_gps_confidence": e.low_gps_confidence,
        "client_id": e.client_id,
        "clock_in": local_text(e.clock_in),
        "clock_in_utc": utc_text(e.clock_in),
        "risk_flags": list(e.risk_flags),
    }


API_ONLY_CLOCK_FIELDS = ("client_id", "risk_flags")


def from_origin(data: dict[str, Any], *, method: str, source: str, kiosk_id: str | None) -> dict[str, Any]:
    """A clock event's ``method``, ``source`` and ``kiosk_id`` as the clock was made; ``client_id`` and
    ``risk_flags`` are the API's clocks' only (a kiosk's or the app's go to the worker's home client)."""
    data.update(method=method, source=source, kiosk_id=kiosk_id)
    if source != "api":
        for name in API_ONLY_CLOCK_FIELDS:
            data.pop(name, None)
    return data


def refused_clock(
    worker: Worker,
    *,
    client_id: int,
    site: Location | None,
    attempted_at: datetime,
    within: int | None = None,
    distance: int | None = None,
    low_gps_confidence: bool | None = None,
) -> dict[str, Any]:
    """Base fields of a refused clock: ``entry_id`` 0 and ``attempted_at`` in place of the clock-in times."""
    return {
        "entry_id": 0,
        "worker_id": worker.id,
        "worker_name": worker.name,
        "employee_id": worker.employee_id,
        "location_id": site.id if site else None,
        "scheduled_shift_id": None,
        "method": "api",
        "kiosk_id": None,
        "source": "api",
        "within_geofence": within,
        "distance_meters": distance,
        "low_gps_confidence": low_gps_confidence,
        "client_id": client_id,
        "attempted_at": local_text(attempted_at),
    }


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
        "exported_batch_id": e.exported_batch_id,
        "edit_count": e.edit_count,
    }


def batches(views: list[EntryView]) -> list[tuple[int | None, list[EntryView]]]:
    """Entries grouped one site per event, at most 100 per event, in the order given."""
    by_site: dict[int | None, list[EntryView]] = {}
    for view in views:
        by_site.setdefault(view.entry.location_id, []).append(view)
    out = []
    for site, group in by_site.items():
        for start in range(0, len(group), MAX_ENTRIES_PER_EVENT):
            out.append((site, group[start : start + MAX_ENTRIES_PER_EVENT]))
    return out


def timesheet_batch(site: int | None, group: list[EntryView], client_id: int, **extra: Any) -> dict[str, Any]:
    return {
        "client_id": client_id,
        "location_id": site,
        "count": len(group),
        "entry_ids": [view.entry.id for view in group],
        "entries": [entry_fields(view) for view in group],
        **extra,
    }


# ---- time_entry.* and timesheet.* events ------------------------------------------------------

VIA_ADMIN = "admin_timesheets"  # the agency console's timesheet screen


def entry_event(name: str, view: EntryView, now: datetime, **extra: Any) -> Event:
    """A time_entry.* event: the entry's fields (as the catalogue lists them) plus ``change`` and extras."""
    return Event(name, view.entry.client_id, now, entry_fields(view), extra)


def created_event(view: EntryView, now: datetime, *, via: str = "admin", **extra: Any) -> Event:
    """A record typed in by hand in a console (a paper shift or a break): ``via`` ``admin``, or
    ``tenant`` from a client account's own staff; ``extra`` adds ``user_id`` for a signed-in user."""
    return entry_event(
        "time_entry.created", view, now, change="backfill", via=via, reason_code=None, batch_id=None, **extra
    )


def updated_event(
    name: str, view: EntryView, now: datetime, *, change: str, changes: list[str], via: str = VIA_ADMIN, **extra: Any
) -> Event:
    return entry_event(
        name, view, now, change=change, via=via, reason_code=None, changes=changes, adjustment_id=None, **extra
    )


def batch_events(name: str, views: list[EntryView], now: datetime, **extra: Any) -> list[Event]:
    """timesheet.* events: per client, one per site, at most 100 entries each."""
    by_client: dict[int, list[EntryView]] = {}
    for view in views:
        by_client.setdefault(view.entry.client_id, []).append(view)
    return [
        Event(name, client_id, now, None, timesheet_batch(site, group, client_id, **extra))
        for client_id, client_views in by_client.items()
        for site, group in batches(client_views)
    ]
