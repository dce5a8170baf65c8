"""Hirer contacts told of sign-off on the memory adapter: shifts the agency approves for an account whose
client signs off wait for the contacts who see their site (once per contact and week, with the portal's
link), and again a day before the week's sign-off deadline while shifts still wait."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tests.time_world import TimeWorld
from workforce_adapters.message_texts import catalogue_texts
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.notifications import Message
from workforce_core.model.people import User
from workforce_core.ports.notifications import Notifier
from workforce_core.services import approvals, notifier, reminders

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)
NOTIFIER = Notifier({}, catalogue_texts)  # a Tuesday: the pay week began Monday 9 February


def contact(world: TimeWorld, email: str, **fields: Any) -> User:
    with world.uow() as tx:
        made = tx.users.add(User(email, "x", "approver", NOW, client_id=world.client.id, **fields))
        tx.commit()
    return made


def told(world: TimeWorld, kind: str) -> list[Message]:
    return sorted((m for m in world.db.tables["messages"].values() if m.kind == kind), key=lambda m: m.id)


def test_approved_shifts_wait_for_the_contacts_who_see_the_site_once_a_week() -> None:
    world = TimeWorld(NOW, ClientSettings(require_client_approval=True))
    north = contact(world, "north@hirer.example", location_ids=(world.north.id,))
    contact(world, "south@hirer.example", location_ids=(world.south.id,))
    every = contact(world, "all@hirer.example")
    first = world.backfill("2026-02-09 08:00", "2026-02-09 16:00").entry.id
    second = world.backfill("2026-02-10 08:00", "2026-02-10 11:00").entry.id
    approvals.approve([first], uow=world.uow, clock=world.clock)
    approvals.approve([second], uow=world.uow, clock=world.clock)
    notifier.make_messages(uow=world.uow, clock=world.clock, link_base="https://agency.example/")
    waiting = told(world, "week_awaits_sign_off")
    assert [(m.recipient_id, m.address) for m in waiting] == [(north.id, north.email), (every.id, every.email)]
    link = f"https://agency.example/portal/{world.client.id}/week?week=2026-02-09"
    assert waiting[0].params == {"week": "09/02/2026", "link": link}
    words = catalogue_texts.words(waiting[0].kind, "en", waiting[0].params)
    assert words.body == f"The shifts of the week beginning 09/02/2026 wait for your sign-off: {link}"


def test_an_account_without_client_sign_off_tells_no_contact() -> None:
    world = TimeWorld(NOW)
    contact(world, "all@hirer.example")
    approvals.approve(
        [world.backfill("2026-02-09 08:00", "2026-02-09 16:00").entry.id], uow=world.uow, clock=world.clock
    )
    notifier.make_messages(uow=world.uow, clock=world.clock)
    assert told(world, "week_awaits_sign_off") == []


def test_the_contacts_are_reminded_a_day_before_the_deadline_while_shifts_wait() -> None:
    world = TimeWorld(NOW, ClientSettings(require_client_approval=True, signoff_deadline_hours=48))
    every = contact(world, "all@hirer.example")
    approvals.approve(
        [world.backfill("2026-02-09 08:00", "2026-02-09 16:00").entry.id], uow=world.uow, clock=world.clock
    )
    # the week ends at midnight after Sunday 15 February; its deadline is 48 hours later, Wednesday 18 at 00:00
    assert reminders.remind_sign_off(uow=world.uow, clock=world.clock, notifier=NOTIFIER) == 0
    world.clock.set(datetime(2026, 2, 16, 23, 59, tzinfo=UTC))  # a minute more than a day before: not yet
    assert reminders.remind_sign_off(uow=world.uow, clock=world.clock, notifier=NOTIFIER) == 0
    world.clock.set(datetime(2026, 2, 17, 0, 0, tzinfo=UTC))  # 24 hours before: due
    assert reminders.remind_sign_off(uow=world.uow, clock=world.clock, notifier=NOTIFIER) == 1
    assert reminders.remind_sign_off(uow=world.uow, clock=world.clock, notifier=NOTIFIER) == 0
    (reminder,) = told(world, "sign_off_deadline")
    assert (reminder.recipient_id, reminder.params["deadline"], reminder.params["week"]) == (
        every.id,
        "18/02 00:00",
        "09/02/2026",
    )
