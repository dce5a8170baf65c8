"""GET /locations.php, /departments.php and /cost-codes.php: own (and global) reference data."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import Table, update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, ids, path
from workforce_adapters.sql import tables
from workforce_core.commands.reference import CreateCostCode, CreateDepartment
from workforce_core.services import reference

BILLING = {
    "billing_name": "Northern Goods Ltd",
    "billing_contact": "Accounts Payable",
    "billing_email": "ap@northern.example",
    "po_reference": "PO-4411",
    "pkg_a_account_ref": "NGL001",
    "pkg_a_department": "WH",
    "nominal_code": "4000",
}


def _deactivate(world: World, table: Table, record_id: int) -> None:
    with world.services.engine.begin() as connection:
        connection.execute(update(table).where(table.c.id == record_id).values(active=False))


@pytest.fixture
def client_id(world: World) -> int:
    return world.account("Acme Staffing").id


@pytest.fixture
def other_id(world: World) -> int:
    return world.account("Other Ltd").id


# ---- locations -------------------------------------------------------------------------------------------


def test_a_location_shows_every_field_and_its_billing_fields_with_charges_read(
    api: TestClient, world: World, client_id: int, clock: FakeClock
) -> None:
    clock.set(datetime(2030, 8, 1, 6, 15, tzinfo=UTC))
    site = world.site(
        client_id,
        "North Warehouse",
        address="1 Dock Road",
        city="Leeds",
        postcode="LS11 5AA",
        capacity=120,
        operates_24x7=True,
        latitude=Decimal("53.78"),
        longitude=Decimal("-1.55"),
        geofence_radius=250,
        geofence_mode="strict",
        kiosk_language="pl",
        gps_accuracy_threshold=50,
        **BILLING,
    )
    headers = world.key(client_id, ("locations:read", "charges:read"))
    shown = data(api.get(path("locations"), headers=headers, params={"id": site.id}))
    assert shown == {
        "id": site.id,
        "name": "North Warehouse",
        "address": "1 Dock Road",
        "city": "Leeds",
        "postcode": "LS11 5AA",
        "capacity": 120,
        "operates_24x7": True,
        "active": True,
        "latitude": 53.78,
        "longitude": -1.55,
        "geofence_radius": 250,
        "geofence_mode": "strict",
        "kiosk_language": "pl",
        "gps_accuracy_threshold": 50,
        "created_at": "2030-08-01 07:15:00",
        "created_at_utc": "2030-08-01T06:15:00Z",
        **BILLING,
    }
    assert data(api.get(path("locations"), headers=headers))[0] == shown


def test_location_billing_fields_are_left_out_without_charges_read(
    api: TestClient, world: World, client_id: int
) -> None:
    site = world.site(client_id, "North", **BILLING)
    headers = world.key(client_id, ("locations:read", "pay:read", "payroll:read"))
    for shown in (
        data(api.get(path("locations"), headers=headers, params={"id": site.id})),
        data(api.get(path("locations"), headers=headers))[0],
    ):
        assert not set(BILLING) & set(shown)
        assert shown["name"] == "North"


def test_a_new_location_has_the_documented_defaults(api: TestClient, world: World, client_id: int) -> None:
    site = world.site(client_id, "Plain")
    shown = data(api.get(path("locations"), headers=world.key(client_id, ("locations:read",)), params={"id": site.id}))
    assert shown["geofence_radius"] == 200
    assert shown["geofence_mode"] == "disabled"
    assert shown["operates_24x7"] is False
    assert shown["active"] is True
    for name in ("address", "city", "postcode", "capacity", "latitude", "longitude", "kiosk_language"):
        assert shown[name] is None
    assert shown["gps_accuracy_threshold"] is None


def test_locations_are_the_clients_own_by_name_then_id(
    api: TestClient, world: World, client_id: int, other_id: int
) -> None:
    zulu = world.site(client_id, "Zulu")
    alpha = world.site(client_id, "Alpha")
    alpha_again = world.site(client_id, "Alpha")
    world.site(other_id, "Aardvark")
    reply = api.get(path("locations"), headers=world.key(client_id, ("locations:read",)))
    assert ids(reply) == [alpha.id, alpha_again.id, zulu.id]
    assert reply.json()["pagination"] == {"total": 3, "limit": 50, "offset": 0, "has_more": False}


def test_another_clients_or_an_absent_location_answers_not_found(
    api: TestClient, world: World, client_id: int, other_id: int
) -> None:
    theirs = world.site(other_id, "Theirs")
    headers = world.key(client_id, ("locations:read",))
    assert_error(api.get(path("locations"), headers=headers, params={"id": theirs.id}), 404, "not_found")
    assert_error(api.get(path("locations"), headers=headers, params={"id": 777_777}), 404, "not_found")


def test_the_active_filter_on_locations(api: TestClient, world: World, client_id: int) -> None:
    open_site = world.site(client_id, "Open")
    closed = world.site(client_id, "Closed")
    _deactivate(world, tables.locations, closed.id)
    headers = world.key(client_id, ("locations:read",))
    assert ids(api.get(path("locations"), headers=headers, params={"active": "true"})) == [open_site.id]
    assert ids(api.get(path("locations"), headers=headers, params={"active": "FALSE"})) == [closed.id]
    assert ids(api.get(path("locations"), headers=headers)) == [closed.id, open_site.id]
    assert data(api.get(path("locations"), headers=headers, params={"id": closed.id}))["active"] is False


def test_a_site_limited_key_sees_only_its_locations(api: TestClient, world: World, client_id: int) -> None:
    a = world.site(client_id, "A")
    b = world.site(client_id, "B")
    c = world.site(client_id, "C")
    headers = world.key(client_id, ("locations:read",), location_ids=(a.id, c.id))
    assert ids(api.get(path("locations"), headers=headers)) == [a.id, c.id]
    assert_error(api.get(path("locations"), headers=headers, params={"id": b.id}), 404, "not_found")
    assert data(api.get(path("locations"), headers=headers, params={"id": c.id}))["name"] == "C"


@pytest.mark.parametrize(
    ("params", "parameter"),
    [({"id": "abc"}, "id"), ({"id": "-2"}, "id"), ({"active": "maybe"}, "active"), ({"limit": "500"}, "limit")],
    ids=repr,
)
def test_a_malformed_location_parameter_answers_invalid_parameter(
    api: TestClient, world: World, client_id: int, params: dict[str, str], parameter: str
) -> None:
    reply = api.get(path("locations"), headers=world.key(client_id, ("locations:read",)), params=params)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


# ---- departments -----------------------------------------------------------------------------------------


@pytest.fixture
def departments(world: World, client_id: int, other_id: int) -> dict[str, Any]:
    """Sites A and B; departments at A, at B, with no site, a global one, and one of another client."""
    a = world.site(client_id, "Site A")
    b = world.site(client_id, "Site B")
    return {
        "a": a,
        "b": b,
        "at_a": world.department(client_id, "Packing", location_id=a.id).id,
        "at_b": world.department(client_id, "Loading", location_id=b.id).id,
        "anywhere": world.department(client_id, "Cleaning").id,
        "global": world.department(None, "Agency Pool").id,
        "theirs": world.department(other_id, "Admin").id,
    }


def test_departments_are_own_plus_global_by_name_then_id(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any]
) -> None:
    reply = api.get(path("departments"), headers=world.key(client_id, ("departments:read",)))
    d = departments
    assert ids(reply) == [d["global"], d["anywhere"], d["at_b"], d["at_a"]]
    assert reply.json()["pagination"]["total"] == 4


def test_a_department_shows_its_fields(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any], clock: FakeClock
) -> None:
    clock.set(datetime(2030, 12, 24, 18, 0, 1, tzinfo=UTC))
    made = reference.create_department(
        CreateDepartment(name="Night Shift", location_id=departments["a"].id, description="Nights only"),
        client_id=client_id,
        uow=world.uow,
        clock=world.clock,
    )
    headers = world.key(client_id, ("departments:read",))
    assert data(api.get(path("departments"), headers=headers, params={"id": made.id})) == {
        "id": made.id,
        "name": "Night Shift",
        "description": "Nights only",
        "location_id": departments["a"].id,
        "location_name": "Site A",
        "global": False,
        "active": True,
        "created_at": "2030-12-24 18:00:01",
        "created_at_utc": "2030-12-24T18:00:01Z",
    }
    shared = data(api.get(path("departments"), headers=headers, params={"id": departments["global"]}))
    assert (shared["global"], shared["location_id"], shared["location_name"]) == (True, None, None)


def test_another_clients_department_answers_not_found(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any]
) -> None:
    headers = world.key(client_id, ("departments:read",))
    assert_error(api.get(path("departments"), headers=headers, params={"id": departments["theirs"]}), 404, "not_found")


def test_the_site_filter_gives_that_sites_departments_and_those_with_no_site(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any]
) -> None:
    d = departments
    reply = api.get(
        path("departments"), headers=world.key(client_id, ("departments:read",)), params={"location_id": d["a"].id}
    )
    assert ids(reply) == [d["global"], d["anywhere"], d["at_a"]]


def test_a_department_site_filter_of_another_client_answers_location_not_found(
    api: TestClient, world: World, client_id: int, other_id: int, departments: dict[str, Any]
) -> None:
    theirs = world.site(other_id, "Their Site")
    headers = world.key(client_id, ("departments:read",))
    for location_id in (theirs.id, 313_131):
        reply = api.get(path("departments"), headers=headers, params={"location_id": location_id})
        assert_error(reply, 404, "location_not_found", parameter="location_id")


def test_a_site_limited_key_sees_departments_of_its_sites_and_those_with_no_site(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any]
) -> None:
    d = departments
    headers = world.key(client_id, ("departments:read",), location_ids=(d["a"].id,))
    assert ids(api.get(path("departments"), headers=headers)) == [d["global"], d["anywhere"], d["at_a"]]
    assert_error(api.get(path("departments"), headers=headers, params={"id": d["at_b"]}), 404, "not_found")
    reply = api.get(path("departments"), headers=headers, params={"location_id": d["b"].id})
    assert_error(reply, 403, "location_not_allowed", parameter="location_id")


def test_the_active_filter_on_departments(
    api: TestClient, world: World, client_id: int, departments: dict[str, Any]
) -> None:
    d = departments
    _deactivate(world, tables.departments, d["anywhere"])
    headers = world.key(client_id, ("departments:read",))
    assert ids(api.get(path("departments"), headers=headers, params={"active": "0"})) == [d["anywhere"]]
    assert ids(api.get(path("departments"), headers=headers, params={"active": "1"})) == [
        d["global"],
        d["at_b"],
        d["at_a"],
    ]


@pytest.mark.parametrize(
    ("params", "parameter"),
    [({"location_id": "abc"}, "location_id"), ({"location_id": "0"}, "location_id"), ({"id": "1e3"}, "id")],
    ids=repr,
)
def test_a_malformed_department_parameter_answers_invalid_parameter(
    api: TestClient, world: World, client_id: int, params: dict[str, str], parameter: str
) -> None:
    reply = api.get(path("departments"), headers=world.key(client_id, ("departments:read",)), params=params)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


# ---- cost codes ------------------------------------------------------------------------------------------


def test_cost_codes_are_own_plus_global_by_code_then_id(
    api: TestClient, world: World, client_id: int, other_id: int
) -> None:
    b200 = world.cost_code(client_id, "B-200")
    a100 = world.cost_code(client_id, "A-100")
    shared = world.cost_code(None, "GEN")
    again = world.cost_code(client_id, "A-100")
    world.cost_code(other_id, "A-000")
    reply = api.get(path("cost-codes"), headers=world.key(client_id, ("cost_codes:read",)))
    assert ids(reply) == [a100.id, again.id, b200.id, shared.id]
    assert reply.json()["pagination"] == {"total": 4, "limit": 50, "offset": 0, "has_more": False}


def test_a_cost_code_shows_its_fields(api: TestClient, world: World, client_id: int, clock: FakeClock) -> None:
    clock.set(datetime(2030, 1, 2, 3, 4, 5, tzinfo=UTC))
    code = reference.create_cost_code(
        CreateCostCode(code="CC-100", description="Warehouse labour"),
        client_id=client_id,
        uow=world.uow,
        clock=world.clock,
    )
    shared = world.cost_code(None, "GEN")
    headers = world.key(client_id, ("cost_codes:read",))
    assert data(api.get(path("cost-codes"), headers=headers, params={"id": code.id})) == {
        "id": code.id,
        "code": "CC-100",
        "description": "Warehouse labour",
        "global": False,
        "active": True,
        "created_at": "2030-01-02 03:04:05",
        "created_at_utc": "2030-01-02T03:04:05Z",
    }
    assert data(api.get(path("cost-codes"), headers=headers, params={"id": shared.id}))["global"] is True


def test_another_clients_cost_code_answers_not_found(
    api: TestClient, world: World, client_id: int, other_id: int
) -> None:
    theirs = world.cost_code(other_id, "THEIRS")
    headers = world.key(client_id, ("cost_codes:read",))
    assert_error(api.get(path("cost-codes"), headers=headers, params={"id": theirs.id}), 404, "not_found")


def test_the_active_filter_on_cost_codes(api: TestClient, world: World, client_id: int) -> None:
    live = world.cost_code(client_id, "LIVE")
    retired = world.cost_code(client_id, "OLD")
    _deactivate(world, tables.cost_codes, retired.id)
    headers = world.key(client_id, ("cost_codes:read",))
    assert ids(api.get(path("cost-codes"), headers=headers, params={"active": "false"})) == [retired.id]
    assert ids(api.get(path("cost-codes"), headers=headers, params={"active": "True"})) == [live.id]


def test_a_site_limited_key_sees_every_cost_code(api: TestClient, world: World, client_id: int) -> None:
    site = world.site(client_id)
    code = world.cost_code(client_id, "CC-1")
    shared = world.cost_code(None, "GEN")
    headers = world.key(client_id, ("cost_codes:read",), location_ids=(site.id,))
    assert ids(api.get(path("cost-codes"), headers=headers)) == [code.id, shared.id]


@pytest.mark.parametrize(
    ("params", "parameter"),
    [({"id": "x"}, "id"), ({"active": "on"}, "active"), ({"offset": "abc"}, "offset")],
    ids=repr,
)
def test_a_malformed_cost_code_parameter_answers_invalid_parameter(
    api: TestClient, world: World, client_id: int, params: dict[str, str], parameter: str
) -> None:
    reply = api.get(path("cost-codes"), headers=world.key(client_id, ("cost_codes:read",)), params=params)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)
