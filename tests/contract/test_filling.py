"""Offers that fill shifts on SQLite and PostgreSQL: "Fill" offers a requirement to the best eligible
workers (never a blocked one) with a link and a message each; the first to accept are booked, a later
one is told it is filled; a round that ends with places open sends the next, and with nobody left the
coordinators are told; 50 workers accepting 10 places at once give exactly 10 bookings."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from workforce_adapters.message_texts import catalogue_texts
from workforce_adapters.sql import tables
from workforce_core.errors import Conflict
from workforce_core.model.filling import LinkAnswer
from workforce_core.model.notifications import NotifierSettings
from workforce_core.model.people import User
from workforce_core.ports.notifications import Notifier
from workforce_core.services import filling, notifier
from workforce_entrypoints.bootstrap import Services

DEMANDS = "/api/v1/demands.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
LINKS = "https://agency.example"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, console: Console, services: Services) -> None:
        self.api, self.world, self.clock, self.console, self.services = api, world, clock, console, services
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.headers = world.key(self.account.id)

    def workers(self, count: int) -> list[int]:
        return [self.world.worker(self.account.id, f"Worker {n:02d}").worker.id for n in range(count)]

    def requirement(self, headcount: int) -> int:
        sent = {"location_id": self.site.id, "shift_date": "2026-11-20", "start_time": "09:00", "end_time": "17:00"}
        reply = self.api.post(DEMANDS, headers=self.headers, json={**sent, "headcount": headcount})
        assert reply.status_code == 201, reply.text
        return int(reply.json()["data"]["id"])

    def settings(self, **fields: Any) -> None:
        with self.services.uow() as tx:
            tx.notifier_settings.put(NotifierSettings(client_id=self.account.id, **fields))
            tx.commit()

    def fill(self, demand_id: int) -> filling.SentRound:
        s = self.services
        return filling.fill(
            demand_id, uow=s.uow, queries=s.queries, clock=s.clock, notifier=Notifier({}, catalogue_texts, LINKS)
        )

    def next_rounds(self) -> list[int]:
        s = self.services
        return filling.next_rounds(
            uow=s.uow, queries=s.queries, clock=s.clock, notifier=Notifier({}, catalogue_texts, LINKS)
        )

    def tokens(self) -> dict[int, str]:
        """Each offered worker's link token, from the messages (the inbox message carries the link)."""
        made: dict[int, str] = {}
        for message in self.messages("offer_sent"):
            made[message["recipient_id"]] = urlsplit(message["params"]["link"]).path.rsplit("/", 1)[-1]
        return made

    def messages(self, kind: str) -> list[dict[str, Any]]:
        with self.services.engine.connect() as connection:
            rows = connection.execute(select(tables.messages).where(tables.messages.c.kind == kind)).mappings()
            return [dict(row) for row in rows]

    def answer(self, token: str, given: str = "accept") -> LinkAnswer:
        s = self.services
        return filling.answer_by_link(token, given, uow=s.uow, clock=s.clock)  # type: ignore[arg-type]

    def booked(self, demand_id: int) -> list[int]:
        data = self.api.get(f"{DEMANDS}?id={demand_id}", headers=self.headers).json()["data"]
        return sorted(shift["worker_id"] for shift in data["shifts"])


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console, services: Services) -> Setup:
    return Setup(api, world, clock, console, services)


def test_fill_offers_the_best_eligible_three_per_place_and_a_late_acceptance_is_told_it_is_filled(s: Setup) -> None:
    workers = s.workers(5)
    code, _ = s.console("worker", "dnr", str(workers[0]), "--location", str(s.site.id))  # blocked: never offered
    assert code == 0
    demand = s.requirement(1)
    sent = s.fill(demand)
    assert sorted(o.worker_id for o in sent.offers) == workers[1:4]
    tokens = s.tokens()
    assert sorted(tokens) == workers[1:4]
    assert {m["language"] for m in s.messages("offer_sent")} == {"en"}
    assert s.answer(tokens[workers[2]]) == "booked"
    assert s.answer(tokens[workers[1]]) == "filled"
    assert s.answer(tokens[workers[3]], "decline") == "declined"
    with pytest.raises(Conflict):
        s.answer(tokens[workers[2]])  # used
    assert s.booked(demand) == [workers[2]]
    with pytest.raises(Conflict):
        s.fill(demand)  # full


def test_a_round_that_ends_with_places_open_sends_the_next_then_the_coordinators_are_told(s: Setup) -> None:
    s.settings(offer_round_factor=1)
    workers = s.workers(3)
    with s.services.uow() as tx:
        coordinator = tx.users.add(User("co@agency.example", "x", "coordinator", NOON, client_id=s.account.id))
        tx.commit()
    demand = s.requirement(2)
    first = s.fill(demand)
    assert [o.worker_id for o in first.offers] == workers[:2]
    assert s.answer(s.tokens()[workers[0]]) == "booked"
    assert s.next_rounds() == []  # not yet ended
    s.clock.set(NOON + timedelta(minutes=30))
    assert s.next_rounds() == [first.round.id]
    assert sorted(s.tokens()) == workers  # the second round went to the third worker
    with pytest.raises(Conflict):
        s.answer(s.tokens()[workers[1]])  # the first round's link ended
    s.clock.set(NOON + timedelta(minutes=60))
    assert len(s.next_rounds()) == 1
    (told,) = s.messages("offers_unfilled")
    assert (told["recipient_id"], told["channel"], told["params"]["open"]) == (coordinator.id, "email", 1)
    assert s.next_rounds() == []
    done = notifier.make_messages(uow=s.services.uow, clock=s.services.clock)
    assert done[1] == 0  # offers make no events of their own: nothing more to tell


def test_fifty_workers_accepting_ten_places_at_once_give_exactly_ten_bookings(s: Setup) -> None:
    s.settings(offer_round_factor=5)
    workers = s.workers(50)
    demand = s.requirement(10)
    assert len(s.fill(demand).offers) == 50
    tokens = s.tokens()
    barrier = threading.Barrier(50)

    def accept(worker_id: int) -> str:
        barrier.wait(timeout=30)
        return s.answer(tokens[worker_id])

    with ThreadPoolExecutor(max_workers=50) as pool:
        outcomes = list(pool.map(accept, workers))
    assert (outcomes.count("booked"), outcomes.count("filled")) == (10, 40)
    booked = s.booked(demand)
    assert len(booked) == 10
    assert booked == sorted(w for w, outcome in zip(workers, outcomes, strict=True) if outcome == "booked")


def test_the_console_fills_and_answers_through_a_links_token(s: Setup) -> None:
    workers = s.workers(2)
    demand = s.requirement(1)
    code, sent = s.console("fill", "send", "--demand", str(demand), "--base", LINKS)
    assert code == 0, sent
    assert (sent["round"], sorted(sent["worker_ids"])) == (1, workers)
    tokens = s.tokens()  # "--": a token may begin with "-", which the command line would read as an option
    assert s.console("fill", "answer", "--", tokens[workers[1]], "accept") == (0, {"answer": "booked"})
    assert s.console("fill", "answer", "--", tokens[workers[0]], "accept") == (0, {"answer": "filled"})
    code, again = s.console("fill", "answer", "--", tokens[workers[0]], "accept")
    assert (code, again["error_code"]) == (1, "conflict")
    assert s.console("fill", "next-rounds") == (0, {"closed_round_ids": []})


def test_fill_pressed_again_while_a_round_waits_offers_more_and_keeps_the_first_rounds_offers(s: Setup) -> None:
    s.settings(offer_round_factor=1)
    workers = s.workers(3)
    demand = s.requirement(1)
    first = s.fill(demand)
    s.clock.set(NOON + timedelta(minutes=10))
    second = s.fill(demand)
    assert [o.worker_id for o in (*first.offers, *second.offers)] == workers[:2]
    assert s.answer(s.tokens()[workers[0]]) == "booked"  # the first round's link still works
    s.clock.set(NOON + timedelta(minutes=30))
    assert s.next_rounds() == [first.round.id]  # closed; the second round still waits: no third
    assert sorted(s.tokens()) == workers[:2]
