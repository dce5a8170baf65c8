"""Two-factor sign-in at the console over HTTP, on SQLite and PostgreSQL: turning it on from its page,
the recovery codes shown once, signing in with a code, a wrong code and a replayed one refused, a
recovery code accepted once, the throttle per person and per address, WORKFORCE_REQUIRE_2FA sending
owners and operators to set it up first, and an operator's reset (page and command) in the audit log."""

from __future__ import annotations

from datetime import UTC, datetime

import attrs
import pytest
from sqlalchemy import select

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, console, make_user
from tests.contract.test_console_users import run
from tests.contract.two_factor_pages import code_at, send_code, turn_on
from workforce_adapters.sql import tables
from workforce_core.rules import two_factor as rules
from workforce_entrypoints.bootstrap import Services, Settings
from workforce_entrypoints.environment import REQUIRE_2FA_ENV

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)


@pytest.fixture
def acme(world: World, clock: FakeClock) -> int:
    clock.set(NOW)
    return world.account("Acme").id


def signed_in_with_two_factor(
    services: Services, person: Person, clock: FakeClock, client_id: int | None, role: str = "owner"
) -> tuple[str, str, str, list[str]]:
    """A new person of the role, signed in, with two-factor sign-in turned on, then signed out: email,
    password, key, recovery codes. The clock is past the confirming code's step."""
    user, password = make_user(services, role, client_id)
    assert person.sign_in(user.email, password).status_code == 303
    secret, recovery = turn_on(person, clock.now())
    person.post("/console/sign-out", token=person.csrf("/console/two-factor"))
    clock.advance(seconds=30)
    return user.email, password, secret, recovery


def user_id_of(services: Services, email: str) -> int:
    with services.uow(read_only=True) as tx:
        user = tx.users.by_email(email)
    assert user is not None
    return user.id


def test_the_page_shows_a_qr_code_and_the_key_and_the_codes_once(
    services: Services, acme: int, clock: FakeClock
) -> None:
    user, password = make_user(services, "coordinator", acme)
    with console(services) as person:
        assert person.sign_in(user.email, password).status_code == 303
        assert 'href="/console/two-factor"' in person.get(f"/console/{acme}/timesheets").text
        token = person.csrf("/console/two-factor")
        person.post("/console/two-factor/start", token=token)
        page = person.get("/console/two-factor").text
        assert 'role="img" aria-label="QR code of your two-factor sign-in key' in page
        assert "<svg" in page
        assert 'id="two-factor-secret"' in page
        confirmed = person.post("/console/two-factor/confirm", {"code": "000000"}, token=token)
        assert confirmed.status_code == 401  # a wrong code: the page again, still off
        assert "not right" in confirmed.text
        assert person.post("/console/two-factor/confirm", {"code": "1"}).status_code == 403  # no CSRF token
        secret, recovery = turn_on(person, clock.now())  # a new key, confirmed
        assert len(recovery) == rules.RECOVERY_CODES
        again = person.get("/console/two-factor/recovery-codes")
        assert again.status_code == 303  # shown once
        assert not any(code in again.text for code in recovery)
        assert "is <strong>on</strong>" in person.get("/console/two-factor").text
    with services.engine.connect() as connection:
        kept = [row.code_hash for row in connection.execute(select(tables.recovery_codes))]
        factor = connection.execute(select(tables.user_two_factor)).one()
    assert len(kept) == rules.RECOVERY_CODES
    assert not set(kept) & set(recovery)
    assert factor.secret == secret
    assert factor.enabled_at is not None


def test_sign_in_asks_for_a_code_and_refuses_a_wrong_one_and_a_replay(
    services: Services, acme: int, clock: FakeClock
) -> None:
    with console(services) as person:
        email, password, secret, _ = signed_in_with_two_factor(services, person, clock, acme)
        first = person.sign_in(email, password)
        assert first.status_code == 303
        assert first.headers["location"].startswith("/console/sign-in/code")
        assert "workforce_session=" not in first.headers.get("set-cookie", "")
        assert person.get(f"/console/{acme}/timesheets").status_code == 303  # not signed in yet
        wrong = "000000" if code_at(secret, clock.now()) != "000000" else "111111"
        refused = send_code(person, wrong)
        assert refused.status_code == 401
        assert "not right" in refused.text
        code = code_at(secret, clock.now())
        signed = send_code(person, code)
        assert signed.status_code == 303
        assert "workforce_session=" in signed.headers["set-cookie"]
        assert person.get(f"/console/{acme}/timesheets").status_code == 200
    with console(services) as other:  # another browser, the same code within its window
        assert other.sign_in(email, password).status_code == 303
        replay = send_code(other, code)
        assert replay.status_code == 401
        assert "used already" in replay.text
        assert other.get(f"/console/{acme}/timesheets").status_code == 303


def test_a_recovery_code_signs_in_once(services: Services, acme: int, clock: FakeClock) -> None:
    with console(services) as person:
        email, password, _, recovery = signed_in_with_two_factor(services, person, clock, acme)
        person.sign_in(email, password)
        first = send_code(person, recovery[0])
        assert first.headers["location"].startswith("/console/two-factor?done=")
        assert "9 unused recovery codes" in person.get(first.headers["location"]).text
        person.post("/console/sign-out", token=person.csrf("/console/two-factor"))
        person.sign_in(email, password)
        second = send_code(person, recovery[0])
        assert second.status_code == 401
        assert "used already" in second.text
        assert send_code(person, recovery[1].upper()).status_code == 303


def test_the_second_step_ends_after_five_minutes(services: Services, acme: int, clock: FakeClock) -> None:
    with console(services) as person:
        email, password, secret, _ = signed_in_with_two_factor(services, person, clock, acme)
        person.sign_in(email, password)
        clock.advance(seconds=rules.SECOND_STEP_LIFETIME.total_seconds())
        ended = send_code(person, code_at(secret, clock.now()))
        assert ended.status_code == 401
        assert "took too long" in ended.text
        assert person.get("/console/sign-in/code").status_code == 303  # its cookie went with it


def test_codes_are_throttled_per_person(services: Services, acme: int, clock: FakeClock) -> None:
    with console(services) as person:
        email, password, secret, _ = signed_in_with_two_factor(services, person, clock, acme)
        person.sign_in(email, password)
        for _ in range(rules.CODES_PER_USER - 1):  # turning it on took one slot of the person's
            assert send_code(person, "bad code").status_code == 401
        throttled = send_code(person, code_at(secret, clock.now()))
        assert throttled.status_code == 429
        assert int(throttled.headers["retry-after"]) > 0
    with console(services) as neighbour:  # the same address, another person: not throttled
        other_email, other_password, other_secret, _ = signed_in_with_two_factor(services, neighbour, clock, acme)
        neighbour.sign_in(other_email, other_password)
        assert send_code(neighbour, code_at(other_secret, clock.now())).status_code == 303


def test_codes_are_throttled_per_address(services: Services, acme: int, clock: FakeClock) -> None:
    with console(services) as person:
        people = [signed_in_with_two_factor(services, person, clock, acme) for _ in range(4)]
        tries = 0
        for email, password, _, _ in people:  # 8 wrong codes each: under the person's limit
            person.sign_in(email, password)
            for _ in range(min(8, rules.CODES_PER_ADDRESS - tries)):
                assert send_code(person, "bad code").status_code == 401
                tries += 1
        assert tries == rules.CODES_PER_ADDRESS
        assert send_code(person, code_at(people[3][2], clock.now())).status_code == 429  # the last has tried 6


def test_required_two_factor_sends_owners_and_operators_to_set_it_up_first(
    services: Services, acme: int, clock: FakeClock
) -> None:
    services.settings = attrs.evolve(services.settings, require_two_factor=True)
    owner, owner_password = make_user(services, "owner", acme)
    admin, admin_password = make_user(services, "operator", None)
    coordinator, coordinator_password = make_user(services, "coordinator", acme)
    with console(services) as person:
        assert person.sign_in(coordinator.email, coordinator_password).status_code == 303
        assert person.get(f"/console/{acme}/timesheets").status_code == 200
    for user, password in ((owner, owner_password), (admin, admin_password)):
        with console(services) as person:
            assert person.sign_in(user.email, password).status_code == 303
            for path in ("/console/", f"/console/{acme}/timesheets", f"/console/{acme}/setup"):
                sent = person.get(path)
                assert (sent.status_code, sent.headers["location"]) == (303, "/console/two-factor"), path
            turn_on(person, clock.now())
            assert person.get(f"/console/{acme}/timesheets").status_code == 200


def test_an_operator_resets_a_lost_device_from_setup_and_it_is_audited(
    services: Services, acme: int, clock: FakeClock
) -> None:
    with console(services) as person:
        email, password, _, _ = signed_in_with_two_factor(services, person, clock, acme)
    owner_id = user_id_of(services, email)
    admin, admin_password = make_user(services, "operator", None)
    other_owner, other_password = make_user(services, "owner", acme)
    with console(services) as owner_browser:  # an owner cannot reset anyone's
        owner_browser.sign_in(other_owner.email, other_password)
        token = owner_browser.csrf(f"/console/{acme}/setup")
        assert "Reset two-factor" not in owner_browser.get(f"/console/{acme}/setup").text
        refused = owner_browser.post(f"/console/{acme}/setup/users/{owner_id}/reset-two-factor", token=token)
        assert refused.status_code == 403
    with console(services) as operator:
        operator.sign_in(admin.email, admin_password)
        setup = operator.get(f"/console/{acme}/setup").text
        assert f'aria-label="Reset the two-factor sign-in of {email}"' in setup
        assert setup.count("Reset two-factor") == 1  # only the one who has it on
        users_head = (
            '<th scope="col">Email</th><th scope="col">Role</th><th scope="col">Sites</th><th scope="col">State</th>'
        )
        assert setup.count('<th scope="col">Two-factor</th>') == 1
        assert f'{users_head}<th scope="col">Two-factor</th>' in setup
        token = operator.csrf(f"/console/{acme}/setup")
        reset = operator.post(f"/console/{acme}/setup/users/{owner_id}/reset-two-factor", token=token)
        assert reset.status_code == 303
        assert "Reset two-factor" not in operator.get(f"/console/{acme}/setup").text
    with console(services) as person:  # the password alone signs in again
        assert person.sign_in(email, password).headers["location"] == "/console/"
    with services.engine.connect() as connection:
        rows = connection.execute(select(tables.audit_log).where(tables.audit_log.c.action == "reset_two_factor")).all()
    assert [(row.entity, row.entity_id, row.user_id, row.client_id) for row in rows] == [
        ("user", owner_id, admin.id, acme)
    ]


def test_the_command_line_resets_an_operators_two_factor(
    services: Services, acme: int, clock: FakeClock, database_url: str
) -> None:
    with console(services) as person:
        email, password, _, _ = signed_in_with_two_factor(services, person, clock, None, role="operator")
    admin_id = user_id_of(services, email)
    code, reset = run(services, database_url, "user", "reset-2fa", str(admin_id))
    assert (code, reset["id"]) == (0, admin_id)
    code, again = run(services, database_url, "user", "reset-2fa", str(admin_id))
    assert (code, again["error_code"]) == (1, "two_factor_off")
    with services.engine.connect() as connection:
        row = connection.execute(select(tables.audit_log).where(tables.audit_log.c.entity_id == admin_id)).all()[-1]
    assert (row.action, row.user_id, row.client_id) == ("reset_two_factor", None, None)
    with console(services) as person:
        assert person.sign_in(email, password).headers["location"] == "/console/"


@pytest.mark.parametrize(
    ("value", "on"),
    [
        (None, False),
        ("", False),
        ("0", False),
        ("off", False),
        ("1", True),
        ("TRUE", True),
        ("yes", True),
        ("on", True),
    ],
)
def test_workforce_require_2fa_is_read_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str | None, on: bool
) -> None:
    if value is None:
        monkeypatch.delenv(REQUIRE_2FA_ENV, raising=False)
    else:
        monkeypatch.setenv(REQUIRE_2FA_ENV, value)
    assert Settings.from_env("sqlite://").require_two_factor is on


def test_a_workforce_require_2fa_of_no_meaning_stops_the_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_2FA_ENV, "owners")
    with pytest.raises(ValueError, match="WORKFORCE_REQUIRE_2FA must be one of"):
        Settings.from_env("sqlite://")


def test_a_person_turns_it_off_with_a_current_code(services: Services, acme: int, clock: FakeClock) -> None:
    with console(services) as person:
        email, password, secret, _ = signed_in_with_two_factor(services, person, clock, acme)
        person.sign_in(email, password)
        assert send_code(person, code_at(secret, clock.now())).status_code == 303
        token = person.csrf("/console/two-factor")
        refused = person.post("/console/two-factor/turn-off", {"code": "bad code"}, token=token)
        assert refused.status_code == 401
        assert "is <strong>on</strong>" in refused.text
        clock.advance(seconds=30)
        off = person.post("/console/two-factor/turn-off", {"code": code_at(secret, clock.now())}, token=token)
        assert (off.status_code, off.headers["location"]) == (
            303,
            "/console/two-factor?done=two_factor_off",
        )
        assert "is <strong>off</strong>" in person.get(off.headers["location"]).text
        person.post("/console/sign-out", token=token)
        assert person.sign_in(email, password).headers["location"] == "/console/"
    with services.engine.connect() as connection:
        actions = connection.execute(select(tables.audit_log.c.action).order_by(tables.audit_log.c.id)).scalars()
        assert list(actions) == ["turn_on_two_factor", "turn_off_two_factor"]
