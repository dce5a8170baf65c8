"""Worker PINs on the memory adapter: the agency sets and clears them (kept only as an argon2 hash),
a kiosk checks them, and wrong PINs are throttled per badge and per device."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld
from workforce_adapters.memory_limits import MemoryRateLimiter, memory_rate_limiter
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.worker_pins import CheckWorkerPin, SetWorkerPin
from workforce_core.errors import InsufficientScope, NotFound, PinRefused, PinThrottled, ValidationFailed
from workforce_core.model.workers import Worker
from workforce_core.rules import pins
from workforce_core.services.worker_pins import set_worker_pin
from workforce_core.steps.pin_checks import check_worker_pin

HASHER = Argon2PasswordHasher(fast=True)


def set_pin(world: TimeWorld, worker: Worker, pin: str | None) -> Worker:
    return set_worker_pin(SetWorkerPin(worker_id=worker.id, pin=pin), uow=world.uow, hasher=HASHER, clock=world.clock)


def check(
    world: TimeWorld,
    badge: str,
    pin: str,
    limiter: MemoryRateLimiter,
    *,
    device: str | None = "kiosk-1-1",
    client_id: int | None = None,
) -> Worker:
    command = CheckWorkerPin(
        client_id=client_id or world.client.id, employee_id=badge, pin=pin, device=device, address="192.0.2.7"
    )
    return check_worker_pin(command, uow=world.uow, hasher=HASHER, limiter=limiter, clock=world.clock)


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def test_a_pin_is_kept_only_as_its_argon2_hash_and_has_pin_follows_it(world: TimeWorld) -> None:
    done = set_pin(world, world.ann, "4711")
    stored = world.db.workers[world.ann.id]
    assert done.has_pin
    assert stored.has_pin
    assert stored.pin_hash is not None
    assert stored.pin_hash.startswith("$argon2id$")
    assert "4711" not in stored.pin_hash
    assert "4711" not in repr(SetWorkerPin(worker_id=1, pin="4711"))
    assert "pin_hash" not in repr(stored)
    assert "worker.updated" in world.db.event_names()
    cleared = set_pin(world, world.ann, None)
    assert not cleared.has_pin
    assert world.db.workers[world.ann.id].pin_hash is None


@pytest.mark.parametrize("pin", ["123", "123456789", "12a4", "", " 1234", "١٢٣٤"])
def test_a_pin_is_four_to_eight_ascii_digits(pin: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        SetWorkerPin(worker_id=1, pin=pin)
    assert refused.value.extra["field"] == "pin"


def test_setting_a_pin_needs_workers_write_on_the_workers_own_account(world: TimeWorld) -> None:
    reader = world.db.principal(world.db.add_key(world.client.id, ("workers:read",)).key.id)
    writer = world.db.principal(world.db.add_key(world.client.id, ("workers:write",)).key.id)
    rival = world.db.principal(world.db.add_key(world.other.id, ("workers:write",)).key.id)
    command = SetWorkerPin(worker_id=world.ann.id, pin="2468")
    with pytest.raises(InsufficientScope):
        set_worker_pin(command, uow=world.uow, hasher=HASHER, clock=world.clock, principal=reader)
    with pytest.raises(NotFound):
        set_worker_pin(command, uow=world.uow, hasher=HASHER, clock=world.clock, principal=rival)
    assert not world.db.workers[world.ann.id].has_pin
    assert set_worker_pin(command, uow=world.uow, hasher=HASHER, clock=world.clock, principal=writer).has_pin


def test_the_right_pin_names_the_worker_whatever_the_badges_case(world: TimeWorld) -> None:
    set_pin(world, world.ann, "4711")
    limiter = memory_rate_limiter()
    assert check(world, "e-1", "4711", limiter).id == world.ann.id
    assert check(world, " E-1 ", "4711", limiter).id == world.ann.id


def test_unknown_badge_wrong_pin_no_pin_and_another_account_get_the_same_words(world: TimeWorld) -> None:
    set_pin(world, world.ann, "4711")
    limiter = memory_rate_limiter()
    refusals = []
    for badge, pin, client_id in [
        ("E-1", "1111", None),  # wrong PIN
        ("E-404", "4711", None),  # unknown badge
        ("E-2", "4711", None),  # Bob has no PIN
        ("E-1", "4711", world.other.id),  # Ann's badge at another account
        ("not a badge!", "4711", None),
    ]:
        with pytest.raises(PinRefused) as refused:
            check(world, badge, pin, limiter, client_id=client_id)
        refusals.append((refused.value.code, refused.value.status, refused.value.message))
    assert len(set(refusals)) == 1
    assert refusals[0][:2] == ("pin_refused", 401)


@pytest.mark.parametrize(
    "change", [{"active": False}, {"status": "pending"}, {"suspended": True}], ids=["disabled", "pending", "suspended"]
)
def test_a_worker_who_may_not_clock_is_refused_even_with_the_right_pin(
    world: TimeWorld, change: dict[str, object]
) -> None:
    set_pin(world, world.ann, "4711")
    world.set_worker(world.ann.id, **change)
    with pytest.raises(PinRefused):
        check(world, "E-1", "4711", memory_rate_limiter())


def test_the_fifth_wrong_pin_in_a_row_locks_the_badge_even_for_the_right_pin(world: TimeWorld) -> None:
    set_pin(world, world.ann, "4711")
    limiter = memory_rate_limiter()
    for _ in range(pins.PIN_TRIES_PER_WORKER - 1):
        with pytest.raises(PinRefused):
            check(world, "E-1", "0000", limiter)
    with pytest.raises(PinThrottled) as fifth:
        check(world, "E-1", "0000", limiter)
    assert (fifth.value.code, fifth.value.status) == ("pin_throttled", 429)
    assert 0 < fifth.value.retry_after <= pins.PIN_WINDOW_SECONDS
    with pytest.raises(PinThrottled):
        check(world, "E-1", "4711", limiter)
    set_pin(world, world.bob, "2468")
    assert check(world, "E-2", "2468", limiter).id == world.bob.id  # another badge is not locked


def test_too_many_wrong_pins_from_one_device_lock_that_device_only(world: TimeWorld) -> None:
    set_pin(world, world.ann, "4711")
    limiter = memory_rate_limiter()
    for n in range(pins.PIN_TRIES_PER_DEVICE):
        with pytest.raises(PinRefused):
            check(world, f"G-{n}", "0000", limiter, device="kiosk-9-1")
    with pytest.raises(PinThrottled):
        check(world, "E-1", "4711", limiter, device="kiosk-9-1")
    assert check(world, "E-1", "4711", limiter, device="kiosk-9-2").id == world.ann.id


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tries=st.lists(st.booleans(), max_size=12))
def test_a_right_pin_clears_the_count_so_only_wrong_tries_in_a_row_lock(world: TimeWorld, tries: list[bool]) -> None:
    """The use case against a model: ``wrong`` is the wrong tries since the last right one; the badge
    locks once it reaches five, and then every try is throttled."""
    set_pin(world, world.ann, "4711")
    limiter = memory_rate_limiter()
    wrong = 0
    for right in tries:
        if wrong >= pins.PIN_TRIES_PER_WORKER:
            with pytest.raises(PinThrottled):
                check(world, "E-1", "4711" if right else "9999", limiter)
        elif right:
            assert check(world, "E-1", "4711", limiter).id == world.ann.id
            wrong = 0
        else:
            wrong += 1
            expected = PinThrottled if wrong == pins.PIN_TRIES_PER_WORKER else PinRefused
            with pytest.raises(expected):
                check(world, "E-1", "9999", limiter)
