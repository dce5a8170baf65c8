"""/workers.php: create (POST), list or one (GET), change (PUT), with every rule and validation of the spec."""

from __future__ import annotations

import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import WORKER_FIELDS, assert_error, data, ids, path, post_worker, put_worker
from workforce_adapters.sql import tables
from workforce_core.services import workers as worker_use_cases
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services

EVERYTHING = ("workers:write", "rates:write", "pay:read", "charges:read")


@pytest.fixture
def client_id(world: World) -> int:
    return world.account("Acme Staffing").id


@pytest.fixture
def full(world: World, client_id: int) -> dict[str, str]:
    """A key with every scope a worker needs."""
    return world.key(client_id, EVERYTHING, rate_limit_per_minute=600)


# ---- POST: creating ----------------------------------------------------------------------------------


def test_creating_a_worker_with_only_a_name_answers_201_with_the_whole_record(
    api: TestClient, world: World, client_id: int, full: dict[str, str], clock: FakeClock
) -> None:
    clock.set(datetime(2030, 5, 4, 7, 8, 9, tzinfo=UTC))
    reply = post_worker(api, full, name="Ann Worker")
    assert reply.status_code == 201
    body = reply.json()
    assert body["message"]
    worker = body["data"]
    assert WORKER_FIELDS | {"hourly_rate", "charge_rate"} <= set(worker)
    assert worker["name"] == "Ann Worker"
    assert worker["employee_id"] == "W00001"
    assert worker["status"] == "active"
    assert worker["active"] is True
    assert worker["dormant"] is False
    assert worker["dormant_since"] is None
    assert worker["dormant_since_utc"] is None
    assert worker["has_face"] is False
    assert worker["has_pin"] is False
    for name in ("location_id", "location_name", "department_id", "department_name", "cost_code_id", "cost_code"):
        assert worker[name] is None
    for name in ("email", "phone", "job_role", "hourly_rate", "charge_rate", "start_date", "end_date", "leave_reason"):
        assert worker[name] is None
    assert worker["preferred_language"] is None
    assert worker["created_at"] == "2030-05-04 08:08:09"
    assert worker["created_at_utc"] == "2030-05-04T07:08:09Z"
    assert worker["updated_at_utc"] == "2030-05-04T07:08:09Z"
    stored = data(api.get(path("workers"), headers=full, params={"id": worker["id"]}))
    assert stored == worker


def test_creating_a_worker_with_every_field_stores_each_one(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    site = world.site(client_id, "North Warehouse")
    department = world.department(client_id, "Picking", location_id=site.id)
    cost_code = world.cost_code(client_id, "CC-100")
    body = {
        "name": "Zoë Łukasiewicz-Ó'Brien",
        "employee_id": "NW_0042-b",
        "email": "zoe@example.com",
        "phone": "+44 7700 900123",
        "job_role": "Forklift driver",
        "location_id": site.id,
        "department_id": department.id,
        "cost_code_id": cost_code.id,
        "start_date": "2030-01-06",
        "end_date": "2030-12-31",
        "preferred_language": "pl",
        "hourly_rate": 12.6,
        "charge_rate": 17.95,
    }
    worker = data(api.post(path("workers"), headers=full, json=body), 201)
    assert {k: worker[k] for k in body} == body
    assert worker["location_name"] == "North Warehouse"
    assert worker["department_name"] == "Picking"
    assert worker["cost_code"] == "CC-100"
    assert data(api.get(path("workers"), headers=full, params={"id": worker["id"]})) == worker


def test_global_departments_and_cost_codes_can_be_given(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    department = world.department(None, "Agency Pool")
    cost_code = world.cost_code(None, "GEN")
    worker = data(post_worker(api, full, department_id=department.id, cost_code_id=cost_code.id), 201)
    assert (worker["department_name"], worker["cost_code"]) == ("Agency Pool", "GEN")


def test_generated_employee_ids_count_up_per_client_and_skip_taken_ones(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    assert data(post_worker(api, full, employee_id="W00002"), 201)["employee_id"] == "W00002"
    assert data(post_worker(api, full, name="B"), 201)["employee_id"] == "W00001"
    assert data(post_worker(api, full, name="C"), 201)["employee_id"] == "W00003"
    assert data(post_worker(api, full, name="D", employee_id="w00004"), 201)["employee_id"] == "w00004"
    assert data(post_worker(api, full, name="E"), 201)["employee_id"] == "W00005"
    other = world.account("Other Ltd")
    other_key = world.key(other.id, ("workers:write",))
    assert data(post_worker(api, other_key), 201)["employee_id"] == "W00001"


@pytest.mark.parametrize("blank", [None, "", "   "])
def test_a_blank_employee_id_on_creation_is_generated(
    api: TestClient, client_id: int, full: dict[str, str], blank: str | None
) -> None:
    assert data(post_worker(api, full, employee_id=blank), 201)["employee_id"] == "W00001"


def test_blank_optional_fields_on_creation_mean_not_given(
    api: TestClient, client_id: int, full: dict[str, str]
) -> None:
    body = {"email": "", "phone": None, "job_role": "   ", "location_id": None, "start_date": "", "hourly_rate": None}
    worker = data(post_worker(api, full, **body), 201)
    assert [worker[k] for k in body] == [None] * len(body)


def test_text_fields_are_trimmed(api: TestClient, client_id: int, full: dict[str, str]) -> None:
    worker = data(post_worker(api, full, name="  Ann  Smith ", job_role=" Picker\t"), 201)
    assert (worker["name"], worker["job_role"]) == ("Ann  Smith", "Picker")


def test_unknown_and_read_only_fields_in_the_body_are_refused_each_named(
    api: TestClient, client_id: int, full: dict[str, str]
) -> None:  # issue 20: they were ignored, so a misspelt field changed nothing with a 200
    reply = post_worker(api, full, id=999, status="pending", has_face=True, dormant=True, colour="blue")
    body = assert_error(reply, 400, "validation_failed", field="id")
    assert [error["field"] for error in body["errors"]] == ["id", "status", "has_face", "dormant", "colour"]
    assert body["errors"][4]["message"] == "colour is not a field of this request."
    assert data(api.get(path("workers"), headers=full)) == []  # nothing was made


@pytest.mark.parametrize(
    "name", ["李小龙", "Ωmega Ünïcødé", "👷 Builder Bob", "ł" * 100, "Ana-María Núñez O'Neill"], ids=str
)
def test_unicode_names_are_stored_exactly(api: TestClient, client_id: int, full: dict[str, str], name: str) -> None:
    created = data(post_worker(api, full, name=name), 201)
    assert created["name"] == name
    assert data(api.get(path("workers"), headers=full, params={"id": created["id"]}))["name"] == name
    assert ids(api.get(path("workers"), headers=full, params={"search": name[:3]})) == [created["id"]]


def test_a_100_character_name_is_accepted(api: TestClient, client_id: int, full: dict[str, str]) -> None:
    assert data(post_worker(api, full, name="N" * 100), 201)["name"] == "N" * 100


# ---- POST: validation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"name": None}, "name"),
        ({"name": ""}, "name"),
        ({"name": "   "}, "name"),
        ({"name": "N" * 101}, "name"),
        ({"name": "Ł" * 101}, "name"),
        ({"name": "x" * 100_000}, "name"),
        ({"name": 123}, "name"),
        ({"name": ["Ann"]}, "name"),
        ({"name": {"first": "Ann"}}, "name"),
        ({"name": True}, "name"),
        ({"name": "Ann\x00Smith"}, "name"),
        ({"job_role": "Pick\x00er"}, "job_role"),
        ({"employee_id": "has space"}, "employee_id"),
        ({"employee_id": "E" * 33}, "employee_id"),
        ({"employee_id": "ABC/1"}, "employee_id"),
        ({"employee_id": "Ł1"}, "employee_id"),
        ({"employee_id": 42}, "employee_id"),
        ({"email": "not-an-email"}, "email"),
        ({"email": "a@" + "b" * 300 + ".com"}, "email"),
        ({"email": 5}, "email"),
        ({"phone": "1" * 33}, "phone"),
        ({"job_role": "r" * 101}, "job_role"),
        ({"location_id": "1"}, "location_id"),
        ({"location_id": -1}, "location_id"),
        ({"location_id": 0}, "location_id"),
        ({"location_id": 1.5}, "location_id"),
        ({"location_id": True}, "location_id"),
        ({"location_id": 2_147_483_648}, "location_id"),
        ({"department_id": "abc"}, "department_id"),
        ({"cost_code_id": -7}, "cost_code_id"),
        ({"start_date": "2030-02-30"}, "start_date"),
        ({"start_date": "30/01/2030"}, "start_date"),
        ({"start_date": 20300101}, "start_date"),
        ({"end_date": "tomorrow"}, "end_date"),
        ({"start_date": "2030-05-02", "end_date": "2030-05-01"}, "end_date"),
        ({"preferred_language": "de"}, "preferred_language"),
        ({"preferred_language": "EN"}, "preferred_language"),
        ({"hourly_rate": "12.50"}, "hourly_rate"),
        ({"hourly_rate": -0.01}, "hourly_rate"),
        ({"hourly_rate": 10000}, "hourly_rate"),
        ({"hourly_rate": 12.345}, "hourly_rate"),
        ({"hourly_rate": False}, "hourly_rate"),
        ({"charge_rate": [1]}, "charge_rate"),
    ],
    ids=repr,
)
def test_a_missing_or_wrong_field_answers_validation_failed_with_the_field(
    api: TestClient, world: World, client_id: int, full: dict[str, str], body: dict[str, Any], field: str
) -> None:
    reply = api.post(path("workers"), headers=full, json={"name": "Ann Worker", **body})
    assert_error(reply, 400, "validation_failed", field=field)
    assert world.outbox() == []


def test_a_body_without_a_name_answers_validation_failed(api: TestClient, client_id: int, full: dict[str, str]) -> None:
    assert_error(
        api.post(path("workers"), headers=full, json={"email": "a@b.co"}), 400, "validation_failed", field="name"
    )


@pytest.mark.parametrize("rate", [0, 9999.99, 12.5, 13])
def test_rates_from_zero_to_9999_99_are_accepted(
    api: TestClient, client_id: int, full: dict[str, str], rate: float
) -> None:
    worker = data(post_worker(api, full, hourly_rate=rate, charge_rate=rate), 201)
    assert worker["hourly_rate"] == rate
    assert worker["charge_rate"] == rate


@pytest.mark.parametrize(
    "raw",
    [b"", b"   ", b"{", b"[]", b'[{"name": "Ann"}]', b'"Ann"', b"null", b"42", b"{'name': 'Ann'}", b"\xff\xfe"],
    ids=repr,
)
def test_a_body_that_is_not_a_json_object_answers_invalid_body(
    api: TestClient, world: World, client_id: int, full: dict[str, str], raw: bytes
) -> None:
    reply = api.post(path("workers"), headers={**full, "Content-Type": "application/json"}, content=raw)
    assert_error(reply, 400, "invalid_body")
    assert world.outbox() == []


@pytest.mark.parametrize("number", ["1e400", "-0.5", "10000.00", "1.001"])
def test_an_out_of_range_rate_written_as_raw_json_answers_validation_failed(
    api: TestClient, client_id: int, full: dict[str, str], number: str
) -> None:
    raw = f'{{"name": "Ann", "hourly_rate": {number}}}'.encode()
    reply = api.post(path("workers"), headers={**full, "Content-Type": "application/json"}, content=raw)
    assert_error(reply, 400, "validation_failed", field="hourly_rate")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_or_infinity_in_the_body_answers_validation_failed_naming_the_field(
    api: TestClient, world: World, client_id: int, full: dict[str, str], constant: str
) -> None:
    for field in ("hourly_rate", "charge_rate", "name", "location_id", "start_date"):
        raw = json.dumps({"name": "Ann", field: "__constant__"}).replace('"__constant__"', constant).encode()
        reply = api.post(path("workers"), headers={**full, "Content-Type": "application/json"}, content=raw)
        assert_error(reply, 400, "validation_failed", field=field)
    assert world.outbox() == []


def test_a_body_over_one_mebibyte_answers_payload_too_large(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    raw = b'{"name": "Ann", "notes": "' + b"x" * (1024 * 1024) + b'"}'
    reply = api.post(path("workers"), headers={**full, "Content-Type": "application/json"}, content=raw)
    assert_error(reply, 413, "payload_too_large")
    assert world.outbox() == []


# ---- POST: references, duplicates, ownership -------------------------------------------------------------


def test_another_clients_site_department_or_cost_code_answers_its_not_found_code(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    other = world.account("Other Ltd").id
    their_site = world.site(other, "Their Site")
    their_department = world.department(other, "Theirs")
    their_code = world.cost_code(other, "THEIRS")
    assert_error(post_worker(api, full, location_id=their_site.id), 404, "location_not_found", field="location_id")
    assert_error(
        post_worker(api, full, department_id=their_department.id), 404, "department_not_found", field="department_id"
    )
    assert_error(post_worker(api, full, cost_code_id=their_code.id), 404, "cost_code_not_found", field="cost_code_id")
    assert data(api.get(path("workers"), headers=full)) == []


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("location_id", "location_not_found"),
        ("department_id", "department_not_found"),
        ("cost_code_id", "cost_code_not_found"),
    ],
)
def test_an_absent_reference_answers_its_not_found_code(
    api: TestClient, client_id: int, full: dict[str, str], name: str, code: str
) -> None:
    assert_error(post_worker(api, full, **{name: 987_654}), 404, code, field=name)


def test_an_employee_id_taken_in_the_company_answers_duplicate_employee_id(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    data(post_worker(api, full, employee_id="AB-1"), 201)
    assert_error(post_worker(api, full, name="Second", employee_id="AB-1"), 409, "duplicate_employee_id")
    assert len(data(api.get(path("workers"), headers=full))) == 1


@pytest.mark.parametrize("variant", ["ab-1", "Ab-1", "aB-1"])
def test_employee_ids_are_unique_whatever_their_letter_case(
    api: TestClient, client_id: int, full: dict[str, str], variant: str
) -> None:
    data(post_worker(api, full, employee_id="AB-1"), 201)
    assert_error(post_worker(api, full, name="Second", employee_id=variant), 409, "duplicate_employee_id")


def test_an_employee_id_may_repeat_in_another_company(api: TestClient, world: World, client_id: int) -> None:
    other = world.account("Other Ltd").id
    world.worker(other, employee_id="AB-1")
    mine = data(post_worker(api, world.key(client_id, ("workers:write",)), employee_id="AB-1"), 201)
    assert mine["employee_id"] == "AB-1"


def test_a_duplicate_employee_id_records_no_event(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    world.worker(client_id, employee_id="X-9")
    before = world.outbox()
    assert_error(post_worker(api, full, employee_id="x-9"), 409, "duplicate_employee_id")
    assert world.outbox() == before
    assert world.audit(client_id) == []


def test_two_simultaneous_creations_with_one_employee_id_give_one_201_and_one_409(
    services: Services, world: World, client_id: int, full: dict[str, str]
) -> None:
    replies = _simultaneous_posts(services, full, [{"name": f"Racer {n}", "employee_id": "RACE-1"} for n in range(2)])
    assert sorted(reply.status_code for reply in replies) == [201, 409]
    loser = next(reply for reply in replies if reply.status_code == 409)
    assert_error(loser, 409, "duplicate_employee_id")
    assert len(world.outbox("worker.created")) == 1


def test_four_simultaneous_creations_with_one_employee_id_in_any_case_give_exactly_one_201(
    services: Services, world: World, client_id: int, full: dict[str, str]
) -> None:
    bodies = [{"name": f"Racer {n}", "employee_id": badge} for n, badge in enumerate(["rc-7", "RC-7", "Rc-7", "rC-7"])]
    replies = _simultaneous_posts(services, full, bodies)
    assert sorted(reply.status_code for reply in replies) == [201, 409, 409, 409]
    assert all(r.json()["error_code"] == "duplicate_employee_id" for r in replies if r.status_code == 409)


def test_simultaneous_creations_without_employee_ids_each_get_a_distinct_one(
    services: Services, world: World, client_id: int, full: dict[str, str]
) -> None:
    replies = _simultaneous_posts(services, full, [{"name": f"Gen {n}"} for n in range(4)])
    assert [reply.status_code for reply in replies] == [201] * 4
    badges = {reply.json()["data"]["employee_id"] for reply in replies}
    assert len(badges) == 4
    assert all(re.fullmatch(r"W\d{5,}", badge) for badge in badges)


def test_a_generated_employee_id_is_never_refused_while_others_take_numbers_by_hand(
    services: Services, world: World, client_id: int, full: dict[str, str]
) -> None:
    # 14 generated and 6 given by hand, with numbers the generator reaches: only a hand-given one may clash
    bodies: list[dict[str, Any]] = [
        {"name": f"Hand {n}", "employee_id": f"w{n:05d}"} if n % 3 == 0 else {"name": f"Gen {n}"} for n in range(1, 21)
    ]
    replies = _simultaneous_posts(services, full, bodies)
    generated = [reply for body, reply in zip(bodies, replies, strict=True) if "employee_id" not in body]
    assert [reply.status_code for reply in generated] == [201] * 14
    for reply in replies:
        assert (reply.status_code, reply.json().get("error_code")) in ((201, None), (409, "duplicate_employee_id"))
    badges = [reply.json()["data"]["employee_id"].upper() for reply in replies if reply.status_code == 201]
    assert len(set(badges)) == len(badges)


def _simultaneous_posts(services: Services, headers: dict[str, str], bodies: list[dict[str, Any]]) -> list[Any]:
    """POST each body from its own thread and TestClient over the same services, released together."""
    barrier = threading.Barrier(len(bodies))
    with ExitStack() as stack:
        clients = [stack.enter_context(TestClient(create_app(services=services))) for _ in bodies]

        def send(pair: tuple[TestClient, dict[str, Any]]) -> httpx.Response:
            client, body = pair
            barrier.wait(timeout=10)
            return client.post(path("workers"), headers=headers, json=body)

        with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
            return list(pool.map(send, zip(clients, bodies, strict=True)))


# ---- GET: one and many -----------------------------------------------------------------------------------


@pytest.fixture
def roster(world: World, client_id: int) -> dict[str, Any]:
    """Three workers of this client (listed Ann, Bob, Cy) and one of another client."""
    north = world.site(client_id, "North")
    south = world.site(client_id, "South")
    picking = world.department(client_id, "Picking")
    cy = world.worker(client_id, "Cy Young", location_id=south.id, email="cy@example.com", employee_id="S-3")
    ann = world.worker(client_id, "Ann Archer", location_id=north.id, department_id=picking.id, employee_id="N-1")
    bob = world.worker(client_id, "Bob Baker", location_id=north.id, employee_id="N-2", job_role="Driver")
    other = world.account("Other Ltd")
    stranger = world.worker(other.id, "Ann Stranger", employee_id="N-1")
    return {
        "north": north,
        "south": south,
        "picking": picking,
        "ann": ann.worker.id,
        "bob": bob.worker.id,
        "cy": cy.worker.id,
        "stranger": stranger.worker.id,
        "other": other,
    }


def test_the_list_has_the_clients_workers_by_name_then_id(
    api: TestClient, world: World, client_id: int, roster: dict[str, Any]
) -> None:
    twin = world.worker(client_id, "Ann Archer", employee_id="N-9").worker.id
    reply = api.get(path("workers"), headers=world.key(client_id, ("workers:read",)))
    assert ids(reply) == [roster["ann"], twin, roster["bob"], roster["cy"]]
    assert reply.json()["pagination"] == {"total": 4, "limit": 50, "offset": 0, "has_more": False}


def test_a_worker_by_id_is_an_object(api: TestClient, world: World, client_id: int, roster: dict[str, Any]) -> None:
    reply = api.get(path("workers"), headers=world.key(client_id, ("workers:read",)), params={"id": roster["bob"]})
    body = reply.json()
    assert set(body) == {"data"}
    assert body["data"]["name"] == "Bob Baker"
    assert body["data"]["location_name"] == "North"
    assert body["data"]["job_role"] == "Driver"


def test_another_clients_worker_answers_not_found(
    api: TestClient, world: World, client_id: int, roster: dict[str, Any]
) -> None:
    headers = world.key(client_id, ("workers:write",))
    assert_error(api.get(path("workers"), headers=headers, params={"id": roster["stranger"]}), 404, "not_found")
    assert_error(put_worker(api, headers, roster["stranger"], name="Mine now"), 404, "not_found")
    theirs = world.key(roster["other"].id, ("workers:read",))
    assert data(api.get(path("workers"), headers=theirs, params={"id": roster["stranger"]}))["name"] == "Ann Stranger"


def test_an_absent_worker_answers_not_found(api: TestClient, world: World, client_id: int) -> None:
    headers = world.key(client_id, ("workers:write",))
    assert_error(api.get(path("workers"), headers=headers, params={"id": 2_147_483_647}), 404, "not_found")
    assert_error(put_worker(api, headers, 424_242, name="Nobody"), 404, "not_found")


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"location_id": "north"}, ["ann", "bob"]),
        ({"department_id": "picking"}, ["ann"]),
        ({"search": "archer"}, ["ann"]),
        ({"search": "N-"}, ["ann", "bob"]),
        ({"search": "CY@EXAMPLE"}, ["cy"]),
        ({"search": "%"}, []),
        ({"search": "_"}, []),
        ({"status": "active"}, ["ann", "bob", "cy"]),
        ({"status": "pending"}, []),
        ({"active": "true"}, ["ann", "bob", "cy"]),
        ({"active": "0"}, []),
        ({"dormant": "false"}, ["ann", "bob", "cy"]),
        ({"dormant": "1"}, []),
        ({"location_id": "south", "search": "a"}, ["cy"]),
    ],
    ids=repr,
)
def test_list_filters_narrow_the_workers(
    api: TestClient, world: World, client_id: int, roster: dict[str, Any], params: dict[str, str], expected: list[str]
) -> None:
    query = dict(params)
    if query.get("location_id") in ("north", "south"):
        query["location_id"] = str(roster[query["location_id"]].id)
    if query.get("department_id") == "picking":
        query["department_id"] = str(roster["picking"].id)
    reply = api.get(path("workers"), headers=world.key(client_id, ("workers:read",)), params=query)
    assert ids(reply) == [roster[name] for name in expected]
    assert reply.json()["pagination"]["total"] == len(expected)


def test_pending_and_leaver_workers_are_found_by_their_filters(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    pending = world.worker(client_id, "Pat Pending", pending=True).worker.id
    leaver = data(post_worker(api, full, name="Lee Leaver"), 201)["id"]
    data(put_worker(api, full, leaver, active=False, leave_reason="Moved away"))
    current = world.worker(client_id, "Cat Current").worker.id
    assert ids(api.get(path("workers"), headers=full, params={"status": "pending"})) == [pending]
    assert ids(api.get(path("workers"), headers=full, params={"active": "false"})) == [leaver]
    assert ids(api.get(path("workers"), headers=full, params={"active": "true"})) == [current, pending]
    pat = data(api.get(path("workers"), headers=full, params={"id": pending}))
    assert (pat["status"], pat["active"]) == ("pending", True)


def test_the_dormant_filter_finds_dormant_workers_and_shows_since_when(
    api: TestClient, world: World, client_id: int
) -> None:
    awake = world.worker(client_id, "Awake").worker.id
    sleeper = world.worker(client_id, "Sleeper").worker.id
    with world.services.engine.begin() as connection:
        since = datetime(2030, 7, 1, 11, 0, tzinfo=UTC)
        connection.execute(update(tables.workers).where(tables.workers.c.id == sleeper).values(dormant_since=since))
    headers = world.key(client_id, ("workers:read",))
    assert ids(api.get(path("workers"), headers=headers, params={"dormant": "true"})) == [sleeper]
    assert ids(api.get(path("workers"), headers=headers, params={"dormant": "false"})) == [awake]
    shown = data(api.get(path("workers"), headers=headers, params={"id": sleeper}))
    assert shown["dormant"] is True
    assert (shown["dormant_since"], shown["dormant_since_utc"]) == ("2030-07-01 12:00:00", "2030-07-01T11:00:00Z")


def test_a_site_filter_of_another_clients_site_answers_location_not_found(
    api: TestClient, world: World, client_id: int, roster: dict[str, Any]
) -> None:
    their_site = world.site(roster["other"].id, "Theirs")
    headers = world.key(client_id, ("workers:read",))
    reply = api.get(path("workers"), headers=headers, params={"location_id": their_site.id})
    assert_error(reply, 404, "location_not_found", parameter="location_id")
    reply = api.get(path("workers"), headers=headers, params={"location_id": 555_555})
    assert_error(reply, 404, "location_not_found", parameter="location_id")


MALFORMED_QUERIES = (
    ("id", "abc"),
    ("id", "-1"),
    ("id", "0"),
    ("id", "1.5"),
    ("id", "2147483648"),
    ("id", ""),
    ("id", " 1"),
    ("location_id", "x"),
    ("department_id", "-3"),
    ("status", "leaver"),
    ("status", "ACTIVE"),
    ("active", "yes"),
    ("dormant", "2"),
    ("updated_since", "yesterday"),
    ("updated_since", "2030-13-01"),
    ("search", "s" * 201),
    ("limit", "0"),
    ("limit", "101"),
    ("offset", "-1"),
    ("id", "\u0661"),
    ("limit", "\uff11\uff10"),
    ("updated_since", "\uff12\uff10\uff13\uff10-01-01"),
    ("search", "a\x00b"),
)


def test_a_malformed_query_parameter_answers_invalid_parameter(api: TestClient, world: World, client_id: int) -> None:
    headers = world.key(client_id, ("workers:read",), rate_limit_per_minute=600)
    for parameter, value in MALFORMED_QUERIES:
        reply = api.get(path("workers"), headers=headers, params={parameter: value})
        assert_error(reply, 400, "invalid_parameter", parameter=parameter)


# ---- rates: visibility ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scopes", "shows_pay", "shows_charge"),
    [
        (("workers:read",), False, False),
        (("workers:read", "pay:read"), True, False),
        (("workers:read", "payroll:read"), True, False),
        (("workers:read", "charges:read"), False, True),
        (("workers:read", "pay:read", "charges:read"), True, True),
        (("workers:read", "rates:write"), False, False),
    ],
)
def test_rates_are_shown_only_with_their_read_scopes(
    api: TestClient, world: World, client_id: int, scopes: tuple[str, ...], shows_pay: bool, shows_charge: bool
) -> None:
    world.worker(client_id, hourly_rate=12.5, charge_rate=18)
    headers = world.key(client_id, scopes)
    listed = data(api.get(path("workers"), headers=headers))[0]
    single = data(api.get(path("workers"), headers=headers, params={"id": listed["id"]}))
    for worker in (listed, single):
        assert ("hourly_rate" in worker) is shows_pay
        assert ("charge_rate" in worker) is shows_charge
        assert worker.get("hourly_rate", 12.5) == 12.5
        assert worker.get("charge_rate", 18) == 18
        assert set(worker) >= WORKER_FIELDS


def test_a_write_reply_hides_rates_the_key_cannot_read(api: TestClient, world: World, client_id: int) -> None:
    headers = world.key(client_id, ("workers:write", "rates:write"))
    created = data(post_worker(api, headers, hourly_rate=11, charge_rate=15), 201)
    assert "hourly_rate" not in created
    assert "charge_rate" not in created
    changed = data(put_worker(api, headers, created["id"], hourly_rate=11.5))
    assert "hourly_rate" not in changed
    reader = world.key(client_id, ("workers:read", "pay:read", "charges:read"))
    stored = data(api.get(path("workers"), headers=reader, params={"id": created["id"]}))
    assert (stored["hourly_rate"], stored["charge_rate"]) == (11.5, 15)


@pytest.mark.parametrize("body", [{"hourly_rate": 12}, {"charge_rate": 15}, {"hourly_rate": None}, {"charge_rate": ""}])
def test_a_rate_in_the_body_needs_rates_write_even_when_empty(
    api: TestClient, world: World, client_id: int, body: dict[str, Any]
) -> None:
    headers = world.key(client_id, ("workers:write", "pay:read", "charges:read"))
    assert_error(post_worker(api, headers, **body), 403, "insufficient_scope", required_scope="rates:write")
    assert world.outbox() == []


def test_rates_write_is_checked_before_the_rate_value(api: TestClient, world: World, client_id: int) -> None:
    headers = world.key(client_id, ("workers:write",))
    assert_error(post_worker(api, headers, hourly_rate="lots"), 403, "insufficient_scope", required_scope="rates:write")


# ---- PUT: changing ---------------------------------------------------------------------------------------


def test_a_change_updates_only_the_fields_sent(
    api: TestClient, world: World, client_id: int, full: dict[str, str], clock: FakeClock
) -> None:
    clock.set(datetime(2030, 2, 1, 10, 0, tzinfo=UTC))
    created = data(post_worker(api, full, name="Ann", email="ann@example.com", job_role="Picker", hourly_rate=12), 201)
    clock.set(datetime(2030, 2, 2, 11, 30, tzinfo=UTC))
    reply = put_worker(api, full, created["id"], job_role="Team leader", phone="0113 496 0000")
    assert reply.status_code == 200
    assert reply.json()["message"]
    changed = reply.json()["data"]
    assert changed == {
        **created,
        "job_role": "Team leader",
        "phone": "0113 496 0000",
        "updated_at": "2030-02-02 11:30:00",
        "updated_at_utc": "2030-02-02T11:30:00Z",
    }
    assert data(api.get(path("workers"), headers=full, params={"id": created["id"]})) == changed


@pytest.mark.parametrize("blank", [None, ""])
def test_null_or_an_empty_string_clears_an_optional_field(
    api: TestClient, world: World, client_id: int, full: dict[str, str], blank: str | None
) -> None:
    site = world.site(client_id)
    department = world.department(client_id)
    code = world.cost_code(client_id)
    fields: dict[str, Any] = {
        "email": "a@b.co",
        "phone": "123",
        "job_role": "Picker",
        "location_id": site.id,
        "department_id": department.id,
        "cost_code_id": code.id,
        "start_date": "2030-01-01",
        "end_date": "2030-02-01",
        "preferred_language": "ro",
        "hourly_rate": 10,
        "charge_rate": 14,
    }
    created = data(post_worker(api, full, **fields), 201)
    cleared = data(put_worker(api, full, created["id"], leave_reason=blank, **dict.fromkeys(fields, blank)))
    for name in [*fields, "location_name", "department_name", "cost_code", "leave_reason"]:
        assert cleared[name] is None, name


@pytest.mark.parametrize(
    "body", [{"name": None}, {"name": ""}, {"name": "  "}, {"employee_id": None}, {"employee_id": ""}]
)
def test_name_and_employee_id_cannot_be_cleared(
    api: TestClient, world: World, client_id: int, full: dict[str, str], body: dict[str, Any]
) -> None:
    created = data(post_worker(api, full, employee_id="KEEP-1"), 201)
    assert_error(put_worker(api, full, created["id"], **body), 400, "validation_failed", field=next(iter(body)))
    unchanged = data(api.get(path("workers"), headers=full, params={"id": created["id"]}))
    assert (unchanged["name"], unchanged["employee_id"]) == ("Ann Worker", "KEEP-1")


def test_a_leaver_is_marked_inactive_with_a_reason(api: TestClient, client_id: int, full: dict[str, str]) -> None:
    created = data(post_worker(api, full), 201)
    leaver = data(
        put_worker(api, full, created["id"], active=False, leave_reason="Contract ended", end_date="2030-06-30")
    )
    assert (leaver["active"], leaver["leave_reason"], leaver["end_date"]) == (False, "Contract ended", "2030-06-30")
    back = data(put_worker(api, full, created["id"], active=True))
    assert back["active"] is True


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"active": "false"}, "active"),
        ({"active": 0}, "active"),
        ({"active": None}, "active"),
        ({"leave_reason": "r" * 256}, "leave_reason"),
        ({"end_date": "2029-12-31"}, "end_date"),
        ({"employee_id": "no spaces allowed"}, "employee_id"),
        ({"name": "N" * 101}, "name"),
        ({"location_id": -5}, "location_id"),
    ],
    ids=repr,
)
def test_a_wrong_field_on_change_answers_validation_failed(
    api: TestClient, world: World, client_id: int, full: dict[str, str], body: dict[str, Any], field: str
) -> None:
    created = data(post_worker(api, full, start_date="2030-01-01"), 201)
    events = world.outbox()
    assert_error(put_worker(api, full, created["id"], **body), 400, "validation_failed", field=field)
    assert world.outbox() == events


def test_an_employee_id_taken_by_another_worker_answers_duplicate_employee_id_on_change(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    data(post_worker(api, full, name="First", employee_id="TAKEN-1"), 201)
    second = data(post_worker(api, full, name="Second", employee_id="FREE-1"), 201)
    assert_error(put_worker(api, full, second["id"], employee_id="taken-1"), 409, "duplicate_employee_id")
    assert data(api.get(path("workers"), headers=full, params={"id": second["id"]}))["employee_id"] == "FREE-1"


def test_a_worker_can_change_the_letter_case_of_its_own_employee_id(
    api: TestClient, client_id: int, full: dict[str, str]
) -> None:
    created = data(post_worker(api, full, employee_id="ab-1"), 201)
    assert data(put_worker(api, full, created["id"], employee_id="AB-1"))["employee_id"] == "AB-1"


def test_a_change_with_no_real_difference_keeps_updated_at(
    api: TestClient, world: World, client_id: int, full: dict[str, str], clock: FakeClock
) -> None:
    clock.set(datetime(2030, 3, 3, 3, 3, 3, tzinfo=UTC))
    created = data(post_worker(api, full, job_role="Picker"), 201)
    clock.advance(hours=5)
    same = data(put_worker(api, full, created["id"], job_role="Picker", name="Ann Worker"))
    assert same == created


def test_an_anonymised_worker_cannot_be_changed(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, email="gone@example.com"), 201)["id"]
    worker_use_cases.anonymise_worker(worker_id, uow=world.uow, clock=world.clock, file_store=world.services.file_store)
    assert_error(put_worker(api, full, worker_id, name="Back again"), 409, "conflict")
    assert_error(put_worker(api, full, worker_id, job_role="Anything"), 409, "conflict")
    shown = data(api.get(path("workers"), headers=full, params={"id": worker_id}))
    assert (shown["name"], shown["email"], shown["active"]) == ("Anonymised worker", None, False)


@pytest.mark.parametrize(
    ("params", "parameter"),
    [({}, "id"), ({"id": "abc"}, "id"), ({"id": "-4"}, "id"), ({"id": ["1", "2"]}, "id")],
    ids=repr,
)
def test_a_change_without_a_valid_id_answers_invalid_parameter(
    api: TestClient, client_id: int, full: dict[str, str], params: dict[str, Any], parameter: str
) -> None:
    reply = api.put(path("workers"), headers=full, params=params, json={"name": "X"})
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


def test_nan_in_a_change_answers_validation_failed_and_changes_nothing(
    api: TestClient, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, hourly_rate=12), 201)["id"]
    raw = b'{"hourly_rate": NaN}'
    reply = api.put(path("workers"), headers=full, params={"id": worker_id}, content=raw)
    assert_error(reply, 400, "validation_failed", field="hourly_rate")
    assert data(api.get(path("workers"), headers=full, params={"id": worker_id}))["hourly_rate"] == 12


@pytest.mark.parametrize("raw", [b"", b"[]", b"{bad", b'{"name": "x",}', b'"x"'], ids=repr)
def test_a_change_with_a_body_that_is_not_an_object_answers_invalid_body(
    api: TestClient, client_id: int, full: dict[str, str], raw: bytes
) -> None:
    worker_id = data(post_worker(api, full), 201)["id"]
    reply = api.put(path("workers"), headers=full, params={"id": worker_id}, content=raw)
    assert_error(reply, 400, "invalid_body")


# ---- site-limited keys ---------------------------------------------------------------------------------


@pytest.fixture
def sites(world: World, client_id: int) -> dict[str, Any]:
    """Sites A and B of this client, a worker at each and one with no site; a key limited to A."""
    a = world.site(client_id, "Site A")
    b = world.site(client_id, "Site B")
    return {
        "a": a,
        "b": b,
        "at_a": world.worker(client_id, "At A", location_id=a.id).worker.id,
        "at_b": world.worker(client_id, "At B", location_id=b.id).worker.id,
        "nowhere": world.worker(client_id, "No Site").worker.id,
        "key": world.key(client_id, ("workers:write",), location_ids=(a.id,)),
    }


def test_a_site_limited_key_lists_only_workers_at_its_sites(api: TestClient, sites: dict[str, Any]) -> None:
    reply = api.get(path("workers"), headers=sites["key"])
    assert ids(reply) == [sites["at_a"]]
    assert reply.json()["pagination"]["total"] == 1


def test_a_site_limited_key_cannot_see_workers_elsewhere(api: TestClient, sites: dict[str, Any]) -> None:
    for worker_id in (sites["at_b"], sites["nowhere"]):
        assert_error(api.get(path("workers"), headers=sites["key"], params={"id": worker_id}), 404, "not_found")
        assert_error(put_worker(api, sites["key"], worker_id, job_role="X"), 404, "not_found")


def test_a_site_limited_key_filtering_on_another_site_answers_location_not_allowed(
    api: TestClient, sites: dict[str, Any]
) -> None:
    reply = api.get(path("workers"), headers=sites["key"], params={"location_id": sites["b"].id})
    assert_error(reply, 403, "location_not_allowed", parameter="location_id")
    assert ids(api.get(path("workers"), headers=sites["key"], params={"location_id": sites["a"].id})) == [sites["at_a"]]


def test_a_site_limited_key_must_give_a_location_when_creating(api: TestClient, sites: dict[str, Any]) -> None:
    assert_error(post_worker(api, sites["key"]), 400, "validation_failed", field="location_id")
    assert_error(post_worker(api, sites["key"], location_id=None), 400, "validation_failed", field="location_id")


def test_a_site_limited_key_creating_at_another_site_answers_location_not_allowed(
    api: TestClient, world: World, client_id: int, sites: dict[str, Any]
) -> None:
    reply = post_worker(api, sites["key"], location_id=sites["b"].id)
    assert_error(reply, 403, "location_not_allowed", field="location_id")
    their_site = world.site(world.account("Other Ltd").id, "Theirs")
    reply = post_worker(api, sites["key"], location_id=their_site.id)
    assert_error(reply, 404, "location_not_found", field="location_id")
    created = data(post_worker(api, sites["key"], name="New At A", location_id=sites["a"].id), 201)
    assert created["location_name"] == "Site A"


def test_a_site_limited_key_cannot_move_a_worker_away_or_clear_the_site(api: TestClient, sites: dict[str, Any]) -> None:
    worker_id = sites["at_a"]
    assert_error(
        put_worker(api, sites["key"], worker_id, location_id=sites["b"].id),
        403,
        "location_not_allowed",
        field="location_id",
    )
    assert_error(
        put_worker(api, sites["key"], worker_id, location_id=None), 400, "validation_failed", field="location_id"
    )
    assert data(put_worker(api, sites["key"], worker_id, job_role="Loader"))["location_id"] == sites["a"].id
