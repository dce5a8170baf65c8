"""The coordinators told through the notifier when a worker's document expires (issue 33), on the memory
adapter: those who see the worker's home site, once, in words; an account that turned the kind off tells
no one."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.time_world import at
from tests.unit.test_document_use_cases import DocumentWorld
from workforce_adapters.message_texts import catalogue_texts
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.notifications import Message, MessageKind, NotifierSettings
from workforce_core.model.people import User
from workforce_core.services import document_jobs, notifier


@pytest.fixture
def world() -> DocumentWorld:
    return DocumentWorld(settings=ClientSettings(right_to_work_required=True))


def user(world: DocumentWorld, email: str, role: str = "coordinator", **fields: Any) -> User:
    with world.uow() as tx:
        made = tx.users.add(User(email, "x", role, world.clock.now(), client_id=world.client.id, **fields))
        tx.commit()
    return made


def expired_messages(world: DocumentWorld) -> list[Message]:
    world.clock.set(at("2026-02-12 00:10"))
    document_jobs.send_document_expiries(uow=world.uow, clock=world.clock)
    notifier.make_messages(uow=world.uow, clock=world.clock)
    notifier.make_messages(uow=world.uow, clock=world.clock)  # a second pass tells no one again
    found = sorted(world.db.tables["messages"].values(), key=lambda m: m.id)
    return [m for m in found if m.kind == MessageKind.DOCUMENT_EXPIRED]


def test_the_coordinators_who_see_the_workers_site_are_told_once_when_a_document_expires(world: DocumentWorld) -> None:
    world.set_worker(world.ann.id, location_id=world.north.id)
    seeing = user(world, "co@example.com")
    owner = user(world, "owner@example.com", role="owner")
    user(world, "south@example.com", location_ids=(world.south.id,))
    user(world, "payroll@example.com", role="payroll")
    world.share_code(date(2026, 2, 12))
    told = expired_messages(world)
    assert [(m.recipient_id, m.channel) for m in told] == [(seeing.id, "email"), (owner.id, "email")]
    words = catalogue_texts.words(told[0].kind, told[0].language, told[0].params)
    assert words.subject == "A worker's document has expired"
    assert words.body == (
        "The Right to work of Ann Worker expired on 12/02/2026: they cannot be booked or clock in "
        "until a valid one is recorded."
    )
    polish = catalogue_texts.words(told[0].kind, "pl", told[0].params)
    assert "Ann Worker" in polish.body
    assert polish.body != words.body


def test_an_account_that_turned_document_expiry_notices_off_tells_no_one(world: DocumentWorld) -> None:
    user(world, "co@example.com")
    with world.uow() as tx:
        tx.notifier_settings.put(NotifierSettings(client_id=world.client.id, kinds_off=("document_expired",)))
        tx.commit()
    world.share_code(date(2026, 2, 12))
    assert expired_messages(world) == []
    assert len(world.events("document_expired")) == 1  # the event went; only the notice is off
