"""The kiosk's use cases on the memory adapter: enrolment and revocation, who is at the kiosk, and the
clocks sent later, whose order in the batch does not matter (hypothesis)."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.time_world import NOW, TimeWorld
from workforce_adapters.json.commands import structure
from workforce_adapters.memory_limits import memory_rate_limiter
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.kiosks import EnrolKiosk, KioskIdentify, OfflineClock
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.errors import KioskNotEnrolled, NotFound, PinRefused, ValidationFailed
from workforce_core.services import kiosks
from workforce_core.services.kiosk_devices import enrol_kiosk, kiosk_of, revoke_kiosk
from workforce_core.services.worker_pins import set_worker_pin
from workforce_core.views import AtKiosk

HASHER = Argon2PasswordHasher(fast=True)


def kiosk(world: TimeWorld) -> tuple[AtKiosk, str]:
    made = enrol_kiosk(EnrolKiosk(location_id=world.north.id), principal=world.key, uow=world.uow, clock=world.clock)
    return kiosk_of(made.token, uow=world.uow, clock=world.clock), made.token


def with_pins(world: TimeWorld) -> TimeWorld:
    for worker, pin in ((world.ann, "1111"), (world.bob, "2222")):
        set_worker_pin(SetWorkerPin(worker_id=worker.id, pin=pin), uow=world.uow, hasher=HASHER, clock=world.clock)
    return world


def offline(cid: str, badge: str, pin: str, action: str, minutes_ago: int) -> OfflineClock:
    when = (NOW - timedelta(minutes=minutes_ago)).isoformat()
    raw = {"client_clock_id": cid, "employee_id": badge, "pin": pin, "action": action, "occurred_at": when}
    return structure(OfflineClock, raw)


def test_a_kiosk_is_named_for_its_site_known_by_its_token_and_refused_once_revoked() -> None:
    world = TimeWorld()
    first, token = kiosk(world)
    second, _ = kiosk(world)
    assert (first.device.kiosk_id, second.device.kiosk_id) == (f"kiosk-{world.north.id}-1", f"kiosk-{world.north.id}-2")
    assert token not in repr(first.device)
    assert first.device.token_hash != token
    assert first.site == world.north
    with pytest.raises(ValidationFailed):
        EnrolKiosk(location_id=world.north.id, kiosk_id="mobile:abc")
    with pytest.raises(NotFound):
        enrol_kiosk(
            EnrolKiosk(location_id=world.foreign_site.id), principal=world.key, uow=world.uow, clock=world.clock
        )
    revoke_kiosk(first.device.id, principal=world.key, uow=world.uow, clock=world.clock)
    for refused in (token, "wkd_unknown", None):
        with pytest.raises(KioskNotEnrolled):
            kiosk_of(refused, uow=world.uow, clock=world.clock)


def test_who_is_there_is_said_only_after_the_right_pin() -> None:
    world = with_pins(TimeWorld())
    at_kiosk, _ = kiosk(world)
    limiter = memory_rate_limiter()

    def identify(badge: str, pin: str) -> kiosks.Greeting:
        command = KioskIdentify(employee_id=badge, pin=pin)
        return kiosks.identify(
            at_kiosk, command, address="192.0.2.1", uow=world.uow, hasher=HASHER, limiter=limiter, clock=world.clock
        )

    with pytest.raises(PinRefused):
        identify("E-1", "2222")
    greeting = identify("E-1", "1111")
    assert (greeting.first_name, greeting.clocked_in, greeting.action) == ("Ann", False, "in")


def _sync(world: TimeWorld, at_kiosk: AtKiosk, clocks: list[OfflineClock]) -> list[kiosks.SyncAnswer]:
    return kiosks.sync(
        at_kiosk,
        clocks,
        address="192.0.2.1",
        uow=world.uow,
        hasher=HASHER,
        limiter=memory_rate_limiter(),
        clock=world.clock,
    )


def _shifts(world: TimeWorld) -> list[tuple[int, object, object, str | None]]:
    return sorted(
        (e.worker_id, e.clock_in, e.clock_out, e.clock_source) for e in world.db.entries.values() if e.parent_id is None
    )


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    steps=st.lists(
        st.tuples(st.sampled_from(["E-1", "E-2"]), st.sampled_from(["in", "out"]), st.integers(1, 600)),
        min_size=1,
        max_size=6,
        unique_by=lambda step: step[2],
    ),
    seed=st.integers(0, 1000),
)
def test_a_batch_is_checked_in_time_order_whatever_order_it_was_sent_in(
    steps: list[tuple[str, str, int]], seed: int
) -> None:
    """One batch sent shuffled records what the same clocks sent one by one, oldest first, record; each
    clock's answer is the same either way, and sending the batch again changes nothing."""
    pins = {"E-1": "1111", "E-2": "2222"}
    clocks = [offline(f"c{n}", badge, pins[badge], action, ago) for n, (badge, action, ago) in enumerate(steps)]

    one_by_one = with_pins(TimeWorld())
    kiosk_one, _ = kiosk(one_by_one)
    oldest_first = sorted(clocks, key=lambda c: c.occurred_at.at)
    expected = {c.client_clock_id: _sync(one_by_one, kiosk_one, [c])[0].status for c in oldest_first}

    batch = with_pins(TimeWorld())
    kiosk_batch, _ = kiosk(batch)
    shuffled = list(clocks)
    random.Random(seed).shuffle(shuffled)
    answers = _sync(batch, kiosk_batch, shuffled)
    assert [a.client_clock_id for a in answers] == [c.client_clock_id for c in shuffled]
    assert {a.client_clock_id: a.status for a in answers} == expected
    assert _shifts(batch) == _shifts(one_by_one)
    assert {source for *_, source in _shifts(batch)} <= {"kiosk_offline"}
    again = _sync(batch, kiosk_batch, shuffled)
    assert all(a.repeated for a in again)
    assert [a.status for a in again] == [a.status for a in answers]
    assert _shifts(batch) == _shifts(one_by_one)
