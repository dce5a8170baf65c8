"""Small parsers: a whole value is matched whole (a trailing newline is not part of a number, a date or a time),
and a JSON body that names a key twice is ambiguous, so 400 ``invalid_body``; on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, path


@pytest.fixture
def headers(world: World) -> dict[str, str]:
    account = world.account("Parsers Ltd")
    world.worker(account.id, "Ann Parser")
    return world.key(account.id, rate_limit_per_minute=600)


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("limit=5%0A", "limit"),
        ("limit=5%0D%0A", "limit"),
        ("offset=0%0A", "offset"),
        ("id=1%0A", "id"),
        ("location_id=1%0A", "location_id"),
        ("updated_since=2026-01-01%0A", "updated_since"),
    ],
)
def test_a_query_number_or_date_with_a_trailing_newline_is_invalid_parameter(
    api: TestClient, headers: dict[str, str], query: str, parameter: str
) -> None:
    reply = api.get(f"{path('workers')}?{query}", headers=headers)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


def test_the_same_numbers_without_the_newline_are_read(api: TestClient, headers: dict[str, str]) -> None:
    reply = api.get(f"{path('workers')}?limit=5&offset=0", headers=headers)
    assert [w["name"] for w in data(reply)] == ["Ann Parser"]
    assert reply.json()["pagination"]["limit"] == 5


@pytest.mark.parametrize(
    "body",
    [
        '{"name": "a", "name": "b"}',
        '{"name": "a", "name": "a"}',
        '{"name": "Ann", "email": null, "email": "ann@example.com"}',
    ],
)
def test_a_body_naming_a_key_twice_is_invalid_body(api: TestClient, headers: dict[str, str], body: str) -> None:
    reply = api.post(path("workers"), headers={**headers, "Content-Type": "application/json"}, content=body)
    assert_error(reply, 400, "invalid_body")
    assert [w["name"] for w in data(api.get(path("workers"), headers=headers))] == ["Ann Parser"]


def test_a_key_named_twice_inside_a_nested_object_is_invalid_body(
    api: TestClient, headers: dict[str, str], world: World
) -> None:
    worker = data(api.get(path("workers"), headers=headers))[0]["id"]
    answers = '[{"question_id": 1, "question_id": 2, "answer_value": "no"}]'
    body = f'{{"worker_id": {worker}, "action": "in", "survey_id": 1, "survey_answers": {answers}}}'
    reply = api.post(path("clock"), headers={**headers, "Content-Type": "application/json"}, content=body)
    assert_error(reply, 400, "invalid_body")


def test_keys_that_differ_only_in_case_are_different_keys(api: TestClient, headers: dict[str, str]) -> None:
    body = json.dumps({"name": "Bea", "Name": "another key"})
    reply = api.post(path("workers"), headers={**headers, "Content-Type": "application/json"}, content=body)
    assert_error(reply, 400, "validation_failed", field="Name")  # not the field name: an unknown key
