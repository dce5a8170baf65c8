"""The hand-written floor: GET /timesheets.php?limit=50 and GET /workers.php?limit=50 written directly
with the standard library's ``sqlite3`` and ``orjson`` in a bare Starlette app.

It reads what the product reads (the key by its hash, the page's ids and count, the rows with their
joined names, the shifts' stored figures, the standing locks of their weeks, and what the shifts' open
exceptions are decided from, by the core's pure rules: ``benchmarks.floor_exceptions``) and answers the same
bytes (the side-by-side benchmark checks it before measuring), with nothing cached between requests:
no ORM, no type decorators, no records or views, no statement building. What it leaves out is what the
product adds around the read: rate limits, scopes and sites of a key, idempotency, paging and filter
parameters other than ``limit``, the stale check of the figures.

``python -m benchmarks.floor_server PORT SQLITE_FILE`` serves it through ``workforce serve``'s own
uvicorn call, as ``benchmarks.bare_server`` does.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import sys
import threading
from datetime import UTC, date, datetime, timedelta
from typing import Any
from unittest.mock import patch
from zoneinfo import ZoneInfo

import orjson
import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from benchmarks.floor_exceptions import open_exceptions
from workforce_entrypoints.cli import serve
from workforce_entrypoints.cli.request_head import DEFAULT_HEADER_SECONDS, HEADER_TIMEOUT_ENV

DATABASE_ENV = "WORKFORCE_FLOOR_DATABASE"
LONDON = ZoneInfo("Europe/London")
LIMIT = 50
HEADERS = {"X-API-Version": "1.3.0", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
ENTRY_COLUMNS = (
    "e.id, e.worker_id, w.name, w.employee_id, w.department_id, e.location_id, l.name, e.client_id, e.entry_type, "
    "e.parent_id, e.clock_in, e.clock_out, e.clock_method, e.clock_out_method, e.clock_source, e.kiosk_id, "
    "e.notes, e.match_score, e.cost_code_id, e.scheduled_shift_id, e.approval_status, e.approved_at, "
    "e.approved_by, e.client_approval, e.client_approved_at, e.client_approved_by, e.client_rejected_reason, "
    "e.queried, e.open_query, e.exported_batch_id, e.risk_flags, e.manual_break_minutes, "
    "e.pay_adjustment_minutes, e.edit_count, e.edited_at, e.original_clock_in, e.original_clock_out, "
    "e.within_geofence, e.distance_meters, e.gps_accuracy, e.low_gps_confidence, e.clock_out_within_geofence, "
    "e.clock_out_distance_meters, e.created_at, e.updated_at, "
    "f.paid_minutes, f.unpaid_break_minutes, f.payroll_status, f.payroll_reason, f.pay_week_start, "
    "e.query_text, e.query_answer, e.query_answered_at"
)
WORKER_COLUMNS = (
    "w.id, w.name, w.employee_id, w.location_id, l.name, w.department_id, d.name, w.cost_code_id, c.code, w.email, "
    "w.phone, w.job_role, w.hourly_rate, w.charge_rate, w.date_of_birth, w.apprentice_since, w.wtr_opt_out, "
    "w.holiday_pay, w.max_hours_per_week, w.status, w.active, w.dormant_since, w.start_date, w.end_date, "
    "w.leave_reason, w.preferred_language, w.has_face, w.has_pin, w.created_at, w.updated_at, w.moved_out_at"
)
_local = threading.local()


def _connection() -> sqlite3.Connection:
    found: sqlite3.Connection | None = getattr(_local, "connection", None)
    if found is None:
        found = sqlite3.connect(os.environ[DATABASE_ENV], check_same_thread=False)
        _local.connection = found
    return found


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).replace(tzinfo=UTC)


def _twin(body: dict[str, Any], name: str, text: str | None) -> None:
    moment = _moment(text)
    if moment is None:
        body[name] = body[f"{name}_utc"] = None
        return
    body[name] = moment.astimezone(LONDON).strftime("%Y-%m-%d %H:%M:%S")
    body[f"{name}_utc"] = moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def _number(text: Any) -> float | int | None:
    if text is None:
        return None
    value = float(text)
    return int(value) if value.is_integer() and "." not in str(text) else value


def _client_of(connection: sqlite3.Connection, request: Request) -> int | None:
    secret = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
    digest = hashlib.sha256(secret.encode()).hexdigest()
    found = connection.execute(
        "SELECT client_id FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL", (digest,)
    ).fetchone()
    return None if found is None else int(found[0])


def _page(total: int, count: int) -> dict[str, Any]:
    return {"total": total, "limit": LIMIT, "offset": 0, "has_more": count < total}


def _locked(connection: sqlite3.Connection, client_id: int, weeks: set[str]) -> set[tuple[str, int | None]]:
    if not weeks:
        return set()
    marks = ",".join("?" * len(weeks))
    rows = connection.execute(
        f"SELECT week_start, location_id FROM pay_week_locks WHERE client_id = ? AND unlocked_at IS NULL "
        f"AND week_start IN ({marks})",
        (client_id, *sorted(weeks)),
    ).fetchall()
    return {(week, site) for week, site in rows}


def timesheets_page(connection: sqlite3.Connection, client_id: int) -> dict[str, Any]:
    shifts = "client_id = ? AND entry_type = 'shift' AND clock_out IS NOT NULL"  # the default: completed shifts
    total = connection.execute(f"SELECT count(*) FROM time_entries WHERE {shifts}", (client_id,)).fetchone()[0]
    rows = connection.execute(
        f"SELECT {ENTRY_COLUMNS} FROM time_entries e JOIN workers w ON w.id = e.worker_id "
        "LEFT JOIN locations l ON l.id = e.location_id LEFT JOIN shift_figures f ON f.entry_id = e.id "
        f"WHERE e.id IN (SELECT id FROM time_entries WHERE {shifts} ORDER BY clock_in DESC, id DESC LIMIT ?) "
        "ORDER BY e.clock_in DESC, e.id DESC",
        (client_id, LIMIT),
    ).fetchall()
    locks = _locked(connection, client_id, {row[49] for row in rows if row[49] is not None})
    found = open_exceptions(connection, client_id, [row[0] for row in rows])
    entries = [_entry(row, locks, found.get(row[0], [])) for row in rows]
    return {"data": entries, "pagination": _page(total, len(rows))}


def _entry(r: tuple[Any, ...], locks: set[tuple[str, int | None]], exceptions: list[str]) -> dict[str, Any]:
    clock_in, clock_out = _moment(r[10]), _moment(r[11])
    total = int((clock_out - clock_in) / timedelta(minutes=1)) if clock_in and clock_out else None
    body: dict[str, Any] = {
        "id": r[0], "worker_id": r[1], "worker_name": r[2], "employee_id": r[3], "department_id": r[4],
        "location_id": r[5], "location_name": r[6], "client_id": r[7], "entry_type": r[8], "parent_id": r[9],
    }  # fmt: skip
    _twin(body, "clock_in", r[10])
    _twin(body, "clock_out", r[11])
    body["total_minutes"] = total
    body["hours"] = None if total is None else round(total / 60, 2)
    body.update(clock_method=r[12], clock_out_method=r[13], clock_source=r[14], kiosk_id=r[15], notes=r[16])
    body.update(match_score=_number(r[17]), cost_code_id=r[18], scheduled_shift_id=r[19], approval_status=r[20])
    body["approved"] = r[20] == "approved"
    _twin(body, "approved_at", r[21])
    body.update(
        approved_by=r[22], client_approval=r[23], client_approved={"approved": True, "rejected": False}.get(r[23])
    )
    _twin(body, "client_approved_at", r[24])
    body.update(client_approved_by=r[25], client_rejected_reason=r[26], queried=bool(r[27]), open_query=bool(r[28]))
    body.update(query_text=r[50], query_answer=r[51])
    _twin(body, "query_answered_at", r[52])
    week = r[49]
    body["locked"] = week is not None and ((week, None) in locks or (week, r[5]) in locks)
    body.update(exported_batch_id=r[29], risk_flags=json.loads(r[30]), manual_break_minutes=r[31])
    body.update(pay_adjustment_minutes=r[32], edited=bool(r[33]), edit_count=r[33])
    _twin(body, "edited_at", r[34])
    _twin(body, "original_clock_in", r[35])
    _twin(body, "original_clock_out", r[36])
    body.update(within_geofence=r[37], distance_meters=r[38], gps_accuracy=r[39])
    body["low_gps_confidence"] = None if r[40] is None else bool(r[40])
    body.update(clock_out_within_geofence=r[41], clock_out_distance_meters=r[42])
    _twin(body, "created_at", r[43])
    _twin(body, "updated_at", r[44])
    if r[8] == "shift" and r[11] is not None and r[45] is not None:
        body.update(paid_minutes=r[45], paid_hours=round(r[45] / 60, 2), unpaid_break_minutes=r[46])
        body.update(payroll_status=r[47], payroll_excluded_reason=r[48])
    else:
        body.update(paid_minutes=None, paid_hours=None, unpaid_break_minutes=None)
        body.update(payroll_status="on_hold" if r[8] == "shift" else None)
        body["payroll_excluded_reason"] = "open_clock_out" if r[8] == "shift" else None
    body["open_exceptions"] = exceptions
    return body


def workers_page(connection: sqlite3.Connection, client_id: int) -> dict[str, Any]:
    total = connection.execute("SELECT count(*) FROM workers WHERE client_id = ?", (client_id,)).fetchone()[0]
    rows = connection.execute(
        f"SELECT {WORKER_COLUMNS} FROM workers w LEFT JOIN locations l ON l.id = w.location_id "
        "LEFT JOIN departments d ON d.id = w.department_id LEFT JOIN cost_codes c ON c.id = w.cost_code_id "
        "WHERE w.id IN (SELECT id FROM workers WHERE client_id = ? ORDER BY name, id LIMIT ?) ORDER BY w.name, w.id",
        (client_id, LIMIT),
    ).fetchall()
    return {"data": [_worker(row) for row in rows], "pagination": _page(total, len(rows))}


def _day(text: str | None) -> str | None:
    return None if text is None else date.fromisoformat(text).isoformat()


def _worker(r: tuple[Any, ...]) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": r[0], "name": r[1], "employee_id": r[2], "location_id": r[3], "location_name": r[4],
        "department_id": r[5], "department_name": r[6], "cost_code_id": r[7], "cost_code": r[8], "email": r[9],
        "phone": r[10], "job_role": r[11], "hourly_rate": _number(r[12]), "charge_rate": _number(r[13]),
        "date_of_birth": _day(r[14]), "apprentice_since": _day(r[15]), "wtr_opt_out": bool(r[16]),
        "holiday_pay": r[17], "max_hours_per_week": _number(r[18]), "status": r[19], "active": bool(r[20]),
        "dormant": r[21] is not None,
    }  # fmt: skip
    _twin(body, "dormant_since", r[21])
    body.update(start_date=_day(r[22]), end_date=_day(r[23]), leave_reason=r[24], preferred_language=r[25])
    body.update(has_face=bool(r[26]), has_pin=bool(r[27]), moved_out=r[30] is not None)
    _twin(body, "created_at", r[28])
    _twin(body, "updated_at", r[29])
    return body


def _reading(read: Any) -> Any:
    async def endpoint(request: Request) -> Response:
        def answer() -> Response:
            connection = _connection()
            client_id = _client_of(connection, request)
            if client_id is None:
                return Response(b'{"error":true}', 401, media_type="application/json")
            return Response(orjson.dumps(read(connection, client_id)), headers=HEADERS, media_type="application/json")

        return await run_in_threadpool(answer)

    return endpoint


def create_app() -> Starlette:
    async def me(request: Request) -> Response:  # what ``wait_until_serving`` asks
        return Response(b'{"error_code":"unauthorized"}', status_code=401, media_type="application/json")

    return Starlette(
        routes=[
            Route("/api/v1/timesheets.php", _reading(timesheets_page)),
            Route("/api/v1/workers.php", _reading(workers_page)),
            Route("/api/v1/me.php", me),
        ]
    )


def main(port: int, database: str) -> None:
    os.environ[DATABASE_ENV] = database
    os.environ.setdefault(HEADER_TIMEOUT_ENV, str(DEFAULT_HEADER_SECONDS))  # as ``serve`` sets it
    run = uvicorn.run

    def run_floor(app: str, **settings: Any) -> None:
        run("benchmarks.floor_server:create_app", **settings)

    with patch.object(uvicorn, "run", run_floor):  # serve's very call, another application
        serve._serve("127.0.0.1", port, 1, [], serve.DEFAULT_LIMIT_CONCURRENCY)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])
