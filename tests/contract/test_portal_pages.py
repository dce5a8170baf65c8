"""The client portal over HTTP, on SQLite and PostgreSQL: a hirer contact sees the shifts of their sites
only, signs off, rejects with a reason, queries and asks for other times; the agency sees each with its
event; nothing about pay is shown; another site, another account and the console are out of reach."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

import attrs
import httpx
import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user, sign_in_as
from workforce_adapters.json.commands import structure
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_core.commands.time_records import Backfill
from workforce_core.services import time_records
from workforce_core.services.sign_off_links import send_sign_off_link
from workforce_entrypoints.bootstrap import Services

LINK = re.compile(r"http://testserver(/portal/link/\S+)")
NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
WEEK = "2026-11-09"


@pytest.fixture
def hirer(world: World, clock: FakeClock, services: Services) -> dict[str, object]:
    clock.set(NOW)
    client = world.account("Acme", require_client_approval=True)
    north, south = world.site(client.id, "North"), world.site(client.id, "South")
    ann = world.worker(client.id, "Ann", hourly_rate=14.25, charge_rate=21).worker
    shifts: dict[str, int] = {}
    for n, (site, day) in enumerate(((north, 10), (north, 11), (north, 12), (north, 13), (south, 14))):
        made = time_records.backfill(
            structure(
                Backfill,
                {"worker_id": ann.id, "location_id": site.id, "clock_in": f"2026-11-{day} 08:00",
                 "clock_out": f"2026-11-{day} 16:00"},
            ),
            uow=services.uow,
            clock=services.clock,
        )  # fmt: skip
        shifts[f"{site.name}{n}"] = made.entry.id
    contact, password = make_user(services, "approver", client.id, location_ids=(north.id,))
    return {"client": client.id, "shifts": shifts, "email": contact.email, "password": password, "user": contact.id}


def open_link(person: Person, path: str) -> httpx.Response:
    """The link's page, then its button (the POST that uses the link)."""
    return person.post(path, token=person.csrf(path))


def mailed_link(services: Services, hirer: dict[str, object], tmp_path: Path) -> str:
    """The path of a link sent to the hirer contact for the week of 9 November, read from the mail."""
    outbox = MaildirOutbox(tmp_path / "mail")
    send_sign_off_link(
        int(str(hirer["user"])), date(2026, 11, 9), link_base="http://testserver",
        uow=services.uow, clock=services.clock, mailer=outbox,
    )  # fmt: skip
    found = LINK.search(outbox.messages()[0][2])
    assert found is not None
    return found.group(1)


def portal(person: Person, hirer: dict[str, object]) -> str:
    assert person.sign_in(str(hirer["email"]), str(hirer["password"])).status_code == 303
    landing = person.get("/console/")
    assert landing.headers["location"] == f"/portal/{hirer['client']}/week"
    return f"/portal/{hirer['client']}"


def test_a_contact_signs_off_rejects_and_queries_shifts_of_their_sites(
    services: Services, world: World, hirer: dict[str, object]
) -> None:
    shifts = hirer["shifts"]
    assert isinstance(shifts, dict)
    with console(services) as person:
        base = portal(person, hirer)
        page = person.get(f"{base}/week?week={WEEK}")
        assert page.status_code == 200
        assert f"Select shift {shifts['North0']} of Ann" in page.text
        assert f"Select shift {shifts['South4']}" not in page.text  # another site
        assert "£" not in page.text  # nothing about pay
        assert "14.25" not in page.text
        token = person.csrf(f"{base}/week?week={WEEK}")
        ok = person.post(
            f"{base}/week/decide", {"entry_ids": [shifts["North0"], shifts["North1"]], "action": "approve"}, token=token
        )
        assert ok.status_code == 303
        rejected = person.post(
            f"{base}/week/decide",
            {"entry_ids": shifts["North2"], "action": "reject", "reason": "not on site that day"},
            token=token,
        )
        assert rejected.status_code == 303
        asked = {"entry_ids": shifts["North3"], "action": "query", "question": "Was Ann here at 16:00?"}
        assert person.post(f"{base}/week/decide", asked, token=token).status_code == 303
        south = person.post(f"{base}/week/decide", {"entry_ids": shifts["South4"], "action": "approve"}, token=token)
        assert south.status_code == 404
        amended = person.post(
            f"{base}/shifts/{shifts['North0']}/amend",
            {"clock_out": "2026-11-10T15:30", "reason": "left early"},
            token=token,
        )
        assert amended.status_code == 303
    signed = world.outbox("timesheet.client_approved")
    assert [(e["data"]["via"], e["data"]["count"], e["data"]["user_id"]) for e in signed] == [
        ("portal", 2, hirer["user"])
    ]
    (refused,) = world.outbox("timesheet.client_rejected")
    assert (refused["data"]["reason"], refused["data"]["entry_ids"]) == ("not on site that day", [shifts["North2"]])
    (queried,) = world.outbox("timesheet.queried")
    assert (queried["data"]["via"], queried["data"]["entry_ids"]) == ("client", [shifts["North3"]])
    (asked,) = world.outbox("timesheet.amended")
    assert (asked["data"]["entry_id"], asked["data"]["raised_by"]) == (shifts["North0"], "client")
    with console(services) as person:
        sign_in_as(services, "owner", int(str(hirer["client"])), person)
        sheet = person.get(f"/console/{hirer['client']}/timesheets?week={WEEK}").text
    assert "not on site that day" in sheet
    headers = world.key(int(str(hirer["client"])))
    with console(services) as person:
        listed = person.client.get(
            f"/api/v1/timesheets.php?date_from={WEEK}&date_to=2026-11-15&limit=10", headers=headers
        ).json()["data"]
    status = {row["id"]: (row["payroll_status"], row["payroll_excluded_reason"]) for row in listed}
    assert status[shifts["North2"]][0] != "payable"
    assert status[shifts["North3"]][0] != "payable"


def test_a_contact_cannot_reach_the_console_another_site_or_account(
    services: Services, world: World, hirer: dict[str, object]
) -> None:
    shifts = hirer["shifts"]
    assert isinstance(shifts, dict)
    rival = world.account("Rival")
    with console(services) as person:
        base = portal(person, hirer)
        assert person.get(f"/console/{hirer['client']}/timesheets").status_code == 403
        assert person.get(f"/console/{hirer['client']}/payroll").status_code == 403
        assert person.get(f"/portal/{rival.id}/week").status_code == 404
        token = person.csrf(f"{base}/week")
        south = person.post(
            f"{base}/shifts/{shifts['South4']}/amend", {"reason": "x", "clock_out": "2026-11-14T15:00"}, token=token
        )
        assert south.status_code == 404
        charges = person.get(f"{base}/charges?week={WEEK}")
        assert charges.status_code == 200
        assert "North" in charges.text
        assert "South" not in charges.text
        assert person.post("/console/sign-out", token=token).status_code == 303
        assert person.get(f"{base}/week").headers["location"].startswith("/console/sign-in")


def test_staff_cannot_open_the_portal_pages(services: Services, hirer: dict[str, object]) -> None:
    with console(services) as person:
        user, password = make_user(services, "coordinator", int(str(hirer["client"])))
        person.sign_in(user.email, password)
        assert person.get(f"/portal/{hirer['client']}/week").status_code == 403


def test_a_one_time_link_signs_a_contact_in_to_its_week_only(
    services: Services, world: World, hirer: dict[str, object], clock: FakeClock, tmp_path: Path
) -> None:
    outbox = MaildirOutbox(tmp_path / "mail")
    services.mailer = outbox
    shifts = hirer["shifts"]
    assert isinstance(shifts, dict)
    client = int(str(hirer["client"]))
    with console(services) as staff:
        sign_in_as(services, "coordinator", client, staff)
        token = staff.csrf(f"/console/{client}/timesheets?week={WEEK}")
        sent = staff.post(f"/console/{client}/sign-off-links", {"user_id": hirer["user"], "week": WEEK}, token=token)
        assert sent.status_code == 303
    ((to, subject, body),) = outbox.messages()
    assert to == hirer["email"]
    assert "9 November 2026" in subject
    link = LINK.search(body)
    assert link is not None
    with console(services) as contact:
        opened = open_link(contact, link.group(1))
        assert opened.status_code == 303
        assert opened.headers["location"] == f"/portal/{client}/week?week={WEEK}"
        page = contact.get(opened.headers["location"])
        assert page.status_code == 200
        assert f"Select shift {shifts['North0']}" in page.text
        assert contact.get(f"/portal/{client}/week?week=2026-11-16").status_code == 404
        token = contact.csrf(opened.headers["location"])
        done = contact.post(
            f"/portal/{client}/week/decide", {"entry_ids": shifts["North0"], "action": "approve"}, token=token
        )
        assert done.status_code == 303
    with console(services) as again:
        assert open_link(again, link.group(1)).status_code == 404  # used once
    (signed,) = world.outbox("timesheet.client_approved")
    assert signed["data"]["entry_ids"] == [shifts["North0"]]


def test_a_links_get_and_head_use_nothing_and_only_its_button_signs_in(
    services: Services, hirer: dict[str, object], tmp_path: Path
) -> None:
    """Mail scanners and link previews send HEAD or GET: neither signs in nor uses the link up; the
    button's POST does, once, and only with the page's token."""
    path = mailed_link(services, hirer, tmp_path)
    with console(services) as scanner:
        head = scanner.client.head(path, follow_redirects=False)
        page = scanner.get(path)
        assert (head.status_code, page.status_code) == (200, 200)
        for reply in (head, page):
            assert "workforce_session" not in reply.headers.get("set-cookie", "")
        assert 'method="post"' in page.text
        assert 'action="' + path + '"' in page.text
        assert scanner.get(f"/portal/{hirer['client']}/week").status_code == 303  # not signed in
        assert scanner.post(path, token="forged").status_code == 403
    with console(services) as contact:
        opened = open_link(contact, path)
        assert opened.status_code == 303
        assert opened.headers["location"] == f"/portal/{hirer['client']}/week?week={WEEK}"
        assert "workforce_session=" in opened.headers["set-cookie"]
    with console(services) as again:
        assert open_link(again, path).status_code == 404  # used once, by the button


def test_a_link_session_cannot_sign_off_another_weeks_shift(
    services: Services, world: World, hirer: dict[str, object], tmp_path: Path
) -> None:
    outbox = MaildirOutbox(tmp_path / "mail")
    services.mailer = outbox
    client = int(str(hirer["client"]))
    shifts = hirer["shifts"]
    assert isinstance(shifts, dict)
    link = send_sign_off_link(
        int(str(hirer["user"])), date(2026, 11, 2), link_base="http://testserver",
        uow=services.uow, clock=services.clock, mailer=outbox,
    )  # fmt: skip
    assert link.week_start == date(2026, 11, 2)
    found = LINK.search(outbox.messages()[0][2])
    assert found is not None
    with console(services) as contact:
        opened = open_link(contact, found.group(1))
        token = contact.csrf(opened.headers["location"])
        other = contact.post(
            f"/portal/{client}/week/decide", {"entry_ids": shifts["North0"], "action": "approve"}, token=token
        )
        assert other.status_code == 404
    assert world.outbox("timesheet.client_approved") == []


def test_an_ended_link_and_an_unknown_one_are_404(
    services: Services, hirer: dict[str, object], clock: FakeClock, tmp_path: Path
) -> None:
    path = mailed_link(services, hirer, tmp_path)
    clock.advance(days=8)
    with console(services) as contact:
        assert open_link(contact, path).status_code == 404
        assert open_link(contact, "/portal/link/not-a-token").status_code == 404


def test_a_links_address_is_the_public_url_when_one_is_set(
    services: Services, hirer: dict[str, object], tmp_path: Path
) -> None:
    outbox = MaildirOutbox(tmp_path / "mail")
    services.mailer = outbox
    services.settings = attrs.evolve(services.settings, public_url="https://agency.example/")
    client = int(str(hirer["client"]))
    with console(services) as staff:
        sign_in_as(services, "owner", client, staff)
        token = staff.csrf(f"/console/{client}/timesheets?week={WEEK}")
        staff.post(f"/console/{client}/sign-off-links", {"user_id": hirer["user"], "week": WEEK}, token=token)
    ((_, _, body),) = outbox.messages()
    assert "https://agency.example/portal/link/" in body
    assert "testserver" not in body
