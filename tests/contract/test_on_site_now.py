"""GET /on-site-now.php: totals, per-site lists, unassigned shifts, site limits and scopes, over HTTP."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, path
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry

NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # GMT
ON_SITE = path("on-site-now")
CLOCK = path("clock")
SITE = {"latitude": 53.78, "longitude": -1.55}
NEAR = {"latitude": 53.7801, "longitude": -1.5501}  # about 13 m away
FAR = {"latitude": 53.79, "longitude": -1.55}  # about 1.1 km away


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account("Acme Staffing")
        self.depot = world.site(
            self.account.id, "Depot", geofence_mode="warning", geofence_radius=200, gps_accuracy_threshold=50, **SITE
        )
        self.yard = world.site(self.account.id, "Yard")
        self.empty = world.site(self.account.id, "Annex")
        self.headers = world.key(self.account.id, ("timesheets:read", "clock:write"))

    def worker(self, name: str, site: Location | None) -> int:
        return self.world.worker(self.account.id, name, location_id=site.id if site else None).worker.id

    def clock_in(self, worker_id: int, **body: Any) -> int:
        reply = self.api.post(CLOCK, headers=self.headers, json={"worker_id": worker_id, "action": "in", **body})
        assert reply.status_code == 201, reply.text
        return int(reply.json()["data"]["entry_id"])

    def get(self, headers: dict[str, str] | None = None, **params: Any) -> Any:
        return self.api.get(ON_SITE, headers=headers or self.headers, params=params)


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


@pytest.fixture
def board(s: Setup) -> dict[str, int]:
    """Five open shifts: three at the fenced Depot (inside, outside, no GPS), one at the Yard, one unassigned."""
    made: dict[str, int] = {}
    made["inside"] = s.clock_in(s.worker("Cara Inside", s.depot), **NEAR, gps_accuracy=80)
    s.clock.advance(minutes=10)
    made["outside"] = s.clock_in(s.worker("Abe Outside", s.depot), **FAR, gps_accuracy=12)
    s.clock.advance(minutes=10)
    made["no_gps"] = s.clock_in(s.worker("Bea Nogps", s.depot))
    made["yard"] = s.clock_in(s.worker("Yan Yard", s.yard))
    made["nowhere"] = s.clock_in(s.worker("Una Nosite", None))
    s.clock.advance(minutes=25, seconds=59)
    return made


def test_totals_sites_and_workers(s: Setup, board: dict[str, int]) -> None:
    reply = s.get()
    assert reply.status_code == 200
    now = reply.json()["data"]
    assert now["as_of"] == "2026-11-18T12:45:59Z"
    assert now["totals"] == {
        "clocked_in": 5,
        "on_site": 4,
        "off_site": 1,
        "geofence_unknown": 3,
        "low_gps_confidence": 1,
    }
    annex, depot, yard = now["locations"]  # by name
    assert {k: v for k, v in depot.items() if k != "workers"} == {
        "location_id": s.depot.id,
        "location_name": "Depot",
        "clocked_in": 3,
        "on_site": 2,
        "off_site": 1,
        "geofence_unknown": 1,
    }
    assert [w["name"] for w in depot["workers"]] == ["Abe Outside", "Bea Nogps", "Cara Inside"]
    outside, no_gps, inside = depot["workers"]
    assert inside["entry_id"] == board["inside"]
    assert inside["clock_in"] == "2026-11-18 12:00:00"
    assert inside["clock_in_utc"] == "2026-11-18T12:00:00Z"
    assert inside["minutes_on_shift"] == 45
    assert (inside["within_geofence"], inside["gps_accuracy"], inside["low_gps_confidence"]) == (1, 80, True)
    assert inside["distance_meters"] == 13
    assert (outside["within_geofence"], outside["distance_meters"]) == (0, 1112)
    assert (outside["minutes_on_shift"], outside["low_gps_confidence"]) == (35, False)
    assert set(no_gps) == {
        "worker_id",
        "name",
        "employee_id",
        "entry_id",
        "clock_in",
        "clock_in_utc",
        "minutes_on_shift",
        "within_geofence",
        "distance_meters",
        "gps_accuracy",
        "low_gps_confidence",
    }
    assert (no_gps["within_geofence"], no_gps["distance_meters"], no_gps["gps_accuracy"]) == (None, None, None)
    assert no_gps["minutes_on_shift"] == 25
    assert no_gps["employee_id"].startswith("W")
    assert annex == {
        "location_id": s.empty.id,
        "location_name": "Annex",
        "clocked_in": 0,
        "on_site": 0,
        "off_site": 0,
        "geofence_unknown": 0,
        "workers": [],
    }
    assert (yard["clocked_in"], yard["on_site"], yard["geofence_unknown"]) == (1, 1, 1)
    assert [w["entry_id"] for w in yard["workers"]] == [board["yard"]]
    assert [w["entry_id"] for w in now["unassigned"]] == [board["nowhere"]]
    assert now["unassigned"][0]["name"] == "Una Nosite"


def test_include_workers_false_gives_totals_only(s: Setup, board: dict[str, int]) -> None:
    full = data(s.get())
    for value in ("false", "0", "FALSE"):
        counts = data(s.get(include_workers=value))
        assert counts["totals"] == full["totals"]
        assert "unassigned" not in counts
        assert [set(site) for site in counts["locations"]] == [
            {"location_id", "location_name", "clocked_in", "on_site", "off_site", "geofence_unknown"}
        ] * 3
        assert [site["clocked_in"] for site in counts["locations"]] == [0, 3, 1]
    assert data(s.get(include_workers="1")) == full
    assert_error(s.get(include_workers="yes"), 400, "invalid_parameter", parameter="include_workers")


def test_closed_and_stale_shifts_are_not_on_site(s: Setup, world: World) -> None:
    gone = s.worker("Gone Home", s.yard)
    s.clock_in(gone)
    s.clock.advance(hours=1)
    reply = s.api.post(CLOCK, headers=s.headers, json={"worker_id": gone, "action": "out"})
    assert reply.status_code == 200
    now = s.clock.now()
    workers = {"Stale Open": s.worker("Stale Open", s.yard), "Just In": s.worker("Just In", s.yard)}
    with world.uow() as tx:
        for name, age in (("Stale Open", timedelta(hours=18, seconds=1)), ("Just In", timedelta(hours=18))):
            tx.entries.add(
                TimeEntry(
                    worker_id=workers[name],
                    client_id=s.account.id,
                    location_id=s.yard.id,
                    clock_in=now - age,
                    created_at=now - age,
                )
            )
        tx.commit()
    on_site = data(s.get(location_id=s.yard.id))
    assert on_site["totals"]["clocked_in"] == 1
    assert [(w["name"], w["minutes_on_shift"]) for w in on_site["locations"][0]["workers"]] == [("Just In", 1080)]


def test_location_id_shows_that_site_only(s: Setup, board: dict[str, int]) -> None:
    now = data(s.get(location_id=s.yard.id))
    assert [site["location_id"] for site in now["locations"]] == [s.yard.id]
    assert now["totals"] == {
        "clocked_in": 1,
        "on_site": 1,
        "off_site": 0,
        "geofence_unknown": 1,
        "low_gps_confidence": 0,
    }
    assert now["unassigned"] == []
    empty = data(s.get(location_id=s.empty.id))
    assert [site["clocked_in"] for site in empty["locations"]] == [0]


def test_a_site_limited_key_sees_its_sites_only(s: Setup, world: World, board: dict[str, int]) -> None:
    limited = world.key(s.account.id, ("onsite:read",), location_ids=(s.depot.id,))
    now = data(s.get(headers=limited))
    assert [site["location_id"] for site in now["locations"]] == [s.depot.id]
    assert now["totals"]["clocked_in"] == 3
    assert now["totals"]["off_site"] == 1
    assert now["unassigned"] == []
    assert_error(s.get(headers=limited, location_id=s.yard.id), 403, "location_not_allowed", parameter="location_id")


def test_another_clients_site_is_not_found_and_their_shifts_are_not_shown(
    s: Setup, world: World, board: dict[str, int]
) -> None:
    other = world.account("Other Agency")
    their_site = world.site(other.id, "Their Site")
    their_headers = world.key(other.id, ("onsite:read",))
    assert_error(s.get(location_id=their_site.id), 404, "location_not_found", parameter="location_id")
    theirs = data(s.get(headers=their_headers))
    assert theirs["totals"]["clocked_in"] == 0
    assert [site["location_name"] for site in theirs["locations"]] == ["Their Site"]
    assert theirs["unassigned"] == []


def test_a_pooled_worker_at_this_clients_site_is_shown_here(s: Setup, world: World) -> None:
    other = world.account("Other Agency")
    pooled = world.worker(other.id, "Pooled Pat").worker
    with world.uow() as tx:
        tx.entries.add(
            TimeEntry(
                worker_id=pooled.id,
                client_id=s.account.id,
                location_id=s.yard.id,
                clock_in=NOON - timedelta(hours=2),
                created_at=NOON,
            )
        )
        tx.commit()
    yard = data(s.get(location_id=s.yard.id))["locations"][0]
    assert [(w["name"], w["minutes_on_shift"]) for w in yard["workers"]] == [("Pooled Pat", 120)]
    assert data(s.get(headers=world.key(other.id, ("onsite:read",))))["totals"]["clocked_in"] == 0


def test_an_inactive_site_is_listed_only_while_someone_is_on_it(s: Setup, world: World) -> None:
    with world.uow() as tx:
        closed = tx.locations.add(Location(client_id=s.account.id, name="Closed Site", created_at=NOON, active=False))
        tx.commit()
    assert "Closed Site" not in [site["location_name"] for site in data(s.get())["locations"]]
    s.clock_in(s.worker("Late Larry", None), location_id=closed.id)
    assert "Closed Site" in [site["location_name"] for site in data(s.get())["locations"]]
    assert [site["location_name"] for site in data(s.get(location_id=closed.id))["locations"]] == ["Closed Site"]


@pytest.mark.parametrize(
    ("scopes", "allowed"),
    [
        (("onsite:read",), True),
        (("timesheets:read",), True),
        (("workers:read", "clock:write"), False),
    ],
)
def test_onsite_or_timesheets_read_opens_it(s: Setup, world: World, scopes: tuple[str, ...], allowed: bool) -> None:
    reply = s.get(headers=world.key(s.account.id, scopes))
    if allowed:
        assert reply.status_code == 200
        assert data(reply)["totals"]["clocked_in"] == 0
    else:
        assert_error(reply, 403, "insufficient_scope", required_scope="onsite:read")
