"""Filling a requirement on the memory adapter: the round rules, a round of offers with its links and
messages, answers through the links (booked, declined, told it is filled, a link used once), and the
property that whatever the order of the answers, bookings never exceed the headcount."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld
from workforce_adapters.json.commands import structure
from workforce_core.commands.demands import CreateDemand
from workforce_core.errors import Conflict, NotFound
from workforce_core.model.filling import LinkAnswer
from workforce_core.model.workers import Worker
from workforce_core.rules import filling
from workforce_core.rules.eligibility import Eligibility
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.services import demands
from workforce_core.services.filling import answer_by_link, offer_by_link
from workforce_core.steps.offer_rounds import SentRound, send_round

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)


def free(worker: Worker, *blocks: str) -> FreeWorker:
    return FreeWorker(worker, Eligibility(tuple(blocks), ("role",)), True, (), True, 0)


def test_a_round_offers_three_per_open_place_and_waits_no_later_than_the_start() -> None:
    assert [filling.round_size(places, 3) for places in (0, 1, 4)] == [1, 3, 12]
    start = NOW + timedelta(minutes=20)
    assert filling.round_ends(NOW, 30, start) == start
    assert filling.round_ends(NOW, 30, NOW + timedelta(days=1)) == NOW + timedelta(minutes=30)


def test_the_chosen_are_the_best_eligible_not_offered_before() -> None:
    workers = [Worker(1, f"W{n}", f"E-{n}", NOW, id=n) for n in range(1, 7)]
    ranking = [free(workers[0]), free(workers[1], "overlap"), free(workers[2]), free(workers[3]), free(workers[4])]
    assert [item.worker.id for item in filling.chosen(ranking, {3}, 2)] == [1, 4]


class Filling:
    """Acme with a requirement of ``headcount`` at North tomorrow, and ``size`` workers offered it."""

    def __init__(self, headcount: int, size: int) -> None:
        self.world = TimeWorld(NOW)
        world = self.world
        command = structure(
            CreateDemand,
            {"location_id": world.north.id, "shift_date": "2026-02-11", "start_time": "08:00", "end_time": "16:00"}
            | {"headcount": headcount},
        )
        key = world.db.principal(world.db.add_key(world.client.id, ("shifts:write", "shifts:read")).key.id)
        self.demand = demands.create(command, principal=key, uow=world.uow, clock=world.clock).demand
        self.workers = [world.worker(f"Worker {n}", f"F-{n}", location_id=world.north.id) for n in range(size)]
        with world.uow() as tx:
            self.sent: SentRound = send_round(
                tx, self.demand, [free(w) for w in self.workers], now=NOW, link_base="https://app.example/", number=1
            )
            tx.commit()
        messages = sorted(world.db.tables["messages"].values(), key=lambda m: m.recipient_id)
        self.links = {m.recipient_id: m.params["link"] for m in messages if m.kind == "offer_sent"}

    def token(self, worker: Worker) -> str:
        return urlsplit(self.links[worker.id]).path.rsplit("/", 1)[-1]

    def answer(self, worker: Worker, given: str = "accept") -> LinkAnswer:
        return answer_by_link(self.token(worker), given, uow=self.world.uow, clock=self.world.clock)  # type: ignore[arg-type]

    def booked(self) -> list[int]:
        bookings = self.world.db.tables["bookings"].values()
        return sorted(b.worker_id for b in bookings if b.demand_id == self.demand.id and not b.cancelled)


def test_a_round_makes_an_offer_a_link_and_a_message_for_each_worker() -> None:
    f = Filling(2, 3)
    assert (f.sent.round.number, f.sent.round.size, f.sent.round.expires_at) == (1, 3, NOW + timedelta(minutes=30))
    assert sorted(f.links) == [w.id for w in f.workers]
    assert all(link.startswith("https://app.example/offers/link/") for link in f.links.values())
    assert f.sent.warnings == {w.id: ("role",) for w in f.workers}
    shown = offer_by_link(f.token(f.workers[0]), uow=f.world.uow, clock=f.world.clock)
    assert (shown.offer.worker_id, shown.demand.id, shown.answerable) == (f.workers[0].id, f.demand.id, True)


def test_the_first_to_accept_are_booked_and_a_later_acceptance_is_told_it_is_filled() -> None:
    f = Filling(3, 4)
    first, second, declining, late = f.workers[0], f.workers[1], f.workers[2], f.workers[3]
    assert [f.answer(first), f.answer(declining, "decline"), f.answer(second)] == ["booked", "declined", "booked"]
    third = f.world.worker("Walk In", "F-99", location_id=f.world.north.id)
    with f.world.uow() as tx:  # a third booking by another path fills it
        send_round(tx, f.demand, [free(third)], now=NOW, link_base="https://app.example", number=2)
        tx.commit()
    f.links[third.id] = next(
        m.params["link"] for m in f.world.db.tables["messages"].values() if m.recipient_id == third.id
    )
    assert f.answer(third) == "booked"
    assert f.answer(late) == "filled"
    assert f.booked() == sorted([first.id, second.id, third.id])
    offers = {o.worker_id: o.status for o in f.world.db.tables["offers"].values()}
    assert offers[late.id] == "expired"


def test_a_link_is_used_once_ends_with_its_round_and_an_unknown_one_is_not_found() -> None:
    f = Filling(2, 3)
    assert f.answer(f.workers[0], "decline") == "declined"
    with pytest.raises(Conflict):
        f.answer(f.workers[0])
    f.world.clock.advance(minutes=30)
    with pytest.raises(Conflict):
        f.answer(f.workers[1])
    assert not offer_by_link(f.token(f.workers[1]), uow=f.world.uow, clock=f.world.clock).answerable
    with pytest.raises(NotFound):
        answer_by_link("no-such-token", "accept", uow=f.world.uow, clock=f.world.clock)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=1, max_value=4),
    st.data(),
)
def test_bookings_never_exceed_the_headcount_whatever_the_order_of_answers(headcount: int, data: st.DataObject) -> None:
    f = Filling(headcount, headcount * 3)
    order = data.draw(st.permutations(f.workers))
    answers = data.draw(st.lists(st.sampled_from(["accept", "decline"]), min_size=len(order), max_size=len(order)))
    outcomes = [f.answer(worker, given) for worker, given in zip(order, answers, strict=True)]
    accepted = [w.id for w, given in zip(order, answers, strict=True) if given == "accept"]
    assert len(f.booked()) == min(headcount, len(accepted)) <= headcount
    assert f.booked() == sorted(accepted[:headcount])
    assert outcomes.count("filled") == max(0, len(accepted) - headcount)
