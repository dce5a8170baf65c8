"""The OpenAPI document is the contract: it is valid OpenAPI 3.0.3, it is served without a key, it documents
exactly the operations the app serves (so a new endpoint without its document fails here), the live app's
replies conform to it under a schemathesis run, and ``validate_reply`` refuses a reply that does not.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_schema_validator import OAS30Validator
from openapi_spec_validator import OpenAPIV30SpecValidator
from schemathesis.checks import (
    CheckContext,
    content_type_conformance,
    not_a_server_error,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from starlette.applications import Starlette
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from tests.contract.conftest import ALL_SCOPES, World
from tests.openapi_check import PREFIX, ReplyMismatch, documented_methods, documented_path, validate_reply
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.time_records import AddBreak, Backfill, RaiseAmendment
from workforce_core.model.exports import KIND_OF_FORMAT
from workforce_core.rules import console_times
from workforce_core.rules.london import local_date, parse_instant
from workforce_core.services import amendments, approvals, bookings, rate_rules, time_records
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.http.front import is_front
from workforce_entrypoints.http.openapi import load_document

PROBED_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


def valid_request_accepted(ctx: CheckContext, response: schemathesis.Response, case: schemathesis.Case) -> bool | None:
    """schemathesis' positive_data_acceptance ("valid request rejected"): a request the document allows is not
    answered 400 or 422, apart from the documented 422 ``idempotency_key_reused`` (generated cases can send one
    Idempotency-Key with two requests; see ``_unique_idempotency_key``)."""
    if response.status_code == 422 and response.json().get("error_code") == "idempotency_key_reused":
        return None
    if response.status_code == 400 and _format_of_another_kind(response, case):
        return None
    return positive_data_acceptance(ctx, response, case)


def _format_of_another_kind(response: schemathesis.Response, case: schemathesis.Case) -> bool:
    """The documented 400 for an export ``format`` that is not one of the asked ``kind``'s (the document
    lists both as enums; which format belongs to which kind it says in words)."""
    query = case.query or {}
    kind, file_format = query.get("kind"), query.get("format")
    made_as = KIND_OF_FORMAT.get(file_format) if isinstance(file_format, str) else None
    return (
        response.json().get("parameter") == "format"
        and made_as is not None
        and isinstance(kind, str)
        and made_as != kind
    )


SCHEMATHESIS_CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    unsupported_method,
    valid_request_accepted,
]
# Generated cases per operation (fuzzing phase), on top of the document's examples and, on SQLite, the coverage
# phase; derandomized so that CI runs the same cases every time.
EXAMPLES_PER_OPERATION = 10
IDEMPOTENCY_KEY = re.compile(load_document()["components"]["parameters"]["IdempotencyKey"]["schema"]["pattern"])


# --- (a) the document itself -------------------------------------------------------------------------------


def test_document_is_valid_openapi_3_0_3() -> None:
    document = load_document()
    assert document["openapi"] == "3.0.3"
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in OpenAPIV30SpecValidator(document).iter_errors()
    ]
    assert errors == []


def test_every_reference_resolves_and_every_component_is_used() -> None:
    document = load_document()
    text = json.dumps(document)
    refs = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.add(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(document)
    for ref in refs:
        target: Any = document
        for part in ref.removeprefix("#/").split("/"):
            assert part in target, f"{ref} does not resolve"
            target = target[part]
    unused = [
        f"#/components/{kind}/{name}"
        for kind, entries in document["components"].items()
        if kind != "securitySchemes"
        for name in entries
        if f'"#/components/{kind}/{name}"' not in text
    ]
    # MethodNotAllowed is referenced from the description: no documented operation can answer 405.
    assert unused == ["#/components/responses/MethodNotAllowed"]


# What the server refuses, the document does not allow (each value here is 400 from the server: see
# test_text_policy.py, test_small_parsers.py, test_clock.py, test_workers.py); and what it reads, the document allows.
REQUEST_SCHEMA_CASES: list[tuple[str, Any, bool]] = [
    ("ClockRequest", {"action": "in", "worker_id": 1, "notes": "Gate 3\n\tNorth door"}, True),
    ("ClockRequest", {"action": "in", "employee_id": "W0001", "latitude": 51.5, "longitude": -0.1}, True),
    ("ClockRequest", {"action": "in", "worker_id": 1, "survey_id": 1, "survey_answers": []}, True),
    ("ClockRequest", {"action": "in", "worker_id": 1, "employee_id": "W0001"}, False),
    ("ClockRequest", {"action": "in"}, False),
    ("ClockRequest", {"action": "in", "worker_id": 1, "latitude": 51.5}, False),
    ("ClockRequest", {"action": "in", "worker_id": 1, "survey_answers": []}, False),
    ("ClockRequest", {"action": "in", "employee_id": "W\u00000001"}, False),
    ("ClockRequest", {"action": "in", "employee_id": "W0001\n"}, False),
    ("ClockRequest", {"action": "in", "worker_id": 1, "notes": "Gate\r\n3"}, False),
    ("ClockRequest", {"action": "in", "worker_id": 1, "occurred_at": "2024-10-27T00:30:00Z\n"}, False),
    ("WorkerCreate", {"name": " Zoë Łukasiewicz\tمحمد ", "employee_id": "AB-1", "email": "a@b.co"}, True),
    ("WorkerCreate", {"name": "Ann\u0000Smith"}, False),
    ("WorkerCreate", {"name": "Ann\u202eSmith"}, False),
    ("WorkerCreate", {"name": "Ann\nSmith"}, False),
    ("WorkerCreate", {"name": " \t "}, False),
    ("WorkerCreate", {"name": "Ann", "employee_id": "AB1\n"}, False),
    ("WorkerCreate", {"name": "Ann", "email": "a\u0001@b.co"}, False),
    ("WorkerCreate", {"name": "Ann", "job_role": "Picker\nPacker"}, False),
    ("WorkerUpdate", {"leave_reason": "Moved\nabroad"}, True),
    ("WorkerUpdate", {"leave_reason": "Moved\u001fabroad"}, False),
    ("Date", "2024-02-29", True),
    ("Date", "2023-02-29", False),
    ("Date", "0351-04-06", False),
    ("Date", "3000-01-01", False),
    ("Date", "2024-01-01\n", False),
    ("Instant", "2024-10-27 01:30", True),
    ("Instant", "2024-10-27T00:30:00.5+01:00", True),
    ("Instant", "2767-32-04", False),
    ("Instant", "2024-10-27T24:00:00Z", False),
]


@pytest.mark.parametrize(("schema", "value", "allowed"), REQUEST_SCHEMA_CASES)
def test_the_request_schemas_allow_what_the_server_reads_and_nothing_it_refuses(
    schema: str, value: Any, allowed: bool
) -> None:
    components = load_document()["components"]
    validator = OAS30Validator({"$ref": f"#/components/schemas/{schema}", "components": components})
    assert validator.is_valid(value) is allowed


def test_document_is_served_without_a_key(api: TestClient) -> None:
    reply = api.get(f"{PREFIX}/openapi.json")
    assert reply.status_code == 200, reply.text
    assert reply.headers["content-type"].startswith("application/json")
    assert reply.json() == load_document()
    validate_reply(reply)


# --- (b) the document and the app's routes agree -----------------------------------------------------------


def _route_paths(routes: list[Any], prefix: str = "") -> Iterator[str]:
    for route in routes:
        if isinstance(route, Mount):
            yield from _route_paths(list(route.routes), prefix + route.path)
        elif isinstance(route, Route):
            yield prefix + route.path


def _served(app: Starlette) -> dict[str, list[str]]:
    """Each path the app routes under /api/v1, with the methods that do not answer 405 (probed without a key)."""
    served: dict[str, list[str]] = {}
    with TestClient(app, base_url="http://testserver") as client:
        for path in sorted(set(_route_paths(list(app.routes)))):
            if not path.startswith(PREFIX + "/") or is_front(path):  # the rendered docs and their script: pages
                continue
            assert "{" not in path, f"{path}: extend this probe for path parameters"
            methods = []
            for method in PROBED_METHODS:
                reply = client.request(method, path)
                if documented_path(path) is not None:
                    validate_reply(reply)
                if reply.status_code != 405:
                    methods.append(method)
            served[path] = methods
    return served


def test_every_served_operation_is_documented_and_every_documented_one_is_served(services: Services) -> None:
    served = _served(create_app(services=services))
    document_paths = load_document()["paths"]
    problems = []
    for path, methods in served.items():
        documented = documented_path(path)
        if documented is None:
            problems.append(f"{path} is served ({', '.join(methods)}) but has no path in openapi.json")
        elif sorted(methods) != sorted(documented_methods(documented)):
            problems.append(f"{path} serves {methods}; openapi.json documents {documented_methods(documented)}")
    for documented in document_paths:
        forms = [PREFIX + documented]
        if documented.endswith(".php"):
            forms.append(PREFIX + documented.removesuffix(".php"))
        problems += [f"{form} is documented ({documented}) but not served" for form in forms if form not in served]
    assert not problems, "openapi.json and the app's routes disagree:\n" + "\n".join(problems)


# --- (c) schemathesis over the live app --------------------------------------------------------------------


@pytest.fixture
def seeded_key(world: World) -> dict[str, str]:
    """An account with sites, departments, cost codes, workers and time records (see ``_seed_time``), another
    account beside it, and the Authorization header of a key with every scope (and the highest rate limit)."""
    account = world.account("Contract Staffing")
    north = world.site(account.id, "North Depot", city="Leeds", billing_name="North Ltd")
    south = world.site(account.id, "South Depot", latitude=51.5, longitude=-0.12, geofence_mode="warning")
    picking = world.department(account.id, "Picking", location_id=north.id)
    world.department(account.id, "Packing")
    world.department(None, "Global Admin")
    code = world.cost_code(account.id, "CC-100")
    world.cost_code(None, "GLOBAL-1")
    ann = world.worker(account.id, "Ann Able", location_id=north.id, department_id=picking.id, cost_code_id=code.id)
    ben = world.worker(account.id, "Ben Baker", location_id=south.id, hourly_rate=12.5, charge_rate=18)
    world.worker(account.id, "Cat Cole", pending=True, email="cat@example.com")
    other = world.account("Other Agency")
    other_site = world.site(other.id, "Elsewhere")
    world.worker(other.id, "Dan Other", location_id=other_site.id)
    _seed_time(world, account.id, north.id, south.id, ann.worker.id, ben.worker.id)
    return world.key(account.id, ALL_SCOPES, rate_limit_per_minute=600)


def _seed_time(world: World, client_id: int, north: int, south: int, ann: int, ben: int) -> None:
    """Time records for the reads to return (Ann and Ben have no open shift, so the clock examples of the
    document still clock them in and out): a rate rule; Ann's booked shift yesterday, started late, with a
    recorded break, approved; Ben's night shift two days ago with a manual break and an amendment request;
    a booking of Ben's three days ago nobody clocked against (a no-show); and two open shifts clocked over
    the API: Eve's outside the warning-mode fence of South Depot, and Fay's with no site (unassigned)."""
    s, now = world.services, world.clock.now()
    today = local_date(now)

    def at(days_ago: int, clock: str) -> datetime:
        return console_times.console_time(f"{today - timedelta(days=days_ago)} {clock}", "at")

    rate_rules.create_rate_rule(structure(RateRuleDefinition, RATE_RULE), client_id=client_id, uow=s.uow, clock=s.clock)
    for worker_id, site_id, days_ago, start, end in (
        (ann, north, 1, "07:30", "16:00"),
        (ben, south, 3, "09:00", "17:00"),
    ):
        slot = {"location_id": site_id, "shift_date": str(today - timedelta(days=days_ago)), "start_time": start}
        booked = structure(BookShift, {**slot, "end_time": end, "worker_id": worker_id, "status": "published"})
        bookings.book(booked, client_id=client_id, uow=s.uow, clock=s.clock)
    day_shift = Backfill(worker_id=ann, location_id=north, clock_in=at(1, "08:00"), clock_out=at(1, "16:30"))
    day = time_records.backfill(day_shift, uow=s.uow, clock=s.clock)
    lunch = AddBreak(shift_id=day.entry.id, start=at(1, "12:00"), end=at(1, "12:30"))
    time_records.add_break(lunch, uow=s.uow, clock=s.clock)
    approvals.approve([day.entry.id], uow=s.uow, clock=s.clock)
    night_shift = Backfill(
        worker_id=ben, location_id=south, clock_in=at(2, "22:00"), clock_out=at(1, "06:00"), break_minutes=30
    )
    night = time_records.backfill(night_shift, uow=s.uow, clock=s.clock)
    left = RaiseAmendment(entry_id=night.entry.id, reason="Left at 05:30", clock_out=at(1, "05:30"))
    amendments.raise_amendment(left, uow=s.uow, clock=s.clock)
    eve = world.worker(client_id, "Eve Early", location_id=south).worker.id
    fay = world.worker(client_id, "Fay Free").worker.id
    headers = world.key(client_id, ("clock:write",))
    with TestClient(create_app(services=s), base_url="http://testserver") as client:
        clocks = [
            {"worker_id": eve, "action": "in", "latitude": 51.52, "longitude": -0.12, "gps_accuracy": 30},
            {"worker_id": fay, "action": "in"},
        ]
        for body in clocks:
            reply = client.post(f"{PREFIX}/clock.php", headers=headers, json=body)
            assert reply.status_code == 201, reply.text


RATE_RULE: dict[str, Any] = {
    "name": "Standard",
    "overtime_threshold": 40,
    "overtime_multiplier": 1.5,
    "overtime_tiers": [{"after_hours": 50, "multiplier": 2}],
    "weekend_multiplier": 1.25,
    "sunday_multiplier": 1.5,
    "bank_holiday_multiplier": 2.0,
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": 1.00, "charge_premium": 1.50}],
    "pay": {"pay_rate": 12.00},
    "charge": {"charge_rate": 18.00},
}


def _unique_idempotency_key(case: schemathesis.Case) -> None:
    """Give a well-formed generated Idempotency-Key a unique suffix: schemathesis reuses one value (say "0")
    across many cases, and the app rightly answers 422 ``idempotency_key_reused`` to every request after the
    first, which would hide the bodies behind it. Malformed keys are sent as generated (400)."""
    key = (case.headers or {}).get("Idempotency-Key")
    if isinstance(key, str) and IDEMPOTENCY_KEY.fullmatch(key) and len(key) <= 200:
        case.headers["Idempotency-Key"] = f"{key}-{uuid.uuid4().hex}"


@pytest.fixture
def live_app(services: Services, seeded_key: dict[str, str]) -> Starlette:
    return create_app(services=services)


HYPOTHESIS = settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,  # one database per operation, kept across its examples
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.data_too_large,
    ],
)
# SQLite: every phase (the document's examples; the coverage phase's boundaries, missing, malformed and
# duplicated values and unsupported methods; then generated cases). PostgreSQL: the examples and generated
# cases only, to keep the run short; the coverage phase is the same code path on both databases.
FULL_RUN = schemathesis.openapi.from_dict(copy.deepcopy(load_document()))
SHORT_RUN = schemathesis.openapi.from_dict(
    copy.deepcopy(load_document()), config=schemathesis.Config.from_dict({"phases": {"coverage": {"enabled": False}}})
)


def _follow_the_rules_stated_in_words(case: schemathesis.Case, now: datetime) -> None:
    """Make a generated request keep the rules the document states in words because a JSON Schema cannot: rules
    between two values (``end_date`` not before ``start_date``, also the stored one on PUT; ``date_to`` not before
    ``date_from``; an exceptions period of at most 93 days; an evidence file's type by its bytes) and the clock's
    window (``occurred_at`` at most 15 minutes back and 60 seconds ahead). The server refuses such requests with
    400 as documented; every other refusal of a request the document allows is a mismatch that
    ``valid_request_accepted`` reports."""
    query, body = case.query, case.body
    if case.operation.path == "/webhooks.php":
        _webhook_rules(case)
    if case.operation.path == "/shifts.php":
        _shift_rules(case)
    if case.operation.path == "/charges.php" and isinstance(query, dict):
        if "week_start" in query:
            query.pop("from", None)  # a week, or a period: not both
            query.pop("to", None)
        elif _both_dates(query, "from", "to"):
            low, high = sorted((date.fromisoformat(query["from"]), date.fromisoformat(query["to"])))
            query["from"], query["to"] = low.isoformat(), min(high, low + timedelta(days=92)).isoformat()
    if case.operation.path == "/payroll.php" and isinstance(query, dict) and "week" in query:
        query.pop("date_from", None)  # a week, or a range: not both
        query.pop("date_to", None)
    if case.operation.path == "/demands.php" and isinstance(body, dict):
        _slot_rules(body)  # the requirement's slot, as a booking's
    if case.operation.path == "/pay-weeks.php" and isinstance(query, dict):
        _pay_week_rules(query)
    if case.operation.path == "/availability.php":
        _availability_rules(case)
    if case.operation.path in ("/worker-documents.php", "/document-evidence.php"):
        _document_rules(case)
    if case.operation.path == "/export-batches.php" and isinstance(query, dict) and query.get("action") == "preview":
        query.setdefault("week", now.date().isoformat())  # "week: with action=preview (required there)"
    if case.operation.path == "/export-batches.php" and isinstance(query, dict) and _both_dates(query, "from", "to"):
        low, high = sorted((date.fromisoformat(query["from"]), date.fromisoformat(query["to"])))
        query["from"], query["to"] = low.isoformat(), high.isoformat()  # `to` not before `from`
    if isinstance(query, dict) and _both_dates(query, "date_from", "date_to"):
        low, high = sorted((date.fromisoformat(query["date_from"]), date.fromisoformat(query["date_to"])))
        if case.operation.path == "/exceptions.php":
            high = min(high, low + timedelta(days=92))
        if case.operation.path == "/payroll.php":
            high = min(high, low + timedelta(weeks=25))  # at most 26 pay weeks once widened
        query["date_from"], query["date_to"] = low.isoformat(), high.isoformat()
    if not isinstance(body, dict):
        return
    if case.operation.path == "/workers.php":
        if _both_dates(body, "start_date", "end_date"):
            body["start_date"], body["end_date"] = sorted((body["start_date"], body["end_date"]))
        elif case.method.upper() == "PUT" and ("start_date" in body) != ("end_date" in body):
            body.setdefault("start_date", None)  # clear the stored date the one sent could cross
            body.setdefault("end_date", None)
    if case.operation.path == "/clock.php" and isinstance(body.get("occurred_at"), str):
        body["occurred_at"] = now.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def _pay_week_rules(query: dict[str, Any]) -> None:
    """``week_start`` alone, or ``from`` and ``to`` together, in order and at most 26 weeks apart."""
    if "week_start" in query:
        query.pop("from", None)
        query.pop("to", None)
        return
    dates = [query[name] for name in ("from", "to") if isinstance(query.get(name), str)]
    try:
        days = sorted(date.fromisoformat(value) for value in dates)
    except ValueError:
        return
    if days:
        query["from"], query["to"] = days[0].isoformat(), min(days[-1], days[0] + timedelta(weeks=25)).isoformat()


def _webhook_rules(case: schemathesis.Case) -> None:
    """A receiver must resolve to public addresses (the test's resolver knows hooks.example.com), ``*`` is
    not mixed with names, and an action on one subscription needs its ``id``."""
    query, body = case.query, case.body
    if isinstance(query, dict) and query.get("action") in ("deliveries", "rotate_secret", "test", "redeliver"):
        query.setdefault("id", 1)
        if query["action"] == "redeliver":
            query.setdefault("delivery_id", 1)
    creating = case.method.upper() == "POST" and not (isinstance(query, dict) and query.get("action"))
    if creating and not isinstance(body, dict):  # the body is optional only for the actions
        body = case.body = {"url": "", "events": ["*"]}
    if isinstance(body, dict):
        if "url" in body:
            body["url"] = "https://hooks.example.com/receiver"
        events = body.get("events")
        if isinstance(events, list) and "*" in events:
            body["events"] = ["*"]


def _shift_rules(case: schemathesis.Case) -> None:
    """A cancel names its booking and sends only ShiftCancel's fields; a slot's end differs from its start, and is
    not in the hour the spring change skips; the break is shorter than the slot (zero here, also on PUT where the
    stored times count); a PUT moving one end sends both."""
    query, body = case.query, case.body
    cancelling = isinstance(query, dict) and query.get("action") == "cancel"
    if cancelling:
        query.setdefault("id", 1)
        if isinstance(body, dict):
            case.body = {k: v for k, v in body.items() if k in ("status", "cancel_reason")}
        return
    if case.method.upper() == "POST" and not (isinstance(body, dict) and "worker_id" in body):
        body = case.body = {"worker_id": 1, "location_id": 1, "shift_date": "2026-01-05", "start_time": "09:00"}
        body["end_time"] = "17:00"
    if not isinstance(body, dict):
        return
    if case.method.upper() == "POST" and "demand_id" not in body:  # ShiftCancel's fields alone satisfy the anyOf
        for name, value in (("location_id", 1), ("shift_date", "2026-01-05"), ("start_time", "09:00")):
            body.setdefault(name, value)
        body.setdefault("end_time", "17:00")
    times = [name for name in ("start_time", "end_time") if isinstance(body.get(name), str)]
    if case.method.upper() == "PUT" and times:
        body.setdefault("start_time", "09:00")
        body.setdefault("end_time", "17:00")
    _slot_rules(body, zero_break=case.method.upper() == "PUT" and bool(times))


def _slot_rules(body: dict[str, Any], *, zero_break: bool = False) -> None:
    """A slot's end differs from its start and is not in the hour the spring change skips; a break is zero."""
    for name in ("start_time", "end_time"):
        if isinstance(body.get(name), str) and body[name].startswith("01:"):
            body[name] = "03" + body[name][2:]
    start, end = body.get("start_time"), body.get("end_time")
    if isinstance(start, str) and isinstance(end, str) and start[:5] == end[:5]:
        body["end_time"] = "23:59" if start[:5] != "23:59" else "23:58"
    if "break_minutes" in body or zero_break:
        body["break_minutes"] = 0


def _availability_rules(case: schemathesis.Case) -> None:
    """A slot sends both ends, the end 8 hours after the start (under 24 hours); a rule holds on a weekday or a
    date (not both), its end differs from its start and ``valid_to`` is not before ``valid_from``."""
    query, body = case.query, case.body
    if isinstance(query, dict) and ("available_from" in query or "available_to" in query):
        start = parse_instant(str(query.get("available_from", query.get("available_to"))))
        if start is not None:
            query["available_from"] = start.isoformat()
            query["available_to"] = (start + timedelta(hours=8)).isoformat()
    if case.method.upper() != "POST" or not isinstance(body, dict):
        return
    if body.get("day_of_week") is not None:
        body["date"] = None
    elif body.get("date") is None:
        body["day_of_week"] = 1
    start, end = body.get("start_time"), body.get("end_time")
    if isinstance(start, str) and isinstance(end, str) and start[:5] == end[:5]:
        body["end_time"] = "23:59" if start[:5] != "23:59" else "23:58"
    if _both_dates(body, "valid_from", "valid_to"):
        body["valid_from"], body["valid_to"] = sorted((body["valid_from"], body["valid_to"]))


def _document_rules(case: schemathesis.Case) -> None:
    """A list of documents names its worker (without ``id``); ``expiry_date`` is not before ``issue_date``; an
    evidence file is a PDF, JPEG or PNG by its bytes (here a PNG's signature)."""
    query, body = case.query, case.body
    listing = case.method.upper() == "GET" and case.operation.path == "/worker-documents.php"
    if listing and isinstance(query, dict) and "id" not in query:
        query.setdefault("worker_id", 1)
    if isinstance(body, dict) and _both_dates(body, "issue_date", "expiry_date"):
        body["issue_date"], body["expiry_date"] = sorted((body["issue_date"], body["expiry_date"]))
    if case.method.upper() == "POST" and case.operation.path == "/document-evidence.php":
        case.body = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(17)


def _both_dates(values: dict[str, Any], first: str, second: str) -> bool:
    try:
        return all(isinstance(values.get(n), str) and date.fromisoformat(values[n]) for n in (first, second))
    except ValueError:
        return False


def _call_and_check(case: schemathesis.Case, app: Starlette, key: dict[str, str]) -> None:
    headers = {} if case.operation.path == "/openapi.json" else key
    _unique_idempotency_key(case)
    _follow_the_rules_stated_in_words(case, app.state.services.clock.now())
    reply = case.call(app=app, headers=headers)
    case.validate_response(reply, checks=SCHEMATHESIS_CHECKS, headers=headers, transport_kwargs={"app": app})


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@FULL_RUN.parametrize()
@HYPOTHESIS
def test_live_app_conforms_to_the_document(
    case: schemathesis.Case, live_app: Starlette, seeded_key: dict[str, str]
) -> None:
    _call_and_check(case, live_app, seeded_key)


@pytest.mark.parametrize("database_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
@SHORT_RUN.parametrize()
@HYPOTHESIS
def test_live_app_conforms_to_the_document_on_postgres(
    case: schemathesis.Case, live_app: Starlette, seeded_key: dict[str, str]
) -> None:
    _call_and_check(case, live_app, seeded_key)


def test_idempotent_replays_and_refusals_conform(api: TestClient, world: World) -> None:
    account = world.account("Replay Ltd")
    headers = {**world.key(account.id, ALL_SCOPES), "Idempotency-Key": "replay-1"}
    first = api.post(f"{PREFIX}/workers.php", headers=headers, json={"name": "Once Only"})
    again = api.post(f"{PREFIX}/workers", headers=headers, json={"name": "Once Only"})
    other = api.post(f"{PREFIX}/workers.php", headers=headers, json={"name": "Someone Else"})
    malformed = api.put(f"{PREFIX}/workers.php?id=1", headers={**headers, "Idempotency-Key": "x" * 256}, json={})
    assert [first.status_code, again.status_code, other.status_code, malformed.status_code] == [201, 201, 422, 400]
    assert again.headers.get("idempotent-replayed") == "true"
    for reply in (first, again, other, malformed):
        validate_reply(reply)


# --- validate_reply refuses what does not conform ----------------------------------------------------------


@pytest.fixture
def replies(api: TestClient, world: World) -> dict[str, Any]:
    account = world.account("Check Ltd")
    site = world.site(account.id)
    worker = world.worker(account.id, location_id=site.id)
    headers = world.key(account.id, ALL_SCOPES)
    return {
        "me": api.get(f"{PREFIX}/me.php", headers=headers),
        "worker": api.get(f"{PREFIX}/workers?id={worker.worker.id}", headers=headers),
        "workers": api.get(f"{PREFIX}/workers.php", headers=headers),
        "not_found": api.get(f"{PREFIX}/workers.php?id=999999", headers=headers),
        "created": api.post(f"{PREFIX}/workers.php", headers=headers, json={"name": "New Person"}),
        "method": api.delete(f"{PREFIX}/workers", headers=headers),
        "unknown_path": api.get(f"{PREFIX}/nothing-here.php", headers=headers),
    }


def test_real_replies_conform_in_both_path_forms(replies: dict[str, Any]) -> None:
    expected = {"me": 200, "worker": 200, "workers": 200, "not_found": 404, "created": 201, "method": 405}
    expected["unknown_path"] = 404
    assert {name: reply.status_code for name, reply in replies.items()} == expected
    for reply in replies.values():
        validate_reply(reply)


def _doctored(reply: Any, *, status: int | None = None, body: Any = None, drop_header: str = "", **headers: str) -> Any:
    """A copy of ``reply`` with a different status, body or headers (same request)."""
    kept = {k.lower(): v for k, v in reply.headers.items() if k.lower() not in (drop_header.lower(), "content-length")}
    kept.update({k.replace("_", "-").lower(): v for k, v in headers.items()})
    content = reply.content if body is None else json.dumps(body).encode()
    return type(reply)(status or reply.status_code, headers=kept, content=content, request=reply.request)


def _without(body: dict[str, Any], *keys: str) -> dict[str, Any]:
    data = dict(body["data"])
    for key in keys:
        data.pop(key)
    return {**body, "data": data}


DOCTORINGS: dict[str, tuple[str, Callable[[Any], Any], str]] = {
    "me without key_name": ("me", lambda r: _doctored(r, body=_without(r.json(), "key_name")), "key_name"),
    "worker without employee_id": (
        "worker",
        lambda r: _doctored(r, body=_without(r.json(), "employee_id")),
        "employee_id",
    ),
    "worker id as text": (
        "worker",
        lambda r: _doctored(r, body={"data": {**r.json()["data"], "id": "1"}}),
        "is not of type 'integer'",
    ),
    "null name": ("worker", lambda r: _doctored(r, body={"data": {**r.json()["data"], "name": None}}), "None"),
    "local time in UTC form": (
        "worker",
        lambda r: _doctored(r, body={"data": {**r.json()["data"], "created_at": "2024-01-01T00:00:00Z"}}),
        "does not match",
    ),
    "unknown status value": (
        "worker",
        lambda r: _doctored(r, body={"data": {**r.json()["data"], "status": "sleeping"}}),
        "sleeping",
    ),
    "list without pagination": ("workers", lambda r: _doctored(r, body={"data": r.json()["data"]}), "pagination"),
    "write without message": ("created", lambda r: _doctored(r, body={"data": r.json()["data"]}), "message"),
    "undocumented status": ("me", lambda r: _doctored(r, status=202), "202"),
    "no X-Request-Id": ("me", lambda r: _doctored(r, drop_header="X-Request-Id"), "X-Request-Id"),
    "no X-RateLimit-Remaining": (
        "me",
        lambda r: _doctored(r, drop_header="X-RateLimit-Remaining"),
        "X-RateLimit-Remaining",
    ),
    "text content type": ("me", lambda r: _doctored(r, content_type="text/plain"), "text/plain"),
    "error code of another status": (
        "not_found",
        lambda r: _doctored(r, body={**r.json(), "error_code": "invalid_api_key"}),
        "invalid_api_key",
    ),
    "error without error flag": (
        "not_found",
        lambda r: _doctored(r, body={k: v for k, v in r.json().items() if k != "error"}),
        "error",
    ),
    "body status differs": ("not_found", lambda r: _doctored(r, body={**r.json(), "status": 400}), "400"),
    "405 with a wrong Allow": ("method", lambda r: _doctored(r, Allow="GET, DELETE"), "Allow"),
    "405 without Allow": ("method", lambda r: _doctored(r, drop_header="Allow"), "Allow"),
    "unknown path answered 200": ("unknown_path", lambda r: _doctored(r, status=200), "200"),
}


def test_validate_reply_refuses_doctored_replies(replies: dict[str, Any]) -> None:
    """Each doctored copy of a conforming reply is refused, and the refusal names what is wrong."""
    missed = []
    for name, (source, doctor, mentioned) in DOCTORINGS.items():
        try:
            validate_reply(doctor(replies[source]))
        except ReplyMismatch as refusal:
            if mentioned not in str(refusal):
                missed.append(f"{name}: refused without naming {mentioned!r}: {refusal}")
        else:
            missed.append(f"{name}: accepted")
    assert not missed, "\n".join(missed)
