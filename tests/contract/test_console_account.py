"""A person's own account over HTTP, on SQLite and PostgreSQL: changing one's password (the current one,
the new one twice, a weak one refused with zxcvbn's reason, the other sessions ended and this one kept),
and where one is signed in (each browser's address and User-Agent, another person's session out of
reach by id, "Sign out everywhere else" ending the others and not this one)."""

from __future__ import annotations

import re

import httpx

from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user
from workforce_entrypoints.bootstrap import Services

PASSWORDS = "/console/account/password"
SESSIONS = "/console/account/sessions"
NEW = "marmalade quietly sideways"
ENDS = re.compile(r'action="/console/account/sessions/(\d+)/end"')
THIS_ONE = re.compile(r'action="/console/account/sessions/(\d+)/end">\s*<input[^>]+>\s*\s*<button[^>]+>Sign out here<')


def signed_in(person: Person, email: str, password: str, agent: str) -> None:
    person.client.headers["user-agent"] = agent
    assert person.sign_in(email, password).status_code == 303


def change(person: Person, current: str, new: str, repeated: str | None = None, **more: str) -> httpx.Response:
    form = {"current_password": current, "new_password": new, "repeat_password": new if repeated is None else repeated}
    return person.post(PASSWORDS, {**form, **more}, token=person.csrf(PASSWORDS))


def session_ids(person: Person) -> list[int]:
    return [int(found) for found in ENDS.findall(person.get(SESSIONS).text)]


def current_id(person: Person) -> int:
    """The id of the session the person's browser is using, as its own sessions page marks it."""
    found = THIS_ONE.search(person.get(SESSIONS).text)
    assert found is not None
    return int(found.group(1))


def test_a_person_changes_their_password_and_only_this_browser_stays_signed_in(
    services: Services, world: World
) -> None:
    client = world.account("Acme")
    user, password = make_user(services, "payroll", client.id)
    with console(services) as here, console(services) as elsewhere:
        signed_in(here, user.email, password, "Firefox/128")
        signed_in(elsewhere, user.email, password, "Phone Safari")
        form = here.get(PASSWORDS)
        assert form.status_code == 200
        assert 'href="/console/account/password"' in here.get(f"/console/{client.id}/timesheets").text  # the menu
        assert 'autocomplete="current-password"' in form.text
        changed = change(here, password, NEW)
        assert (changed.status_code, changed.headers["location"]) == (
            303,
            f"{PASSWORDS}?done=password_changed",
        )
        assert "Done: password changed" in here.get(changed.headers["location"]).text
        assert here.get(f"/console/{client.id}/timesheets").status_code == 200  # this browser stays in
        assert elsewhere.get(f"/console/{client.id}/timesheets").status_code == 303  # the other is signed out
        assert elsewhere.sign_in(user.email, password).status_code == 401
        assert elsewhere.sign_in(user.email, NEW).status_code == 303
    [audited] = world.audit(client.id)
    assert (audited["action"], audited["entity_id"], audited["user_id"]) == ("change_password", user.id, user.id)


def test_a_change_is_refused_with_its_reason_in_words(services: Services, world: World) -> None:
    client = world.account("Acme")
    user, password = make_user(services, "coordinator", client.id)
    with console(services) as person:
        signed_in(person, user.email, password, "Firefox/128")
        weak = change(person, password, "password1234")
        assert weak.status_code == 400
        assert "That password is too easy to guess. This is a very common password." in weak.text
        assert 'id="new-password"' in weak.text
        assert 'aria-invalid="true"' in weak.text
        repeated = change(person, password, "aaaaaaaaaaaa")
        assert "Repeats like &#34;aaa&#34; are easy to guess." in repeated.text
        wrong = change(person, "not my password at all", NEW)
        assert wrong.status_code == 400
        assert "That is not your current password." in wrong.text
        differs = change(person, password, NEW, NEW + "!")
        assert "the new password and its repeat are not the same." in differs.text
        no_token = person.post(PASSWORDS, {"current_password": password, "new_password": NEW, "repeat_password": NEW})
        assert no_token.status_code == 403
    with console(services) as again:
        assert again.sign_in(user.email, password).status_code == 303  # nothing changed


def test_the_sessions_page_lists_ones_browsers_and_signs_out_everywhere_else(services: Services, world: World) -> None:
    client = world.account("Acme")
    user, password = make_user(services, "owner", client.id)
    with console(services) as here, console(services) as laptop, console(services) as phone:
        signed_in(laptop, user.email, password, "Laptop Firefox/128")
        signed_in(phone, user.email, password, "Phone Safari/17")
        signed_in(here, user.email, password, "Desk Chromium/131")
        page = here.get(SESSIONS)
        assert page.status_code == 200
        for agent in ("Laptop Firefox/128", "Phone Safari/17", "Desk Chromium/131"):
            assert agent in page.text
        assert "testclient" in page.text  # the address the test client connects from
        listed = session_ids(here)
        assert len(listed) == 3
        this_one = current_id(here)
        ended = here.post(f"{SESSIONS}/others/end", token=here.csrf(SESSIONS))
        assert (ended.status_code, ended.headers["location"]) == (303, f"{SESSIONS}?done=signed_out_elsewhere")
        assert here.get(f"/console/{client.id}/timesheets").status_code == 200
        assert laptop.get(f"/console/{client.id}/timesheets").status_code == 303
        assert phone.get(f"/console/{client.id}/timesheets").status_code == 303
        assert session_ids(here) == [this_one]


def test_one_session_is_ended_by_its_button_and_another_persons_is_out_of_reach(
    services: Services, world: World
) -> None:
    client = world.account("Acme")
    user, password = make_user(services, "owner", client.id)
    other, their_password = make_user(services, "approver", client.id, location_ids=(world.site(client.id).id,))
    with console(services) as here, console(services) as phone, console(services) as theirs:
        signed_in(phone, user.email, password, "Phone Safari/17")
        signed_in(here, user.email, password, "Desk Chromium/131")
        signed_in(theirs, other.email, their_password, "Their Edge/130")
        [their_session] = session_ids(theirs)  # the portal's contact has the same account pages
        assert theirs.get(f"/portal/{client.id}/week").status_code == 200
        token = here.csrf(SESSIONS)
        refused = here.post(f"{SESSIONS}/{their_session}/end", token=token)
        assert refused.status_code == 404
        assert "Their Edge" not in refused.text
        assert theirs.get(f"/portal/{client.id}/week").status_code == 200  # still signed in
        assert here.post(f"{SESSIONS}/999999/end", token=token).status_code == 404
        phone_session = next(
            found for found in session_ids(here) if found != int(THIS_ONE.search(here.get(SESSIONS).text).group(1))
        )  # type: ignore[union-attr]
        assert here.post(f"{SESSIONS}/{phone_session}/end", token=token).status_code == 303
        assert phone.get(f"/console/{client.id}/timesheets").status_code == 303
        assert here.get(f"/console/{client.id}/timesheets").status_code == 200
        mine = here.post(f"{SESSIONS}/{current_id(here)}/end", token=token)  # one's own: signed out here
        assert (mine.status_code, mine.headers["location"]) == (303, "/console/sign-in")
        assert here.get(f"/console/{client.id}/timesheets").status_code == 303
