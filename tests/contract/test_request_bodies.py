"""Request bodies: over 1 MiB is 413 payload_too_large; a body that never ends is cut off."""

from __future__ import annotations

import asyncio
import json

from starlette.testclient import TestClient

from tests.contract.conftest import World
from workforce_entrypoints.app import create_app
from workforce_entrypoints.http.endpoint import PREFIX
from workforce_entrypoints.http.middleware.body_limit import BodyLimitMiddleware


def test_a_body_over_one_mebibyte_is_413(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    body = json.dumps({"name": "Ann", "notes": "x" * (1024 * 1024)})
    reply = api.post("/api/v1/workers.php", headers={**headers, "Content-Type": "application/json"}, content=body)
    assert reply.status_code == 413
    assert reply.json()["error_code"] == "payload_too_large"
    assert reply.headers["x-request-id"]
    assert world.outbox("worker.created") == []


def test_a_streamed_body_over_the_limit_without_a_length_is_413(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)

    def chunks():  # type: ignore[no-untyped-def]
        yield b'{"name": "Ann", "notes": "'
        for _ in range(20):
            yield b"y" * 65536
        yield b'"}'

    reply = api.post("/api/v1/workers.php", headers={**headers, "Content-Type": "application/json"}, content=chunks())
    assert reply.status_code == 413
    assert reply.json()["error_code"] == "payload_too_large"


def test_a_body_just_under_the_limit_is_read(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    body = json.dumps({"name": "Ann"}) + " " * (1024 * 1024 - 100)  # JSON whitespace: unknown fields are refused
    reply = api.post("/api/v1/workers.php", headers={**headers, "Content-Type": "application/json"}, content=body)
    assert reply.status_code == 201


def test_a_body_that_never_finishes_is_cut_off_with_408(services, world: World) -> None:  # type: ignore[no-untyped-def]
    account = world.account()
    authorization = world.key(account.id)["Authorization"].encode()
    app = BodyLimitMiddleware(create_app(services=services), api_prefix=PREFIX, seconds=0.2)
    sent: list[dict] = []  # type: ignore[type-arg]

    async def receive() -> dict:  # type: ignore[type-arg]
        await asyncio.sleep(0.05)
        return {"type": "http.request", "body": b"{", "more_body": True}

    async def send(message: dict) -> None:  # type: ignore[type-arg]
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/v1/workers.php",
        "raw_path": b"/api/v1/workers.php",
        "query_string": b"",
        "headers": [(b"authorization", authorization), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
        "scheme": "http",
        "http_version": "1.1",
        "root_path": "",
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), timeout=5))
    start = next(m for m in sent if m["type"] == "http.response.start")
    assert start["status"] == 408
    body = json.loads(b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body"))
    assert body["error_code"] == "request_timeout"
    assert world.outbox("worker.created") == []


def test_a_lone_surrogate_in_a_string_is_400_invalid_body_not_a_500(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Content-Type": "application/json"}
    # escaped in ASCII, and raw in a UTF-16 body (which JSON reads with its surrogates as they are)
    raw = '{"name": "\ud800"}'.encode("utf-16-le", "surrogatepass")
    for body in (b'{"name": "\\ud800"}', b'{"name": "ok", "job_role": "\\udfff"}', raw):
        reply = api.post("/api/v1/workers.php", headers=headers, content=body)
        assert (reply.status_code, reply.json()["error_code"]) == (400, "invalid_body"), body
    assert world.outbox("worker.created") == []


def test_non_ascii_digits_are_not_ids(api: TestClient, world: World) -> None:
    account = world.account()
    world.worker(account.id, "Ann")
    reply = api.get("/api/v1/workers.php?id=%EF%BC%91", headers=world.key(account.id))
    assert (reply.status_code, reply.json()["parameter"]) == (400, "id")


def test_a_content_length_that_is_not_a_number_is_400(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Content-Type": "application/json", "Content-Length": "ten"}
    reply = api.post("/api/v1/workers.php", headers=headers, content=b'{"name": "Ann"}')
    assert (reply.status_code, reply.json()["error_code"]) == (400, "bad_request")


def test_dates_at_the_edge_of_the_calendar_are_400_not_500(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    for query in (
        "/api/v1/timesheets.php?date_to=9999-12-31",
        "/api/v1/amendments.php?date_to=9999-12-31",
        "/api/v1/exceptions.php?date_from=9999-12-30",
        "/api/v1/exceptions.php?date_to=0001-01-02",
    ):
        reply = api.get(query, headers=headers)
        assert (reply.status_code, reply.json()["error_code"]) == (400, "invalid_parameter"), query
