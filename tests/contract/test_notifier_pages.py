"""The notifier's screens over HTTP, on SQLite and PostgreSQL: the worker app's inbox (newest first, in
the worker's language, an unread count that opening a message lowers, nobody else's messages) and its
Web Push switch; an offer's one-tap link (shown without using it, answered once: booked, declined, or
told the shift is filled); "Fill" on a requirement's console page; the messages sent to a worker on the
console (the access log's cut of an offer link's token: ``test_access_log``)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import select

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import console, sign_in_as
from tests.contract.notifier_world import NOW, acme
from tests.contract.worker_phone import Phone, phone
from tests.worker_app_world import booked, link_path
from workforce_adapters.json.commands import structure
from workforce_adapters.message_texts import catalogue_texts
from workforce_adapters.sql import tables
from workforce_core.commands.demands import CreateDemand
from workforce_core.model.notifications import ChannelChoice
from workforce_core.ports.notifications import Notifier
from workforce_core.services import console_reads, demands, notifier
from workforce_entrypoints.bootstrap import Services

FRIDAY = date(2026, 11, 20)
SATURDAY = date(2026, 11, 21)
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


pytestmark = pytest.mark.usefixtures("vapid_key_file")


@pytest.fixture
def agency(world: World, clock: FakeClock) -> dict[str, int]:
    return acme(world, clock)


def told(services: Services) -> int:
    """The notifier's pass over the new events; how many messages it made."""
    return notifier.make_messages(uow=services.uow, clock=services.clock)[1]


def signed_in(services: Services, person: Phone, worker_id: int) -> None:
    assert person.open_link(link_path(services, worker_id)).status_code == 303


def app_messages(services: Services, worker_id: int) -> list[int]:
    with services.engine.connect() as connection:
        found = select(tables.messages.c.id).where(
            tables.messages.c.recipient_id == worker_id, tables.messages.c.channel == "app"
        )
        return list(connection.execute(found.order_by(tables.messages.c.id)).scalars())


def test_the_inbox_lists_the_workers_messages_newest_first_in_polish_and_opening_one_reads_it(
    services: Services, agency: dict[str, int], clock: FakeClock
) -> None:
    booked(services, agency["client"], agency["site"], agency["ann"], FRIDAY)
    assert told(services) >= 1
    clock.set(NOW + timedelta(minutes=5))
    booked(services, agency["client"], agency["site"], agency["ann"], SATURDAY)
    booked(services, agency["client"], agency["site"], agency["bob"], SATURDAY)
    told(services)
    first, second = app_messages(services, agency["ann"])
    (bobs,) = app_messages(services, agency["bob"])
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        page = person.get("/app/inbox")
        assert page.status_code == 200
        assert "Nieprzeczytane wiadomości: 2" in page.text
        assert page.text.count("Nowa zmiana zarezerwowana") == 2
        shown = [int(found) for found in re.findall(r'name="message_id" value="(\d+)"', page.text)]
        assert shown == [second, first]  # newest first
        assert "Bob" not in page.text
        badge = person.get("/app/inbox/unread")
        assert re.search(r">2<span class=\"sr\"> nieprzeczytane<", badge.text), badge.text
        looked = person.get(f"/app/inbox/message?id={first}")  # showing reads nothing, marks nothing
        assert "Masz zmianę w Depot" in looked.text
        assert ">2<" in person.get("/app/inbox/unread").text
        token = person.csrf("/app/inbox")
        opened = person.post("/app/inbox/open", {"message_id": first}, token=token)
        assert (opened.status_code, opened.headers["location"]) == (303, f"/app/inbox/message?id={first}")
        assert "Nieprzeczytane wiadomości: 1" in person.get("/app/inbox").text
        assert person.post("/app/inbox/open", {"message_id": first}, token=token).status_code == 303  # again: no change
        assert ">1<" in person.get("/app/inbox/unread").text
        assert person.post("/app/inbox/open", {"message_id": bobs}, token=token).status_code == 404  # another's
        assert person.get(f"/app/inbox/message?id={bobs}").status_code == 404
        assert person.post("/app/inbox/open", {"message_id": first}, token=None).status_code == 403
    with phone(services) as person:
        signed_in(services, person, agency["bob"])
        assert "Unread messages: 1" in person.get("/app/inbox").text  # Bob reads English
        person.post("/app/inbox/open", {"message_id": bobs}, token=person.csrf("/app/inbox"))
        assert person.get("/app/inbox/unread").text.strip() == ""
        assert "No unread messages." in person.get("/app/inbox").text


def test_push_is_turned_on_with_the_vapid_key_and_off_again_for_the_workers_own_subscription(
    services: Services, agency: dict[str, int]
) -> None:
    endpoint = "https://push.example/send/abc"
    keys = {"p256dh": "BAbc" * 20, "auth": "c2VjcmV0c2VjcmV0"}

    def subscriptions() -> list[tuple[int, str]]:
        with services.engine.connect() as connection:
            rows = select(tables.push_subscriptions.c.worker_id, tables.push_subscriptions.c.endpoint)
            return [tuple(row) for row in connection.execute(rows)]  # type: ignore[misc]

    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        page = person.get("/app/inbox").text
        key = re.search(r'data-push-key="([\w-]+)"', page)
        assert key is not None
        assert len(key.group(1)) == 87
        token = person.csrf("/app/inbox")
        assert person.post("/app/push/on", {"endpoint": endpoint, **keys}, token=None).status_code == 403
        on = person.post("/app/push/on", {"endpoint": endpoint, **keys}, token=token)
        assert (on.status_code, on.headers["location"]) == (303, "/app/inbox?done=push_on")
        assert "Powiadomienia na tym telefonie są włączone." in person.get(on.headers["location"]).text
        assert subscriptions() == [(agency["ann"], endpoint)]
        assert (
            person.post("/app/push/on", {"endpoint": "http://plain.example/x", **keys}, token=token).status_code == 400
        )
    with phone(services) as other:
        signed_in(services, other, agency["bob"])
        refused = other.post("/app/push/off", {"endpoint": endpoint}, token=other.csrf("/app/inbox"))
        assert refused.status_code == 404  # not Bob's
    assert subscriptions() == [(agency["ann"], endpoint)]
    with phone(services) as person:
        signed_in(services, person, agency["ann"])
        off = person.post("/app/push/off", {"endpoint": endpoint}, token=person.csrf("/app/inbox"))
        assert (off.status_code, off.headers["location"]) == (303, "/app/inbox?done=push_off")
    assert subscriptions() == []


def offer_links(services: Services) -> dict[int, str]:
    """Each offered worker's link path, from their inbox message."""
    with services.engine.connect() as connection:
        rows = connection.execute(
            select(tables.messages.c.recipient_id, tables.messages.c.params).where(
                tables.messages.c.kind == "offer_sent", tables.messages.c.channel == "app"
            )
        ).all()
    return {worker_id: urlsplit(params["link"]).path for worker_id, params in rows}


def requirement(services: Services, agency: dict[str, int], headcount: int) -> int:
    """A requirement at the Depot on Friday 09:00-17:00."""
    principal = console_reads.operator(agency["client"], uow=services.uow, now=services.clock.now())
    raw = {"location_id": agency["site"], "shift_date": FRIDAY.isoformat(), "start_time": "09:00", "end_time": "17:00"}
    command = structure(CreateDemand, {**raw, "headcount": headcount})
    return demands.create(command, principal=principal, uow=services.uow, clock=services.clock).demand.id


def answered(person: Phone, path: str, token: str, given: str = "accept") -> httpx.Response:
    """The link's button pressed, with this double-submit token."""
    return person.client.post(path, data={"answer": given, "csrf_token": token}, follow_redirects=False)


def test_fill_on_the_requirements_page_sends_links_that_book_then_say_the_shift_is_filled(
    services: Services, agency: dict[str, int], world: World
) -> None:
    cy = world.worker(agency["client"], "Cy Clark", location_id=agency["site"]).worker.id
    demand_id = requirement(services, agency, 1)
    page = f"/console/{agency['client']}/shifts/requirements/{demand_id}"
    with console(services) as coordinator:
        sign_in_as(services, "coordinator", agency["client"], coordinator)
        shown = coordinator.get(page)
        assert 'action="' + page + '/fill"' in shown.text
        filled = coordinator.post(page + "/fill", token=coordinator.csrf(page))
        assert filled.headers["location"] == f"{page}?done=offered&count=3"
        assert "offered to 3" in coordinator.followed(filled).text
        links = offer_links(services)
        logged = coordinator.get(f"/console/{agency['client']}/workers/{agency['bob']}/messages").text
        assert "Accept or decline: /offers/link/..." in logged  # the console never shows a link's secret
        assert links[agency["bob"]] not in logged
    assert sorted(links) == sorted([agency["ann"], agency["bob"], cy])
    assert all(path.startswith("/offers/link/") for path in links.values())
    with phone(services) as ann, phone(services) as bob:
        looked = ann.get(links[agency["ann"]])
        assert looked.status_code == 200
        assert "Oferta zmiany dla Ciebie" in looked.text
        assert "Depot" in looked.text
        assert "20 lis 09:00" in looked.text
        assert ann.client.head(links[agency["ann"]]).status_code == 200  # a preview uses nothing
        token = CSRF.search(looked.text)
        assert token is not None
        assert answered(ann, links[agency["ann"]], "not the cookie's").status_code == 403
        accepted = answered(ann, links[agency["ann"]], token.group(1))
        assert accepted.headers["location"] == links[agency["ann"]] + "?done=booked"
        assert "Masz rezerwację: zmiana jest Twoja." in ann.get(accepted.headers["location"]).text
        bobs_page = bob.get(links[agency["bob"]]).text
        bobs_token = CSRF.search(bobs_page)
        assert bobs_token is not None
        late = answered(bob, links[agency["bob"]], bobs_token.group(1))
        assert late.headers["location"] == links[agency["bob"]] + "?done=filled"
        words = bob.get(late.headers["location"]).text
        assert "other workers took the places before you answered: this shift is filled" in words
        assert 'name="answer"' not in words
        assert answered(bob, links[agency["bob"]], bobs_token.group(1), "decline").status_code == 409  # used once
        assert ann.get("/offers/link/not-a-token").status_code == 404
    with phone(services) as cys:
        cys_token = CSRF.search(cys.get(links[cy]).text)
        assert cys_token is not None
        declined = answered(cys, links[cy], cys_token.group(1), "decline")  # the place is taken: a decline stands
        assert declined.headers["location"] == links[cy] + "?done=declined"
        assert "You declined the offer. Thank you for answering." in cys.get(declined.headers["location"]).text
    with services.engine.connect() as connection:
        answers = connection.execute(
            select(tables.offers.c.worker_id, tables.offers.c.status, tables.offers.c.shift_id).where(
                tables.offers.c.demand_id == demand_id
            )
        ).all()
    statuses = {worker_id: (status, shift_id is not None) for worker_id, status, shift_id in answers}
    expected = {agency["ann"]: ("accepted", True), agency["bob"]: ("expired", False), cy: ("declined", False)}
    assert statuses == expected


def test_fill_is_refused_in_words_when_the_requirement_is_full_and_to_a_role_that_cannot_book(
    services: Services, agency: dict[str, int]
) -> None:
    demand_id = requirement(services, agency, 1)
    booked_onto = f"/console/{agency['client']}/shifts/requirements/{demand_id}"
    with console(services) as payroll:
        sign_in_as(services, "payroll", agency["client"], payroll)
        assert payroll.post(booked_onto + "/fill", token=payroll.csrf()).status_code == 403
    with console(services) as coordinator:
        sign_in_as(services, "coordinator", agency["client"], coordinator)
        token = coordinator.csrf(booked_onto)
        assert coordinator.post(booked_onto + "/fill", token=token).status_code == 303
        again = coordinator.post(booked_onto + "/fill", token=token)  # nobody else is left to offer it to
        assert again.status_code == 409
        assert "nobody eligible is left" in again.text


def test_the_workers_console_page_lists_the_messages_sent_with_how_each_went(
    services: Services, agency: dict[str, int], world: World
) -> None:
    with services.uow() as tx:  # Ann is told in the app and by text; no SMS provider is set up
        tx.channel_choices.put(ChannelChoice("worker", agency["ann"], ("app", "sms"), NOW))
        tx.commit()
    world_phone = world.worker(agency["client"], "Cy Text", phone="+447700900123").worker  # not told: not booked
    booked(services, agency["client"], agency["site"], agency["ann"], FRIDAY)
    told(services)
    notifier.send_messages(uow=services.uow, clock=services.clock, notifier=Notifier({}, catalogue_texts))
    other = world.account("Other Agency")
    with console(services) as coordinator:
        sign_in_as(services, "coordinator", agency["client"], coordinator)
        worker_page = coordinator.get(f"/console/{agency['client']}/workers/{agency['ann']}")
        assert f'hx-get="/console/{agency["client"]}/workers/{agency["ann"]}/messages"' in worker_page.text
        listed = coordinator.get(f"/console/{agency['client']}/workers/{agency['ann']}/messages")
        assert listed.status_code == 200
        table = listed.text.split('id="worker-messages"', 1)[1]
        assert "2 messages sent to Ann Able" in table
        assert table.count("Nowa zmiana zarezerwowana") == 2  # what she was told, in her language
        assert "+447700900456" in table
        assert "failed" in table
        assert "no sms sender is set up" in table
        assert "the app&#39;s inbox" in table
        assert "sent" in table
        assert coordinator.get(f"/console/{other.id}/workers/{agency['ann']}/messages").status_code == 404
        cy = coordinator.get(f"/console/{agency['client']}/workers/{world_phone.id}/messages")
        assert "0 messages sent to Cy Text" in cy.text
