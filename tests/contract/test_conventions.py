"""The spec's conventions table: envelopes, paging, boolean and duplicate parameters, ``updated_since``,
local times with ``_utc`` twins, ``X-Request-Id`` and ``X-API-Version`` on every reply, 405 with ``Allow``,
and every path with and without ``.php``.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import REQUEST_ID, assert_error, data, ids, path, post_worker, put_worker

LISTS = (
    ("workers", "workers:read"),
    ("locations", "locations:read"),
    ("departments", "departments:read"),
    ("cost-codes", "cost_codes:read"),
)
METHODS_TABLE = {
    "me": "GET",
    "workers": "GET, POST, PUT",
    "locations": "GET",
    "departments": "GET",
    "cost-codes": "GET",
}
UNSUPPORTED = {
    "me": ("POST", "PUT", "DELETE", "PATCH"),
    "workers": ("DELETE", "PATCH"),
    "locations": ("POST", "PUT", "DELETE", "PATCH"),
    "departments": ("POST", "PUT", "DELETE", "PATCH"),
    "cost-codes": ("POST", "PUT", "DELETE", "PATCH"),
}


@pytest.fixture
def client_id(world: World) -> int:
    return world.account().id


@pytest.fixture
def reader(world: World, client_id: int) -> dict[str, str]:
    return world.key(
        client_id,
        ("workers:write", "locations:read", "departments:read", "cost_codes:read"),
        rate_limit_per_minute=600,
    )


# ---- envelopes -------------------------------------------------------------------------------------------


def test_a_list_reply_is_data_and_pagination(
    api: TestClient, world: World, client_id: int, reader: dict[str, str]
) -> None:
    world.worker(client_id)
    reply = api.get(path("workers"), headers=reader)
    assert reply.headers["content-type"].startswith("application/json")
    body = reply.json()
    assert set(body) == {"data", "pagination"}
    assert isinstance(body["data"], list)
    assert body["pagination"] == {"total": 1, "limit": 50, "offset": 0, "has_more": False}


@pytest.mark.parametrize(("name", "scope"), LISTS)
def test_a_single_record_reply_is_data_only(
    api: TestClient, world: World, client_id: int, reader: dict[str, str], name: str, scope: str
) -> None:
    site = world.site(client_id)
    made = {
        "workers": lambda: world.worker(client_id).worker.id,
        "locations": lambda: site.id,
        "departments": lambda: world.department(client_id).id,
        "cost-codes": lambda: world.cost_code(client_id).id,
    }[name]()
    body = api.get(path(name), headers=reader, params={"id": made}).json()
    assert set(body) == {"data"}
    assert body["data"]["id"] == made


def test_a_write_reply_is_data_and_message(api: TestClient, client_id: int, reader: dict[str, str]) -> None:
    created = post_worker(api, reader)
    assert created.status_code == 201
    assert set(created.json()) == {"data", "message"}
    assert isinstance(created.json()["message"], str)
    changed = put_worker(api, reader, created.json()["data"]["id"], job_role="Loader")
    assert changed.status_code == 200
    assert set(changed.json()) == {"data", "message"}


def test_an_error_reply_is_the_error_envelope(api: TestClient, client_id: int, reader: dict[str, str]) -> None:
    reply = api.get(path("workers"), headers=reader, params={"limit": "0"})
    body = assert_error(reply, 400, "invalid_parameter", parameter="limit")
    assert set(body) == {"error", "message", "status", "error_code", "parameter"}


def test_validation_failed_carries_the_field(api: TestClient, client_id: int, reader: dict[str, str]) -> None:
    body = assert_error(post_worker(api, reader, name=""), 400, "validation_failed", field="name")
    assert set(body) == {"error", "message", "status", "error_code", "field", "errors"}
    assert body["errors"] == [{"field": "name", "message": body["message"]}]


def test_an_unknown_body_field_is_refused_and_every_fault_is_listed_in_errors(
    api: TestClient, world: World, client_id: int, clock: FakeClock
) -> None:
    clock.set(datetime(2026, 11, 18, 12, 0, tzinfo=UTC))
    key = world.key(client_id)
    site = world.site(client_id, "Depot", geofence_mode="disabled")
    worker = world.worker(client_id, "Ann Booked", location_id=site.id).worker
    booked = {"worker_id": worker.id, "location_id": site.id, "shift_date": "2026-11-20"}
    shift = data(
        api.post(path("shifts"), headers=key, json={**booked, "start_time": "09:00", "end_time": "17:00"}), 201
    )
    colour = api.put(f"{path('shifts')}?id={shift['id']}", headers=key, json={"colour": "red"})
    body = assert_error(colour, 400, "validation_failed", field="colour")  # was 200, changing nothing
    assert body["errors"] == [{"field": "colour", "message": "colour is not a field of this request."}]
    missing = assert_error(api.post(path("demands"), headers=key, json={"colour": 1}), 400, "validation_failed")
    fields = [error["field"] for error in missing["errors"]]
    # the spec's order, then the unknown field
    assert fields == ["location_id", "shift_date", "start_time", "end_time", "headcount", "colour"]
    assert missing["field"] == fields[0]
    assert all(error["message"] for error in missing["errors"])
    hook = {"url": "https://hooks.example.com/in", "events": ["clock_in", "clock.teleported", "shift.nope"]}
    named = assert_error(api.post(path("webhooks"), headers=key, json=hook), 400, "validation_failed", field="events")
    assert '"clock.teleported"' in named["message"]
    assert '"shift.nope"' in named["message"]


def test_insufficient_scope_carries_the_required_scope(api: TestClient, world: World, client_id: int) -> None:
    reply = api.get(path("locations"), headers=world.key(client_id, ("workers:read",)))
    body = assert_error(reply, 403, "insufficient_scope", required_scope="locations:read")
    assert set(body) == {"error", "message", "status", "error_code", "required_scope"}


# ---- paging ----------------------------------------------------------------------------------------------


def test_paging_walks_the_list_with_limit_and_offset(
    api: TestClient, world: World, client_id: int, reader: dict[str, str]
) -> None:
    made = [world.worker(client_id, f"Worker {n}").worker.id for n in range(5)]
    first = api.get(path("workers"), headers=reader, params={"limit": 2})
    assert ids(first) == made[:2]
    assert first.json()["pagination"] == {"total": 5, "limit": 2, "offset": 0, "has_more": True}
    middle = api.get(path("workers"), headers=reader, params={"limit": 2, "offset": 2})
    assert ids(middle) == made[2:4]
    assert middle.json()["pagination"] == {"total": 5, "limit": 2, "offset": 2, "has_more": True}
    last = api.get(path("workers"), headers=reader, params={"limit": 2, "offset": 4})
    assert ids(last) == made[4:]
    assert last.json()["pagination"] == {"total": 5, "limit": 2, "offset": 4, "has_more": False}
    beyond = api.get(path("workers"), headers=reader, params={"offset": 9})
    assert beyond.json() == {"data": [], "pagination": {"total": 5, "limit": 50, "offset": 9, "has_more": False}}


def test_the_default_page_is_50_and_the_largest_100(
    api: TestClient, world: World, client_id: int, reader: dict[str, str]
) -> None:
    for n in range(101):
        world.cost_code(client_id, f"C{n:03d}")
    default = api.get(path("cost-codes"), headers=reader)
    assert len(default.json()["data"]) == 50
    assert default.json()["pagination"] == {"total": 101, "limit": 50, "offset": 0, "has_more": True}
    largest = api.get(path("cost-codes"), headers=reader, params={"limit": 100})
    assert len(largest.json()["data"]) == 100
    assert largest.json()["pagination"]["has_more"] is True
    one = api.get(path("cost-codes"), headers=reader, params={"limit": 1, "offset": 100})
    assert [c["code"] for c in data(one)] == ["C100"]
    assert one.json()["pagination"]["has_more"] is False


BAD_PAGING = (
    ("limit", "0"),
    ("limit", "101"),
    ("limit", "-1"),
    ("limit", "ten"),
    ("limit", ""),
    ("limit", "99999999999"),
    ("offset", "-1"),
    ("offset", "1.0"),
    ("offset", "2147483648"),
)


@pytest.mark.parametrize(("name", "scope"), LISTS)
def test_paging_outside_1_to_100_answers_invalid_parameter(
    api: TestClient, reader: dict[str, str], name: str, scope: str
) -> None:
    for parameter, value in BAD_PAGING:
        reply = api.get(path(name), headers=reader, params={parameter: value})
        assert_error(reply, 400, "invalid_parameter", parameter=parameter)


# ---- boolean, duplicate and unknown parameters -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "active"),
    [("true", True), ("false", False), ("1", True), ("0", False), ("TRUE", True), ("False", False)],
)
def test_boolean_parameters_take_true_false_1_and_0(
    api: TestClient, world: World, client_id: int, reader: dict[str, str], value: str, active: bool
) -> None:
    current = world.worker(client_id, "Current").worker.id
    leaver = data(post_worker(api, reader, name="Leaver"), 201)["id"]
    data(put_worker(api, reader, leaver, active=False))
    assert ids(api.get(path("workers"), headers=reader, params={"active": value})) == [current if active else leaver]


def test_other_boolean_values_answer_invalid_parameter(api: TestClient, reader: dict[str, str]) -> None:
    for value in ("yes", "no", "on", "2", "t", "", " true", "truee", "-1"):
        reply = api.get(path("workers"), headers=reader, params={"active": value})
        assert_error(reply, 400, "invalid_parameter", parameter="active")


DUPLICATES = (
    ("workers", "limit=10&limit=20", "limit"),
    ("workers", "id=1&id=1", "id"),
    ("workers", "active=true&active=true", "active"),
    ("workers", "search=a&search=b", "search"),
    ("workers", "updated_since=2030-01-01&updated_since=2030-01-02", "updated_since"),
    ("locations", "offset=0&offset=0", "offset"),
    ("departments", "location_id=1&location_id=2", "location_id"),
    ("cost-codes", "active=1&active=0", "active"),
)


def test_a_known_parameter_given_twice_answers_invalid_parameter(api: TestClient, reader: dict[str, str]) -> None:
    for name, query, parameter in DUPLICATES:
        reply = api.get(f"{path(name)}?{query}", headers=reader)
        assert_error(reply, 400, "invalid_parameter", parameter=parameter)


def test_unknown_parameters_are_ignored_even_twice(
    api: TestClient, world: World, client_id: int, reader: dict[str, str]
) -> None:
    worker = world.worker(client_id).worker.id
    assert ids(api.get(f"{path('workers')}?colour=red&colour=blue&sort=name", headers=reader)) == [worker]


def test_query_text_is_never_run_as_sql(api: TestClient, world: World, client_id: int, reader: dict[str, str]) -> None:
    worker = world.worker(client_id, "O'Brien").worker.id
    reply = api.get(path("workers"), headers=reader, params={"search": "'; DROP TABLE workers; --"})
    assert data(reply) == []
    assert ids(api.get(path("workers"), headers=reader, params={"search": "o'b"})) == [worker]


# ---- updated_since ---------------------------------------------------------------------------------------


@pytest.fixture
def autumn(world: World, client_id: int, clock: FakeClock) -> dict[str, int]:
    """Two workers made at local 01:30 on 27 October 2024: the BST pass and the GMT pass."""
    clock.set(datetime(2024, 10, 27, 0, 30, tzinfo=UTC))
    first = world.worker(client_id, "First Pass").worker.id
    clock.set(datetime(2024, 10, 27, 1, 30, tzinfo=UTC))
    second = world.worker(client_id, "Second Pass").worker.id
    return {"first": first, "second": second}


def test_both_passes_of_the_repeated_hour_show_the_same_local_time(
    api: TestClient, autumn: dict[str, int], reader: dict[str, str]
) -> None:
    first = data(api.get(path("workers"), headers=reader, params={"id": autumn["first"]}))
    second = data(api.get(path("workers"), headers=reader, params={"id": autumn["second"]}))
    assert first["updated_at"] == second["updated_at"] == "2024-10-27 01:30:00"
    assert first["updated_at_utc"] == "2024-10-27T00:30:00Z"
    assert second["updated_at_utc"] == "2024-10-27T01:30:00Z"


@pytest.mark.parametrize(
    ("since", "expected"),
    [
        ("2024-10-27 01:30:00", ["first", "second"]),
        ("2024-10-27 01:30", ["first", "second"]),
        ("2024-10-27T01:30:00", ["first", "second"]),
        ("2024-10-27 01:30:01", ["second"]),
        ("2024-10-27T01:30:00Z", ["second"]),
        ("2024-10-27T01:30:00+00:00", ["second"]),
        ("2024-10-27T01:30:00+01:00", ["first", "second"]),
        ("2024-10-27T02:30:00+01:00", ["second"]),
        ("2024-10-27T00:30:00Z", ["first", "second"]),
        ("2024-10-27T00:30:01Z", ["second"]),
        ("2024-10-26T20:30:00-04:00", ["first", "second"]),
        ("2024-10-27", ["first", "second"]),
        ("2024-10-28", []),
        ("2024-10-27T01:30:01Z", []),
    ],
)
def test_updated_since_is_an_exact_instant_and_a_repeated_local_hour_is_its_first_pass(
    api: TestClient, autumn: dict[str, int], reader: dict[str, str], since: str, expected: list[str]
) -> None:
    reply = api.get(path("workers"), headers=reader, params={"updated_since": since})
    assert sorted(ids(reply)) == sorted(autumn[name] for name in expected)


@pytest.mark.parametrize(
    ("since", "expected"),
    [
        ("2024-03-31 00:59:59", ["before", "after"]),
        ("2024-03-31 01:00:00", ["after"]),
        ("2024-03-31 01:30:00", ["after"]),
        ("2024-03-31 01:30:01", []),
        ("2024-03-31 02:30:00", ["after"]),
        ("2024-03-31T01:30:00Z", ["after"]),
    ],
)
def test_a_local_time_in_the_skipped_spring_hour_is_read_with_the_winter_offset(
    api: TestClient,
    world: World,
    client_id: int,
    clock: FakeClock,
    reader: dict[str, str],
    since: str,
    expected: list[str],
) -> None:
    clock.set(datetime(2024, 3, 31, 0, 59, 59, tzinfo=UTC))
    made = {"before": world.worker(client_id, "Before").worker.id}
    clock.set(datetime(2024, 3, 31, 1, 30, tzinfo=UTC))
    made["after"] = world.worker(client_id, "After").worker.id
    after = data(api.get(path("workers"), headers=reader, params={"id": made["after"]}))
    assert (after["updated_at"], after["updated_at_utc"]) == ("2024-03-31 02:30:00", "2024-03-31T01:30:00Z")
    reply = api.get(path("workers"), headers=reader, params={"updated_since": since})
    assert sorted(ids(reply)) == sorted(made[name] for name in expected)


def test_a_change_moves_a_worker_into_a_later_updated_since_window(
    api: TestClient, world: World, client_id: int, clock: FakeClock, reader: dict[str, str]
) -> None:
    clock.set(datetime(2030, 6, 1, 9, 0, tzinfo=UTC))
    changed = data(post_worker(api, reader, name="Changed"), 201)["id"]
    data(post_worker(api, reader, name="Untouched"), 201)
    clock.set(datetime(2030, 6, 2, 9, 0, tzinfo=UTC))
    data(put_worker(api, reader, changed, job_role="Supervisor"))
    reply = api.get(path("workers"), headers=reader, params={"updated_since": "2030-06-02 10:00:00"})
    assert ids(reply) == [changed]
    assert data(reply)[0]["updated_at"] == "2030-06-02 10:00:00"


MALFORMED_SINCE = (
    "yesterday",
    "1717225200",
    "2024-10-27T25:00:00Z",
    "2024-02-30",
    "2024-10-27T01:30:00+25:00",
    "27/10/2024 01:30",
    "2024-10-27 1:30",
    "9999-12-31T23:59:59-23:59",
    "0001-01-01T00:00:00+01:00",
    "",
)


def test_a_malformed_updated_since_answers_invalid_parameter(api: TestClient, reader: dict[str, str]) -> None:
    for since in MALFORMED_SINCE:
        reply = api.get(path("workers"), headers=reader, params={"updated_since": since})
        assert_error(reply, 400, "invalid_parameter", parameter="updated_since")


# ---- local times and their UTC twins -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("instant", "local", "utc"),
    [
        (datetime(2030, 1, 15, 12, 0, tzinfo=UTC), "2030-01-15 12:00:00", "2030-01-15T12:00:00Z"),
        (datetime(2030, 7, 15, 12, 0, tzinfo=UTC), "2030-07-15 13:00:00", "2030-07-15T12:00:00Z"),
        (datetime(2030, 6, 30, 23, 30, tzinfo=UTC), "2030-07-01 00:30:00", "2030-06-30T23:30:00Z"),
    ],
)
def test_times_are_london_local_with_a_utc_twin(
    api: TestClient,
    world: World,
    client_id: int,
    clock: FakeClock,
    reader: dict[str, str],
    instant: datetime,
    local: str,
    utc: str,
) -> None:
    clock.set(instant)
    worker = world.worker(client_id).worker.id
    site = world.site(client_id).id
    shown = data(api.get(path("workers"), headers=reader, params={"id": worker}))
    assert (shown["created_at"], shown["created_at_utc"]) == (local, utc)
    assert (shown["updated_at"], shown["updated_at_utc"]) == (local, utc)
    place = data(api.get(path("locations"), headers=reader, params={"id": site}))
    assert (place["created_at"], place["created_at_utc"]) == (local, utc)


# ---- X-Request-Id and X-API-Version on every reply -------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [
        ("GET", "/api/v1/workers.php", 200),
        ("GET", "/api/v1/me", 200),
        ("POST", "/api/v1/workers.php", 201),
        ("GET", "/api/v1/workers.php?limit=0", 400),
        ("GET", "/api/v1/nothing-here.php", 404),
        ("GET", "/api/v1/workers.json", 404),
        ("GET", "/api/v1/Workers.php", 404),
        ("GET", "/api/v2/workers.php", 404),
        ("GET", "/", 200),  # the front page (issue 21)
        ("GET", "/nothing-here", 404),
        ("POST", "/favicon.png", 404),  # (/favicon.ico is served: browsers ask it of error pages)
        ("DELETE", "/api/v1/workers.php", 405),
        ("GET", "/api/v1/workers.php?id=99999", 404),
    ],
)
def test_every_reply_carries_x_request_id_and_x_api_version(
    api: TestClient, reader: dict[str, str], method: str, url: str, status: int
) -> None:
    reply = api.request(method, url, headers=reader, json={"name": "Ann"})
    assert reply.status_code == status, reply.text
    assert REQUEST_ID.match(reply.headers["x-request-id"])
    assert reply.headers["x-api-version"] == "1.3.0"


@pytest.mark.parametrize("url", ["/api/v1/nothing-here.php", "/api/v1/workers.php/extra", "/elsewhere"])
def test_an_unknown_path_answers_not_found_in_the_error_envelope(api: TestClient, url: str) -> None:
    assert_error(api.get(url), 404, "not_found")


def test_unauthenticated_errors_carry_x_request_id_too(api: TestClient) -> None:
    reply = api.get(path("workers"))
    assert_error(reply, 401, "missing_api_key")
    assert REQUEST_ID.match(reply.headers["x-request-id"])


def test_each_reply_has_its_own_request_id(api: TestClient, reader: dict[str, str]) -> None:
    seen = {api.get(path("me"), headers=reader).headers["x-request-id"] for _ in range(5)}
    seen |= {api.get("/api/v1/none.php").headers["x-request-id"] for _ in range(5)}
    assert len(seen) == 10


# ---- methods ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(UNSUPPORTED))
def test_an_unsupported_method_answers_405_with_the_allow_header_of_the_methods_table(
    api: TestClient, reader: dict[str, str], name: str
) -> None:
    for method in UNSUPPORTED[name]:
        for php in (True, False):
            reply = api.request(method, path(name, php=php), headers=reader, json={"name": "X"})
            assert_error(reply, 405, "method_not_allowed")
            assert reply.headers["allow"] == METHODS_TABLE[name], (method, php)


def test_a_405_changes_nothing(api: TestClient, world: World, client_id: int, reader: dict[str, str]) -> None:
    worker = world.worker(client_id).worker.id
    assert_error(api.delete(path("workers"), headers=reader, params={"id": worker}), 405, "method_not_allowed")
    assert ids(api.get(path("workers"), headers=reader)) == [worker]


# ---- with and without .php -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["me", "workers", "locations", "departments", "cost-codes"])
def test_every_path_answers_the_same_with_and_without_php(
    api: TestClient, world: World, client_id: int, reader: dict[str, str], name: str
) -> None:
    site = world.site(client_id)
    world.worker(client_id, location_id=site.id)
    world.department(client_id)
    world.cost_code(client_id)
    with_php = api.get(path(name), headers=reader)
    without = api.get(path(name, php=False), headers=reader)
    assert with_php.status_code == without.status_code == 200
    assert with_php.json() == without.json()
    assert with_php.json()["data"]


def test_writes_answer_without_php_too(api: TestClient, client_id: int, reader: dict[str, str]) -> None:
    created = api.post(path("workers", php=False), headers=reader, json={"name": "No Suffix"})
    assert created.status_code == 201
    worker_id = created.json()["data"]["id"]
    changed = api.put(path("workers", php=False), headers=reader, params={"id": worker_id}, json={"job_role": "Loader"})
    assert data(changed)["job_role"] == "Loader"
    assert data(api.get(path("workers"), headers=reader, params={"id": worker_id}))["name"] == "No Suffix"
