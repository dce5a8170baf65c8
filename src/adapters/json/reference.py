"""Sites, departments and cost codes."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import decimal_number, twin
from workforce_core.model.reference import CostCode, Location
from workforce_core.views import (
    DepartmentView,
)


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
