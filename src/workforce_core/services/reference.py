"""Console use cases for reference data: sites, departments and cost codes."""

from __future__ import annotations

from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory

DEFAULT_GEOFENCE_RADIUS = 200  # metres
DEFAULT_GEOFENCE_MODE = "disabled"


def create_location(command: CreateLocation, *, client_id: int, uow: UnitOfWorkFactory, clock: Clock) -> Location:
    c = command
    location = Location(
        client_id=client_id,
        name=c.name,
        created_at=clock.now(),
        address=c.address,
        city=c.city,
        postcode=c.postcode,
        capacity=c.capacity,
        operates_24x7=c.operates_24x7,
        latitude=c.latitude,
        longitude=c.longitude,
        geofence_radius=c.geofence_radius or DEFAULT_GEOFENCE_RADIUS,
        geofence_mode=c.geofence_mode or DEFAULT_GEOFENCE_MODE,
        kiosk_language=c.kiosk_language,
        gps_accuracy_threshold=c.gps_accuracy_threshold,
        billing_name=c.billing_name,
        billing_contact=c.billing_contact,
        billing_email=c.billing_email,
        po_reference=c.po_reference,
        pkg_a_account_ref=c.pkg_a_account_ref,
        pkg_a_department=c.pkg_a_department,
        nominal_code=c.nominal_code,
    )
    with uow() as tx:
        _require_client(tx, client_id)
        location = tx.locations.add(location)
        tx.commit()
    return location


def create_department(
    command: CreateDepartment, *, client_id: int | None, uow: UnitOfWorkFactory, clock: Clock
) -> Department:
    """A department of one client, or a global one (``client_id`` None) shared by every client."""
    with uow() as tx:
        if client_id is not None:
            _require_client(tx, client_id)
        if command.location_id is not None:
            site = tx.locations.get(command.location_id)
            if site is None or client_id is None or site.client_id != client_id:
                raise ValidationFailed("location", "the department's site must be a site of its client.")
        department = tx.departments.add(
            Department(
                client_id=client_id,
                name=command.name,
                created_at=clock.now(),
                description=command.description,
                location_id=command.location_id,
            )
        )
        tx.commit()
    return department


def create_cost_code(
    command: CreateCostCode, *, client_id: int | None, uow: UnitOfWorkFactory, clock: Clock
) -> CostCode:
    """A cost code of one client, or a global one (``client_id`` None)."""
    with uow() as tx:
        if client_id is not None:
            _require_client(tx, client_id)
        cost_code = tx.cost_codes.add(
            CostCode(client_id=client_id, code=command.code, created_at=clock.now(), description=command.description)
        )
        tx.commit()
    return cost_code


def _require_client(tx: UnitOfWork, client_id: int) -> None:
    if tx.clients.get(client_id) is None:
        raise NotFound(f"client {client_id} not found")
