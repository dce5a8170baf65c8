"""``workforce location|department|cost-code create``: reference data."""

from __future__ import annotations

from enum import StrEnum

import typer

from workforce_adapters.json import cost_code_record, department_record, location_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.errors import ValidationFailed
from workforce_core.services import reference
from workforce_core.views import DepartmentView
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

locations = typer.Typer(help="Sites (locations).", no_args_is_help=True)
departments = typer.Typer(help="Departments (own or global).", no_args_is_help=True)
cost_codes = typer.Typer(help="Cost codes (own or global).", no_args_is_help=True)


class GeofenceMode(StrEnum):
    disabled = "disabled"
    warning = "warning"
    strict = "strict"


@locations.command("create")
@command
def create_location(
    ctx: typer.Context,
    client: int = typer.Option(...),
    name: str = typer.Option(...),
    latitude: float | None = typer.Option(None),
    longitude: float | None = typer.Option(None),
    geofence_radius: int | None = typer.Option(None, help="Metres (default 200)."),
    geofence_mode: GeofenceMode = typer.Option(GeofenceMode.disabled),
    gps_accuracy_threshold: int | None = typer.Option(None, help="Metres; a worse fix is flagged."),
    capacity: int | None = typer.Option(None),
    kiosk_language: str | None = typer.Option(None, help="en, pl, ro or lt."),
    address: str | None = typer.Option(None),
    city: str | None = typer.Option(None),
    postcode: str | None = typer.Option(None),
    operates_24x7: bool = typer.Option(False, "--operates-24x7"),
    billing_name: str | None = typer.Option(None),
    billing_contact: str | None = typer.Option(None),
    billing_email: str | None = typer.Option(None),
    po_reference: str | None = typer.Option(None),
    pkg_a_account_ref: str | None = typer.Option(None),
    pkg_a_department: str | None = typer.Option(None),
    nominal_code: str | None = typer.Option(None),
) -> None:
    """A new site."""
    s = services(ctx)
    raw = {k: v for k, v in locals().items() if k not in ("ctx", "s", "client")}
    raw["geofence_mode"] = geofence_mode.value
    site = s.run(reference.create_location, structure(CreateLocation, raw), client_id=client)
    emit(location_record(site))


@departments.command("create")
@command
def create_department(
    ctx: typer.Context,
    name: str = typer.Option(...),
    client: int | None = typer.Option(None, help="The owning client."),
    global_: bool = typer.Option(False, "--global", help="Shared by every client."),
    location: int | None = typer.Option(None, help="The department's site (else every site)."),
    description: str | None = typer.Option(None),
) -> None:
    """A department of one client (--client ID) or a global one (--global)."""
    if (client is None) == (not global_):
        raise ValidationFailed("client", "give exactly one of --client ID or --global.")
    s = services(ctx)
    raw = {"name": name, "location_id": location, "description": description}
    department = s.run(reference.create_department, structure(CreateDepartment, raw), client_id=client)
    emit(department_record(DepartmentView(department)))


@cost_codes.command("create")
@command
def create_cost_code(
    ctx: typer.Context,
    code: str = typer.Option(...),
    client: int | None = typer.Option(None),
    global_: bool = typer.Option(False, "--global"),
    description: str | None = typer.Option(None),
) -> None:
    """A cost code of one client (--client ID) or a global one (--global)."""
    if (client is None) == (not global_):
        raise ValidationFailed("client", "give exactly one of --client ID or --global.")
    s = services(ctx)
    raw = {"code": code, "description": description}
    made = s.run(reference.create_cost_code, structure(CreateCostCode, raw), client_id=client)
    emit(cost_code_record(made))
