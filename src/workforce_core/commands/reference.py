"""Reference data: a new site (the spec's Location fields), department or cost code, as the console
makes them."""

from __future__ import annotations

from decimal import Decimal

from attrs import frozen

from workforce_core.commands.inputs import Choice, Flag, Id, Number, Text, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.reference import GEOFENCE_MODES, LANGUAGES
from workforce_core.rules import text

ADDRESS = Text(text.single_line, 255)  # an address line or a billing field


@frozen(kw_only=True)
class CreateLocation:
    """A new site. ``latitude`` and ``longitude`` come together; left out, ``geofence_radius`` is 200
    metres and ``geofence_mode`` ``disabled``."""

    name: str = needed(Text(text.name, 150, required=True))
    latitude: Decimal | None = given(Number(low=Decimal(-90), high=Decimal(90), what="within ±90"))
    longitude: Decimal | None = given(Number(low=Decimal(-180), high=Decimal(180), what="within ±180"))
    address: str | None = given(ADDRESS)
    city: str | None = given(ADDRESS)
    postcode: str | None = given(ADDRESS)
    billing_name: str | None = given(ADDRESS)
    billing_contact: str | None = given(ADDRESS)
    billing_email: str | None = given(ADDRESS)
    po_reference: str | None = given(ADDRESS)
    pkg_a_account_ref: str | None = given(ADDRESS)
    pkg_a_department: str | None = given(ADDRESS)
    nominal_code: str | None = given(ADDRESS)
    geofence_radius: int | None = given(Whole(low=10, high=100_000))
    geofence_mode: str | None = given(Choice(GEOFENCE_MODES))
    gps_accuracy_threshold: int | None = given(Whole(low=1, high=100_000))
    capacity: int | None = given(Whole(low=1, high=1_000_000))
    kiosk_language: str | None = given(Choice(LANGUAGES))
    operates_24x7: bool = given(Flag(), False)

    def __attrs_post_init__(self) -> None:
        if (self.latitude is None) != (self.longitude is None):
            field = "longitude" if self.longitude is None else "latitude"
            raise ValidationFailed(field, "give both latitude and longitude.")


@frozen(kw_only=True)
class CreateDepartment:
    """A department; ``location_id``: its site (a site of its client), else it serves every site."""

    name: str = needed(Text(text.name, 100, required=True))
    description: str | None = given(Text(text.free_text, 255))
    location_id: int | None = given(Id())


@frozen(kw_only=True)
class CreateCostCode:
    code: str = needed(Text(text.name, 50, required=True))
    description: str | None = given(Text(text.free_text, 255))
