"""The agency console over HTTP, on SQLite and PostgreSQL: sign-in and its throttle, sessions that end,
the CSRF token on every write, pages and files of another account unreachable by changing an id, and
each write recorded with the person who made it."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import CSRF, Person, console, make_user, sign_in_as
from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_core.commands.time_records import RaiseAmendment
from workforce_core.rules.people import SIGN_IN_PER_USER
from workforce_core.services import amendments, people
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday: the week of 9 November has ended
LAST_WEEK = "2026-11-09"


@pytest.fixture
def acme(world: World, clock: FakeClock) -> dict[str, int]:
    clock.set(NOW)
    client = world.account("Acme")
    site = world.site(client.id, "Depot")
    worker = world.worker(client.id, "<script>alert(1)</script>", hourly_rate=12.5, charge_rate=20)
    return {"client": client.id, "site": site.id, "worker": worker.worker.id}


def backfill(person: Person, ids: dict[str, int], day: str = "2026-11-10", token: str | None = None) -> int:
    token = token or person.csrf(f"/console/{ids['client']}/timesheets")
    sent = {
        "worker_id": ids["worker"],
        "location_id": ids["site"],
        "clock_in": f"{day}T08:00",
        "clock_out": f"{day}T16:00",
        "break_minutes": "30",
    }
    reply = person.post(f"/console/{ids['client']}/timesheets/backfill", sent, token=token)
    assert reply.status_code == 303, reply.text[:400]
    return int(reply.headers["location"].split("/timesheets/")[1].split("?")[0])


def test_sign_in_sets_a_session_cookie_that_scripts_cannot_read(services: Services, acme: dict[str, int]) -> None:
    user, password = make_user(services, "owner", acme["client"])
    with console(services) as person:
        reply = person.sign_in(user.email, password)
        cookie = reply.headers["set-cookie"].lower()
        assert reply.status_code == 303
        assert "workforce_session=" in cookie
        assert "httponly" in cookie
        assert "samesite=lax" in cookie
        assert person.get("/console/").headers["location"] == f"/console/{acme['client']}/timesheets"


def test_wrong_password_and_unknown_user_get_the_same_page(services: Services, acme: dict[str, int]) -> None:
    user, _ = make_user(services, "owner", acme["client"])
    with console(services) as person:
        wrong = person.sign_in(user.email, "not the password")
        unknown = person.sign_in("nobody@example.com", "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.text.replace(user.email, "X") == unknown.text.replace("nobody@example.com", "X").replace(
        CSRF.search(unknown.text).group(1),  # type: ignore[union-attr]
        CSRF.search(wrong.text).group(1),  # type: ignore[union-attr]
    )


def test_sign_in_is_throttled_after_failures(services: Services, acme: dict[str, int]) -> None:
    user, password = make_user(services, "owner", acme["client"])
    with console(services) as person:
        for _ in range(SIGN_IN_PER_USER):
            assert person.sign_in(user.email, "not the password").status_code == 401
        throttled = person.sign_in(user.email, password)
    assert throttled.status_code == 429
    assert int(throttled.headers["retry-after"]) > 0


def test_a_sign_in_form_without_its_token_is_refused(services: Services, acme: dict[str, int]) -> None:
    user, password = make_user(services, "owner", acme["client"])
    with console(services) as person:
        reply = person.client.post("/console/sign-in", data={"email": user.email, "password": password})
    assert reply.status_code == 403


def test_a_refused_sign_in_is_the_form_again_with_a_new_token_that_works(
    services: Services, acme: dict[str, int]
) -> None:
    user, password = make_user(services, "owner", acme["client"])
    sent = {"email": user.email, "password": password, "next": "/console/"}
    with console(services) as person:
        person.client.get("/console/sign-in")  # the token's cookie
        refused = person.client.post("/console/sign-in", data={**sent, "csrf_token": "forged"}, follow_redirects=False)
        assert refused.status_code == 403
        assert "workforce_session=" not in refused.headers["set-cookie"]
        assert "workforce_sign_in=" in refused.headers["set-cookie"]
        assert f'value="{user.email}"' in refused.text  # what was typed stays
        token = CSRF.search(refused.text)
        assert token is not None
        again = person.client.post(
            "/console/sign-in", data={**sent, "csrf_token": token.group(1)}, follow_redirects=False
        )
        assert again.status_code == 303
        assert "workforce_session=" in again.headers["set-cookie"]


def test_passwords_are_never_stored_or_logged_in_clear(
    services: Services, acme: dict[str, int], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    user, password = make_user(services, "owner", acme["client"])
    with console(services) as person:
        person.sign_in(user.email, password)
        person.sign_in(user.email, password + "x")
    with services.engine.connect() as connection:
        stored = connection.execute(select(tables.users.c.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$")
    assert password not in stored
    assert all(password not in record.getMessage() for record in caplog.records)


def test_writes_without_the_csrf_token_are_refused_and_change_nothing(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme["client"], person)
        entry = backfill(person, acme)
        before = len(world.outbox())
        for token in (None, "forged"):
            reply = person.post(f"/console/{acme['client']}/timesheets/approve", {"entry_ids": entry}, token=token)
            assert reply.status_code == 403
            assert "out of date" in reply.text
    assert len(world.outbox()) == before


def test_a_signed_out_or_idle_session_cannot_act(
    services: Services, world: World, clock: FakeClock, acme: dict[str, int]
) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme["client"], person)
        entry = backfill(person, acme)
        token = person.csrf(f"/console/{acme['client']}/timesheets")
        clock.advance(minutes=31)
        idle = person.post(f"/console/{acme['client']}/timesheets/approve", {"entry_ids": entry}, token=token)
        assert idle.status_code == 303
        assert idle.headers["location"] == "/console/sign-in"
        sign_in_as(services, "owner", acme["client"], person)
        token = person.csrf(f"/console/{acme['client']}/timesheets")
        assert person.post("/console/sign-out", token=token).status_code == 303
        after = person.post(f"/console/{acme['client']}/timesheets/approve", {"entry_ids": entry}, token=token)
        assert after.headers["location"] == "/console/sign-in"
        assert person.get(f"/console/{acme['client']}/timesheets").headers["location"].startswith("/console/sign-in")
    assert world.outbox("timesheet.approved") == []


def test_another_accounts_pages_shifts_and_files_answer_404(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    rival = world.account("Rival")
    with console(services) as owner:
        closer = sign_in_as(services, "payroll", acme["client"], owner)
        entry = backfill(owner, acme)
        token = owner.csrf(f"/console/{acme['client']}/pay-week?week={LAST_WEEK}")
        closed = owner.post(f"/console/{acme['client']}/pay-week/close", {"week": LAST_WEEK}, token=token)
        assert closed.status_code == 303
        (email,) = people.user_names([closer], uow=services.uow).values()
        assert f"by {email}" in owner.get(f"/console/{acme['client']}/pay-week?week={LAST_WEEK}").text
        made = owner.post(
            f"/console/{acme['client']}/pay-week/export", {"week": LAST_WEEK, "kind": "payroll"}, token=token
        )
        assert made.status_code == 303
        page = owner.get(f"/console/{acme['client']}/pay-week?week={LAST_WEEK}").text
        batch = int(page.split("/exports/")[1].split("/file")[0])
        assert owner.get(f"/console/{acme['client']}/exports/{batch}/file").status_code == 200
    with console(services) as other:
        sign_in_as(services, "owner", rival.id, other)
        token = other.csrf(f"/console/{rival.id}/timesheets")
        for path in (
            f"/console/{acme['client']}/timesheets",
            f"/console/{acme['client']}/pay-week",
            f"/console/{rival.id}/timesheets/{entry}",
            f"/console/{rival.id}/exports/{batch}/file",
            f"/console/{acme['client']}/exports/{batch}/file",
        ):
            assert other.get(path).status_code == 404, path
        for path, form in (
            (f"/console/{rival.id}/timesheets/approve", {"entry_ids": entry}),
            (f"/console/{acme['client']}/timesheets/approve", {"entry_ids": entry}),
            (f"/console/{rival.id}/timesheets/{entry}/query", {}),
            (f"/console/{acme['client']}/pay-week/unlock", {"week": LAST_WEEK, "reason": "x"}),
        ):
            assert other.post(path, form, token=token).status_code == 404, path


def test_a_coordinator_cannot_close_a_week(services: Services, acme: dict[str, int]) -> None:
    with console(services) as person:
        sign_in_as(services, "coordinator", acme["client"], person)
        backfill(person, acme)
        token = person.csrf(f"/console/{acme['client']}/pay-week?week={LAST_WEEK}")
        refused = person.post(f"/console/{acme['client']}/pay-week/close", {"week": LAST_WEEK}, token=token)
    assert refused.status_code == 403


def test_an_approver_cannot_open_the_console(services: Services, acme: dict[str, int]) -> None:
    with console(services) as person:
        user, password = make_user(services, "approver", acme["client"], location_ids=(acme["site"],))
        person.sign_in(user.email, password)
        assert person.get(f"/console/{acme['client']}/timesheets").status_code == 403


def test_each_write_carries_the_person_and_the_screen(services: Services, world: World, acme: dict[str, int]) -> None:
    with console(services) as person:
        user_id = sign_in_as(services, "owner", acme["client"], person)
        first, second = backfill(person, acme), backfill(person, acme, "2026-11-11")
        token = person.csrf(f"/console/{acme['client']}/timesheets")
        corrected = person.post(
            f"/console/{acme['client']}/timesheets/{first}/correct",
            {"clock_out": "2026-11-10T17:00", "reason": "left late"},
            token=token,
        )
        assert corrected.status_code == 303
        approved = person.post(
            f"/console/{acme['client']}/timesheets/approve", {"entry_ids": [first, second]}, token=token
        )
        assert approved.status_code == 303
        page = person.get(f"/console/{acme['client']}/timesheets?week={LAST_WEEK}").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    created = world.outbox("time_entry.created")
    assert {(e["data"]["via"], e["data"]["user_id"]) for e in created} == {("tenant", user_id)}
    (updated,) = world.outbox("time_entry.updated")
    assert (updated["data"]["via"], updated["data"]["user_id"], updated["data"]["reason"]) == (
        "tenant_timesheets",
        user_id,
        "left late",
    )
    (batch,) = world.outbox("timesheet.approved")
    assert (batch["data"]["via"], batch["data"]["user_id"], batch["data"]["count"]) == ("tenant_batch_edit", user_id, 2)
    with services.engine.connect() as connection:
        stamped = connection.execute(select(tables.time_entries.c.approved_by)).scalars().all()
    assert set(stamped) == {user_id}
    assert {row["user_id"] for row in world.audit(acme["client"])} == {user_id}


def test_an_operator_acts_on_any_account_as_admin(services: Services, world: World, acme: dict[str, int]) -> None:
    world.account("Second")
    with console(services) as person:
        sign_in_as(services, "operator", None, person)
        listing = person.get("/console/")
        assert listing.status_code == 200
        assert "Acme" in listing.text
        assert "Second" in listing.text
        entry = backfill(person, acme)
        token = person.csrf(f"/console/{acme['client']}/timesheets")
        person.post(f"/console/{acme['client']}/timesheets/approve", {"entry_ids": entry}, token=token)
    (created,) = world.outbox("time_entry.created")
    (approved,) = world.outbox("timesheet.approved")
    assert (created["data"]["via"], approved["data"]["via"]) == ("admin", "admin_timesheets")


def test_a_bad_form_value_is_a_page_naming_the_field_never_a_500(services: Services, acme: dict[str, int]) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme["client"], person)
        token = person.csrf(f"/console/{acme['client']}/timesheets")
        sent = {"worker_id": acme["worker"], "location_id": acme["site"], "clock_in": "yesterday", "clock_out": "x"}
        reply = person.post(f"/console/{acme['client']}/timesheets/backfill", sent, token=token)
        assert reply.status_code == 400
        assert "clock_in" in reply.text
        assert person.get(f"/console/{acme['client']}/timesheets?week=soon").status_code == 400
        assert person.get(f"/console/{acme['client']}/timesheets/999999").status_code == 404
        assert person.get("/console/no/such/page").status_code == 404


def test_amendments_are_accepted_or_declined_from_the_shift_page(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    with console(services) as person:
        user_id = sign_in_as(services, "owner", acme["client"], person)
        first, second = backfill(person, acme), backfill(person, acme, "2026-11-11")
        asked = [
            amendments.raise_amendment(
                structure(RaiseAmendment, {"entry_id": entry, "reason": "left at five", "clock_out": clock_out}),
                uow=services.uow,
                clock=services.clock,
            )
            for entry, clock_out in ((first, "2026-11-10 17:00"), (second, "2026-11-11 17:00"))
        ]
        page = person.get(f"/console/{acme['client']}/timesheets/{first}").text
        assert f"Accept amendment {asked[0].id}" in page
        token = person.csrf(f"/console/{acme['client']}/timesheets/{first}")
        base = f"/console/{acme['client']}/timesheets"
        assert person.post(f"{base}/{first}/amendments/{asked[0].id}/accept", token=token).status_code == 303
        assert person.post(f"{base}/{second}/amendments/{asked[1].id}/decline", token=token).status_code == 303
        assert person.post(f"{base}/{second}/amendments/{asked[1].id}/approve", token=token).status_code == 404
    statuses = [event["data"]["status"] for event in world.outbox("timesheet.amended")]
    assert statuses == ["raised", "raised", "accepted", "declined"]
    (corrected,) = world.outbox("time_entry.updated")
    assert (corrected["data"]["entry_id"], corrected["data"]["user_id"]) == (first, user_id)
    assert corrected["data"]["clock_out"] == "2026-11-10 17:00:00"
