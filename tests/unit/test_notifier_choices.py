"""What people choose of the notifier and what an account sets, on the memory adapter: channels, push
subscriptions, and settings checked field by field."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from tests.time_world import TimeWorld
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.notifications import Recipient
from workforce_core.services import notifier_choices as choices

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld(NOW)


def test_a_person_chooses_known_channels_once_each(world: TimeWorld) -> None:
    made = choices.choose_channels(
        Recipient.WORKER, world.ann.id, ["sms", "email", "sms"], uow=world.uow, clock=world.clock
    )
    assert made.channels == ("sms", "email")
    with world.uow(read_only=True) as tx:
        stored = tx.channel_choices.of("worker", world.ann.id)
    assert stored is not None
    assert (stored.channels, stored.updated_at) == (made.channels, NOW)
    with pytest.raises(ValidationFailed):
        choices.choose_channels(Recipient.WORKER, world.ann.id, ["fax"], uow=world.uow, clock=world.clock)
    with pytest.raises(NotFound):
        choices.choose_channels(Recipient.USER, 999, ["email"], uow=world.uow, clock=world.clock)


def test_a_worker_turns_pushes_on_with_the_browsers_https_endpoint(world: TimeWorld) -> None:
    made = choices.subscribe_push(
        world.ann.id, "https://push.example/abc", "key", "auth", uow=world.uow, clock=world.clock
    )
    assert (made.client_id, made.worker_id) == (world.client.id, world.ann.id)
    with pytest.raises(ValidationFailed):
        choices.subscribe_push(world.ann.id, "http://push.example/abc", "key", "auth", uow=world.uow, clock=world.clock)
    with pytest.raises(ValidationFailed):
        choices.subscribe_push(world.ann.id, "https://push.example/abc", "", "auth", uow=world.uow, clock=world.clock)


def test_settings_change_only_what_is_given_and_each_is_checked(world: TimeWorld) -> None:
    first = choices.update_settings(world.client.id, {"sms_monthly_cap": 100, "kinds_off": ("no_show",)}, uow=world.uow)
    second = choices.update_settings(world.client.id, {"quiet_start": time(21), "reminder_hours": 4}, uow=world.uow)
    assert (second.sms_monthly_cap, second.kinds_off, second.quiet_start, second.reminder_hours) == (
        100,
        ("no_show",),
        time(21),
        4,
    )
    assert first.quiet_start == time(22)
    for bad in (
        {"kinds_off": ("nonsense",)},
        {"reminder_hours": 49},
        {"offer_round_factor": 0},
        {"offer_round_minutes": 1},
        {"sms_monthly_cap": -1},
        {"quiet_end": "07:00"},
        {"colour": "red"},
    ):
        with pytest.raises(ValidationFailed):
            choices.update_settings(world.client.id, bad, uow=world.uow)
    with pytest.raises(NotFound):
        choices.update_settings(999, {"reminder_hours": 1}, uow=world.uow)
