"""Typed event data: every event of the catalogue has a kind that carries it, every kind is shaped
into a payload, the outbox's form gives the same payload back (the fake unit of work checks that for
every event the unit tests record), a PIN hash is never kept, and data kept before typing is sent as
it was."""

from __future__ import annotations

import json
import typing
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from tests.time_world import TimeWorld, data
from workforce_adapters.json import event_codec, payload, stored_payload
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core import events
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.event_types import CATALOGUE
from workforce_core.events import Event, EventData, Shaped, WorkerUpdated
from workforce_core.services.worker_pins import set_worker_pin

HASHER = Argon2PasswordHasher(fast=True)
KINDS: tuple[type, ...] = typing.get_args(EventData)
AT = datetime(2026, 2, 10, 12, tzinfo=UTC)


def test_every_event_of_the_catalogue_is_carried_by_a_kind_and_only_the_names_a_kind_lists_are_allowed() -> None:
    carried = {name for kind in KINDS if kind is not Shaped for name in kind.EVENTS}
    assert {item.event for item in CATALOGUE} == carried
    with pytest.raises(ValueError, match="does not carry"):
        Event("clock_in", 1, AT, events.Ping(1, "hello"))
    with pytest.raises(ValueError, match="unknown event"):
        Event("clock.teleported", 1, AT, Shaped({}))


def test_each_kind_names_itself_in_the_stored_form_and_comes_back_equal() -> None:
    ping = events.Ping(4, "This is a test delivery.")
    stored = event_codec.stored(ping)
    assert stored == {"_kind": "Ping", "subscription_id": 4, "message": "This is a test delivery."}
    assert event_codec.restored(json.loads(json.dumps(stored))) == ping
    assert payload("ping", 9, ping) == {"client_id": 9, "message": "This is a test delivery.", "subscription_id": 4}


def test_data_kept_before_typing_is_sent_exactly_as_it_was_kept() -> None:
    before = {"id": 7, "kind": "pay", "client_id": 3}  # an export.created payload has its own "kind"
    kept = {"_kind": "Shaped", "payload": before}
    assert stored_payload("export.created", 3, kept) == before


def test_a_workers_pin_hash_is_never_kept_in_the_outbox() -> None:
    world = TimeWorld()
    command = SetWorkerPin(worker_id=world.ann.id, pin="4821")
    set_worker_pin(command, uow=world.uow, hasher=HASHER, clock=world.clock)
    [event] = world.events("worker.updated")
    assert isinstance(event.data, WorkerUpdated)
    assert event.data.worker.worker.pin_hash is None  # the outbox's copy: restored from the stored form
    assert world.db.workers[world.ann.id].pin_hash  # while the worker has one
    assert "pin_hash" not in json.dumps(event_codec.stored(event.data))
    assert data(event)["has_pin"] is True


def test_a_shifts_gps_position_and_notes_are_not_copied_into_the_outbox() -> None:
    world = TimeWorld()
    result = world.clock_(latitude=51.5, longitude=-0.12, notes="gate code 4821")
    assert (result.view.entry.latitude, result.view.entry.notes) == (Decimal("51.5"), "gate code 4821")
    [event] = world.events("clock_in")
    kept = json.dumps(event_codec.stored(event.data))
    assert "gate code" not in kept
    assert "51.5" not in kept
    assert data(event)["entry_id"] == result.view.entry.id  # the payload shows neither, and is whole
