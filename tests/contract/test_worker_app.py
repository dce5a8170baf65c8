"""The worker app over HTTP, on SQLite and PostgreSQL: a worker signs in by a one-time link, sees and
answers their own offers and shifts, sets availability, asks for time off, and clocks with the phone's
position (refused outside every mapped site's fence, with its event); another worker's records are out
of reach, and a worker who may no longer use the app is signed out."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import FAST, sign_in_as
from tests.contract.console_pages import console as staff
from tests.contract.worker_phone import Phone, phone
from tests.worker_app_world import AT_NORTH, FAR_AWAY, NORTH, SOUTH, booked, link_path, offered
from workforce_adapters.sql import tables
from workforce_core.commands.bookings import CancelBooking
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.errors import WorkerInactive
from workforce_core.services import absences, bookings, workers
from workforce_core.services.worker_app_links import make_app_link
from workforce_core.services.worker_pins import set_worker_pin
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday
FRIDAY = date(2026, 11, 20)


@pytest.fixture
def agency(world: World, clock: FakeClock) -> dict[str, int]:
    clock.set(NOW)
    client = world.account("Acme Staffing")
    north = world.site(client.id, "North Warehouse", **NORTH)
    south = world.site(client.id, "South Depot", **SOUTH)
    ann = world.worker(client.id, "Ann Able", location_id=north.id).worker
    bob = world.worker(client.id, "Bob Brown", location_id=north.id).worker
    return {"client": client.id, "north": north.id, "south": south.id, "ann": ann.id, "bob": bob.id}


def signed_in(services: Services, person: Phone, worker_id: int) -> None:
    opened = person.open_link(link_path(services, worker_id))
    assert opened.status_code == 303, opened.text
    assert opened.headers["location"] == "/app/shifts"


def entries(services: Services) -> list[dict[str, object]]:
    with services.engine.connect() as connection:
        rows = connection.execute(select(tables.time_entries).order_by(tables.time_entries.c.id)).mappings().all()
    return [dict(row) for row in rows]


def test_a_link_signs_the_worker_in_once_and_the_session_cookie_is_http_only(
    services: Services, agency: dict[str, int]
) -> None:
    path = link_path(services, agency["ann"])
    with phone(services) as person:
        preview = person.get(path)
        assert preview.status_code == 200  # a chat app's preview does not use the link up
        opened = person.open_link(path)
        assert opened.status_code == 303
        cookie = opened.headers.get_list("set-cookie")
        session = next(c for c in cookie if c.startswith("workforce_app_session="))
        assert "HttpOnly" in session
        assert "Path=/app/" in session
        assert "SameSite=lax" in session
        page = person.get("/app/shifts")
        assert page.status_code == 200
        assert "Ann Able" in page.text
    with phone(services) as again:
        assert again.open_link(path).status_code == 404
        assert again.get("/app/shifts").headers["location"] == "/app/"


def pin(services: Services, worker_id: int, digits: str = "4321") -> None:
    set_worker_pin(SetWorkerPin(worker_id=worker_id, pin=digits), uow=services.uow, hasher=FAST, clock=services.clock)


def test_a_worker_signs_in_with_badge_and_pin_and_wrong_ones_get_the_same_words(
    services: Services, world: World, agency: dict[str, int]
) -> None:
    pin(services, agency["ann"])
    with services.engine.connect() as connection:
        badge = connection.execute(
            select(tables.workers.c.employee_id).where(tables.workers.c.id == agency["ann"])
        ).scalar_one()
    with phone(services) as person:
        front = person.get("/app/")
        assert front.status_code == 200  # no account chosen on this phone yet
        wrong = person.sign_in(agency["client"], badge, "9999")
        unknown = person.sign_in(agency["client"], "NOBODY", "4321")
        elsewhere = person.sign_in(agency["client"] + 1, badge, "4321")
        assert wrong.status_code == unknown.status_code == elsewhere.status_code == 401
        assert "That badge number and PIN do not match." in wrong.text
        assert "That badge number and PIN do not match." in unknown.text
        assert "workforce_app_session" not in wrong.headers.get("set-cookie", "")
        signed = person.sign_in(agency["client"], badge.lower(), "4321")
        assert signed.status_code == 303
        assert signed.headers["location"] == "/app/shifts"
        assert "Ann Able" in person.get("/app/shifts").text
        assert person.get("/app/").headers["location"] == "/app/shifts"
        person.post("/app/sign-out", token=person.csrf())
        assert person.get("/app/").headers["location"] == f"/app/{agency['client']}/sign-in"  # the phone's account


def test_five_wrong_pins_lock_the_badge_and_a_suspended_worker_cannot_sign_in(
    services: Services, agency: dict[str, int]
) -> None:
    pin(services, agency["ann"])
    pin(services, agency["bob"], "1111")
    with services.engine.connect() as connection:
        badges = dict(connection.execute(select(tables.workers.c.id, tables.workers.c.employee_id)).all())
    with phone(services) as person:
        answers = [person.sign_in(agency["client"], badges[agency["ann"]], "0000").status_code for _ in range(5)]
        assert answers == [401, 401, 401, 401, 429]
        locked = person.sign_in(agency["client"], badges[agency["ann"]], "4321")
        assert locked.status_code == 429
        assert int(locked.headers["retry-after"]) > 0
        workers.suspend_worker(agency["bob"], uow=services.uow, clock=services.clock)
        assert person.sign_in(agency["client"], badges[agency["bob"]], "1111").status_code == 401


def test_a_phone_that_drops_its_cookies_is_still_throttled_by_its_address(
    services: Services, agency: dict[str, int]
) -> None:
    """One PIN tried on badge after badge, each time with no cookies (a new phone code each time): the
    address is counted, so the 21st wrong PIN is refused however many phone codes the caller throws away."""
    pin(services, agency["ann"])
    with phone(services) as person:
        answers = []
        for n in range(1, 26):
            person.client.cookies.clear()
            answers.append(person.sign_in(agency["client"], f"W{n:05d}", "0000").status_code)
        assert answers == [401] * 20 + [429] * 5
        person.client.cookies.clear()
        with services.engine.connect() as connection:
            badge = connection.execute(
                select(tables.workers.c.employee_id).where(tables.workers.c.id == agency["ann"])
            ).scalar_one()
        assert person.sign_in(agency["client"], badge, "4321").status_code == 429


def test_a_link_ends_after_two_days_and_a_leaver_gets_none(
    services: Services, agency: dict[str, int], clock: FakeClock
) -> None:
    path = link_path(services, agency["ann"])
    clock.advance(hours=48)
    with phone(services) as person:
        assert person.open_link(path).status_code == 404
    workers.suspend_worker(agency["bob"], uow=services.uow, clock=services.clock)
    with pytest.raises(WorkerInactive):
        make_app_link(agency["bob"], link_base="", uow=services.uow, clock=services.clock)


def test_a_session_ends_unused_after_fourteen_hours_at_seven_days_and_at_sign_out(
    services: Services, agency: dict[str, int], clock: FakeClock
) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        clock.advance(hours=13, minutes=59)
        assert person.get("/app/shifts").status_code == 200
        clock.advance(hours=14)
        assert person.get("/app/shifts").headers["location"] == "/app/"
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        for _ in range(13):  # used twice a day: still ended seven days after signing in
            clock.advance(hours=12)
            assert person.get("/app/shifts").status_code == 200
        clock.advance(hours=12)
        assert person.get("/app/shifts").headers["location"] == "/app/"
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        assert person.post("/app/sign-out", token=person.csrf()).status_code == 303
        assert person.get("/app/shifts").headers["location"] == "/app/"


def test_a_suspended_worker_is_signed_out_and_cannot_clock(services: Services, agency: dict[str, int]) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        token = person.csrf("/app/clock")
        workers.suspend_worker(agency["ann"], uow=services.uow, clock=services.clock)
        lat, lon = AT_NORTH
        tried = person.post("/app/clock", {"action": "in", "latitude": lat, "longitude": lon}, token=token)
        assert tried.status_code == 303
        assert tried.headers["location"] == "/app/"
        assert person.get("/app/shifts").headers["location"] == "/app/"
    assert entries(services) == []


def test_every_write_needs_the_sessions_csrf_token(services: Services, agency: dict[str, int]) -> None:
    offer = offered(services, agency["client"], agency["north"], agency["ann"], FRIDAY)
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        for token in (None, "not-the-token"):
            refused = person.post("/app/offers/answer", {"offer_id": offer, "answer": "accept"}, token=token)
            assert refused.status_code == 403
        assert f'value="{offer}"' in person.get("/app/offers").text  # still waiting


def test_the_worker_accepts_an_offer_and_the_booking_is_theirs_and_acknowledged(
    services: Services, world: World, agency: dict[str, int]
) -> None:
    offer = offered(services, agency["client"], agency["north"], agency["ann"], FRIDAY)
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        page = person.get("/app/offers")
        assert "North Warehouse" in page.text
        assert "Accept the offer of Fri 20 Nov 09:00" in page.text
        accepted = person.post("/app/offers/answer", {"offer_id": offer, "answer": "accept"})
        assert accepted.headers["location"] == "/app/offers?done=accepted"
        shifts = person.get("/app/shifts").text
        assert "Fri 20 Nov 09:00" in shifts
        assert "North Warehouse" in shifts
    with services.engine.connect() as connection:
        stored = connection.execute(select(tables.offers)).mappings().one()
        booking = connection.execute(select(tables.shifts)).mappings().one()
    assert stored["status"] == "accepted"
    assert stored["shift_id"] == booking["id"]
    assert (booking["worker_id"], booking["status"], booking["confirmation"]) == (
        agency["ann"],
        "published",
        "confirmed",
    )
    assert booking["acknowledged_at"] is not None
    assert [e for e in world.outbox() if e["event"].startswith("shift")] == []  # the spec: no shift event


def test_another_workers_offer_shift_or_rule_cannot_be_answered(services: Services, agency: dict[str, int]) -> None:
    offer = offered(services, agency["client"], agency["north"], agency["bob"], FRIDAY)
    shift = booked(services, agency["client"], agency["north"], agency["bob"], FRIDAY)
    with phone(services) as bob:
        signed_in(services, bob, agency["bob"])
        assert bob.post("/app/availability/add", {"kind": "available", "day_of_week": "1", "start_time": "08:00",
                                                  "end_time": "16:00"}).status_code == 303  # fmt: skip
        rule = int(bob.get("/app/availability").text.split('name="rule_id" value="')[1].split('"')[0])
    with phone(services) as ann:
        signed_in(services, ann, agency["ann"])
        assert f'value="{offer}"' not in ann.get("/app/offers").text
        assert ann.post("/app/offers/answer", {"offer_id": offer, "answer": "accept"}).status_code == 404
        assert ann.post("/app/shifts/answer", {"shift_id": shift, "answer": "decline"}).status_code == 404
        assert ann.post("/app/availability/remove", {"rule_id": rule}).status_code == 404
    with services.engine.connect() as connection:
        assert connection.execute(select(tables.offers.c.status)).scalar_one() == "sent"
        assert connection.execute(select(tables.shifts.c.declined_at)).scalar_one() is None
        assert connection.execute(select(tables.availability_rules.c.retired_at)).scalar_one() is None


def test_the_worker_acknowledges_one_booking_and_declines_another_once(
    services: Services, agency: dict[str, int]
) -> None:
    first = booked(services, agency["client"], agency["north"], agency["ann"], FRIDAY)
    second = booked(services, agency["client"], agency["north"], agency["ann"], date(2026, 11, 23))
    draft = booked(services, agency["client"], agency["north"], agency["ann"], date(2026, 11, 24), status="draft")
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        page = person.get("/app/shifts").text
        assert "24 Nov" not in page  # a draft is not told to the worker yet
        assert person.post("/app/shifts/answer", {"shift_id": first, "answer": "acknowledge"}).status_code == 303
        assert person.post("/app/shifts/answer", {"shift_id": second, "answer": "decline"}).status_code == 303
        assert person.post("/app/shifts/answer", {"shift_id": second, "answer": "acknowledge"}).status_code == 409
        assert person.post("/app/shifts/answer", {"shift_id": draft, "answer": "acknowledge"}).status_code == 404
        assert person.post("/app/shifts/answer", {"shift_id": first, "answer": "maybe"}).status_code == 400
    with services.engine.connect() as connection:
        rows = {r["id"]: r for r in connection.execute(select(tables.shifts)).mappings()}
    assert rows[first]["acknowledged_at"] is not None
    assert rows[first]["declined_at"] is None
    assert rows[second]["declined_at"] is not None
    assert rows[second]["acknowledged_at"] is None
    assert rows[second]["status"] == "published"


def test_the_worker_sets_availability_and_removes_it(services: Services, agency: dict[str, int]) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        saved = person.post("/app/availability/add", {"kind": "unavailable", "date": "2026-11-27",
                                                       "start_time": "00:00", "end_time": "23:59"})  # fmt: skip
        assert saved.headers["location"] == "/app/availability?done=saved"
        bad = person.post("/app/availability/add", {"kind": "available", "start_time": "08:00", "end_time": "08:00",
                                                     "day_of_week": "2"})  # fmt: skip
        assert bad.status_code == 400
        assert "end_time" in bad.text
        page = person.get("/app/availability").text
        assert "Fri 27 Nov 2026" in page
        rule = int(page.split('name="rule_id" value="')[1].split('"')[0])
        assert person.post("/app/availability/remove", {"rule_id": rule}).status_code == 303
    with services.engine.connect() as connection:
        stored = connection.execute(select(tables.availability_rules)).mappings().one()
    assert (stored["worker_id"], stored["kind"], stored["retired_at"] is not None) == (
        agency["ann"],
        "unavailable",
        True,
    )


def test_the_worker_asks_for_holiday_and_reports_sickness_and_the_agency_decides(
    services: Services, agency: dict[str, int]
) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        asked = person.post("/app/absences/ask", {"type": "holiday", "start_date": "2026-12-21",
                                                   "end_date": "2026-12-24", "notes": "Family"})  # fmt: skip
        assert asked.headers["location"] == "/app/absences?done=asked"
        assert person.post("/app/absences/ask", {"type": "sickness", "start_date": "2026-11-18",
                                                  "end_date": "2026-11-18"}).status_code == 303  # fmt: skip
        other = person.post("/app/absences/ask", {"type": "jury_service", "start_date": "2026-12-01",
                                                   "end_date": "2026-12-01"})  # fmt: skip
        assert other.status_code == 400
        assert "Waiting for your agency" in person.get("/app/absences").text
        with services.engine.connect() as connection:
            rows = connection.execute(select(tables.absences).order_by(tables.absences.c.id)).mappings().all()
        assert [(r["type"], r["status"], r["worker_id"]) for r in rows] == [
            ("holiday", "requested", agency["ann"]),
            ("sickness", "requested", agency["ann"]),
        ]
        absences.decide_absence(rows[0]["id"], "approve", uow=services.uow, clock=services.clock)
        assert "Approved" in person.get("/app/absences").text


def test_a_mobile_clock_in_and_out_inside_the_fence_is_recorded_with_the_phones_code(
    services: Services, world: World, agency: dict[str, int], clock: FakeClock
) -> None:
    lat, lon = AT_NORTH
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        device = person.client.cookies.get("workforce_app_device")
        assert device is not None
        clocked = person.post("/app/clock", {"action": "in", "latitude": lat, "longitude": lon, "gps_accuracy": "12"})
        assert clocked.headers["location"] == "/app/clock?done=in"
        assert "Clock out" in person.get("/app/clock").text
        clock.advance(hours=8)
        out = person.post("/app/clock", {"action": "out", "latitude": lat, "longitude": lon})
        assert out.headers["location"] == "/app/clock?done=out"
    [entry] = entries(services)
    assert (entry["clock_method"], entry["clock_source"], entry["kiosk_id"]) == ("mobile", "app", f"mobile:{device}")
    assert (entry["location_id"], entry["within_geofence"], entry["clock_out_method"]) == (agency["north"], 1, "mobile")
    events = {e["event"]: e["data"] for e in world.outbox() if e["event"].startswith("clock")}
    assert set(events) == {"clock_in", "clock_out"}
    assert (events["clock_in"]["method"], events["clock_in"]["source"]) == ("mobile", "app")
    assert events["clock_in"]["kiosk_id"] == f"mobile:{device}"
    assert "client_id" not in events["clock_in"]  # the spec: API clocks only
    assert "risk_flags" not in events["clock_in"]


def test_a_clock_outside_every_mapped_sites_fence_is_refused_with_its_event(
    services: Services, world: World, agency: dict[str, int]
) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        lat, lon = FAR_AWAY
        refused = person.post("/app/clock", {"action": "in", "latitude": lat, "longitude": lon})
        assert refused.status_code == 403
        assert "m from the nearest site, which takes clocks within 200 m" in refused.text
        blind = person.post("/app/clock", {"action": "in"})  # the phone gave no position
        assert blind.status_code == 403
        assert "location" in blind.text
        assert entries(services) == []
        lat, lon = AT_NORTH
        assert person.post("/app/clock", {"action": "in", "latitude": lat, "longitude": lon}).status_code == 303
        lat, lon = FAR_AWAY
        assert person.post("/app/clock", {"action": "out", "latitude": lat, "longitude": lon}).status_code == 403
    [entry] = entries(services)
    assert entry["clock_out"] is None
    refusals = [e["data"] for e in world.outbox("clock.geofence_refused")]
    assert [r["action"] for r in refusals] == ["in", "in", "out"]
    first = refusals[0]
    assert (first["entry_id"], first["method"], first["source"], first["within_geofence"]) == (0, "mobile", "app", 0)
    assert first["location_id"] == agency["north"]
    assert first["location_name"] == "North Warehouse"
    assert first["radius_meters"] == 200
    assert first["distance_meters"] > 10_000
    assert first["kiosk_id"].startswith("mobile:")
    assert "client_id" not in first
    assert refusals[1]["within_geofence"] is None  # no position


def test_the_api_cannot_name_a_clocks_origin(api: object, world: World, agency: dict[str, int]) -> None:
    from starlette.testclient import TestClient

    assert isinstance(api, TestClient)
    headers = world.key(agency["client"])
    body = {"worker_id": agency["ann"], "action": "in", "origin": {"method": "mobile"}}
    reply = api.post("/api/v1/clock.php", headers=headers, json=body)
    assert reply.status_code == 400
    assert reply.json()["field"] == "origin"


def test_the_console_and_the_cli_make_links_for_staff_who_look_after_workers(
    services: Services, agency: dict[str, int], console: Console
) -> None:
    code, out = console("worker", "app-link", "--worker", str(agency["ann"]), "--base", "https://staff.example/")
    assert code == 0, out
    assert out["worker_id"] == agency["ann"]
    assert re.fullmatch(r"https://staff\.example/app/link/[\w-]{40,}", out["url"])
    path = out["url"].removeprefix("https://staff.example")
    with phone(services) as person:
        assert person.open_link(path).status_code == 303
    assert console("worker", "app-link", "--worker", "999999")[0] != 0
    with staff(services) as person:
        sign_in_as(services, "coordinator", agency["client"], person)
        page = f"/console/{agency['client']}/workers/{agency['ann']}"
        made = person.post(f"{page}/app-link", token=person.csrf(page))
        assert made.headers["location"] == f"{page}/app-link?done=app_link_made"
        link = re.search(r'value="http://testserver(/app/link/[\w-]+)"', person.followed(made).text)
        assert link is not None
        again = person.get(made.headers["location"]).text  # a reload: no second link, the first not shown
        assert link.group(1) not in again
        assert "shown once" in again
        unknown = f"/console/{agency['client']}/workers/{agency['ann'] + 100}/app-link"
        elsewhere = person.post(unknown, token=person.csrf(page))
        assert elsewhere.status_code == 404
    with staff(services) as person:
        sign_in_as(services, "payroll", agency["client"], person)
        page = f"/console/{agency['client']}/timesheets"
        refused = person.post(f"/console/{agency['client']}/workers/{agency['ann']}/app-link", token=person.csrf(page))
        assert refused.status_code == 403
    with phone(services) as person:
        assert person.open_link(link.group(1)).status_code == 303


def test_a_romanian_worker_reads_romanian_and_a_cancelled_shift_says_so(
    services: Services, world: World, agency: dict[str, int]
) -> None:
    ioana = world.worker(agency["client"], "Ioana Pop", location_id=agency["north"], preferred_language="ro").worker
    booked(services, agency["client"], agency["north"], ioana.id, FRIDAY)
    gone = booked(services, agency["client"], agency["north"], ioana.id, date(2026, 11, 23))
    cancel = CancelBooking(status="client_cancelled", cancel_reason="Not needed")
    bookings.cancel(gone, cancel, client_id=agency["client"], uow=services.uow, clock=services.clock)
    with phone(services) as person:
        signed_in(services, person, ioana.id)
        page = person.get("/app/shifts").text
        assert '<html lang="ro">' in page
        assert "Turele dvs." in page
        assert "Anulat" in page
        assert "Confirmați tura din vin. 20 nov. 09:00" in page  # the kept one, in Romanian words
        assert page.count("Confirmați tura din") == 1  # the cancelled one cannot be answered


@pytest.mark.parametrize(
    ("path", "form", "status"),
    [
        ("/app/offers/answer", {"offer_id": "99999999999", "answer": "accept"}, 400),
        ("/app/offers/answer", {"offer_id": "abc", "answer": "accept"}, 400),
        ("/app/offers/answer", {"offer_id": "1", "answer": "maybe"}, 400),
        ("/app/shifts/answer", {"shift_id": "", "answer": "decline"}, 400),
        ("/app/clock", {"action": "sideways"}, 400),
        ("/app/clock", {"action": "in", "latitude": "north", "longitude": "-1.5"}, 400),
        ("/app/clock", {"action": "in", "latitude": "91", "longitude": "-1.5"}, 400),
        ("/app/clock", {"action": "in", "latitude": "53.8"}, 400),
        (
            "/app/availability/add",
            {"kind": "available", "day_of_week": "9", "start_time": "08:00", "end_time": "9:00"},
            400,
        ),
        (
            "/app/availability/add",
            {"kind": "sometimes", "day_of_week": "1", "start_time": "08:00", "end_time": "09:00"},
            400,
        ),
        (
            "/app/availability/add",
            {"kind": "available", "day_of_week": "1", "start_time": "25:00", "end_time": "09:00"},
            400,
        ),
        ("/app/availability/remove", {"rule_id": "2147483648"}, 400),
        ("/app/absences/ask", {"type": "holiday", "start_date": "soon", "end_date": "2026-12-01"}, 400),
        ("/app/absences/ask", {"type": "holiday", "start_date": "2026-12-02", "end_date": "2026-12-01"}, 400),
        (
            "/app/absences/ask",
            {"type": "holiday", "start_date": "2026-12-01", "end_date": "2026-12-01", "notes": "x" * 1001},
            400,
        ),
    ],
)
def test_a_bad_value_in_an_app_form_is_a_400_page_naming_no_traceback(
    services: Services, agency: dict[str, int], path: str, form: dict[str, str], status: int
) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        reply = person.post(path, form)
        assert reply.status_code == status, reply.text[:500]
        assert 'role="alert"' in reply.text
    assert entries(services) == []


def test_an_account_number_that_cannot_be_one_is_a_404_page(services: Services) -> None:
    with phone(services) as person:
        assert person.get("/app/99999999999/sign-in").status_code == 404
        assert (
            person.client.post("/app/99999999999/sign-in", data={"employee_id": "A", "pin": "1234"}).status_code == 404
        )
        assert person.get("/app/?account=99999999999").status_code == 200  # asks again


def test_a_new_pin_signs_the_worker_out_of_every_phone(services: Services, agency: dict[str, int]) -> None:
    with phone(services) as first, phone(services) as second:
        signed_in(services, first, agency["ann"])
        signed_in(services, second, agency["ann"])
        pin(services, agency["ann"], "8642")
        assert first.get("/app/shifts").headers["location"] == "/app/"
        assert second.get("/app/shifts").headers["location"] == "/app/"


def test_the_app_says_what_was_done_by_its_codes_only(services: Services, agency: dict[str, int]) -> None:
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        assert "Saved." in person.get("/app/availability?done=saved").text
        for sent in ("Your pay was cut, call 0900 000 000", "<b>saved</b>", "Saved"):
            page = person.client.get("/app/availability", params={"done": sent}).text
            assert 'class="done"' not in page, sent
            assert "0900" not in page
