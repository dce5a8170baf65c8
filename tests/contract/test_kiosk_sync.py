"""The site kiosk end to end on SQLite and PostgreSQL: clocks by PIN now, and clocks kept offline sent
to POST /kiosk/sync later (out of order, repeated, a clock-out before its clock-in, into a locked week,
two devices at once), recorded as ``kiosk_offline`` at their real times and answered as the API would;
a revoked device and a disabled worker cannot clock; the kiosk's writes need its own origin."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import attrs
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person
from tests.contract.kiosk_support import ORIGIN, Kiosk, enrolled, give_pin
from workforce_adapters.json.commands import structure
from workforce_core.commands.pay_weeks import LockPayWeek
from workforce_core.commands.surveys import CreateSurvey
from workforce_core.commands.workers import UpdateWorker
from workforce_core.model.workers import Worker
from workforce_core.rules.london import local_text
from workforce_core.services import pay_weeks, surveys, workers
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.main import app as cli_app

NOW = datetime(2026, 2, 11, 12, 0, tzinfo=UTC)  # a Wednesday, GMT


def at(hours_ago: float) -> datetime:
    return NOW - timedelta(hours=hours_ago)


def offline(cid: str, action: str, when: datetime, badge: str = "B-1", pin: str = "4711") -> dict[str, Any]:
    return {
        "client_clock_id": cid,
        "employee_id": badge,
        "pin": pin,
        "action": action,
        "occurred_at": when.isoformat().replace("+00:00", "Z"),
    }


class Site:
    def __init__(self, world: World, clock: FakeClock) -> None:
        clock.set(NOW)
        self.world = world
        self.client = world.account()
        self.site = world.site(self.client.id, "North Depot")
        self.ann = world.worker(self.client.id, "Ann Smith", employee_id="B-1", location_id=self.site.id).worker
        self.headers = world.key(self.client.id)
        give_pin(world.services, self.ann, "4711")

    def shifts(self, api: TestClient, worker: Worker) -> list[dict[str, Any]]:
        reply = api.get(
            f"/api/v1/timesheets.php?worker_id={worker.id}&entry_filter=all&limit=100", headers=self.headers
        )
        assert reply.status_code == 200, reply.text
        rows: list[dict[str, Any]] = reply.json()["data"]
        return sorted(rows, key=lambda r: r["clock_in_utc"])


@pytest.fixture
def site(world: World, clock: FakeClock) -> Site:
    return Site(world, clock)


@pytest.fixture
def kiosk(services: Services, site: Site) -> Iterator[Kiosk]:
    with enrolled(services, site.client.id, site.site.id) as device:
        yield device


def test_a_kiosk_names_the_worker_only_after_the_right_pin_and_clocks_by_pin(
    kiosk: Kiosk, site: Site, api: TestClient, world: World
) -> None:
    wrong = kiosk.post("/kiosk/identify", {"employee_id": "B-1", "pin": "0000"})
    assert wrong.status_code == 401
    assert wrong.json()["error_code"] == "pin_refused"
    assert "Ann" not in wrong.text
    hello = kiosk.post("/kiosk/identify", {"employee_id": "b-1", "pin": "4711"})
    assert hello.json() == {"first_name": "Ann", "clocked_in": False, "since": None, "action": "in"}
    assert "Smith" not in hello.text
    clocked = kiosk.post("/kiosk/clock", {"employee_id": "B-1", "pin": "4711", "action": "in"})
    assert clocked.status_code == 200, clocked.text
    assert clocked.json()["action"] == "clock_in"
    again = kiosk.post("/kiosk/clock", {"employee_id": "B-1", "pin": "4711", "action": "in"})
    assert (again.status_code, again.json()["error_code"]) == (409, "already_clocked_in")
    assert kiosk.post("/kiosk/identify", {"employee_id": "B-1", "pin": "4711"}).json()["clocked_in"] is True
    out = kiosk.post("/kiosk/clock", {"employee_id": "B-1", "pin": "4711", "action": "out"})
    assert out.json()["action"] == "clock_out"
    [shift] = site.shifts(api, site.ann)
    assert (shift["clock_method"], shift["clock_out_method"], shift["clock_source"]) == ("pin", "pin", "kiosk")
    assert shift["kiosk_id"] == kiosk.kiosk_id
    assert shift["location_id"] == site.site.id
    [event] = world.outbox("clock_in")
    assert (event["data"]["source"], event["data"]["method"], event["data"]["kiosk_id"]) == (
        "kiosk",
        "pin",
        kiosk.kiosk_id,
    )
    assert "client_id" not in event["data"]
    assert "risk_flags" not in event["data"]


def test_offline_clocks_are_recorded_in_time_order_at_their_real_times_and_a_repeat_once(
    kiosk: Kiosk, site: Site, api: TestClient, world: World
) -> None:
    clocks = [offline("c-out", "out", at(26)), offline("c-in", "in", at(34)), offline("c-in-2", "in", at(3))]
    answers = kiosk.sync(*clocks)  # sent out of order: the clock-in 34 hours ago is checked first
    assert [(a["client_clock_id"], a["status"], a["error_code"]) for a in answers] == [
        ("c-out", 200, None),
        ("c-in", 201, None),
        ("c-in-2", 201, None),
    ]
    again = kiosk.sync(*clocks)
    assert [(a["status"], a["entry_id"], a["repeated"]) for a in again] == [
        (a["status"], a["entry_id"], True) for a in answers
    ]
    first, second = site.shifts(api, site.ann)
    assert (first["clock_in"], first["clock_out"]) == (local_text(at(34)), local_text(at(26)))
    assert (first["clock_source"], first["clock_method"], first["kiosk_id"]) == ("kiosk_offline", "pin", kiosk.kiosk_id)
    assert "api_backdated" not in first["risk_flags"]
    assert (second["clock_in"], second["clock_out"]) == (local_text(at(3)), None)
    assert len(world.outbox("clock_in")) == 2
    assert {e["data"]["source"] for e in world.outbox("clock_in")} == {"kiosk_offline"}


def test_a_clock_out_before_its_clock_in_and_without_one_get_the_apis_answers(kiosk: Kiosk, site: Site) -> None:
    alone = kiosk.sync(offline("o-1", "out", at(5)))
    assert (alone[0]["status"], alone[0]["error_code"]) == (409, "no_open_clock_in")
    kiosk.sync(offline("i-1", "in", at(2)))
    before = kiosk.sync(offline("o-2", "out", at(4)))
    assert (before[0]["status"], before[0]["error_code"]) == (409, "conflict")
    ahead = kiosk.sync(offline("o-3", "out", NOW + timedelta(minutes=10)))
    assert (ahead[0]["status"], ahead[0]["error_code"], ahead[0]["field"]) == (400, "validation_failed", "occurred_at")
    wrong = kiosk.sync(offline("o-4", "out", at(1), pin="9999"), {"client_clock_id": "bad", "action": "in"})
    assert (wrong[0]["status"], wrong[0]["error_code"]) == (401, "pin_refused")
    assert (wrong[1]["status"], wrong[1]["error_code"]) == (400, "validation_failed")


def test_a_clock_into_a_locked_week_is_kept_and_flagged(
    kiosk: Kiosk, site: Site, api: TestClient, services: Services
) -> None:
    pay_weeks.lock_week(
        LockPayWeek(client_id=site.client.id, week=date(2026, 2, 3)), uow=services.uow, clock=services.clock
    )
    monday = datetime(2026, 2, 3, 8, 0, tzinfo=UTC)
    answers = kiosk.sync(offline("l-in", "in", monday), offline("l-out", "out", monday + timedelta(hours=8)))
    assert [a["status"] for a in answers] == [201, 200]
    [shift] = site.shifts(api, site.ann)
    assert "locked_week" in shift["risk_flags"]
    assert shift["clock_source"] == "kiosk_offline"


def test_two_devices_syncing_one_worker_at_once_give_one_open_shift(
    services: Services, site: Site, api: TestClient
) -> None:
    with (
        enrolled(services, site.client.id, site.site.id) as one,
        enrolled(services, site.client.id, site.site.id) as two,
    ):
        assert one.kiosk_id != two.kiosk_id
        start = threading.Barrier(2)
        answers: dict[str, list[dict[str, Any]]] = {}

        def send(device: Kiosk, cid: str, hours_ago: float) -> None:
            start.wait()
            answers[cid] = device.sync(offline(cid, "in", at(hours_ago)))

        threads = [
            threading.Thread(target=send, args=(one, "a", 1.0)),
            threading.Thread(target=send, args=(two, "b", 0.5)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    statuses = sorted((answers["a"][0]["status"], answers["b"][0]["status"]))
    assert statuses == [201, 409]
    shifts = site.shifts(api, site.ann)
    open_shifts = [s for s in shifts if s["clock_out"] is None]
    assert len(open_shifts) == 1


def test_a_clock_sent_years_after_it_happened_is_flagged_and_listed_as_an_exception(
    services: Services, kiosk: Kiosk, site: Site, api: TestClient
) -> None:
    """A kiosk's offline clock pair of 6 January 2020 is kept at its own times, flagged ``late_sync`` and
    listed on /exceptions.php and the console's exceptions page; one sent within 72 hours is not."""
    old = datetime(2020, 1, 6, 8, 0, tzinfo=UTC)
    answers = kiosk.sync(
        offline("old-in", "in", old),
        offline("old-out", "out", old + timedelta(hours=9)),
        offline("new-in", "in", at(71)),
        offline("new-out", "out", at(63)),
    )
    assert [a["status"] for a in answers] == [201, 200, 201, 200]
    late, recent = site.shifts(api, site.ann)
    assert (late["clock_in"], late["total_minutes"]) == ("2020-01-06 08:00:00", 540)
    assert "late_sync" in late["risk_flags"]
    assert "late_sync" not in recent["risk_flags"]
    listed = api.get("/api/v1/exceptions.php?date_from=2020-01-06&type=late_sync", headers=site.headers)
    assert listed.status_code == 200, listed.text
    assert [(x["entry_id"], x["severity"], x["status"]) for x in listed.json()["data"]] == [
        (answers[0]["entry_id"], "warning", "open")
    ]
    page = kiosk.client.get(f"/console/{site.client.id}/exceptions?week=2020-01-06")  # the owner who enrolled it
    assert page.status_code == 200
    assert "sent late by an offline kiosk" in page.text  # the type in words (rendering.EXCEPTION_WORDS)
    assert "Clock kept offline by a kiosk and sent long after it happened" in page.text
    recent_week = kiosk.client.get(f"/console/{site.client.id}/exceptions?week={at(63).date()}")
    assert "sent late by an offline kiosk" not in recent_week.text


def test_the_installation_sets_how_late_an_offline_clock_may_be_sent(
    services: Services, kiosk: Kiosk, site: Site, api: TestClient
) -> None:
    services.settings = attrs.evolve(services.settings, offline_clock_limit=timedelta(hours=2))
    answers = kiosk.sync(offline("in", "in", at(3)), offline("out", "out", at(1)))
    assert [a["status"] for a in answers] == [201, 200]
    (shift,) = site.shifts(api, site.ann)
    assert "late_sync" in shift["risk_flags"]  # the clock-in, three hours late


def test_a_kiosk_name_is_unique_in_its_account_only(services: Services, site: Site, world: World) -> None:
    """Another agency's "Front door" neither blocks this one's nor tells it that the name exists."""
    rival = world.account("Rival Staffing")
    depot = world.site(rival.id, "Rival Depot")
    with (
        enrolled(services, site.client.id, site.site.id, "Front door") as ours,
        enrolled(services, rival.id, depot.id, "Front door") as theirs,
    ):
        assert ours.kiosk_id == theirs.kiosk_id == "Front door"
        person = Person(ours.client)
        token = person.csrf(f"/console/{site.client.id}/kiosks")
        again = {"location_id": str(site.site.id), "kiosk_id": "Front door"}
        refused = person.post(f"/console/{site.client.id}/kiosks", again, token=token)
        assert refused.status_code == 409
        assert "Another kiosk of this account has this name." in refused.text
        answers = ours.sync(offline("n-in", "in", at(1)))  # each kiosk clocks for its own account
        assert [(a["status"], a["entry_id"] is not None) for a in answers] == [(201, True)]


def test_a_revoked_device_and_a_disabled_worker_cannot_clock(services: Services, site: Site, world: World) -> None:
    with enrolled(services, site.client.id, site.site.id) as kiosk:
        workers.update_worker(
            site.ann.id,
            structure(UpdateWorker, {"active": False, "leave_reason": "left", "end_date": "2026-02-10"}),
            client_id=site.client.id,
            uow=services.uow,
            clock=services.clock,
        )
        refused = kiosk.post("/kiosk/clock", {"employee_id": "B-1", "pin": "4711", "action": "in"})
        assert (refused.status_code, refused.json()["error_code"]) == (401, "pin_refused")
        assert kiosk.sync(offline("d-1", "in", at(1)))[0]["error_code"] == "pin_refused"
        page = kiosk.client.get("/console/")  # the owner is still signed in on this browser
        assert page.status_code == 200
        listing = kiosk.client.get(f"/console/{site.client.id}/kiosks").text
        device_id = int(listing.split(f"/console/{site.client.id}/kiosks/")[1].split("/revoke")[0])
        token = listing.split('name="csrf_token" value="')[1].split('"')[0]
        revoked = kiosk.client.post(
            f"/console/{site.client.id}/kiosks/{device_id}/revoke", data={"csrf_token": token}, follow_redirects=False
        )
        assert revoked.status_code == 303
        gone = kiosk.post("/kiosk/sync", {"clocks": [offline("r-1", "in", at(1))]})
        assert (gone.status_code, gone.json()["error_code"]) == (401, "kiosk_not_enrolled")
        shown = kiosk.client.get("/kiosk/")
        assert shown.status_code == 401
        assert "not enrolled" in shown.text
    assert world.outbox("clock_in") == []


def test_the_kiosks_writes_need_json_from_its_own_origin(kiosk: Kiosk) -> None:
    body = {"employee_id": "B-1", "pin": "4711"}
    elsewhere = kiosk.client.post("/kiosk/identify", json=body, headers={"Origin": "https://evil.example"})
    assert (elsewhere.status_code, elsewhere.json()["error_code"]) == (403, "csrf_refused")
    cross = kiosk.client.post("/kiosk/identify", json=body, headers={"Sec-Fetch-Site": "cross-site"})
    assert cross.status_code == 403
    form = kiosk.client.post("/kiosk/identify", data=body, headers={"Origin": ORIGIN})
    assert form.status_code == 403
    assert kiosk.post("/kiosk/identify", body).status_code == 200


def test_the_kiosk_page_speaks_the_sites_language(services: Services, world: World, clock: FakeClock) -> None:
    clock.set(NOW)
    client = world.account()
    site = world.site(client.id, "Magazyn", kiosk_language="pl")
    with enrolled(services, client.id, site.id) as kiosk:
        page = kiosk.client.get("/kiosk/")
        assert page.status_code == 200
        assert '<html lang="pl">' in page.text
        assert "Wpisz numer identyfikatora i PIN" in page.text
        refused = kiosk.post("/kiosk/identify", {"employee_id": "X-1", "pin": "1234"})
        assert refused.json()["message"] == "Numer identyfikatora i PIN nie pasują do siebie."


def test_the_sites_survey_comes_before_a_clock_in_and_a_blocking_answer_refuses(
    kiosk: Kiosk, site: Site, services: Services, world: World
) -> None:
    raw = {
        "name": "Fit for work",
        "location_id": site.site.id,
        "questions": [{"text": "Unwell?", "blocking_answers": ["yes"]}],
    }
    survey = surveys.create_survey(
        structure(CreateSurvey, raw), client_id=site.client.id, uow=services.uow, clock=services.clock
    )
    question = survey.questions[0].id
    page = kiosk.client.get("/kiosk/")
    assert "Unwell?" in page.text
    assert "Ann" not in page.text
    body = {"employee_id": "B-1", "pin": "4711", "action": "in"}
    unanswered = kiosk.post("/kiosk/clock", body)
    assert (unanswered.status_code, unanswered.json()["error_code"], unanswered.json()["field"]) == (
        400, "validation_failed", "survey_id",
    )  # fmt: skip
    blocked = kiosk.post(
        "/kiosk/clock",
        {**body, "survey_id": survey.id, "survey_answers": [{"question_id": question, "answer_value": "Yes"}]},
    )
    assert (blocked.status_code, blocked.json()["error_code"]) == (403, "blocked_by_survey")
    [refusal] = world.outbox("clock.blocked_by_survey")
    assert (refusal["data"]["source"], refusal["data"]["method"]) == ("kiosk", "pin")
    assert "client_id" not in refusal["data"]
    fit = kiosk.post(
        "/kiosk/clock",
        {**body, "survey_id": survey.id, "survey_answers": [{"question_id": question, "answer_value": "no"}]},
    )
    assert fit.status_code == 200, fit.text


def test_a_limit_that_cannot_be_one_is_refused_naming_the_setting(services: Services, database_url: str) -> None:
    for wrong in ("0", "three", "8761"):
        result = CliRunner().invoke(
            cli_app,
            ["--db", database_url, "client", "list"],
            env={"WORKFORCE_OFFLINE_CLOCK_LIMIT_HOURS": wrong},
            obj={"db": database_url},
        )
        assert result.exit_code == 1, result.output
        refused = json.loads(result.stderr)
        assert (refused["error_code"], refused["field"]) == ("validation_failed", "WORKFORCE_OFFLINE_CLOCK_LIMIT_HOURS")
    kept = CliRunner().invoke(
        cli_app, ["--db", database_url, "client", "list"], env={"WORKFORCE_OFFLINE_CLOCK_LIMIT_HOURS": "24"}
    )
    assert kept.exit_code == 0, kept.stderr
