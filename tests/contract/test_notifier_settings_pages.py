"""The notifier's choices on screens, over HTTP on SQLite and PostgreSQL: Setup's "Notifications" page
(saved settings are what the notifier reads; this month's texts counted; a refused value said beside
its field and nothing saved; a coordinator refused in words), a worker's "How we reach you" in the app
(in Polish, the phone on record and no e-mail address, the choice saved, the push switch coming back
to it), and a person's own channels in the console (an owner, a hirer contact)."""

from __future__ import annotations

import re
from datetime import date, time

import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user
from tests.contract.notifier_world import acme
from tests.contract.worker_phone import phone
from tests.worker_app_world import booked, link_path
from workforce_core.model.notifications import MessageKind, NotifierSettings, Recipient
from workforce_core.services import notifier, notifier_choices
from workforce_entrypoints.bootstrap import Services

FRIDAY = date(2026, 11, 20)
CHANNELS = "/app/channels"
OWN = "/console/account/channels"


pytestmark = pytest.mark.usefixtures("vapid_key_file")


@pytest.fixture
def agency(world: World, clock: FakeClock) -> dict[str, int]:
    return acme(world, clock, email="bob@example.com")


def setup_page(agency: dict[str, int]) -> tuple[int, str]:
    """The account and its Setup "Notifications" page."""
    return agency["client"], f"/console/{agency['client']}/setup/notifications"


def stored(services: Services, client_id: int) -> NotifierSettings:
    """The settings as the notifier reads them."""
    with services.uow(read_only=True) as tx:
        return tx.notifier_settings.of(client_id)


def chosen(services: Services, kind: Recipient, person: int) -> tuple[str, ...] | None:
    with services.uow(read_only=True) as tx:
        found = tx.channel_choices.of(kind, person)
    return found.channels if found is not None else None


def signed_in_owner(services: Services, person: Person, client_id: int, role: str = "owner", **more: object) -> int:
    user, password = make_user(services, role, client_id, **more)
    assert person.sign_in(user.email, password).status_code == 303
    return user.id


FORM = {
    "kinds_on": [k.value for k in MessageKind if k not in (MessageKind.SHIFT_REMINDER, MessageKind.NO_SHOW)],
    "sms_monthly_cap": "250",
    "quiet_start": "21:30",
    "quiet_end": "08:00",
    "reminder_hours": "4",
    "offer_round_factor": "2",
    "offer_round_minutes": "45",
}


def test_the_owner_saves_the_notifier_settings_the_notifier_then_reads(
    services: Services, agency: dict[str, int]
) -> None:
    client, page = setup_page(agency)
    notifier_choices.choose_channels(Recipient.WORKER, agency["ann"], ["sms"], uow=services.uow, clock=services.clock)
    booked(services, client, agency["site"], agency["ann"], FRIDAY)
    notifier.make_messages(uow=services.uow, clock=services.clock)  # Ann's text is queued: one this month
    with console(services) as person:
        signed_in_owner(services, person, client)
        assert f'href="/console/{client}/setup/notifications"' in person.get(f"/console/{client}/setup").text
        shown = person.get(page)
        assert shown.status_code == 200
        assert "Texts counted this month (since the 1st, queued or sent): 1." in shown.text
        assert "Time zone: Europe/London" in shown.text
        assert "unless their shift starts within 12 hours" in shown.text
        assert shown.text.count('name="kinds_on"') == len(MessageKind)
        assert shown.text.count(" checked>") == len(MessageKind)  # every kind goes until turned off
        assert 'value="22:00"' in shown.text
        assert 'value="07:00"' in shown.text
        saved = person.post(page, FORM, token=person.csrf(page))
        assert (saved.status_code, saved.headers["location"]) == (303, f"{page}?done=notifier_saved")
        again = person.followed(saved)
        assert "Done: notification settings saved." in again.text
        assert "1 of 250" in again.text
    assert stored(services, client) == NotifierSettings(
        client_id=client,
        kinds_off=(MessageKind.SHIFT_REMINDER.value, MessageKind.NO_SHOW.value),
        sms_monthly_cap=250,
        quiet_start=time(21, 30),
        quiet_end=time(8, 0),
        reminder_hours=4,
        offer_round_factor=2,
        offer_round_minutes=45,
        id=stored(services, client).id,
    )


def test_refused_values_are_said_beside_their_fields_and_nothing_is_saved(
    services: Services, agency: dict[str, int]
) -> None:
    client, page = setup_page(agency)
    before = stored(services, client)
    with console(services) as person:
        signed_in_owner(services, person, client)
        token = person.csrf(page)
        typed = person.post(page, {**FORM, "sms_monthly_cap": "lots", "quiet_start": "25:00"}, token=token)
        assert typed.status_code == 400
        assert re.search(r'name="sms_monthly_cap"[^>]*value="lots"[^>]*aria-invalid="true"', typed.text)
        assert "The texts a month is a whole number, or empty for no cap." in typed.text
        assert "Quiet hours start is a time of day, such as 22:00." in typed.text
        assert "2 settings need a change" in typed.text
        ranged = person.post(page, {**FORM, "reminder_hours": "99", "offer_round_factor": "0"}, token=token)
        assert ranged.status_code == 400
        assert 'id="reminder_hours-error">The reminder goes a whole number of hours before a shift, from 0 to 48.' in (
            ranged.text
        )
        assert 'id="offer_round_factor-error">A round offers to a whole number of workers per open place' in ranged.text
        assert person.post(page, FORM, token=None).status_code == 403  # no CSRF token
    assert stored(services, client) == before


def test_a_coordinator_is_told_in_words_that_notifications_are_not_theirs_to_set(
    services: Services, agency: dict[str, int]
) -> None:
    client, page = setup_page(agency)
    before = stored(services, client)
    with console(services) as person:
        signed_in_owner(services, person, client, role="coordinator")
        refused = person.get(page)
        assert refused.status_code == 403
        assert "Your role (coordinator) cannot" in refused.text
        assert "Ask an owner" in refused.text
        assert person.post(page, FORM, token=person.csrf(OWN)).status_code == 403
    assert stored(services, client) == before


def test_a_polish_worker_sees_the_phone_on_record_chooses_texts_and_the_choice_is_saved(
    services: Services, agency: dict[str, int]
) -> None:
    with phone(services) as person:
        assert person.open_link(link_path(services, agency["ann"])).status_code == 303
        assert 'href="/app/channels"' in person.get("/app/inbox").text  # linked from the inbox
        page = person.get(CHANNELS)
        assert page.status_code == 200
        assert "Jak się z Tobą kontaktujemy" in page.text
        assert "Na Twój zapisany numer telefonu: +447700900456" in page.text
        assert "Nie mamy Twojego adresu e-mail" in page.text
        assert "zmiany zaczynającej się w ciągu 12 godzin" in page.text  # the rule's hours, said in Polish
        assert re.search(r'value="sms"[^>]*>', page.text)
        assert " checked" not in page.text
        token = person.csrf(CHANNELS)
        assert person.post(CHANNELS, {"channels": ["sms"]}, token=None).status_code == 403
        saved = person.post(CHANNELS, {"channels": ["sms"]}, token=token)
        assert (saved.status_code, saved.headers["location"]) == (303, f"{CHANNELS}?done=saved")
        after = person.get(saved.headers["location"]).text
        assert "Zapisano." in after
        assert re.search(r'value="sms"[^>]*checked', after)
        assert chosen(services, Recipient.WORKER, agency["ann"]) == ("app", "push", "sms")
        endpoint = "https://push.example/send/ann"
        keys = {"p256dh": "BAbc" * 20, "auth": "c2VjcmV0c2VjcmV0"}
        on = person.post("/app/push/on", {"endpoint": endpoint, **keys, "page": "channels"}, token=token)
        assert on.headers["location"] == f"{CHANNELS}?done=push_on"  # back to the page whose switch it was
        assert person.post(CHANNELS, {}, token=token).status_code == 303  # nothing ticked: the inbox and pushes
        assert chosen(services, Recipient.WORKER, agency["ann"]) == ("app", "push")
    with phone(services) as other:
        assert other.open_link(link_path(services, agency["bob"])).status_code == 303
        page = other.get(CHANNELS).text
        assert "To your e-mail address on record: bob@example.com" in page  # Bob reads English
        assert "There is no phone number on record for you" in page


@pytest.mark.parametrize("role", ["owner", "approver"])
def test_a_person_turns_their_own_email_off_and_on_in_the_console(
    services: Services, agency: dict[str, int], role: str
) -> None:
    with console(services) as person:
        sites = {"location_ids": (agency["site"],)} if role == "approver" else {}
        user_id = signed_in_owner(services, person, agency["client"], role=role, **sites)
        page = person.get(OWN)
        assert page.status_code == 200
        assert re.search(r'value="email"[^>]*checked', page.text)  # e-mail until they choose
        assert "the address you sign in with" in page.text
        assert 'href="/console/account/channels"' in person.get("/console/account/password").text
        off = person.post(OWN, {}, token=person.csrf(OWN))
        assert (off.status_code, off.headers["location"]) == (303, f"{OWN}?done=channels_saved")
        assert not re.search(r'value="email"[^>]*checked', person.followed(off).text)
        assert chosen(services, Recipient.USER, user_id) == ()
        person.post(OWN, {"channels": ["email", "sms"]}, token=person.csrf(OWN))  # a text cannot reach them
        assert chosen(services, Recipient.USER, user_id) == ("email",)
