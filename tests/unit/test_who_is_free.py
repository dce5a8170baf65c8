"""The who-is-free rules: stated availability for a slot, the order of the result (a total order), and
eligibility fed through ``worker_facts`` on the memory adapter by the booking use case."""

from __future__ import annotations

import itertools
from datetime import UTC, date, datetime, time
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.time_world import TimeWorld
from workforce_adapters.json.commands import structure
from workforce_core.commands.absences import CreateAbsence
from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.commands.bookings import BookShift
from workforce_core.errors import NotEligible
from workforce_core.model.workers import Worker
from workforce_core.rules.eligibility import AvailabilityRule, Eligibility, Slot
from workforce_core.rules.slots import slot_times
from workforce_core.rules.who_is_free import FreeWorker, order_key, role_match, stated
from workforce_core.services import absences, availability, bookings, do_not_return

T0 = datetime(2026, 1, 1, tzinfo=UTC)

# ---- the order ----------------------------------------------------------------------------------


@st.composite
def free_workers(draw: st.DrawFn) -> FreeWorker:
    worker = Worker(
        client_id=1,
        name=draw(st.sampled_from(["Ann", "ann", "Bob", "Émile", "Zed", ""])),
        employee_id="E",
        created_at=T0,
        id=draw(st.integers(1, 40)),
    )
    blocks = draw(st.lists(st.sampled_from(["dnr", "overlap", "absence"]), max_size=2, unique=True))
    return FreeWorker(
        worker=worker,
        eligibility=Eligibility(tuple(blocks), ()),
        available=draw(st.booleans()),
        availability=(),
        role_match=draw(st.booleans()),
        week_minutes=draw(st.integers(0, 3000)),
    )


def before(a: FreeWorker, b: FreeWorker) -> bool:
    return order_key(a) < order_key(b)


@given(st.lists(free_workers(), min_size=3, max_size=3, unique_by=lambda f: f.worker.id))
def test_the_order_is_a_total_order(items: list[FreeWorker]) -> None:
    a, b, c = items
    assert not (before(a, b) and before(b, a))  # antisymmetric
    assert before(a, b) or before(b, a)  # total: no two workers share an id
    assert not (before(a, b) and before(b, c)) or before(a, c)  # transitive
    assert not before(a, a)  # irreflexive


@given(st.lists(free_workers(), min_size=2, max_size=12, unique_by=lambda f: f.worker.id))
def test_sorted_results_put_the_better_match_first_on_every_criterion(items: list[FreeWorker]) -> None:
    ordered = sorted(items, key=order_key)
    for first, second in itertools.pairwise(ordered):
        criteria = [
            (first.eligibility.eligible, second.eligibility.eligible),
            (first.available, second.available),
            (first.role_match, second.role_match),
        ]
        for mine, theirs in criteria:
            if mine != theirs:
                assert mine
                assert not theirs
                break
        else:
            assert (first.week_minutes, first.worker.name, first.worker.id) < (
                second.week_minutes,
                second.worker.name,
                second.worker.id,
            )


# ---- stated availability --------------------------------------------------------------------------


def slot(day: date, start: time, end: time) -> Slot:
    times = slot_times(day, start, end)
    return Slot(1, day, times.start, times.end)


FRIDAY = date(2026, 11, 20)


def rule(start: int, end: int, kind: str = "available", **fields: Any) -> AvailabilityRule:
    return AvailabilityRule(kind, time(start), time(end), **{"day_of_week": 5, **fields})


@pytest.mark.parametrize(
    ("rules", "available", "shown"),
    [
        ([], False, ()),
        ([rule(8, 18)], True, ("08:00-18:00",)),
        ([rule(8, 12), rule(12, 18)], True, ("08:00-12:00", "12:00-18:00")),
        ([rule(8, 12), rule(13, 18)], False, ("08:00-12:00", "13:00-18:00")),
        ([rule(10, 18)], False, ("10:00-18:00",)),
        ([rule(18, 20)], False, ()),  # does not meet the slot
        ([rule(8, 18, "unavailable")], False, ()),  # only available rules are shown
        ([rule(8, 18, day_of_week=4)], False, ()),  # Thursdays
        ([rule(8, 18, day_of_week=None, date=FRIDAY)], True, ("08:00-18:00",)),
        ([rule(8, 18, valid_to=date(2026, 11, 19))], False, ()),
        ([rule(8, 14), rule(9, 10), rule(14, 18)], True, ("08:00-14:00", "09:00-10:00", "14:00-18:00")),
        ([rule(8, 12), rule(11, 18)], True, ("08:00-12:00", "11:00-18:00")),
    ],
)
def test_available_means_the_available_rules_cover_the_whole_slot(
    rules: list[AvailabilityRule], available: bool, shown: tuple[str, ...]
) -> None:
    assert stated(rules, slot(FRIDAY, time(9), time(17))) == (available, shown)


@pytest.mark.parametrize(
    ("worker_role", "slot_role", "matches"),
    [
        ("Picker", "Picker", True),
        (" picker ", "PICKER", True),
        ("Picker", "Packer", False),
        (None, "Picker", False),
        (None, None, True),
        ("Picker", None, True),
        ("Picker", "  ", True),
    ],
)
def test_the_role_matches_when_the_slot_asks_for_the_workers_role_or_for_none(
    worker_role: str | None, slot_role: str | None, matches: bool
) -> None:
    worker = Worker(client_id=1, name="Ada", employee_id="E-1", created_at=datetime(2026, 1, 1, tzinfo=UTC), id=1)
    worker.job_role = worker_role
    wanted = slot(FRIDAY, time(9), time(17))
    assert role_match(worker, Slot(1, FRIDAY, wanted.start, wanted.end, job_role=slot_role)) is matches


def test_a_night_rule_covers_a_night_slot_across_the_autumn_change() -> None:
    night = slot(date(2026, 10, 24), time(22), time(6))  # 9 real hours
    assert stated([rule(21, 7, day_of_week=6)], night) == (True, ("21:00-07:00",))


# ---- the booking use case is fed absences, rules and do-not-return marks ------------------------------


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def book(world: TimeWorld, **body: Any) -> None:
    given_ = {"worker_id": world.ann.id, "location_id": world.north.id, "shift_date": "2026-02-12"}
    command = structure(BookShift, {**given_, "start_time": "08:00", "end_time": "16:00", **body})
    bookings.book(command, client_id=world.client.id, uow=world.uow, clock=world.clock)


def refused(world: TimeWorld, **body: Any) -> list[str]:
    with pytest.raises(NotEligible) as caught:
        book(world, **body)
    return list(caught.value.extra["block_codes"])


def test_an_approved_absence_blocks_and_a_requested_one_does_not(world: TimeWorld) -> None:
    raw = {"worker_id": world.ann.id, "type": "holiday", "start_date": "2026-02-12", "end_date": "2026-02-13"}
    requested = absences.create_absence(structure(CreateAbsence, raw), approve=False, uow=world.uow, clock=world.clock)
    book(world, shift_date="2026-02-14")
    absences.decide_absence(requested.absence.id, "approve", uow=world.uow, clock=world.clock)
    assert refused(world) == ["absence"]
    assert refused(world, shift_date="2026-02-11", start_time="22:00", end_time="02:00") == ["absence"]


def test_an_unavailable_rule_blocks_until_retired(world: TimeWorld) -> None:
    raw = {"worker_id": world.ann.id, "kind": "unavailable", "date": "2026-02-12", "start_time": "15:00"}
    command = structure(AddAvailabilityRule, {**raw, "end_time": "15:30"})
    added = availability.add_rule(command, principal=world.key, uow=world.uow, clock=world.clock)
    assert refused(world) == ["unavailable"]
    availability.retire_rule(added.id, principal=world.key, uow=world.uow, clock=world.clock)
    book(world)


def test_do_not_return_blocks_at_that_site_only(world: TimeWorld) -> None:
    marked = do_not_return.mark(world.ann.id, world.north.id, remove=False, uow=world.uow, clock=world.clock)
    assert marked.location_ids == (world.north.id,)
    assert refused(world) == ["dnr"]
    book(world, location_id=world.south.id)
