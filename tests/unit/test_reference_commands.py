"""Sites, departments and cost codes as commands (commands/reference.py) read by the one converter, and made by
their use cases on the memory adapter: the ranges, words and defaults the console has always had."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest

from tests.clocks import FakeClock
from workforce_adapters.json import event_codec
from workforce_adapters.json.commands import structure
from workforce_adapters.memory import MemoryStore, MemoryUnitOfWorkFactory
from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.accounts import ClientAccount
from workforce_core.services import reference


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        ({"name": ""}, "name", "name is required and cannot be blank."),
        ({"name": "S", "latitude": 53.1}, "longitude", "give both latitude and longitude."),
        ({"name": "S", "longitude": -1.5}, "latitude", "give both latitude and longitude."),
        ({"name": "S", "latitude": 91, "longitude": 0}, "latitude", "latitude must be within ±90."),
        ({"name": "S", "latitude": 0, "longitude": -180.5}, "longitude", "longitude must be within ±180."),
        ({"name": "S", "latitude": "53", "longitude": 0}, "latitude", "latitude must be a number."),
        (
            {"name": "S", "geofence_radius": 5},
            "geofence_radius",
            "geofence_radius must be a whole number from 10 to 100000.",
        ),
        ({"name": "S", "capacity": 0}, "capacity", "capacity must be a whole number from 1 to 1000000."),
        ({"name": "S", "gps_accuracy_threshold": 1.5}, "gps_accuracy_threshold", None),
        (
            {"name": "S", "geofence_mode": "loose"},
            "geofence_mode",
            "geofence_mode must be one of disabled, warning, strict.",
        ),
        ({"name": "S", "kiosk_language": "de"}, "kiosk_language", "kiosk_language must be one of en, pl, ro, lt."),
        ({"name": "S", "postcode": "LS1\n1AA"}, "postcode", None),
        ({"name": "S", "billing_name": "x" * 256}, "billing_name", "billing_name must be at most 255 characters."),
        ({"name": "S", "operates_24x7": "yes"}, "operates_24x7", "operates_24x7 must be true or false."),
    ],
    ids=repr,
)
def test_a_bad_site_value_is_refused_naming_its_field(raw: dict[str, Any], field: str, message: str | None) -> None:
    with pytest.raises(ValidationFailed) as refused:
        structure(CreateLocation, raw)
    assert refused.value.extra == {"field": field}
    if message is not None:
        assert refused.value.message == message


class Reference:
    def __init__(self) -> None:
        self.clock = FakeClock(datetime(2026, 5, 1, 9, 0, tzinfo=UTC))
        self.uow = MemoryUnitOfWorkFactory(MemoryStore(), event_codec=event_codec)
        with self.uow() as tx:
            self.client = tx.clients.add(ClientAccount(name="Acme", created_at=self.clock.now()))
            self.other = tx.clients.add(ClientAccount(name="Other", created_at=self.clock.now()))
            tx.commit()

    def site(self, client_id: int, **raw: Any) -> Any:
        command = structure(CreateLocation, {"name": "Depot", **raw})
        return reference.create_location(command, client_id=client_id, uow=self.uow, clock=self.clock)


@pytest.fixture
def ref() -> Reference:
    return Reference()


def test_a_site_takes_what_was_sent_and_the_defaults_for_the_rest(ref: Reference) -> None:
    site = ref.site(ref.client.id, latitude=53.78, longitude=Decimal("-1.55"), city=" Leeds ", geofence_radius=None)
    assert (site.latitude, site.longitude, site.city) == (Decimal("53.78"), Decimal("-1.55"), "Leeds")
    assert (site.geofence_radius, site.geofence_mode, site.operates_24x7, site.active) == (200, "disabled", False, True)
    assert site.created_at == ref.clock.now()
    with ref.uow() as tx:
        assert tx.locations.get(site.id) == site


def test_a_site_of_an_unknown_client_is_not_found(ref: Reference) -> None:
    with pytest.raises(NotFound):
        ref.site(999)


def test_a_department_of_a_client_at_one_of_its_sites_and_a_global_one(ref: Reference) -> None:
    site = ref.site(ref.client.id)
    command = structure(CreateDepartment, {"name": " Picking ", "location_id": site.id, "description": "Two\nlines"})
    own = reference.create_department(command, client_id=ref.client.id, uow=ref.uow, clock=ref.clock)
    assert (own.client_id, own.name, own.location_id, own.description) == (
        ref.client.id,
        "Picking",
        site.id,
        "Two\nlines",
    )
    shared = reference.create_department(CreateDepartment(name="Pool"), client_id=None, uow=ref.uow, clock=ref.clock)
    assert shared.is_global


@pytest.mark.parametrize("owner", ["other", "global"])
def test_a_departments_site_must_be_a_site_of_its_client(ref: Reference, owner: str) -> None:
    site = ref.site(ref.client.id)
    client_id = ref.other.id if owner == "other" else None
    with pytest.raises(ValidationFailed) as refused:
        reference.create_department(
            CreateDepartment(name="D", location_id=site.id), client_id=client_id, uow=ref.uow, clock=ref.clock
        )
    assert refused.value.extra == {"field": "location"}


@pytest.mark.parametrize(
    ("command", "raw", "field"),
    [
        (CreateDepartment, {"name": "x" * 101}, "name"),
        (CreateDepartment, {"name": "D", "description": "\x00"}, "description"),
        (CreateDepartment, {"name": "D", "location_id": -1}, "location_id"),
        (CreateCostCode, {"code": "CC\u202e1"}, "code"),
        (CreateCostCode, {"code": "x" * 51}, "code"),
        (CreateCostCode, {"description": "Labour"}, "code"),
    ],
    ids=repr,
)
def test_a_bad_department_or_cost_code_is_refused_naming_its_field(
    command: type[Any], raw: dict[str, Any], field: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        structure(command, raw)
    assert refused.value.extra == {"field": field}


def test_a_cost_code_of_a_client_and_a_global_one(ref: Reference) -> None:
    command = structure(CreateCostCode, {"code": "CC-100", "description": "Labour"})
    own = reference.create_cost_code(command, client_id=ref.client.id, uow=ref.uow, clock=ref.clock)
    assert (own.client_id, own.code, own.description) == (ref.client.id, "CC-100", "Labour")
    shared = reference.create_cost_code(CreateCostCode(code="GEN"), client_id=None, uow=ref.uow, clock=ref.clock)
    assert shared.is_global
    with pytest.raises(NotFound):
        reference.create_cost_code(CreateCostCode(code="X"), client_id=999, uow=ref.uow, clock=ref.clock)
