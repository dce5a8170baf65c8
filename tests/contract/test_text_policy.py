"""The text policy (rules/text.py) at the edges, on SQLite and PostgreSQL alike: a control character (other than
tab, and newline in free text) or a lone surrogate in any string the API or the console reads is 400
``validation_failed`` naming the field, or ``invalid_parameter`` naming the query parameter; a bidirectional
override is refused in names; what is accepted is stored and read back as sent (trimmed). Never a 500.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error, data, path, post_worker, put_worker
from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.surveys import CreateSurvey
from workforce_core.commands.time_records import Backfill
from workforce_core.errors import ValidationFailed
from workforce_core.rules import text
from workforce_core.rules.text import TextKind
from workforce_core.services import surveys, time_records

CLOCK = path("clock")
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT
STRAY = ["\x00", "\x01", "\x08", "\x0b", "\x0c", "\r", "\x1b", "\x1f", "\x7f", "\x85", "\x9b", "\x9f"]
BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"]


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account("Text Ltd")
        self.site = world.site(self.account.id, "Depot")
        self.worker = world.worker(self.account.id, "Ann Text", location_id=self.site.id, employee_id="W0001").worker
        self.headers = world.key(self.account.id, rate_limit_per_minute=600)
        self.survey = surveys.create_survey(
            structure(CreateSurvey, {"name": "Fit", "questions": [{"text": "Unwell?", "blocking_answers": ["yes"]}]}),
            client_id=self.account.id,
            uow=world.uow,
            clock=clock,
        )

    def clock_(self, action: str = "in", **body: Any) -> httpx.Response:
        return self.send("POST", CLOCK, {"action": action, "worker_id": self.worker.id, **body})

    def send(self, method: str, url: str, body: dict[str, Any], **params: Any) -> httpx.Response:
        """The body as ASCII JSON (``\\ud800`` escaped: the test client cannot encode a lone surrogate itself)."""
        headers = {**self.headers, "Content-Type": "application/json"}
        return self.api.request(method, url, headers=headers, params=params, content=json.dumps(body))

    def stored_notes(self) -> list[str | None]:
        with self.world.services.engine.connect() as connection:
            return list(connection.execute(select(tables.time_entries.c.notes)).scalars())


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


# ---- POST /clock.php ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"worker_id": None, "employee_id": "W\u00000001"}, "employee_id"),
        ({"worker_id": None, "employee_id": "W0001\n"}, "employee_id"),
        ({"worker_id": None, "employee_id": "W0001\x85"}, "employee_id"),
        ({"notes": "Gate\x003"}, "notes"),
        ({"notes": "Gate \x1b[31m3"}, "notes"),
        ({"notes": "Gate 3\r\n"}, "notes"),
        ({"notes": "Gate\x9b3"}, "notes"),
        ({"occurred_at": "2026-11-18T12:00:00Z\n"}, "occurred_at"),
        ({"occurred_at": "2026-11-18 12:00\x00"}, "occurred_at"),
        ({"survey_answers": [{"question_id": 1, "answer_value": "no\x00"}]}, "survey_answers"),
        ({"survey_answers": [{"question_id": 1, "answer_value": "\r"}]}, "survey_answers"),  # no blank answer
    ],
)
def test_a_clock_in_with_a_control_character_is_400_naming_the_field_and_stores_nothing(
    s: Setup, body: dict[str, Any], field: str
) -> None:
    assert_error(s.clock_("in", **body), 400, "validation_failed", field=field)
    assert s.stored_notes() == []


@pytest.mark.parametrize("notes", ["Left\x00early", "Left\x07early", "Left early\x7f"])
def test_a_clock_out_with_a_control_character_in_its_notes_is_400_and_the_shift_stays_open(
    s: Setup, notes: str
) -> None:
    assert data(s.clock_("in", notes="Gate 3"), 201)
    s.clock.advance(hours=4)
    assert_error(s.clock_("out", notes=notes), 400, "validation_failed", field="notes")
    assert s.stored_notes() == ["Gate 3"]
    assert data(s.clock_("out"), 200)["action"] == "clock_out"


def test_notes_are_free_text_kept_with_their_newlines_and_tabs(s: Setup) -> None:
    assert data(s.clock_("in", notes="Gate 3\n\tNorth door"), 201)
    s.clock.advance(hours=4)
    assert data(s.clock_("out", notes="Left early\nsick"), 200)
    assert s.stored_notes() == ["Gate 3\n\tNorth door\nLeft early\nsick"]


# ---- POST and PUT /workers.php -----------------------------------------------------------------------------

WORKER_REFUSALS = [
    *[({"name": f"Ann{c}Smith"}, "name") for c in STRAY],
    *[({"name": f"Ann{c}Smith"}, "name") for c in BIDI],
    ({"name": "Ann\nSmith"}, "name"),
    ({"name": "Ann\u2028Smith"}, "name"),
    ({"email": "ann@example.com\n"}, "email"),
    ({"email": "a\x01nn@example.com"}, "email"),
    ({"phone": "0113\x00496"}, "phone"),
    ({"job_role": "Picker\nPacker"}, "job_role"),
    ({"job_role": "Picker\x1b"}, "job_role"),
    ({"employee_id": "W\x000002"}, "employee_id"),
    ({"employee_id": "\x1f"}, "employee_id"),  # str.strip() takes it for blank: refused, not generated
]


@pytest.mark.parametrize(("body", "field"), WORKER_REFUSALS)
def test_a_worker_text_with_a_refused_character_is_400_naming_the_field(
    s: Setup, body: dict[str, Any], field: str
) -> None:
    assert_error(post_worker(s.api, s.headers, **body), 400, "validation_failed", field=field)
    assert_error(put_worker(s.api, s.headers, s.worker.id, **body), 400, "validation_failed", field=field)
    assert [w["name"] for w in data(s.api.get(path("workers"), headers=s.headers))] == ["Ann Text"]


@pytest.mark.parametrize("reason", ["Moved\x00abroad", "Moved\rabroad", "Moved\x1fabroad"])
def test_a_leave_reason_with_a_control_character_is_400(s: Setup, reason: str) -> None:
    reply = put_worker(s.api, s.headers, s.worker.id, leave_reason=reason)
    assert_error(reply, 400, "validation_failed", field="leave_reason")


def test_accepted_text_is_read_back_exactly_as_stored_on_either_database(s: Setup) -> None:
    body = {"name": " محمد\u200f O'Brien-Łukasiewicz 李 ", "job_role": "Picker\t(\u202eleft)", "phone": "+44 113"}
    created = data(post_worker(s.api, s.headers, **body), 201)
    assert (created["name"], created["job_role"]) == ("محمد\u200f O'Brien-Łukasiewicz 李", "Picker\t(\u202eleft)")
    updated = data(put_worker(s.api, s.headers, created["id"], leave_reason=" Moved\nabroad "), 200)
    assert updated["leave_reason"] == "Moved\nabroad"
    read = data(s.api.get(path("workers"), headers=s.headers, params={"id": created["id"]}))
    assert (read["name"], read["job_role"], read["leave_reason"]) == (
        created["name"],
        created["job_role"],
        "Moved\nabroad",
    )


def test_a_lone_surrogate_is_not_text_and_the_body_is_refused(s: Setup) -> None:
    assert_error(s.send("POST", path("workers"), {"name": "Ann\ud800"}), 400, "invalid_body")
    assert_error(s.clock_("in", notes="Gate \udfff"), 400, "invalid_body")


# ---- query parameters ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("workers.php?search=a%01b", "search"),
        ("workers.php?search=a%0Ab", "search"),
        ("workers.php?search=a%C2%85b", "search"),
        ("workers.php?search=a%E2%80%A8b", "search"),
        ("workers.php?updated_since=2026-01-01T00:00:00Z%0A", "updated_since"),
        ("workers.php?active=true%0A", "active"),
        ("timesheets.php?date_from=2026-01-01%0A", "date_from"),
        ("timesheets.php?updated_since=2026-01-01%20%0A", "updated_since"),
        ("amendments.php?status=raised%0A", "status"),
    ],
)
def test_a_query_parameter_with_a_control_character_or_a_line_break_is_invalid_parameter(
    s: Setup, query: str, parameter: str
) -> None:
    reply = s.api.get(f"/api/v1/{query}", headers=s.headers)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


def test_a_search_with_a_tab_or_right_to_left_letters_is_read(s: Setup) -> None:
    assert data(s.api.get(path("workers"), headers=s.headers, params={"search": "a\tb"})) == []
    assert data(s.api.get(path("workers"), headers=s.headers, params={"search": "محمد"})) == []


# ---- the console -------------------------------------------------------------------------------------------


@pytest.fixture
def booked(console: Console, world: World, clock: FakeClock) -> dict[str, int]:
    """A client, a site, a worker and a closed backfilled shift of 2026-11-17, made in the console's way."""
    clock.set(NOON)
    account = world.account("Console Text")
    site = world.site(account.id, "Depot")
    worker = world.worker(account.id, "Cal Console", location_id=site.id).worker
    paper = {"worker_id": worker.id, "location_id": site.id}
    typed = {"clock_in": "2026-11-17 08:00", "clock_out": "2026-11-17 16:00"}  # as the console reads them
    shift = time_records.backfill(structure(Backfill, {**paper, **typed}), uow=world.uow, clock=world.clock)
    return {"client": account.id, "site": site.id, "worker": worker.id, "entry": shift.entry.id}


def _console_refusals(ids: dict[str, int]) -> Iterator[tuple[tuple[str, ...], str]]:
    client, site, worker, entry = (str(ids[k]) for k in ("client", "site", "worker", "entry"))
    yield ("client", "create", "--name", "Acme\x00"), "name"
    yield ("client", "create", "--name", "Acme\u202eLtd"), "name"
    yield ("client", "update", client, "--name", "Acme\nLtd"), "name"
    yield ("key", "create", "--client", client, "--name", "key\x1b"), "name"
    yield ("key", "create", "--client", client, "--name", "k", "--origin", "https://app.example.com\x00"), "origin"
    yield ("key", "create", "--client", client, "--name", "k", "--origin", "https://" + "a" * 250 + ".com"), "origin"
    yield ("location", "create", "--client", client, "--name", "Depot\u2066"), "name"
    yield ("location", "create", "--client", client, "--name", "D", "--address", "1 Road\n2 Street"), "address"
    yield ("location", "create", "--client", client, "--name", "D", "--billing-name", "North\x00Ltd"), "billing_name"
    yield ("department", "create", "--client", client, "--name", "Pick\x08ing"), "name"
    yield ("department", "create", "--client", client, "--name", "P", "--description", "a\x00b"), "description"
    yield ("cost-code", "create", "--global", "--code", "CC\u202e1"), "code"
    yield ("cost-code", "create", "--global", "--code", "CC1", "--description", "a\rb"), "description"
    book = ("shift", "book", "--client", client, "--worker", worker, "--location", site, "--date", "2026-11-20")
    yield (*book, "--start", "08:00", "--end", "16:00", "--role", "Picker\x00"), "job_role"
    yield ("timesheet", "client-reject", entry, "--reason", "Not\x00here"), "reason"
    yield ("timesheet", "amend", entry, "--reason", "Left\x00early", "--break-minutes", "30"), "reason"
    amend = ("timesheet", "amend", entry, "--reason", "Left early", "--break-minutes", "30")
    yield (*amend, "--raised-by", "Ann\nB"), "raised_by"


def test_console_text_with_a_refused_character_is_validation_failed_naming_the_option(
    console: Console, booked: dict[str, int], world: World
) -> None:
    before = world.outbox()
    wrong = []
    for args, field in _console_refusals(booked):
        code, error = console(*args)
        if (
            code != 1
            or not isinstance(error, dict)
            or (error.get("error_code"), error.get("field"))
            != (
                "validation_failed",
                field,
            )
        ):
            wrong.append(f"{args[:2]} {field}: exit {code}, {error!r}")
    assert not wrong, "\n".join(wrong)
    assert world.outbox() == before


def test_console_free_text_keeps_its_newlines(console: Console, booked: dict[str, int]) -> None:
    code, department = console(
        "department", "create", "--client", str(booked["client"]), "--name", "Picking", "--description", "Two\nlines"
    )
    assert code == 0, department
    assert department["description"] == "Two\nlines"
    code, amendment = console(
        "timesheet", "amend", str(booked["entry"]), "--reason", "Left\nearly", "--break-minutes", "30"
    )
    assert code == 0, amendment
    assert amendment["reason"] == "Left\nearly"


def test_survey_and_rate_rule_texts_follow_the_policy() -> None:
    question = {"text": "Fit to work?", "blocking_answers": ["no"]}
    cases: list[tuple[dict[str, Any], str, type[Any]]] = [
        ({"name": "Check\u202e", "questions": [question]}, "name", CreateSurvey),
        ({"name": "Check", "questions": [{"text": "Fit\nto work?"}]}, "questions[0].text", CreateSurvey),
        (
            {"name": "Check", "questions": [{"text": "Fit?", "blocking_answers": ["n\x00o"]}]},
            "questions[0].blocking_answers",
            CreateSurvey,
        ),
        ({"name": "Std\x00", "pay": {"pay_rate": 12}}, "name", RateRuleDefinition),
        ({"name": "Std", "job_role": "Pick\x1ber", "pay": {"pay_rate": 12}}, "job_role", RateRuleDefinition),
    ]
    for raw, field, command in cases:
        with pytest.raises(ValidationFailed) as refused:
            structure(command, raw)
        assert refused.value.extra == {"field": field}, raw


# ---- the property: any text in any write field, never a 500 ------------------------------------------------

# Any code point (surrogates and controls included), with the characters the policy names drawn often.
ANY_TEXT = st.text(
    st.one_of(
        st.characters(exclude_categories=()),
        st.sampled_from([*STRAY, *BIDI, "\t", "\n", "\u2028", "\ud800", " ", "@", "."]),
    ),
    max_size=40,
)
PROPERTY = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
WORKER_TEXTS: dict[str, TextKind] = {
    "name": text.name,
    "employee_id": text.single_line,
    "email": text.single_line,
    "phone": text.single_line,
    "job_role": text.single_line,
    "leave_reason": text.free_text,
}


def _refused_or_stored(reply: httpx.Response, field: str, value: str, *, also: str = "") -> None:
    """Never a 500; a 400 names the field (or ``also``), but a lone surrogate, not text, may be refused as the body."""
    assert reply.status_code < 500, reply.text
    if reply.status_code == 400:
        body = reply.json()
        if any(0xD800 <= ord(c) <= 0xDFFF for c in value):
            assert body["error_code"] in ("invalid_body", "validation_failed"), body
        else:
            assert body["error_code"] == "validation_failed", body
            assert body.get("field") in (field, also), body


@given(method=st.sampled_from(["POST", "PUT"]), field=st.sampled_from(sorted(WORKER_TEXTS)), value=ANY_TEXT)
@PROPERTY
def test_any_text_in_any_worker_field_is_stored_as_read_or_refused_naming_the_field(
    s: Setup, method: str, field: str, value: str
) -> None:
    if method == "POST":
        reply = s.send("POST", path("workers"), {"name": "Ann Worker", field: value})
    else:
        reply = s.send("PUT", path("workers"), {field: value}, id=s.worker.id)
    _refused_or_stored(reply, field, value)
    kept = not (method == "POST" and field == "leave_reason")  # set by an update only
    if reply.status_code in (200, 201) and kept:
        WORKER_TEXTS[field](value, field)  # what was accepted is text of the field's kind
        if value.strip():
            assert data(reply, reply.status_code)[field] == value.strip()
    if reply.status_code == 409:
        assert reply.json()["error_code"] == "duplicate_employee_id"


CLOCK_TEXTS: dict[str, TextKind] = {
    "employee_id": text.single_line,
    "notes": text.free_text,
    "occurred_at": text.single_line,
    "survey_answers": text.single_line,
}


@given(
    field=st.sampled_from(["employee_id", "notes", "occurred_at", "answer_value"]),
    action=st.sampled_from(["in", "out"]),
    value=ANY_TEXT,
)
@PROPERTY
def test_any_text_in_any_clock_field_is_never_a_500(s: Setup, field: str, action: str, value: str) -> None:
    s.clock.advance(minutes=1)
    if action == "out":
        assert s.clock_("in").status_code == 201
        s.clock.advance(minutes=1)
    body: dict[str, Any] = {field: value}
    if field == "employee_id":
        body["worker_id"] = None
    if field == "answer_value":
        question = s.survey.questions[0].id
        body = {"survey_id": s.survey.id, "survey_answers": [{"question_id": question, "answer_value": value}]}
        field = "survey_answers"
    reply = s.clock_(action, **body)
    _refused_or_stored(reply, field, value, also="worker_id" if field == "employee_id" else "")  # "": neither
    if reply.status_code in (200, 201):
        CLOCK_TEXTS[field](value, field)  # what was accepted is text of the field's kind
    if reply.status_code == 404:
        assert field == "employee_id"
    s.clock.advance(minutes=1)
    s.clock_("out")  # leave no shift open for the next example


def test_search_and_job_role_are_trimmed_as_the_names_they_look_for_were(s: Setup) -> None:
    made = data(s.send("POST", path("workers"), {"name": " Zed Trim", "job_role": " Loader"}), 201)
    assert made["name"] == "Zed Trim"
    found = data(s.api.get(path("workers"), headers=s.headers, params={"search": " Zed Trim "}))
    assert [worker["id"] for worker in found] == [made["id"]]
    everyone = data(s.api.get(path("workers"), headers=s.headers, params={"search": "   "}))
    assert made["id"] in [worker["id"] for worker in everyone]  # blank: no search, as a blank field is
    slot = "available_from=2026-12-01T09:00:00Z&available_to=2026-12-01T17:00:00Z"
    free = s.api.get(f"{path('availability')}?{slot}&job_role=%20Loader%20", headers=s.headers)
    assert free.status_code == 200, free.text
    assert made["id"] in [item["worker_id"] for item in free.json()["data"]]
