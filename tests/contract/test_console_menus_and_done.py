"""The console's and the portal's menus, refusals and "Done" lines over HTTP, on SQLite and PostgreSQL:
each role's menu offers only pages that open for it; a page the role cannot open is refused in people's
words (no scope, no power code); ``?done=`` shows the words of a known code and nothing of any other
text; a secret shown after a form rides in a cookie for its page only, taken once."""

from __future__ import annotations

import re

import pytest

from tests.contract.conftest import World
from tests.contract.console_pages import console, make_user, sign_in_as
from tests.resolvers import DNS
from workforce_core.rules.scopes import SCOPES
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common.done import WORDS, Done

MENU = re.compile(r'<nav aria-label="Console">(.*?)</nav>', re.S)
LINK = re.compile(r'<a href="([^"]+)"(?: aria-current="page")?>([^<]+)</a>')
SECRET = re.compile(r'id="new-key" readonly value="(wfk_[^"]+)"')
EVERY = ["Timesheets", "Exceptions", "Close pay week", "Payroll", "Charges", "On site now", "Shifts", "Workers"]
CONSOLE_ROLES = {
    "operator": [*EVERY, "Setup"],
    "owner": [*EVERY, "Setup"],
    "payroll": EVERY,
    "coordinator": ["Timesheets", "Exceptions", "On site now", "Shifts", "Workers"],
}


@pytest.fixture
def acme(world: World) -> int:
    client = world.account("Acme").id
    world.site(client, "Depot")
    world.worker(client, "Ann Able")
    return client


def menu_of(page: str) -> list[tuple[str, str]]:
    found = MENU.search(page)
    assert found is not None, page[:500]
    return [(words, address) for address, words in LINK.findall(found.group(1))]


@pytest.mark.parametrize("role", sorted(CONSOLE_ROLES))
def test_each_role_is_offered_only_the_pages_it_can_open(services: Services, acme: int, role: str) -> None:
    with console(services) as person:
        sign_in_as(services, role, None if role == "operator" else acme, person)
        entries = menu_of(person.get(f"/console/{acme}/timesheets").text)
        assert [words for words, _ in entries] == CONSOLE_ROLES[role]
        for words, address in entries:
            opened = person.get(address)
            assert opened.status_code == 200, (words, opened.text[:300])


def test_a_hirer_contacts_menu_is_the_portals_and_its_pages_open(services: Services, world: World, acme: int) -> None:
    north = world.site(acme, "North").id
    contact, password = make_user(services, "approver", acme, location_ids=(north,))
    with console(services) as person:
        assert person.sign_in(contact.email, password).status_code == 303
        entries = menu_of(person.get(f"/portal/{acme}/week").text)
        assert entries == [("Shifts to sign off", f"/portal/{acme}/week"), ("Charges", f"/portal/{acme}/charges")]
        assert all(person.get(address).status_code == 200 for _, address in entries)
        named = person.get(f"/portal/{acme}/week?done=booked_worker&worker=1").text  # a read the role has not
        assert "Done: booked the worker." in named


def test_a_coordinator_opening_close_pay_week_is_told_why_in_words(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "coordinator", acme, person)
        for path in ("pay-week", "payroll", "setup", "setup/webhooks", "kiosks", "pay-codes"):
            refused = person.get(f"/console/{acme}/{path}")
            assert refused.status_code == 403, path
            assert "Your role (coordinator) cannot " in refused.text, path
            assert not any(scope in refused.text for scope in SCOPES), path
            assert "scope" not in refused.text, path
        closing = person.get(f"/console/{acme}/pay-week").text
        assert "Your role (coordinator) cannot close pay weeks. Ask an owner or a payroll user." in closing
        token = person.csrf(f"/console/{acme}/timesheets")
        posted = person.post(f"/console/{acme}/pay-week/lock", {"week": "2026-11-09"}, token=token)
        assert posted.status_code == 403
        assert "Your role (coordinator) cannot close pay weeks. Ask an owner or a payroll user." in posted.text


def test_a_payroll_user_refused_setup_is_told_to_ask_an_owner(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "payroll", acme, person)
        refused = person.get(f"/console/{acme}/setup")
        assert refused.status_code == 403
        assert "Your role (payroll) cannot change the account&#39;s setup. Ask an owner." in refused.text


@pytest.mark.parametrize(
    "sent",
    [
        "your session expired, sign in again at evil.example",
        "<script>alert(1)</script>",
        "key_made ",
        "KEY_MADE",
        "Done",
    ],
)
def test_done_text_in_the_address_is_never_shown(services: Services, acme: int, sent: str) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        for path in (f"/console/{acme}/timesheets", f"/console/{acme}/setup", f"/console/{acme}/workers"):
            page = person.client.get(path, params={"done": sent}).text
            assert 'class="done"' not in page, path
            assert "Done:" not in page
            assert "evil.example" not in page
            assert "alert(1)" not in page


def test_a_known_done_code_shows_its_words_and_its_count_but_no_other_text(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        base = f"/console/{acme}/timesheets"
        assert "Done: key made." in person.get(f"{base}?done=key_made").text
        assert "Done: approved 3 shifts." in person.get(f"{base}?done=approved_shifts&count=3").text
        assert "Done: approved 1 shift." in person.get(f"{base}?done=approved_shifts&count=1").text
        odd = person.get(f"{base}?done=offered&count=three%20workers%20fibbing").text
        assert "Done:" not in odd  # a count that is not one: nothing said
        assert "fibbing" not in odd
    assert set(WORDS) == set(Done)


def test_a_new_keys_secret_rides_in_a_cookie_for_its_page_only_and_is_taken_once(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        token = person.csrf(f"/console/{acme}/setup")
        made = person.post(f"/console/{acme}/setup/keys", {"name": "bridge", "rate_limit_per_minute": 60}, token=token)
        assert made.status_code == 303
        assert made.headers["location"] == f"/console/{acme}/setup?done=key_made"
        cookie = made.headers["set-cookie"]
        assert cookie.startswith("workforce_once=")
        assert "wfk_" not in cookie  # sealed, not the secret itself
        for part in ("HttpOnly", f"Path=/console/{acme}/setup", "SameSite=strict", "Max-Age=300"):
            assert part in cookie, cookie
        elsewhere = person.get(f"/console/{acme}/timesheets").text
        assert "wfk_" not in elsewhere
        shown = person.get(made.headers["location"])
        secret = SECRET.search(shown.text)
        assert secret is not None
        assert 'workforce_once=""' in shown.headers["set-cookie"]  # dropped once shown
        again = person.get(made.headers["location"]).text
        assert secret.group(1) not in again
        assert again.count("<td>bridge</td>") == 1


def test_a_secret_left_untaken_under_a_pages_path_does_not_hide_the_next_one(services: Services, acme: int) -> None:
    services.webhooks.resolver = DNS
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        token = person.csrf(f"/console/{acme}/setup")
        made = person.post(f"/console/{acme}/setup/keys", {"name": "bridge", "rate_limit_per_minute": 60}, token=token)
        assert made.status_code == 303  # its page not opened: the key's cookie stays, for /setup and below
        hooks = f"/console/{acme}/setup/webhooks"
        added = person.post(hooks, {"url": "https://hooks.example.com/in", "events": ["*"]}, token=token)
        assert added.headers["location"] == f"{hooks}?done=subscription_added"
        shown = person.followed(added).text
        assert re.search(r'id="new-secret" readonly value="whsec_[^"]+"', shown)
        assert "wfk_" not in shown
        key = SECRET.search(person.get(made.headers["location"]).text)
        assert key is not None  # still the key's, on its own page
