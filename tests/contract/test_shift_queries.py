"""A hirer's query and the agency's answer, over HTTP on SQLite and PostgreSQL: the question typed on the
portal is kept on the shift and read on /timesheets.php, /exceptions.php and the console; the agency
answers it from the shift's page (which resolves it) and the hirer reads the answer on the portal; the
events carry both."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user, sign_in_as
from workforce_adapters.json.commands import structure
from workforce_core.commands.time_records import Backfill
from workforce_core.services import time_records
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
WEEK = "2026-11-09"
QUESTION = "The badge says 16:00 but Ann left at 15:30 - can you check?"
ANSWER = "Checked with the site: she left at 15:58. The times stand."


@pytest.fixture
def hirer(world: World, clock: FakeClock, services: Services) -> dict[str, Any]:
    clock.set(NOW)
    client = world.account("Acme", require_client_approval=True)
    north = world.site(client.id, "North")
    ann = world.worker(client.id, "Ann", hourly_rate=14.25, charge_rate=21).worker
    command = {"worker_id": ann.id, "location_id": north.id, "clock_in": "2026-11-10 08:00"}
    made = time_records.backfill(
        structure(Backfill, {**command, "clock_out": "2026-11-10 16:00", "break_minutes": 30}),
        uow=services.uow,
        clock=services.clock,
    )
    contact, password = make_user(services, "approver", client.id, location_ids=(north.id,))
    return {"client": client.id, "entry": made.entry.id, "email": contact.email, "password": password}


def in_portal(person: Person, hirer: dict[str, Any]) -> str:
    assert person.sign_in(hirer["email"], hirer["password"]).status_code == 303
    return f"/portal/{hirer['client']}/week?week={WEEK}"


def ask(person: Person, hirer: dict[str, Any], question: str | None) -> Any:
    page = in_portal(person, hirer)
    form: dict[str, Any] = {"entry_ids": hirer["entry"], "action": "query", "week": WEEK}
    if question is not None:
        form["question"] = question
    return person.post(f"/portal/{hirer['client']}/week/decide", form, token=person.csrf(page))


def at_the_shift_as_coordinator(person: Person, services: Services, hirer: dict[str, Any]) -> tuple[str, str]:
    """A coordinator signed in on the shift's page: its path and the form token."""
    sign_in_as(services, "coordinator", hirer["client"], person)
    shift_page = f"/console/{hirer['client']}/timesheets/{hirer['entry']}"
    return shift_page, person.csrf(shift_page)


def entry(world: World, services: Services, hirer: dict[str, Any]) -> dict[str, Any]:
    with console(services) as person:
        reply = person.client.get(f"/api/v1/timesheets.php?id={hirer['entry']}", headers=world.key(hirer["client"]))
    assert reply.status_code == 200, reply.text
    found: dict[str, Any] = reply.json()["data"]
    return found


def exceptions(world: World, services: Services, hirer: dict[str, Any]) -> list[dict[str, Any]]:
    with console(services) as person:
        reply = person.client.get(
            f"/api/v1/exceptions.php?date_from={WEEK}&type=query", headers=world.key(hirer["client"])
        )
    assert reply.status_code == 200, reply.text
    found: list[dict[str, Any]] = reply.json()["data"]
    return found


def test_the_hirers_question_is_kept_and_read_on_the_entry_the_exceptions_and_the_shift_page(
    world: World, services: Services, hirer: dict[str, Any]
) -> None:
    with console(services) as person:
        assert ask(person, hirer, QUESTION).status_code == 303
    shown = entry(world, services, hirer)
    assert (shown["open_query"], shown["query_text"], shown["query_answer"]) == (True, QUESTION, None)
    assert shown["open_exceptions"] == ["walk_in", "query"]
    [query] = exceptions(world, services, hirer)
    assert (query["id"], query["status"], query["severity"]) == (f"query:{hirer['entry']}", "open", "warning")
    assert (query["query_text"], query["query_answer"]) == (QUESTION, None)
    [queried] = world.outbox("timesheet.queried")
    assert queried["data"]["entries"][0]["query_text"] == QUESTION
    with console(services) as person:
        sign_in_as(services, "coordinator", hirer["client"], person)
        page = person.get(f"/console/{hirer['client']}/timesheets/{hirer['entry']}")
        listed = person.get(f"/console/{hirer['client']}/exceptions?week={WEEK}")
    assert QUESTION in page.text
    assert "Answer the query" in page.text
    assert QUESTION in listed.text


def test_the_agency_answers_which_resolves_the_query_and_the_hirer_reads_the_answer(
    world: World, services: Services, hirer: dict[str, Any]
) -> None:
    with console(services) as person:
        assert ask(person, hirer, QUESTION).status_code == 303
    with console(services) as person:
        shift_page, token = at_the_shift_as_coordinator(person, services, hirer)
        answered = person.post(f"{shift_page}/answer-query", {"answer": f"  {ANSWER}  "}, token=token)
        assert answered.status_code == 303
        assert answered.headers["location"] == f"{shift_page}?done=query_answered"
        again = person.post(f"{shift_page}/answer-query", {"answer": "Twice"}, token=token)
        assert again.status_code == 409
    shown = entry(world, services, hirer)
    assert (shown["open_query"], shown["queried"], shown["query_text"]) == (False, True, QUESTION)
    assert (shown["query_answer"], shown["query_answered_at_utc"]) == (ANSWER, "2026-11-18T12:00:00Z")
    assert shown["open_exceptions"] == ["walk_in"]
    [query] = exceptions(world, services, hirer)
    assert (query["status"], query["query_answer"], query["detail"]) == ("resolved", ANSWER, "Query answered.")
    [updated] = [e["data"] for e in world.outbox("time_entry.updated") if e["data"]["change"] == "query_resolved"]
    assert (updated["changes"], updated["query_text"], updated["query_answer"]) == (
        ["open_query", "query_answer"],
        QUESTION,
        ANSWER,
    )
    with console(services) as person:
        portal = person.get(in_portal(person, hirer))
    assert ANSWER in portal.text
    assert QUESTION in portal.text


def test_a_query_without_its_question_or_an_answer_too_long_is_refused_naming_the_field(
    world: World, services: Services, hirer: dict[str, Any]
) -> None:
    with console(services) as person:
        refused = ask(person, hirer, None)
        assert refused.status_code == 400
        assert "question" in refused.text
        assert ask(person, hirer, "x" * 501).status_code == 400
    assert entry(world, services, hirer)["open_query"] is False
    with console(services) as person:
        assert ask(person, hirer, QUESTION).status_code == 303
    with console(services) as person:
        shift_page, token = at_the_shift_as_coordinator(person, services, hirer)
        too_long = person.post(f"{shift_page}/answer-query", {"answer": "x" * 501}, token=token)
        assert too_long.status_code == 400
        assert "answer" in too_long.text
        blank = person.post(f"{shift_page}/answer-query", {"answer": "  "}, token=token)
        assert blank.status_code == 400
    assert entry(world, services, hirer)["open_query"] is True


def test_a_hirer_cannot_answer_their_own_query(world: World, services: Services, hirer: dict[str, Any]) -> None:
    with console(services) as person:
        page = ask(person, hirer, QUESTION)
        assert page.status_code == 303
        token = person.csrf(in_portal(person, hirer))
        shift_page = f"/console/{hirer['client']}/timesheets/{hirer['entry']}"
        assert person.post(f"{shift_page}/answer-query", {"answer": ANSWER}, token=token).status_code == 403
    assert entry(world, services, hirer)["open_query"] is True
