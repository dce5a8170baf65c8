"""Console use cases for reference data: sites, departments and cost codes."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

import attrs

from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.reference import (
    BILLING_FIELDS,
    GEOFENCE_MODES,
    LANGUAGES,
    CostCode,
    Department,
    Location,
)
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import fields, text


def _coordinate(raw: Mapping[str, Any], name: str, bound: int) -> Decimal | None:
    value = raw.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValidationFailed(name, f"{name} must be a number.")
    number = Decimal(str(value))
    if not number.is_finite() or not -bound <= number <= bound:
        raise ValidationFailed(name, f"{name} must be within ±{bound}.")
    return number


def _whole(raw: Mapping[str, Any], name: str, low: int, high: int) -> int | None:
    value = raw.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationFailed(name, f"{name} must be a whole number from {low} to {high}.")
    return value


def create_location(client_id: int, raw: Mapping[str, Any], *, uow: UnitOfWorkFactory, clock: Clock) -> Location:
    name = fields.text(raw, "name", kind=text.name, max_length=150, required=True)
    assert name is not None
    latitude = _coordinate(raw, "latitude", 90)
    longitude = _coordinate(raw, "longitude", 180)
    if (latitude is None) != (longitude is None):
        raise ValidationFailed("longitude" if longitude is None else "latitude", "give both latitude and longitude.")
    texts: dict[str, Any] = {
        n: fields.text(raw, n, kind=text.single_line, max_length=255)
        for n in ("address", "city", "postcode", *BILLING_FIELDS)
    }
    location = Location(
        client_id=client_id,
        name=name,
        created_at=clock.now(),
        latitude=latitude,
        longitude=longitude,
        geofence_radius=_whole(raw, "geofence_radius", 10, 100_000) or 200,
        geofence_mode=fields.choice(raw, "geofence_mode", GEOFENCE_MODES) or "disabled",
        gps_accuracy_threshold=_whole(raw, "gps_accuracy_threshold", 1, 100_000),
        capacity=_whole(raw, "capacity", 1, 1_000_000),
        kiosk_language=fields.choice(raw, "kiosk_language", LANGUAGES),
        operates_24x7=bool(raw.get("operates_24x7", False)),
    )
    location = attrs.evolve(location, **texts)
    with uow() as tx:
        _require_client(tx, client_id)
        location = tx.locations.add(location)
        tx.commit()
    return location


def create_department(
    client_id: int | None,
    name: str,
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    location_id: int | None = None,
    description: str | None = None,
) -> Department:
    """A department of one client, or a global one (``client_id`` None) shared by every client."""
    raw = {"name": name, "description": description}
    clean_name = fields.text(raw, "name", kind=text.name, max_length=100, required=True)
    assert clean_name is not None
    with uow() as tx:
        if client_id is not None:
            _require_client(tx, client_id)
        if location_id is not None:
            site = tx.locations.get(location_id)
            if site is None or client_id is None or site.client_id != client_id:
                raise ValidationFailed("location", "the department's site must be a site of its client.")
        department = tx.departments.add(
            Department(
                client_id=client_id,
                name=clean_name,
                created_at=clock.now(),
                description=fields.text(raw, "description", kind=text.free_text, max_length=255),
                location_id=location_id,
            )
        )
        tx.commit()
    return department


def create_cost_code(
    client_id: int | None, code: str, *, uow: UnitOfWorkFactory, clock: Clock, description: str | None = None
) -> CostCode:
    raw = {"code": code, "description": description}
    clean_code = fields.text(raw, "code", kind=text.name, max_length=50, required=True)
    assert clean_code is not None
    with uow() as tx:
        if client_id is not None:
            _require_client(tx, client_id)
        cost_code = tx.cost_codes.add(
            CostCode(
                client_id=client_id,
                code=clean_code,
                created_at=clock.now(),
                description=fields.text(raw, "description", kind=text.free_text, max_length=255),
            )
        )
        tx.commit()
    return cost_code


def _require_client(tx: UnitOfWork, client_id: int) -> None:
    if tx.clients.get(client_id) is None:
        raise NotFound(f"client {client_id} not found")
