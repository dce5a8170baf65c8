"""Setup in the console, on SQLite and PostgreSQL: an owner's API keys (secret shown once, working at
once; revoked; rotated), the account's users, its settings; the rate-limit caps of owners and operator
admins; a coordinator kept out; another account's key or user out of reach."""

from __future__ import annotations

import re

import pytest

from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, sign_in_as
from workforce_entrypoints.bootstrap import Services

SECRET = re.compile(r'id="new-key" readonly value="(wfk_[^"]+)"')
PASSWORD = re.compile(r'id="new-password" readonly value="([^"]+)"')


@pytest.fixture
def acme(world: World) -> int:
    client = world.account("Acme")
    world.site(client.id, "Depot")
    return client.id


def make_key(person: Person, client_id: int, **form: object) -> str:
    token = person.csrf(f"/console/{client_id}/setup")
    sent = {"name": "Payroll bridge", "scopes": ["workers:read", "timesheets:read"], "rate_limit_per_minute": 60}
    reply = person.post(f"/console/{client_id}/setup/keys", {**sent, **form}, token=token)
    assert reply.headers["location"] == f"/console/{client_id}/setup?done=key_made"
    found = SECRET.search(person.followed(reply).text)
    assert found is not None
    return found.group(1)


def test_an_owner_makes_a_key_that_works_at_once_and_is_shown_once(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        secret = make_key(person, acme)
        me = person.client.get("/api/v1/me.php", headers={"Authorization": f"Bearer {secret}"})
        assert me.status_code == 200
        assert me.json()["data"]["client_id"] == acme
        setup = person.get(f"/console/{acme}/setup").text
        assert secret not in setup
        assert secret[:16] in setup  # the prefix is listed
        key_id = int(setup.split("/setup/keys/")[1].split("/")[0])
        token = person.csrf(f"/console/{acme}/setup")
        rotated = person.post(f"/console/{acme}/setup/keys/{key_id}/rotate", {"overlap_hours": "0"}, token=token)
        assert rotated.headers["location"] == f"/console/{acme}/setup?done=key_rotated"
        new_secret = SECRET.search(person.followed(rotated).text)
        assert new_secret is not None
        fresh = {"Authorization": f"Bearer {new_secret.group(1)}"}
        assert person.client.get("/api/v1/me.php", headers=fresh).status_code == 200
        old = person.client.get("/api/v1/me.php", headers={"Authorization": f"Bearer {secret}"})
        assert old.json()["error_code"] == "key_revoked"
        listed = person.get(f"/console/{acme}/setup").text
        new_id = max(int(part.split("/")[0]) for part in listed.split("/setup/keys/")[1:])
        assert person.post(f"/console/{acme}/setup/keys/{new_id}/revoke", token=token).status_code == 303
        assert person.client.get("/api/v1/me.php", headers=fresh).json()["error_code"] == "key_revoked"


def test_owners_may_set_up_to_120_a_minute_operators_600(services: Services, acme: int) -> None:
    with console(services) as owner:
        sign_in_as(services, "owner", acme, owner)
        token = owner.csrf(f"/console/{acme}/setup")
        refused = owner.post(f"/console/{acme}/setup/keys", {"name": "fast", "rate_limit_per_minute": 121}, token=token)
        assert refused.status_code == 400
        assert "rate_limit" in refused.text
        make_key(owner, acme, rate_limit_per_minute=120)
    with console(services) as operator:
        sign_in_as(services, "operator", None, operator)
        make_key(operator, acme, rate_limit_per_minute=600)
        token = operator.csrf(f"/console/{acme}/setup")
        over = operator.post(f"/console/{acme}/setup/keys", {"name": "x", "rate_limit_per_minute": 601}, token=token)
        assert over.status_code == 400


def test_a_coordinator_cannot_open_setup_nor_change_it(services: Services, acme: int) -> None:
    with console(services) as person:
        sign_in_as(services, "coordinator", acme, person)
        assert person.get(f"/console/{acme}/setup").status_code == 403
        assert "/setup" not in person.get(f"/console/{acme}/timesheets").text
        token = person.csrf(f"/console/{acme}/timesheets")
        made = person.post(f"/console/{acme}/setup/keys", {"name": "x", "rate_limit_per_minute": 10}, token=token)
        assert made.status_code == 403


def test_another_accounts_keys_and_users_are_out_of_reach(services: Services, world: World, acme: int) -> None:
    rival = world.account("Rival")
    with console(services) as theirs:
        sign_in_as(services, "owner", rival.id, theirs)
        make_key(theirs, rival.id)
        key_id = int(theirs.get(f"/console/{rival.id}/setup").text.split("/setup/keys/")[1].split("/")[0])
        their_user = sign_in_as(services, "coordinator", rival.id, Person(theirs.client))
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        token = person.csrf(f"/console/{acme}/setup")
        assert person.get(f"/console/{rival.id}/setup").status_code == 404
        assert person.post(f"/console/{acme}/setup/keys/{key_id}/revoke", token=token).status_code == 404
        assert person.post(f"/console/{acme}/setup/users/{their_user}/disable", token=token).status_code == 404


def test_an_owner_adds_a_user_who_signs_in_with_the_password_shown_once(services: Services, acme: int) -> None:
    with console(services) as owner:
        sign_in_as(services, "owner", acme, owner)
        token = owner.csrf(f"/console/{acme}/setup")
        made = owner.post(
            f"/console/{acme}/setup/users", {"email": "co@example.com", "role": "coordinator"}, token=token
        )
        assert made.headers["location"] == f"/console/{acme}/setup?done=user_added"
        shown = owner.followed(made).text
        assert "Done: user added." in shown
        password = PASSWORD.search(shown)
        assert password is not None
        assert password.group(1) not in owner.get(f"/console/{acme}/setup").text
        operator = owner.post(
            f"/console/{acme}/setup/users", {"email": "op@example.com", "role": "operator"}, token=token
        )
        assert operator.status_code == 400  # an account's users only: operator is not one of its roles
        saved = owner.post(
            f"/console/{acme}/setup/settings",
            {
                "pay_week_start_day": "7",
                "require_client_approval": "1",
                "signoff_deadline_hours": "36",
                "holiday_pay": "accrued",
                "leave_year_start": "04-06",
            },
            token=token,
        )
        assert saved.status_code == 303
        page = owner.get(f"/console/{acme}/setup").text
        assert 'value="36"' in page
        assert '<option value="7" selected>' in page
        assert '<option value="accrued" selected>' in page
        assert 'value="04-06"' in page
    with console(services) as coordinator:
        assert coordinator.sign_in("co@example.com", password.group(1)).status_code == 303


def test_the_last_active_owner_cannot_be_disabled_even_by_the_form_the_page_hides(
    services: Services, acme: int
) -> None:
    with console(services) as owner:
        me = sign_in_as(services, "owner", acme, owner)
        token = owner.csrf(f"/console/{acme}/setup")
        refused = owner.post(f"/console/{acme}/setup/users/{me}/disable", token=token)
        assert refused.status_code == 409
        assert "An account needs an active owner: add another owner before disabling this one." in refused.text
        assert owner.get(f"/console/{acme}/setup").status_code == 200  # still signed in, still an owner
        with console(services) as second:
            other = sign_in_as(services, "owner", acme, second)
            assert owner.post(f"/console/{acme}/setup/users/{other}/disable", token=token).status_code == 303
            assert second.get(f"/console/{acme}/setup").status_code == 303  # signed out: disabled
        assert owner.post(f"/console/{acme}/setup/users/{me}/disable", token=token).status_code == 409
        assert owner.get(f"/console/{acme}/setup").status_code == 200
