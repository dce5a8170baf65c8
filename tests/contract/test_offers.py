"""Offers: the console sends and answers them, GET /offers.php reads them; an acceptance books through the
booking rules and fills the requirement, and no answer sends a shift event."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World

OFFERS = "/api/v1/offers.php"
DEMANDS = "/api/v1/demands.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
DAY = "2026-11-20"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, console: Console) -> None:
        self.api, self.world, self.console = api, world, console
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.headers = world.key(self.account.id)
        self.ann = world.worker(self.account.id, "Ann Offered").worker.id
        self.bob = world.worker(self.account.id, "Bob Offered").worker.id
        self.demand = self.requirement()

    def requirement(self, headcount: int = 1, **body: Any) -> int:
        sent = {"location_id": self.site.id, "shift_date": DAY, "start_time": "09:00", "end_time": "17:00"}
        reply = self.api.post(DEMANDS, headers=self.headers, json={**sent, "headcount": headcount, **body})
        assert reply.status_code == 201, reply.text
        return int(reply.json()["data"]["id"])

    def send(self, demand_id: int, *workers: int) -> tuple[int, Any]:
        return self.console("offer", "send", "--demand", str(demand_id), *(f"--worker={w}" for w in workers))

    def sent(self, demand_id: int, *workers: int) -> list[int]:
        code, out = self.send(demand_id, *workers)
        assert code == 0, out
        return list(out["offer_ids"])

    def answer(self, offer_id: int, reply: str) -> tuple[int, Any]:
        return self.console("offer", "answer", str(offer_id), reply)

    def listed(self, query: str = "", headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
        reply = self.api.get(f"{OFFERS}?{query}", headers=headers or self.headers)
        assert reply.status_code == 200, reply.text
        return list(reply.json()["data"])

    def shift_events(self) -> list[str]:
        return [e["event"] for e in self.world.outbox() if e["event"].startswith("shift")]

    def demand_counts(self, demand_id: int) -> tuple[int, int, str]:
        data = self.api.get(f"{DEMANDS}?id={demand_id}", headers=self.headers).json()["data"]
        return data["filled"], data["open"], data["status"]


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console) -> Setup:
    return Setup(api, world, clock, console)


def test_sending_prints_the_offers_and_the_api_lists_them_newest_first(s: Setup) -> None:
    code, out = s.send(s.demand, s.ann, s.bob, s.ann)
    assert code == 0, out
    assert out["count"] == 2
    first, second = out["offers"]
    assert (first["worker_id"], first["worker_name"], first["status"]) == (s.ann, "Ann Offered", "sent")
    assert (first["sent_at_utc"], first["answered_at"], first["shift_id"]) == ("2026-11-18T12:00:00Z", None, None)
    listed = s.listed()
    assert [o["id"] for o in listed] == [second["id"], first["id"]]
    assert listed[1] == first
    assert s.shift_events() == []


def test_an_acceptance_books_the_worker_onto_the_requirement_without_a_shift_event(s: Setup) -> None:
    [offer_id] = s.sent(s.demand, s.ann)
    code, out = s.answer(offer_id, "accept")
    assert code == 0, out
    assert (out["status"], out["answered_at_utc"]) == ("accepted", "2026-11-18T12:00:00Z")
    shift = s.api.get(f"/api/v1/shifts.php?id={out['shift_id']}", headers=s.headers).json()["data"]
    assert (shift["worker_id"], shift["demand_id"], shift["status"]) == (s.ann, s.demand, "published")
    assert s.demand_counts(s.demand) == (1, 0, "filled")
    assert s.shift_events() == []
    assert s.listed("status=accepted")[0]["shift_id"] == out["shift_id"]


def test_a_decline_is_recorded_and_books_nothing(s: Setup) -> None:
    [offer_id] = s.sent(s.demand, s.ann)
    code, out = s.answer(offer_id, "decline")
    assert (code, out["status"], out["shift_id"]) == (0, "declined", None)
    assert s.demand_counts(s.demand) == (0, 1, "open")
    code, again = s.answer(offer_id, "accept")
    assert (code, again["error_code"]) == (1, "conflict")
    assert s.shift_events() == []


def test_an_ineligible_acceptance_is_refused_with_the_codes_and_the_offer_stays_sent(s: Setup) -> None:
    [offer_id] = s.sent(s.demand, s.ann)
    s.api.post(
        "/api/v1/shifts.php",
        headers=s.headers,
        json={
            "worker_id": s.ann,
            "location_id": s.site.id,
            "shift_date": DAY,
            "start_time": "16:00",
            "end_time": "20:00",
        },
    )
    code, out = s.answer(offer_id, "accept")
    assert code == 1
    assert (out["error_code"], out["block_codes"], out["warning_codes"]) == ("not_eligible", ["overlap"], [])
    assert s.listed()[0]["status"] == "sent"
    assert s.demand_counts(s.demand) == (0, 1, "open")


def test_an_acceptance_onto_a_full_requirement_is_409_conflict(s: Setup) -> None:
    first, second = s.sent(s.demand, s.ann, s.bob)
    assert s.answer(first, "accept")[0] == 0
    code, out = s.answer(second, "accept")
    assert (code, out["error_code"]) == (1, "conflict")
    code, out = s.send(s.demand, s.bob)  # a full requirement takes no more offers either
    assert (code, out["error_code"]) == (1, "conflict")


def test_send_and_answer_refusals(s: Setup) -> None:
    rival = s.world.account("Rival")
    stranger = s.world.worker(rival.id, "Rita").worker.id
    code, out = s.send(s.demand, s.ann, stranger)
    assert (code, out["error_code"], out["field"]) == (1, "not_found", "worker_id")
    assert s.listed() == []  # all or none
    assert s.send(999, s.ann)[1]["field"] == "demand_id"
    s.sent(s.demand, s.ann)
    code, out = s.send(s.demand, s.ann)
    assert (code, out["error_code"]) == (1, "conflict")  # an unanswered offer is waiting
    assert s.answer(999, "accept")[1]["error_code"] == "not_found"
    code, out = s.answer(1, "maybe")
    assert (code, out["error_code"]) == (1, "invalid_parameter")


def test_filters_paging_scope_and_site_limited_keys(s: Setup) -> None:
    other_site = s.world.site(s.account.id, "Annex")
    annex = s.requirement(2, location_id=other_site.id)
    ann_depot, bob_depot = s.sent(s.demand, s.ann, s.bob)
    [ann_annex] = s.sent(annex, s.ann)
    s.answer(bob_depot, "decline")
    assert [o["id"] for o in s.listed(f"demand_id={s.demand}")] == [bob_depot, ann_depot]
    assert [o["id"] for o in s.listed(f"worker_id={s.ann}")] == [ann_annex, ann_depot]
    assert [o["id"] for o in s.listed("status=declined")] == [bob_depot]
    assert [o["id"] for o in s.listed("limit=1&offset=1")] == [bob_depot]
    limited = s.world.key(s.account.id, ("shifts:read",), location_ids=[other_site.id])
    assert [o["id"] for o in s.listed(headers=limited)] == [ann_annex]
    rival = s.world.account("Rival")
    assert s.listed(headers=s.world.key(rival.id)) == []
    refused = s.api.get(OFFERS, headers=s.world.key(s.account.id, ("workers:read",)))
    assert (refused.status_code, refused.json()["required_scope"]) == (403, "shifts:read")
    bad = s.api.get(f"{OFFERS}?status=maybe", headers=s.headers)
    assert (bad.status_code, bad.json()["parameter"]) == (400, "status")
    assert s.api.post(OFFERS, headers=s.headers, json={}).status_code == 405


def test_an_offer_is_withdrawn_by_the_agency_or_with_its_requirement_and_expires_when_it_ends(
    s: Setup, clock: FakeClock
) -> None:
    taken_back, answered = s.sent(s.demand, s.ann, s.bob)
    assert s.answer(answered, "decline")[0] == 0
    code, shown = s.console("offer", "withdraw", str(taken_back))
    assert (code, shown["status"]) == (0, "withdrawn")
    assert s.console("offer", "withdraw", str(answered))[1]["error_code"] == "conflict"  # answered already
    assert s.answer(taken_back, "accept")[1]["error_code"] == "conflict"  # nothing left to answer
    other = s.requirement()
    (cancelled_with,) = s.sent(other, s.ann)
    assert s.console("demand", "cancel", str(other))[0] == 0
    later = s.requirement(shift_date="2026-11-25")
    (lapses,) = s.sent(later, s.ann)
    (still,) = s.sent(s.requirement(shift_date="2026-11-27"), s.ann)
    clock.set(datetime(2026, 11, 25, 17, 0, tzinfo=UTC))  # the requirement of the 25th has ended
    code, expired = s.console("offer", "expire")
    assert (code, expired) == (0, {"count": 1, "offer_ids": [lapses]})
    statuses = {offer["id"]: offer["status"] for offer in s.listed()}
    assert [statuses[i] for i in (taken_back, answered, cancelled_with, lapses, still)] == [
        "withdrawn", "declined", "withdrawn", "expired", "sent"
    ]  # fmt: skip
    assert s.listed("status=expired")[0]["id"] == lapses
