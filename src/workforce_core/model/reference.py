"""Reference data: sites (locations), departments and cost codes."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from attrs import define

GEOFENCE_MODES: tuple[str, ...] = ("disabled", "warning", "strict")
LANGUAGES: tuple[str, ...] = ("en", "pl", "ro", "lt")
BILLING_FIELDS: tuple[str, ...] = (
    "billing_name",
    "billing_contact",
    "billing_email",
    "po_reference",
    "pkg_a_account_ref",
    "pkg_a_department",
    "nominal_code",
)


@define
class Location:
    client_id: int
    name: str
    created_at: datetime
    address: str | None = None
    city: str | None = None
    postcode: str | None = None
    capacity: int | None = None
    operates_24x7: bool = False
    active: bool = True
    latitude: Decimal | None = None
    longitude: Decimal | None = None
    geofence_radius: int = 200
    geofence_mode: str = "disabled"
    kiosk_language: str | None = None
    gps_accuracy_threshold: int | None = None
    billing_name: str | None = None
    billing_contact: str | None = None
    billing_email: str | None = None
    po_reference: str | None = None
    pkg_a_account_ref: str | None = None
    pkg_a_department: str | None = None
    nominal_code: str | None = None
    id: int = 0


@define
class Department:
    """``client_id`` None: a global department, shared by every client."""

    client_id: int | None
    name: str
    created_at: datetime
    description: str | None = None
    location_id: int | None = None
    active: bool = True
    id: int = 0

    @property
    def is_global(self) -> bool:
        return self.client_id is None


@define
class CostCode:
    client_id: int | None
    code: str
    created_at: datetime
    description: str | None = None
    active: bool = True
    id: int = 0

    @property
    def is_global(self) -> bool:
        return self.client_id is None
