"""The spec's JSON shapes of core records (cattrs at the edge), shared by HTTP replies and event data.

Local Europe/London times come with their ``*_utc`` twin; money is a JSON number. Records here are
complete: the HTTP layer leaves out the fields a key's scopes do not show.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

import attrs
from cattrs import Converter

from workforce_core import API_VERSION
from workforce_core.events import Event
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.amendments import Amendment
from workforce_core.model.audit import AuditEntry
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import CHARGE_FIELDS, PAY_FIELDS, NightBand, RateRule, Rates
from workforce_core.model.reference import CostCode, Location
from workforce_core.rules.exceptions import TimeException
from workforce_core.rules.london import local_text, utc_text
from workforce_core.views import (
    ClockResult,
    DepartmentView,
    EntryView,
    Headcount,
    MeView,
    OnSiteNow,
    OnSiteWorker,
    WorkerView,
)

converter = Converter()


def number(value: Decimal | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() and value.as_tuple().exponent == 0 else float(value)


def twin(name: str, moment: datetime | None) -> dict[str, str | None]:
    """``{name: local, name_utc: UTC}`` for one instant."""
    return {name: local_text(moment), f"{name}_utc": utc_text(moment)}


def day(value: date | None) -> str | None:
    return value.isoformat() if value else None


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
        **twin("created_at", w.created_at),
        **twin("updated_at", w.updated_at),
    }


def hours(minutes: int | None) -> float | None:
    return None if minutes is None else round(minutes / 60, 2)


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
        "locked": False,
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
    }


def decimal_number(value: Decimal | None) -> float | None:
    return float(value) if value is not None else None


def _rate_side(rates: Rates, names: tuple[str, ...]) -> dict[str, float | None]:
    return {
        name: decimal_number(getattr(rates, short.name)) for name, short in zip(names, attrs.fields(Rates), strict=True)
    }


def _band(band: NightBand) -> dict[str, Any]:
    return {
        "start": band.start.strftime("%H:%M:%S"),
        "end": band.end.strftime("%H:%M:%S"),
        **{k: decimal_number(v) for k, v in attrs.asdict(band, recurse=False).items() if k not in ("start", "end")},
    }


def rate_rule_record(rule: RateRule) -> dict[str, Any]:
    """A RateRule with both halves of the money; the HTTP layer drops ``pay`` or ``charge`` by scope."""
    return {
        "id": rule.id,
        "name": rule.name,
        "client_id": rule.client_id,
        "location_id": rule.location_id,
        "job_role": rule.job_role,
        "cost_code_id": rule.cost_code_id,
        "valid_from": day(rule.valid_from),
        "valid_to": day(rule.valid_to),
        "priority": rule.priority,
        "active": rule.active,
        "overtime_threshold": decimal_number(rule.overtime_threshold),
        "overtime_multiplier": decimal_number(rule.overtime_multiplier),
        "overtime_tiers": [
            {k: decimal_number(v) for k, v in attrs.asdict(tier, recurse=False).items()} for tier in rule.overtime_tiers
        ],
        "daily_overtime_threshold": decimal_number(rule.daily_overtime_threshold),
        "daily_overtime_multiplier": decimal_number(rule.daily_overtime_multiplier),
        "weekend_multiplier": decimal_number(rule.weekend_multiplier),
        "sunday_multiplier": decimal_number(rule.sunday_multiplier),
        "bank_holiday_multiplier": decimal_number(rule.bank_holiday_multiplier),
        "guarantee_hours": decimal_number(rule.guarantee_hours),
        "paid_break_minutes": rule.paid_break_minutes,
        "auto_lunch_minutes": rule.auto_lunch_minutes,
        "auto_lunch_after_hours": decimal_number(rule.auto_lunch_after_hours),
        "night_bands": [_band(band) for band in rule.night_bands],
        "pay": _rate_side(rule.pay, PAY_FIELDS),
        "charge": _rate_side(rule.charge, CHARGE_FIELDS),
    }


def pricing_settings_record(settings: ClientSettings) -> dict[str, Any]:
    return {
        "premium_stacking": settings.premium_stacking,
        "premium_day_basis": settings.premium_day_basis,
        "site_overtime_mode": settings.site_overtime_mode,
        "walk_in_policy": settings.walk_in_policy,
        "cancelled_policy": settings.cancelled_policy,
        "multi_shift_priority": settings.multi_shift_priority,
        "pay_week_start_day": settings.pay_week_start_day,
    }


def location_record(site: Location) -> dict[str, Any]:
    return {
        "id": site.id,
        "name": site.name,
        "address": site.address,
        "city": site.city,
        "postcode": site.postcode,
        "capacity": site.capacity,
        "operates_24x7": site.operates_24x7,
        "active": site.active,
        "latitude": decimal_number(site.latitude),
        "longitude": decimal_number(site.longitude),
        "geofence_radius": site.geofence_radius,
        "geofence_mode": site.geofence_mode,
        "kiosk_language": site.kiosk_language,
        "gps_accuracy_threshold": site.gps_accuracy_threshold,
        **twin("created_at", site.created_at),
        "billing_name": site.billing_name,
        "billing_contact": site.billing_contact,
        "billing_email": site.billing_email,
        "po_reference": site.po_reference,
        "pkg_a_account_ref": site.pkg_a_account_ref,
        "pkg_a_department": site.pkg_a_department,
        "nominal_code": site.nominal_code,
    }


def department_record(view: DepartmentView) -> dict[str, Any]:
    d = view.department
    return {
        "id": d.id,
        "name": d.name,
        "description": d.description,
        "location_id": d.location_id,
        "location_name": view.location_name,
        "global": d.is_global,
        "active": d.active,
        **twin("created_at", d.created_at),
    }


def cost_code_record(code: CostCode) -> dict[str, Any]:
    return {
        "id": code.id,
        "code": code.code,
        "description": code.description,
        "global": code.is_global,
        "active": code.active,
        **twin("created_at", code.created_at),
    }


def me_record(view: MeView) -> dict[str, Any]:
    key = view.key
    return {
        "api_key_id": key.id,
        "key_name": key.name,
        "key_prefix": key.key_prefix,
        "kind": "client",
        "client_id": view.client.id,
        "client_ids": [view.client.id],
        "client_name": view.client.name,
        "site_limited": key.site_limited,
        "location_ids": list(key.location_ids) if key.location_ids is not None else None,
        "locations": [{"id": s.id, "name": s.name, "active": s.active} for s in view.locations],
        "scopes": list(key.scopes),
        "effective_scopes": list(view.effective_scopes),
        "legacy": key.legacy,
        "rate_limit_per_minute": key.rate_limit_per_minute,
        "allowed_origins": list(key.allowed_origins),
        **twin("expires_at", key.expires_at),
        **twin("created_at", key.created_at),
        "api_version": API_VERSION,
    }


def key_record(key: ApiKey) -> dict[str, Any]:
    """The console's view of a key (never its secret)."""
    return {
        "id": key.id,
        "client_id": key.client_id,
        "name": key.name,
        "key_prefix": key.key_prefix,
        "scopes": list(key.scopes),
        "legacy": key.legacy,
        "location_ids": list(key.location_ids) if key.location_ids is not None else None,
        "rate_limit_per_minute": key.rate_limit_per_minute,
        "allowed_origins": list(key.allowed_origins),
        "replaces_id": key.replaces_id,
        **twin("expires_at", key.expires_at),
        **twin("revoked_at", key.revoked_at),
        **twin("created_at", key.created_at),
    }


def audit_record(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "client_id": entry.client_id,
        "api_key_id": entry.api_key_id,
        "action": entry.action,
        "entity": entry.entity,
        "entity_id": entry.entity_id,
        "changes": entry.changes,
        **twin("created_at", entry.created_at),
    }


def event_data(event: Event) -> dict[str, Any]:
    """An event's ``data``: the record as the API shows it, plus ``client_id`` and the named extras."""
    record = converter.unstructure(event.record) if event.record is not None else {}
    return {**record, "client_id": event.client_id, **converter.unstructure(event.extra)}


converter.register_unstructure_hook(Decimal, number)
converter.register_unstructure_hook(date, day)
converter.register_unstructure_hook(datetime, utc_text)
converter.register_unstructure_hook(WorkerView, worker_record)
converter.register_unstructure_hook(Location, location_record)
converter.register_unstructure_hook(DepartmentView, department_record)
converter.register_unstructure_hook(CostCode, cost_code_record)
converter.register_unstructure_hook(MeView, me_record)
converter.register_unstructure_hook(ApiKey, key_record)
converter.register_unstructure_hook(AuditEntry, audit_record)
converter.register_unstructure_hook(EntryView, time_entry_record)
converter.register_unstructure_hook(Amendment, amendment_record)
converter.register_unstructure_hook(RateRule, rate_rule_record)
converter.register_unstructure_hook(ClockResult, clock_result_record)
