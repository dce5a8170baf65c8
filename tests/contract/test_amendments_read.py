"""GET /amendments.php: client amendment requests as decisions.md describes them, over HTTP.

Amendments are raised and decided in the console; here they are stored through the unit of work.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, ids, path
from workforce_core.model.amendments import Amendment
from workforce_core.model.time_entries import TimeEntry

NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # GMT
AMENDMENTS = path("amendments")


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account("Acme Staffing")
        self.depot = world.site(self.account.id, "Depot")
        self.yard = world.site(self.account.id, "Yard")
        self.ann = world.worker(self.account.id, "Ann").worker
        self.bob = world.worker(self.account.id, "Bob").worker
        self.headers = world.key(self.account.id, ("timesheets:read",))

    def entry(self, worker_id: int, day: int, *, location_id: int | None = None, client_id: int = 0) -> TimeEntry:
        clock_in = datetime(2026, 11, day, 8, tzinfo=UTC)
        with self.world.uow() as tx:
            entry = tx.entries.add(
                TimeEntry(
                    worker_id=worker_id,
                    client_id=client_id or self.account.id,
                    location_id=location_id if location_id is not None else self.depot.id,
                    clock_in=clock_in,
                    clock_out=clock_in + timedelta(hours=8),
                    created_at=clock_in,
                )
            )
            tx.commit()
        return entry

    def amendment(self, entry: TimeEntry, created_at: datetime, **fields: Any) -> Amendment:
        with self.world.uow() as tx:
            amendment = tx.amendments.add(
                Amendment(
                    entry_id=entry.id,
                    worker_id=entry.worker_id,
                    client_id=entry.client_id,
                    reason=fields.pop("reason", "Forgot to clock out"),
                    raised_by=fields.pop("raised_by", "client:jo@example.com"),
                    created_at=created_at,
                    **fields,
                )
            )
            tx.commit()
        return amendment

    def get(self, headers: dict[str, str] | None = None, **params: Any) -> Any:
        return self.api.get(AMENDMENTS, headers=headers or self.headers, params=params)


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


def test_an_amendment_is_shown_with_the_fields_of_decisions_md(s: Setup) -> None:
    entry = s.entry(s.ann.id, 16)
    made = s.amendment(
        entry,
        datetime(2026, 7, 17, 9, 30, tzinfo=UTC),
        requested_clock_in=datetime(2026, 7, 16, 7, 45, tzinfo=UTC),
        requested_clock_out=datetime(2026, 7, 16, 16, 15, tzinfo=UTC),
        requested_break_minutes=30,
        status="accepted",
        decided_at=datetime(2026, 7, 17, 11, 0, tzinfo=UTC),
        updated_at=datetime(2026, 7, 17, 11, 0, tzinfo=UTC),
    )
    reply = s.get()
    assert reply.status_code == 200
    assert reply.json()["pagination"] == {"total": 1, "limit": 50, "offset": 0, "has_more": False}
    [shown] = reply.json()["data"]
    assert shown == {
        "id": made.id,
        "entry_id": entry.id,
        "worker_id": s.ann.id,
        "client_id": s.account.id,
        "requested_clock_in": "2026-07-16 08:45:00",
        "requested_clock_in_utc": "2026-07-16T07:45:00Z",
        "requested_clock_out": "2026-07-16 17:15:00",
        "requested_clock_out_utc": "2026-07-16T16:15:00Z",
        "requested_break_minutes": 30,
        "reason": "Forgot to clock out",
        "status": "accepted",
        "raised_by": "client:jo@example.com",
        "created_at": "2026-07-17 10:30:00",
        "created_at_utc": "2026-07-17T09:30:00Z",
        "decided_at": "2026-07-17 12:00:00",
        "decided_at_utc": "2026-07-17T11:00:00Z",
        "updated_at": "2026-07-17 12:00:00",
        "updated_at_utc": "2026-07-17T11:00:00Z",
    }
    assert data(s.get(id=made.id)) == shown
    assert_error(s.get(id=made.id + 1), 404, "not_found")


def test_newest_first_and_filters(s: Setup) -> None:
    ann_entry, bob_entry = s.entry(s.ann.id, 10), s.entry(s.bob.id, 11)
    first = s.amendment(ann_entry, datetime(2026, 11, 12, 9, tzinfo=UTC))
    second = s.amendment(bob_entry, datetime(2026, 11, 13, 9, tzinfo=UTC), status="declined")
    third = s.amendment(ann_entry, datetime(2026, 11, 14, 9, tzinfo=UTC), status="withdrawn")
    same_time = s.amendment(bob_entry, datetime(2026, 11, 14, 9, tzinfo=UTC))
    assert ids(s.get()) == [same_time.id, third.id, second.id, first.id]
    assert ids(s.get(status="raised")) == [same_time.id, first.id]
    assert ids(s.get(status="declined")) == [second.id]
    assert ids(s.get(status="withdrawn")) == [third.id]
    assert ids(s.get(status="accepted")) == []
    assert ids(s.get(entry_id=ann_entry.id)) == [third.id, first.id]
    assert ids(s.get(worker_id=s.bob.id)) == [same_time.id, second.id]
    assert ids(s.get(worker_id=s.bob.id, status="declined")) == [second.id]


def test_dates_are_on_the_local_date_the_request_was_raised(s: Setup) -> None:
    entry = s.entry(s.ann.id, 10)
    late = s.amendment(entry, datetime(2026, 7, 10, 23, 30, tzinfo=UTC))  # 00:30 BST on 11 July
    day = s.amendment(entry, datetime(2026, 7, 10, 8, 0, tzinfo=UTC))
    assert ids(s.get(date_from="2026-07-11", date_to="2026-07-11")) == [late.id]
    assert ids(s.get(date_to="2026-07-10")) == [day.id]
    assert ids(s.get(date_from="2026-07-10")) == [late.id, day.id]
    assert_error(s.get(date_from="2026-07-11", date_to="2026-07-10"), 400, "invalid_parameter", parameter="date_to")


def test_updated_since_finds_new_and_changed_requests(s: Setup) -> None:
    entry = s.entry(s.ann.id, 10)
    old = s.amendment(entry, datetime(2026, 11, 10, 9, tzinfo=UTC))
    decided = s.amendment(
        entry,
        datetime(2026, 11, 10, 10, tzinfo=UTC),
        status="accepted",
        updated_at=datetime(2026, 11, 17, 9, tzinfo=UTC),
    )
    new = s.amendment(entry, datetime(2026, 11, 17, 10, tzinfo=UTC))  # never changed: its creation counts
    assert ids(s.get(updated_since="2026-11-17T09:00:00Z")) == [new.id, decided.id]
    assert ids(s.get(updated_since="2026-11-17T09:00:01Z")) == [new.id]
    assert ids(s.get(updated_since="2026-11-10")) == [new.id, decided.id, old.id]


def test_paging_with_total(s: Setup) -> None:
    entry = s.entry(s.ann.id, 10)
    made = [s.amendment(entry, datetime(2026, 11, 18 - n, 9, tzinfo=UTC)).id for n in range(5)]
    reply = s.get(limit=3, offset=3)
    assert ids(reply) == made[3:]
    assert reply.json()["pagination"] == {"total": 5, "limit": 3, "offset": 3, "has_more": False}


def test_another_clients_requests_are_not_seen(s: Setup, world: World) -> None:
    other = world.account("Other Agency")
    their_site = world.site(other.id, "Their Site")
    theirs = s.amendment(
        s.entry(s.ann.id, 10, location_id=their_site.id, client_id=other.id), datetime(2026, 11, 12, tzinfo=UTC)
    )
    ours = s.amendment(s.entry(s.ann.id, 11), datetime(2026, 11, 12, tzinfo=UTC))
    assert ids(s.get()) == [ours.id]
    assert ids(s.get(world.key(other.id, ("timesheets:read",)))) == [theirs.id]
    assert_error(s.get(id=theirs.id), 404, "not_found")


def test_a_site_limited_key_sees_requests_on_entries_at_its_sites(s: Setup, world: World) -> None:
    at_depot = s.amendment(s.entry(s.ann.id, 10), datetime(2026, 11, 12, tzinfo=UTC))
    at_yard = s.amendment(s.entry(s.ann.id, 11, location_id=s.yard.id), datetime(2026, 11, 13, tzinfo=UTC))
    limited = world.key(s.account.id, ("timesheets:read",), location_ids=(s.depot.id,))
    assert ids(s.get(limited)) == [at_depot.id]
    assert_error(s.get(limited, id=at_yard.id), 404, "not_found")
    assert ids(s.get()) == [at_yard.id, at_depot.id]


@pytest.mark.parametrize(
    ("parameter", "value"),
    [
        ("status", "open"),
        ("entry_id", "abc"),
        ("worker_id", "0"),
        ("id", "-3"),
        ("date_from", "2026-11"),
        ("updated_since", "later"),
        ("limit", "500"),
    ],
)
def test_a_malformed_parameter_is_400_naming_it(s: Setup, parameter: str, value: str) -> None:
    assert_error(s.get(**{parameter: value}), 400, "invalid_parameter", parameter=parameter)


def test_amendments_need_timesheets_read(s: Setup, world: World) -> None:
    headers = world.key(s.account.id, ("onsite:read", "workers:read"))
    assert_error(s.get(headers), 403, "insufficient_scope", required_scope="timesheets:read")
