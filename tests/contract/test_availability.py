"""/availability.php over HTTP: availability rules (add, list, retire) and who is free for a slot."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from workforce_adapters.sql import tables

AVAILABILITY = "/api/v1/availability.php"
SHIFTS = "/api/v1/shifts.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT
DAY = "2026-11-20"  # a Friday
SLOT = f"available_from={DAY}T09:00:00Z&available_to={DAY}T17:00:00Z"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, console: Console) -> None:
        self.api, self.world, self.clock, self.console = api, world, clock, console
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.annex = world.site(self.account.id, "Annex", geofence_mode="disabled")
        self.ann = world.worker(self.account.id, "Ann Able", location_id=self.site.id, job_role="Picker").worker
        self.headers = world.key(self.account.id)

    def add(self, who: int | None = None, **body: Any) -> httpx.Response:
        sent = {"worker_id": who or self.ann.id, "kind": "unavailable", "day_of_week": 5}
        sent.update({"start_time": "08:00", "end_time": "12:00", **body})
        return self.api.post(AVAILABILITY, headers=self.headers, json=sent)

    def added(self, worker_id: int | None = None, **body: Any) -> dict[str, Any]:
        reply = self.add(worker_id, **body)
        assert reply.status_code == 201, reply.text
        return dict(reply.json()["data"])

    def book(self, worker_id: int | None = None, **body: Any) -> httpx.Response:
        sent = {"worker_id": worker_id or self.ann.id, "location_id": self.site.id, "shift_date": DAY}
        sent.update({"start_time": "09:00", "end_time": "17:00", **body})
        return self.api.post(SHIFTS, headers=self.headers, json=sent)

    def free(self, query: str = SLOT, headers: dict[str, str] | None = None) -> httpx.Response:
        return self.api.get(f"{AVAILABILITY}?{query}", headers=headers or self.headers)

    def free_items(self, query: str = SLOT) -> list[dict[str, Any]]:
        reply = self.free(query)
        assert reply.status_code == 200, reply.text
        return list(reply.json()["data"])

    def set_worker(self, worker_id: int, **values: Any) -> None:
        with self.world.services.engine.begin() as connection:
            connection.execute(update(tables.workers).where(tables.workers.c.id == worker_id).values(**values))


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console) -> Setup:
    return Setup(api, world, clock, console)


# ---- rules ---------------------------------------------------------------------------------------


def test_a_rule_is_added_201_listed_and_read_by_id(s: Setup) -> None:
    rule = s.added(notes="School run", valid_from="2026-11-01")
    assert (rule["worker_id"], rule["kind"], rule["day_of_week"], rule["date"]) == (s.ann.id, "unavailable", 5, None)
    assert (rule["start_time"], rule["end_time"], rule["valid_from"], rule["valid_to"]) == (
        "08:00",
        "12:00",
        "2026-11-01",
        None,
    )
    assert (rule["notes"], rule["created_at_utc"], rule["retired_at"]) == ("School run", "2026-11-18T12:00:00Z", None)
    listed = s.api.get(AVAILABILITY, headers=s.headers).json()
    assert [r["id"] for r in listed["data"]] == [rule["id"]]
    assert "meta" not in listed
    one = s.api.get(f"{AVAILABILITY}?id={rule['id']}", headers=s.headers)
    assert one.json()["data"] == rule


def test_rules_filter_by_worker_and_active(s: Setup) -> None:
    bob = s.world.worker(s.account.id, "Bob Baker").worker
    first = s.added()
    second = s.added(bob.id, kind="available", date="2026-11-21", day_of_week=None)
    s.clock.advance(minutes=1)
    retired = s.api.delete(f"{AVAILABILITY}?id={first['id']}", headers=s.headers)
    assert retired.status_code == 200, retired.text
    assert retired.json()["data"]["retired_at_utc"] == "2026-11-18T12:01:00Z"

    def ids(query: str) -> list[int]:
        reply = s.api.get(f"{AVAILABILITY}?{query}", headers=s.headers)
        assert reply.status_code == 200, reply.text
        return [r["id"] for r in reply.json()["data"]]

    assert ids("") == [first["id"], second["id"]]
    assert ids(f"worker_id={bob.id}") == [second["id"]]
    assert ids("active=true") == [second["id"]]
    assert ids("active=false") == [first["id"]]


def test_retiring_twice_is_409_conflict(s: Setup) -> None:
    rule = s.added()
    assert s.api.delete(f"{AVAILABILITY}?id={rule['id']}", headers=s.headers).status_code == 200
    again = s.api.delete(f"{AVAILABILITY}?id={rule['id']}", headers=s.headers)
    assert (again.status_code, again.json()["error_code"]) == (409, "conflict")


def test_retiring_an_unknown_or_another_clients_rule_is_404_and_without_id_400(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    theirs = s.world.worker(other.id, "Tom Theirs").worker
    their_key = s.world.key(other.id)
    sent = {"worker_id": theirs.id, "kind": "available", "day_of_week": 1, "start_time": "09:00", "end_time": "17:00"}
    their_rule = s.api.post(AVAILABILITY, headers=their_key, json=sent).json()["data"]
    for rule_id in (their_rule["id"], 999_999):
        reply = s.api.delete(f"{AVAILABILITY}?id={rule_id}", headers=s.headers)
        assert (reply.status_code, reply.json()["error_code"], reply.json()["parameter"]) == (404, "not_found", "id")
    missing = s.api.delete(AVAILABILITY, headers=s.headers)
    assert (missing.status_code, missing.json()["parameter"]) == (400, "id")
    assert s.api.get(f"{AVAILABILITY}?id={their_rule['id']}", headers=s.headers).status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"day_of_week": 5, "date": DAY}, "day_of_week"),
        ({"day_of_week": None}, "day_of_week"),
        ({"day_of_week": 8}, "day_of_week"),
        ({"day_of_week": 0}, "day_of_week"),
        ({"start_time": "09:00", "end_time": "09:00"}, "end_time"),
        ({"end_time": "24:00"}, "end_time"),
        ({"start_time": None}, "start_time"),
        ({"kind": "maybe"}, "kind"),
        ({"kind": None}, "kind"),
        ({"worker_id": None}, "worker_id"),
        ({"date": "2026-02-30", "day_of_week": None}, "date"),
        ({"valid_from": "2026-12-01", "valid_to": "2026-11-01"}, "valid_to"),
        ({"notes": "x" * 1001}, "notes"),
    ],
)
def test_bad_rules_are_400_validation_failed_naming_the_field(s: Setup, body: dict[str, Any], field: str) -> None:
    reply = s.add(**body)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", field)


def test_a_rule_for_another_clients_worker_is_404_naming_worker_id(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    theirs = s.world.worker(other.id, "Tom Theirs").worker
    reply = s.add(theirs.id)
    assert (reply.status_code, reply.json()["error_code"], reply.json()["field"]) == (404, "not_found", "worker_id")


def test_scopes_read_and_write(s: Setup) -> None:
    reader = s.world.key(s.account.id, scopes=("availability:read",))
    assert s.api.get(AVAILABILITY, headers=reader).status_code == 200
    refused = s.api.post(AVAILABILITY, headers=reader, json={})
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
    nothing = s.world.key(s.account.id, scopes=("workers:read",))
    assert s.free(headers=nothing).status_code == 403


def test_an_unavailable_rule_blocks_booking_until_retired(s: Setup) -> None:
    rule = s.added()  # Fridays 08:00-12:00
    refused = s.book()
    assert refused.status_code == 409
    assert (refused.json()["error_code"], refused.json()["block_codes"]) == ("not_eligible", ["unavailable"])
    assert s.book(start_time="12:00", end_time="18:00").status_code == 201  # touching is not meeting
    s.api.delete(f"{AVAILABILITY}?id={rule['id']}", headers=s.headers)
    assert s.book(start_time="06:00", end_time="11:00").status_code == 201


def test_an_available_rule_does_not_block(s: Setup) -> None:
    s.added(kind="available", start_time="18:00", end_time="20:00")
    assert s.book().status_code == 201


# ---- who is free --------------------------------------------------------------------------------


def test_who_is_free_lists_every_active_worker_with_the_result_fields_and_meta_slot(s: Setup) -> None:
    s.world.worker(s.account.id, "Pat Pending", pending=True)
    leaver = s.world.worker(s.account.id, "Lee Leaver").worker
    s.set_worker(leaver.id, active=False)
    s.set_worker(s.ann.id, max_hours_per_week=40)
    reply = s.free(f"{SLOT}&location_id={s.site.id}&job_role=Picker")
    assert reply.status_code == 200, reply.text
    body = reply.json()
    [item] = body["data"]
    assert item == {
        "worker_id": s.ann.id,
        "name": "Ann Able",
        "employee_id": item["employee_id"],
        "location_id": s.site.id,
        "department_id": None,
        "job_role": "Picker",
        "eligible": True,
        "available": False,
        "availability": [],
        "role_match": True,
        "week_hours": 0,
        "max_hours_per_week": 40,
        "warning_codes": [],
        "block_codes": [],
    }
    assert body["meta"]["slot"] == {
        "shift_date": DAY,
        "start_time": "09:00",
        "end_time": "17:00",
        "start_utc": f"{DAY}T09:00:00Z",
        "end_utc": f"{DAY}T17:00:00Z",
        "location_id": s.site.id,
        "job_role": "Picker",
    }
    assert body["pagination"] == {"total": 1, "limit": 50, "offset": 0, "has_more": False}


def test_who_is_free_orders_best_matches_first(s: Setup) -> None:
    w = s.world
    # Ann: eligible, no stated availability, role match
    cy = w.worker(s.account.id, "Cy Cover", job_role="Picker").worker  # eligible, available, role match
    s.added(cy.id, kind="available", start_time="08:00", end_time="18:00")
    dee = w.worker(s.account.id, "Dee Driver", job_role="Driver").worker  # eligible, available, no role match
    s.added(dee.id, kind="available", start_time="06:00", end_time="20:00")
    eve = w.worker(s.account.id, "Eve Early", job_role="Picker").worker  # eligible, available, role, more hours
    s.added(eve.id, kind="available", start_time="08:00", end_time="18:00")
    assert s.book(eve.id, shift_date="2026-11-17").status_code == 201
    fay = w.worker(s.account.id, "Fay Fenced", job_role="Picker").worker  # ineligible (suspended)
    s.set_worker(fay.id, suspended=True)
    abe = w.worker(s.account.id, "Abe Also", job_role="Picker").worker  # as Ann, but sorts first by name
    items = s.free_items(f"{SLOT}&job_role=picker")
    assert [i["name"] for i in items] == ["Cy Cover", "Eve Early", "Dee Driver", "Abe Also", "Ann Able", "Fay Fenced"]
    by_name = {i["name"]: i for i in items}
    assert by_name["Eve Early"]["week_hours"] == 8
    assert by_name["Cy Cover"]["availability"] == ["08:00-18:00"]
    assert (by_name["Dee Driver"]["role_match"], by_name["Dee Driver"]["warning_codes"]) == (False, ["role"])
    assert (by_name["Fay Fenced"]["eligible"], by_name["Fay Fenced"]["block_codes"]) == (False, ["suspended"])
    assert abe.id != s.ann.id
    paged = s.free(f"{SLOT}&job_role=picker&limit=2&offset=1").json()
    assert [i["name"] for i in paged["data"]] == ["Eve Early", "Dee Driver"]
    assert paged["pagination"] == {"total": 6, "limit": 2, "offset": 1, "has_more": True}


def test_who_is_free_shows_every_block_and_warning_the_booking_would_meet(s: Setup, console: Console) -> None:
    w = s.world
    s.set_worker(s.ann.id, max_hours_per_week=10)
    small = w.site(s.account.id, "Kiosk", capacity=1)
    bob = w.worker(s.account.id, "Bob Booked").worker
    assert s.book(bob.id, location_id=small.id).status_code == 201  # bob: overlap; the kiosk: full
    assert s.book(shift_date="2026-11-19", start_time="18:00", end_time="23:00").status_code == 201  # ann: rest
    cat = w.worker(s.account.id, "Cat Away").worker
    code, _ = console("absence", "create", "--worker", str(cat.id), "--type", "holiday", "--from", DAY, "--to", DAY)
    assert code == 0
    code, made = console(
        "absence", "create", "--worker", str(cat.id), "--type", "sickness", "--from", DAY, "--to", DAY, "--approve"
    )
    assert code == 0, made
    dan = w.worker(s.account.id, "Dan Barred").worker
    assert console("worker", "dnr", str(dan.id), "--location", str(small.id))[0] == 0
    eli = w.worker(s.account.id, "Eli Busy").worker
    s.added(eli.id, start_time="16:00", end_time="18:00")
    items = {i["name"]: i for i in s.free_items(f"{SLOT}&location_id={small.id}")}
    assert items["Ann Able"]["block_codes"] == []
    assert items["Ann Able"]["warning_codes"] == [
        "rest",
        "hours",
        "capacity",
        "rest_11h",
    ]  # rest_11h: the Working Time Regulations warning
    assert items["Ann Able"]["week_hours"] == 5
    assert items["Bob Booked"]["block_codes"] == ["overlap"]
    assert items["Cat Away"]["block_codes"] == ["absence"]
    assert items["Dan Barred"]["block_codes"] == ["dnr"]
    assert items["Eli Busy"]["block_codes"] == ["unavailable"]
    # what the list says is what booking answers
    for name, worker_id in (("Cat Away", cat.id), ("Dan Barred", dan.id), ("Eli Busy", eli.id)):
        reply = s.book(worker_id, location_id=small.id)
        assert (reply.status_code, reply.json()["block_codes"]) == (409, items[name]["block_codes"])


def test_who_is_free_measures_a_slot_across_the_autumn_change_in_real_time(s: Setup) -> None:
    query = "available_from=2026-10-24T22:00:00%2B01:00&available_to=2026-10-25T06:00:00Z"
    body = s.free(query).json()
    assert body["meta"]["slot"] == {
        "shift_date": "2026-10-24",
        "start_time": "22:00",
        "end_time": "06:00",
        "start_utc": "2026-10-24T21:00:00Z",
        "end_utc": "2026-10-25T06:00:00Z",
        "location_id": None,
        "job_role": None,
    }


def test_a_site_limited_key_sees_the_workers_based_at_its_sites(s: Setup) -> None:
    s.world.worker(s.account.id, "Zed Annex", location_id=s.annex.id)
    limited = s.world.key(s.account.id, location_ids=(s.site.id,))
    reply = s.free(headers=limited)
    assert [i["name"] for i in reply.json()["data"]] == ["Ann Able"]
    outside = s.free(f"{SLOT}&location_id={s.annex.id}", headers=limited)
    assert (outside.status_code, outside.json()["parameter"]) == (403, "location_id")


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        (f"available_from={DAY}T18:00:00Z&available_to={DAY}T17:00:00Z", "available_from"),
        (f"available_from={DAY}T09:00:00Z&available_to={DAY}T09:00:00Z", "available_to"),
        (f"available_from={DAY}T09:00:00Z&available_to=2026-11-21T09:01:00Z", "available_to"),
        (f"available_from={DAY}T09:00:00Z", "available_to"),
        (f"available_to={DAY}T09:00:00Z", "available_from"),
        (f"available_from=tomorrow&available_to={DAY}T09:00:00Z", "available_from"),
        (f"{SLOT}&location_id=abc", "location_id"),
        (f"{SLOT}&limit=0", "limit"),
        ("active=maybe", "active"),
        ("worker_id=-1", "worker_id"),
    ],
)
def test_bad_queries_are_400_invalid_parameter_naming_it(s: Setup, query: str, parameter: str) -> None:
    reply = s.free(query)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["parameter"]) == ("invalid_parameter", parameter)


def test_a_slot_of_exactly_24_hours_is_read(s: Setup) -> None:
    assert s.free(f"available_from={DAY}T09:00:00Z&available_to=2026-11-21T09:00:00Z").status_code == 200


def test_another_clients_site_is_404_location_not_found(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    theirs = s.world.site(other.id, "Theirs")
    reply = s.free(f"{SLOT}&location_id={theirs.id}")
    assert (reply.status_code, reply.json()["error_code"], reply.json()["parameter"]) == (
        404,
        "location_not_found",
        "location_id",
    )
