"""Small helpers the contract tests share: paths, the error envelope check, and worker bodies over HTTP."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import httpx
from starlette.testclient import TestClient

from workforce_core.model.time_entries import TimeEntry

PREFIX = "/api/v1"
REQUEST_ID = re.compile(r"^[0-9a-f]{32}$")
LOCAL_TIME = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
UTC_TIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$")

# Worker fields the spec lists, apart from the two rates (shown only with their scopes).
WORKER_FIELDS = frozenset(
    {
        "id",
        "name",
        "employee_id",
        "location_id",
        "location_name",
        "department_id",
        "department_name",
        "cost_code_id",
        "cost_code",
        "email",
        "phone",
        "job_role",
        "max_hours_per_week",
        "status",
        "active",
        "dormant",
        "dormant_since",
        "dormant_since_utc",
        "start_date",
        "end_date",
        "leave_reason",
        "preferred_language",
        "has_face",
        "has_pin",
        "created_at",
        "created_at_utc",
        "updated_at",
        "updated_at_utc",
    }
)


def path(name: str, *, php: bool = True) -> str:
    """``/api/v1/<name>.php`` (the documented form) or ``/api/v1/<name>``."""
    return f"{PREFIX}/{name}{'.php' if php else ''}"


def assert_error(reply: httpx.Response, status: int, error_code: str, **extra: Any) -> dict[str, Any]:
    """The spec's error envelope with this status and code, and each ``extra`` key with that value."""
    assert reply.status_code == status, reply.text
    body = reply.json()
    assert body["error"] is True
    assert body["status"] == status
    assert body["error_code"] == error_code, body
    assert isinstance(body["message"], str)
    assert body["message"]
    for key, value in extra.items():
        assert key in body, f"{key} missing from {body}"
        assert body[key] == value, body
    assert "Traceback" not in reply.text
    assert not any(leak in reply.text.lower() for leak in ("sqlalchemy", "psycopg", "sqlite3", "select "))
    assert REQUEST_ID.match(reply.headers["x-request-id"])
    assert reply.headers["x-api-version"] == "1.3.0"
    return body


def data(reply: httpx.Response, status: int = 200) -> Any:
    """``data`` of a successful reply with this status."""
    assert reply.status_code == status, reply.text
    return reply.json()["data"]


def ids(reply: httpx.Response) -> list[int]:
    """Ids of a list reply, in order."""
    assert reply.status_code == 200, reply.text
    return [item["id"] for item in reply.json()["data"]]


def post_worker(api: TestClient, headers: dict[str, str], **body: Any) -> httpx.Response:
    """POST /workers.php with ``body`` (``name`` defaults to "Ann Worker")."""
    return api.post(path("workers"), headers=headers, json={"name": "Ann Worker", **body})


def put_worker(api: TestClient, headers: dict[str, str], worker_id: int, **body: Any) -> httpx.Response:
    return api.put(path("workers"), headers=headers, params={"id": worker_id}, json=body)


def approved_shift(worker_id: int, client_id: int, location_id: int, start: datetime, hours: int = 8) -> TimeEntry:
    """A completed shift, approved when it started: for tests that insert many rows at once."""
    return TimeEntry(
        worker_id=worker_id,
        client_id=client_id,
        location_id=location_id,
        clock_in=start,
        clock_out=start + timedelta(hours=hours),
        created_at=start,
        approval_status="approved",
        approved_at=start,
    )
