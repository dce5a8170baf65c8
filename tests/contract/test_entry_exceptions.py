"""An entry carries its open exceptions, over HTTP on SQLite and PostgreSQL: the checks of /exceptions.php
that concern one shift, decided by the same rule, listed as ``open_exceptions`` on /timesheets.php and in
words in the console's Flags column."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import console, sign_in_as
from workforce_adapters.json.commands import structure
from workforce_core.commands.time_records import Backfill
from workforce_core.model.time_entries import TimeEntry
from workforce_core.services import approvals, time_records
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
WEEK = "2026-11-09"


@pytest.fixture
def site(world: World, clock: FakeClock) -> dict[str, int]:
    clock.set(NOW)
    client = world.account("Acme")
    north = world.site(client.id, "North")
    ann = world.worker(client.id, "Ann Able", hourly_rate=14.25).worker
    return {"client": client.id, "site": north.id, "worker": ann.id}


def backfill(services: Services, site: dict[str, int], start: str, end: str, **more: Any) -> int:
    command = {"worker_id": site["worker"], "location_id": site["site"], "clock_in": start, "clock_out": end, **more}
    made = time_records.backfill(structure(Backfill, command), uow=services.uow, clock=services.clock)
    return made.entry.id


def listed(api: TestClient, world: World, site: dict[str, int], **params: Any) -> dict[int, list[str]]:
    reply = api.get("/api/v1/timesheets.php", headers=world.key(site["client"]), params=params)
    assert reply.status_code == 200, reply.text
    return {row["id"]: row["open_exceptions"] for row in reply.json()["data"]}


def test_a_long_shift_with_no_break_carries_its_exceptions_until_it_is_approved(
    api: TestClient, world: World, services: Services, site: dict[str, int]
) -> None:
    long_one = backfill(services, site, "2026-11-10 06:00", "2026-11-10 21:30")  # 15 h 30 min, no break
    plain = backfill(services, site, "2026-11-12 08:00", "2026-11-12 13:00")
    found = listed(api, world, site, date_from=WEEK)
    assert found[long_one] == ["long_shift", "walk_in", "missed_break"]
    assert found[plain] == ["walk_in"]
    one = api.get(f"/api/v1/timesheets.php?id={long_one}", headers=world.key(site["client"])).json()["data"]
    assert (one["risk_flags"], one["open_exceptions"]) == ([], ["long_shift", "walk_in", "missed_break"])
    checked = api.get(f"/api/v1/exceptions.php?date_from={WEEK}", headers=world.key(site["client"])).json()
    assert sorted(x["type"] for x in checked["data"] if x["entry_id"] == long_one) == sorted(found[long_one])
    approvals.approve([long_one], uow=services.uow, clock=services.clock)
    assert listed(api, world, site, date_from=WEEK)[long_one] == []


def recorded(world: World, site: dict[str, int], start: datetime, end: datetime) -> int:
    """A shift stored as it came (two devices' clocks can overlap; a shift typed in cannot)."""
    with world.uow() as tx:
        made = tx.entries.add(
            TimeEntry(
                worker_id=site["worker"],
                client_id=site["client"],
                location_id=site["site"],
                clock_in=start,
                clock_out=end,
                created_at=start,
                manual_break_minutes=30,
            )
        )
        tx.commit()
    return made.id


def test_an_overlap_with_a_shift_outside_the_page_is_found(api: TestClient, world: World, site: dict[str, int]) -> None:
    recorded(world, site, datetime(2026, 11, 10, 20, 0, tzinfo=UTC), datetime(2026, 11, 11, 4, 0, tzinfo=UTC))
    later = recorded(world, site, datetime(2026, 11, 11, 2, 0, tzinfo=UTC), datetime(2026, 11, 11, 6, 0, tzinfo=UTC))
    found = listed(api, world, site, date_from="2026-11-11", date_to="2026-11-11")
    assert found == {later: ["walk_in", "overlap"]}


def test_the_timesheets_page_shows_the_long_shifts_flags_in_words(
    world: World, services: Services, site: dict[str, int]
) -> None:
    long_one = backfill(services, site, "2026-11-10 06:00", "2026-11-10 21:30")
    backfill(services, site, "2026-11-12 08:00", "2026-11-12 12:00", break_minutes=0)  # 4 h: no break needed
    with console(services) as person:
        sign_in_as(services, "coordinator", site["client"], person)
        page = person.get(f"/console/{site['client']}/timesheets?week={WEEK}").text
        shift = person.get(f"/console/{site['client']}/timesheets/{long_one}").text
    [row] = [row for row in page.split("</tr>") if f"Open shift {long_one} of Ann Able" in row]
    assert '<tr class="flagged">' in row
    for words in ("shift over 14 hours", "no break in over 6 hours", "no booking"):
        assert f'<span class="flag">{words}</span>' in row
        assert f'<span class="flag">{words}</span>' in shift
    assert "no break in over 6 hours" not in page.replace(row, "")  # the 4 h shift needs none
