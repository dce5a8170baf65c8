"""The shifts board and the workers pages over HTTP, on SQLite and PostgreSQL: a requirement filled
from the who-is-free list and refused past its headcount, eligibility's reasons in words, bookings
changed and cancelled with every cancel status, offers and their answers, workers found, changed,
marked and given availability and absences; and the refusals: a coordinator cannot set rates, another
account's ids are 404, a role without the power gets 403, a form without its token 403, never a 500."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal

import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user
from workforce_core.model.bookings import CANCEL_STATUSES
from workforce_core.model.people import Actor, Role
from workforce_core.model.principal import Principal
from workforce_core.ports import Paging
from workforce_core.services import offers
from workforce_core.services.sign_in import acting_for
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday
SOON, LATER = "2026-11-20", "2026-12-10"  # a Friday within 7 days, and one past them


@pytest.fixture
def acme(world: World, clock: FakeClock) -> dict[str, int]:
    clock.set(NOW)
    client = world.account("Acme")
    site = world.site(client.id, "Depot")
    ids = {"client": client.id, "site": site.id}
    for n, name in enumerate(("Ann Able", "Bob Brown", "Cat Clay", "Dan Dale")):
        ids[f"w{n}"] = world.worker(client.id, name, location_id=site.id, hourly_rate=12.5).worker.id
    return ids


def signed_in(services: Services, role: str, client_id: int | None, person: Person) -> int:
    user, password = make_user(services, role, client_id)
    assert person.sign_in(user.email, password).status_code == 303
    return user.id


def add_requirement(person: Person, ids: dict[str, int], day: str = SOON, headcount: int = 3) -> int:
    base = f"/console/{ids['client']}/shifts"
    sent = {"location_id": ids["site"], "shift_date": day, "start_time": "08:00", "end_time": "16:00"}
    reply = person.post(f"{base}/requirements", {**sent, "headcount": headcount}, token=person.csrf(base))
    assert reply.status_code == 303, reply.text[:400]
    return int(reply.headers["location"].split("/requirements/")[1].split("?")[0])


def book_shift(person: Person, ids: dict[str, int], worker: int, day: str = SOON) -> int:
    base = f"/console/{ids['client']}/shifts"
    sent = {"worker_id": worker, "location_id": ids["site"], "shift_date": day, "start_time": "08:00"}
    reply = person.post(f"{base}/bookings", {**sent, "end_time": "16:00"}, token=person.csrf(base))
    assert reply.status_code == 303, reply.text[:400]
    return int(reply.headers["location"].split("/bookings/")[1].split("?")[0])


def test_a_coordinator_fills_a_requirement_from_who_is_free_and_the_fourth_is_refused(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        demand = add_requirement(person, acme)
        page = f"/console/{acme['client']}/shifts/requirements/{demand}"
        listed = person.get(page).text
        assert all(f"Book {name}" in listed for name in ("Ann Able", "Bob Brown", "Cat Clay", "Dan Dale"))
        token = person.csrf(page)
        for n in range(3):
            booked = person.post(f"{page}/book", {"worker_id": acme[f"w{n}"]}, token=token)
            assert booked.status_code == 303, booked.text[:400]
        fourth = person.post(f"{page}/book", {"worker_id": acme["w3"]}, token=token)
        assert fourth.status_code == 409
        assert f"requirement {demand} is full" in fourth.text
        board = person.get(f"/console/{acme['client']}/shifts?week={SOON}").text
    assert "3/3" in board
    created = world.outbox("shift.created")
    assert len(created) == 3
    assert {event["data"]["status"] for event in created} == {"published"}
    assert world.outbox("shift_created") == []  # the legacy event is for API bookings only


def test_who_is_free_says_why_a_worker_cannot_be_booked_and_a_booking_refused_says_it_too(
    services: Services, acme: dict[str, int]
) -> None:
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        worker_page = f"/console/{acme['client']}/workers/{acme['w0']}"
        marked = person.post(
            f"{worker_page}/do-not-return", {"location_id": acme["site"]}, token=person.csrf(worker_page)
        )
        assert marked.status_code == 303
        assert "Depot" in person.get(worker_page).text.split("Do not return to</dt>")[1][:80]
        book_shift(person, acme, acme["w1"])  # Bob is busy that day
        demand = add_requirement(person, acme)
        page = f"/console/{acme['client']}/shifts/requirements/{demand}"
        listed = person.get(page).text
        assert "no: marked do not return to this site" in listed
        assert "no: already booked or working at this time" in listed
        assert "Book Ann Able" not in listed
        refused = person.post(f"{page}/book", {"worker_id": acme["w0"]}, token=person.csrf(page))
    assert refused.status_code == 409
    assert "Ann Able cannot take this shift: marked do not return to this site." in refused.text


def test_the_board_marks_requirements_starting_within_a_week_that_are_not_full(
    services: Services, acme: dict[str, int]
) -> None:
    with console(services) as person:
        signed_in(services, "owner", acme["client"], person)
        soon = add_requirement(person, acme, SOON, headcount=2)
        full = add_requirement(person, acme, "2026-11-21", headcount=1)
        page = f"/console/{acme['client']}/shifts/requirements/{full}"
        assert person.post(f"{page}/book", {"worker_id": acme["w0"]}, token=person.csrf(page)).status_code == 303
        later = add_requirement(person, acme, LATER)
        this_week = person.get(f"/console/{acme['client']}/shifts?week={SOON}").text
        that_week = person.get(f"/console/{acme['client']}/shifts?week={LATER}").text
    rows = {int(n): row for row, n in re.findall(r'(<tr[^>]*>(?:(?!</tr>).)*?requirements/(\d+)")', this_week, re.S)}
    assert 'class="flagged"' in rows[soon]
    assert "starts soon, not full" in rows[soon]
    assert 'class="flagged"' not in rows[full]
    assert "1 starting within 7 days not full" in this_week
    assert f"requirements/{later}" in that_week
    assert "starts soon" not in that_week


def test_a_booking_is_changed_then_cancelled_with_each_cancel_status(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    days = ["2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24"]
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        made = [book_shift(person, acme, acme["w0"], day) for day in days[: len(CANCEL_STATUSES)]]
        base = f"/console/{acme['client']}/shifts/bookings"
        token = person.csrf(f"{base}/{made[0]}")
        changed = person.post(f"{base}/{made[0]}/change", {"start_time": "09:00", "notes": "late start"}, token=token)
        assert changed.status_code == 303
        assert "09:00 to 16:00" in person.get(f"{base}/{made[0]}").text
        for booking, status in zip(made, CANCEL_STATUSES, strict=True):
            reply = person.post(f"{base}/{booking}/cancel", {"status": status, "cancel_reason": "x"}, token=token)
            assert reply.status_code == 303, reply.text[:300]
        again = person.post(f"{base}/{made[0]}/cancel", {"status": "cancelled"}, token=token)
        assert again.status_code == 409
        shown = person.get(f"{base}/{made[-1]}").text
    assert "no-show" in shown
    cancelled = world.outbox("shift.cancelled")
    assert [event["data"]["status"] for event in cancelled] == list(CANCEL_STATUSES)
    (no_show,) = world.outbox("shift.no_show")
    assert no_show["data"]["reason"] == "marked_no_show"
    (updated,) = world.outbox("shift.updated")
    assert updated["data"]["changes"] == ["start_time", "notes"]


def test_offers_are_sent_from_the_list_and_their_answers_shown(services: Services, acme: dict[str, int]) -> None:
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        demand = add_requirement(person, acme)
        page = f"/console/{acme['client']}/shifts/requirements/{demand}"
        token = person.csrf(page)
        none = person.post(f"{page}/offers", {}, token=token)
        assert none.status_code == 400
        sent = person.post(f"{page}/offers", {"worker_ids": [acme["w0"], acme["w1"]]}, token=token)
        assert sent.status_code == 303
        assert sent.headers["location"].endswith("?done=offered&count=2")
        assert "Done: offered to 2." in person.followed(sent).text
        listed = offers.offers(
            _principal(services, acme["client"]),
            offers.OfferQuery(paging=_page(), demand_id=demand),
            queries=services.queries,
        ).items
        first = next(o for o in listed if o.offer.worker_id == acme["w0"])
        offers.answer(first.offer.id, "accept", uow=services.uow, clock=services.clock)
        shown = person.get(page).text
    offered = shown.split("<h2>Offers</h2>")[1]
    assert "Ann Able" in offered
    assert "accepted" in offered
    assert "Bob Brown" in offered
    assert "sent" in offered
    assert "1 of 3" in shown


def test_a_coordinator_cannot_set_rates_but_an_owner_can(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    base = f"/console/{acme['client']}/workers"
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        listing = person.get(base).text
        assert "Add a worker" in listing
        assert "hourly_rate" not in listing
        token = person.csrf(base)
        refused = person.post(base, {"name": "Eve Eager", "hourly_rate": "13.00"}, token=token)
        assert refused.status_code == 403
        changed = person.post(f"{base}/{acme['w0']}/change", {"charge_rate": "30"}, token=token)
        assert changed.status_code == 403
        made = person.post(base, {"name": "Eve Eager", "job_role": "Picker"}, token=token)
        assert made.status_code == 303
        page = person.get(made.headers["location"]).text
        assert "Eve Eager" in page
        assert "Pay rate" not in page
        assert "Pay</th>" not in page
    with console(services) as owner:
        signed_in(services, "owner", acme["client"], owner)
        token = owner.csrf(base)
        set_rate = owner.post(f"{base}/{acme['w0']}/change", {"hourly_rate": "13.25"}, token=token)
        assert set_rate.status_code == 303
        assert "£13.25" in owner.get(f"{base}/{acme['w0']}").text
    rates = [e["data"].get("hourly_rate") for e in world.outbox("worker.updated")]
    assert [Decimal(str(r)) for r in rates] == [Decimal("13.25")]


def test_pay_history_is_shown_only_with_pay_read(services: Services, world: World, acme: dict[str, int]) -> None:
    page = f"/console/{acme['client']}/workers/{acme['w0']}"
    with console(services) as person:
        signed_in(services, "payroll", acme["client"], person)
        seen = person.get(page).text
        assert "Pay rate" in seen
        assert "£12.50" in seen
        assert "Shifts worked and pay" in seen
        assert "Add an availability rule" not in seen
        assert "Change the worker" not in seen
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        hidden = person.get(page).text
    assert "£12.50" not in hidden
    assert "Shifts worked and pay" not in hidden
    assert "Shifts worked" in hidden


def test_workers_are_found_by_search_site_status_and_dormancy(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    other = world.site(acme["client"], "Yard")
    world.worker(acme["client"], "Fay Far", location_id=other.id)
    base = f"/console/{acme['client']}/workers"
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        token = person.csrf(base)
        left = person.post(f"{base}/{acme['w3']}/leaver", {"leave_reason": "moved away"}, token=token)
        assert left.status_code == 303
        no_reason = person.post(f"{base}/{acme['w2']}/leaver", {}, token=token)
        assert no_reason.status_code == 400

        def names(query: str) -> set[str]:
            text = person.get(f"{base}?{query}").text
            return set(re.findall(r'aria-label="Open worker ([^"]+)"', text))

        assert names("q=bRoWn") == {"Bob Brown"}
        assert names(f"location_id={other.id}") == {"Fay Far"}
        assert names("status=leaver") == {"Dan Dale"}
        assert "Dan Dale" not in names("status=active")
        assert names("dormant=yes") == set()
        assert len(names("dormant=no")) == 5
        assert person.get(f"{base}?status=gone").status_code == 400
        assert person.get(f"{base}?dormant=maybe").status_code == 400
    (leaver,) = world.outbox("worker.updated")
    assert leaver["data"]["id"] == acme["w3"]
    assert leaver["data"]["changes"] == ["leave_reason", "active"]


def test_availability_rules_and_absence_requests_from_the_worker_page(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    page = f"/console/{acme['client']}/workers/{acme['w0']}"
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        token = person.csrf(page)
        rule = {"kind": "unavailable", "day_of_week": "5", "start_time": "06:00", "end_time": "12:00"}
        assert person.post(f"{page}/availability", rule, token=token).status_code == 303
        both = person.post(f"{page}/availability", {**rule, "date": SOON}, token=token)
        assert both.status_code == 400
        assert "day_of_week" in both.text
        for kind, start in (("holiday", "2026-11-23"), ("sickness", "2026-11-25")):
            sent = {"type": kind, "start_date": start, "end_date": start}
            assert person.post(f"{page}/absences", sent, token=token).status_code == 303
        shown = person.get(page).text
        ids = [int(n) for n in re.findall(r"/absences/(\d+)/approve", shown)]
        assert len(ids) == 2
        assert person.post(f"{page}/absences/{ids[0]}/approve", token=token).status_code == 303
        assert person.post(f"{page}/absences/{ids[1]}/refuse", token=token).status_code == 303
        assert person.post(f"{page}/absences/{ids[1]}/approve", token=token).status_code == 409
        demand = add_requirement(person, acme, SOON)
        free = person.get(f"/console/{acme['client']}/shifts/requirements/{demand}").text
        assert "no: marked unavailable for this time" in free
        after = person.get(page).text
        retire = re.findall(r"/availability/(\d+)/retire", after)
        assert person.post(f"{page}/availability/{retire[0]}/retire", token=token).status_code == 303
        assert "No rules: not stated." in person.get(page).text
    assert re.search(r">approved</span></td>", after)  # the absences' statuses, as badges
    assert re.search(r">declined</span></td>", after)


def test_another_accounts_workers_requirements_and_bookings_are_404(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    rival = world.account("Rival")
    with console(services) as owner:
        signed_in(services, "owner", acme["client"], owner)
        demand = add_requirement(owner, acme)
        booking = book_shift(owner, acme, acme["w0"], "2026-11-22")
    with console(services) as other:
        signed_in(services, "owner", rival.id, other)
        token = other.csrf(f"/console/{rival.id}/shifts")
        for client in (acme["client"], rival.id):
            for path in (
                f"/console/{client}/shifts",
                f"/console/{client}/workers",
                f"/console/{client}/workers/{acme['w0']}",
                f"/console/{client}/shifts/requirements/{demand}",
                f"/console/{client}/shifts/bookings/{booking}",
            ):
                if path.endswith(("/shifts", "/workers")) and client == rival.id:
                    continue
                assert other.get(path).status_code == 404, path
            for path, form in (
                (f"/console/{client}/shifts/requirements/{demand}/book", {"worker_id": acme["w1"]}),
                (f"/console/{client}/shifts/requirements/{demand}/offers", {"worker_ids": acme["w1"]}),
                (f"/console/{client}/shifts/requirements/{demand}/cancel", {}),
                (f"/console/{client}/shifts/bookings/{booking}/cancel", {"status": "cancelled"}),
                (f"/console/{client}/shifts/bookings/{booking}/change", {"notes": "x"}),
                (f"/console/{client}/workers/{acme['w0']}/change", {"name": "Stolen"}),
                (f"/console/{client}/workers/{acme['w0']}/leaver", {"leave_reason": "x"}),
                (f"/console/{client}/workers/{acme['w0']}/do-not-return", {"location_id": acme["site"]}),
                (
                    f"/console/{client}/workers/{acme['w0']}/absences",
                    {"type": "holiday", "start_date": SOON, "end_date": SOON},
                ),
            ):
                reply = other.post(path, form, token=token)
                assert reply.status_code == 404, (path, reply.status_code, reply.text[:300])
    assert world.outbox("shift.cancelled") == []
    assert len(world.outbox("shift.created")) == 1


def test_a_role_without_the_power_gets_403_and_a_form_without_its_token_403(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    with console(services) as owner:
        signed_in(services, "owner", acme["client"], owner)
        demand = add_requirement(owner, acme)
        booking = book_shift(owner, acme, acme["w0"], "2026-11-22")
    c = acme["client"]
    writes = (
        (
            f"/console/{c}/shifts/requirements",
            {
                "location_id": acme["site"],
                "shift_date": SOON,
                "start_time": "08:00",
                "end_time": "09:00",
                "headcount": 1,
            },
        ),
        (
            f"/console/{c}/shifts/bookings",
            {
                "worker_id": acme["w1"],
                "location_id": acme["site"],
                "shift_date": SOON,
                "start_time": "08:00",
                "end_time": "09:00",
            },
        ),
        (f"/console/{c}/shifts/requirements/{demand}/book", {"worker_id": acme["w1"]}),
        (f"/console/{c}/shifts/requirements/{demand}/offers", {"worker_ids": acme["w1"]}),
        (f"/console/{c}/shifts/requirements/{demand}/cancel", {}),
        (f"/console/{c}/shifts/bookings/{booking}/change", {"notes": "x"}),
        (f"/console/{c}/shifts/bookings/{booking}/cancel", {"status": "no_show"}),
        (f"/console/{c}/workers", {"name": "New Person"}),
        (f"/console/{c}/workers/{acme['w0']}/change", {"name": "Changed"}),
        (f"/console/{c}/workers/{acme['w0']}/leaver", {"leave_reason": "x"}),
        (f"/console/{c}/workers/{acme['w0']}/do-not-return", {"location_id": acme["site"]}),
        (
            f"/console/{c}/workers/{acme['w0']}/availability",
            {"kind": "available", "day_of_week": "1", "start_time": "08:00", "end_time": "09:00"},
        ),
        (f"/console/{c}/workers/{acme['w0']}/absences", {"type": "holiday", "start_date": SOON, "end_date": SOON}),
    )
    before = len(world.outbox())
    with console(services) as payroll:
        signed_in(services, "payroll", c, payroll)
        token = payroll.csrf(f"/console/{c}/shifts")
        for path, form in writes:
            reply = payroll.post(path, form, token=token)
            assert reply.status_code == 403, (path, reply.status_code, reply.text[:300])
            assert "Not allowed" in reply.text
    with console(services) as coordinator:
        signed_in(services, "coordinator", c, coordinator)
        for path, form in writes:
            for token in (None, "forged"):
                reply = coordinator.post(path, form, token=token)
                assert reply.status_code == 403, (path, reply.status_code)
                assert "out of date" in reply.text
    assert len(world.outbox()) == before


def test_bad_form_values_are_pages_naming_the_field_never_a_500(services: Services, acme: dict[str, int]) -> None:
    c = acme["client"]
    with console(services) as person:
        signed_in(services, "owner", c, person)
        token = person.csrf(f"/console/{c}/shifts")
        for path, form, field in (
            (
                f"/console/{c}/shifts/requirements",
                {
                    "location_id": acme["site"],
                    "shift_date": "soon",
                    "start_time": "08:00",
                    "end_time": "09:00",
                    "headcount": 1,
                },
                "shift_date",
            ),
            (
                f"/console/{c}/shifts/requirements",
                {
                    "location_id": acme["site"],
                    "shift_date": SOON,
                    "start_time": "08:00",
                    "end_time": "09:00",
                    "headcount": "lots",
                },
                "headcount",
            ),
            (
                f"/console/{c}/shifts/bookings",
                {
                    "worker_id": acme["w0"],
                    "location_id": acme["site"],
                    "shift_date": SOON,
                    "start_time": "25:00",
                    "end_time": "09:00",
                },
                "start_time",
            ),
            (f"/console/{c}/workers", {"name": "Gil", "hourly_rate": "a lot"}, "hourly_rate"),
            (f"/console/{c}/workers", {"employee_id": "X1"}, "name"),
            (
                f"/console/{c}/workers/{acme['w0']}/absences",
                {"type": "holiday", "start_date": SOON, "end_date": "2026-11-01"},
                "end_date",
            ),
        ):
            reply = person.post(path, form, token=token)
            assert reply.status_code == 400, (path, reply.status_code, reply.text[:300])
            assert field in reply.text
        assert person.get(f"/console/{c}/shifts?week=soon").status_code == 400
        assert person.get(f"/console/{c}/shifts/requirements/999999").status_code == 404
        assert person.get(f"/console/{c}/shifts/bookings/999999").status_code == 404
        assert person.get(f"/console/{c}/workers/999999").status_code == 404
        assert person.post(f"/console/{c}/workers/999999/absences/1/approve", token=token).status_code == 404


def _principal(services: Services, client_id: int) -> Principal:
    """The account read as the operator's console reads it."""
    return acting_for(Actor(0, Role.OPERATOR, None), client_id, uow=services.uow)


def _page() -> Paging:
    return Paging(limit=100)


def test_names_with_markup_are_text_on_the_board_and_in_what_was_done(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    odd = world.worker(acme["client"], "<b>Zed & Co</b>", location_id=acme["site"]).worker.id
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        demand = add_requirement(person, acme)
        page = f"/console/{acme['client']}/shifts/requirements/{demand}"
        booked = person.post(f"{page}/book", {"worker_id": odd}, token=person.csrf(page))
        assert booked.status_code == 303
        shown = person.get(booked.headers["location"]).text
    assert "Done: booked &lt;b&gt;Zed &amp; Co&lt;/b&gt;." in shown
    assert "<b>Zed" not in shown


def test_the_workers_list_pages_by_a_hundred_keeping_its_filters(
    services: Services, world: World, acme: dict[str, int]
) -> None:
    for n in range(101):
        world.worker(acme["client"], f"Temp {n:03d}", location_id=acme["site"])
    base = f"/console/{acme['client']}/workers"
    with console(services) as person:
        signed_in(services, "coordinator", acme["client"], person)
        first = person.get(f"{base}?q=temp&status=active").text
        assert "101 workers, 1 to 100 shown" in first
        link = re.search(r'href="\?([^"]+)">Next page', first)
        assert link is not None
        second = person.get(f"{base}?{link.group(1).replace('&amp;', '&')}").text
    assert re.findall(r'aria-label="Open worker ([^"]+)"', second) == ["Temp 100"]
    assert "Previous page" in second
