"""``workforce user reset-password ID`` on SQLite and PostgreSQL: the new password from standard input,
refused with zxcvbn's reason when easy to guess, every session of the user ended, the reset in the
account's audit log; ``user create`` refuses a weak password the same way."""

from __future__ import annotations

from typer.testing import CliRunner

from tests.contract.conftest import World
from tests.contract.console_pages import console, make_user
from tests.contract.test_console_users import run
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.main import app as cli_app

NEW = "marmalade quietly sideways"


def test_an_operator_resets_a_password_from_standard_input_and_the_users_sessions_end(
    services: Services, world: World, database_url: str
) -> None:
    client = world.account("Acme")
    user, password = make_user(services, "owner", client.id)
    with console(services) as person, console(services) as other:
        assert person.sign_in(user.email, password).status_code == 303
        assert other.sign_in(user.email, password).status_code == 303
        code, weak = run(services, database_url, "user", "reset-password", str(user.id), stdin="password1234\n")
        assert (code, weak["error_code"], weak["field"]) == (1, "weak_password", "password")
        assert "This is a very common password." in weak["message"]
        assert person.get(f"/console/{client.id}/timesheets").status_code == 200  # a refusal changes nothing
        code, reset = run(services, database_url, "user", "reset-password", str(user.id), stdin=NEW + "\n")
        assert (code, reset["id"], reset["email"]) == (0, user.id, user.email)
        assert NEW not in str(reset)
        for browser in (person, other):
            assert browser.get(f"/console/{client.id}/timesheets").status_code == 303  # signed out
        assert person.sign_in(user.email, password).status_code == 401
        assert person.sign_in(user.email, NEW).status_code == 303
    [audited] = world.audit(client.id)
    assert (audited["action"], audited["entity"], audited["entity_id"]) == ("reset_password", "user", user.id)
    assert audited["user_id"] is None  # the server's console
    assert audited["changes"]["sessions_ended"] == 2
    code, missing = run(services, database_url, "user", "reset-password", "999999", stdin=NEW)
    assert (code, missing["error_code"]) == (1, "not_found")


def test_user_create_refuses_a_weak_password_with_the_estimators_reason(
    services: Services, world: World, database_url: str
) -> None:
    client = world.account("Acme")
    args = ("user", "create", "--client", str(client.id), "--role", "owner", "--email", "sam.jones@example.com")
    code, repeated = run(services, database_url, *args, stdin="aaaaaaaaaaaa\n")
    assert (code, repeated["error_code"], repeated["field"]) == (1, "weak_password", "password")
    assert 'Repeats like "aaa" are easy to guess.' in repeated["message"]
    code, own_name = run(services, database_url, *args, stdin="Sam.Jones@Example.com\n")
    assert (code, own_name["error_code"]) == (1, "weak_password")
    assert run(services, database_url, "user", "list")[1] == []
    assert run(services, database_url, *args, stdin=NEW)[0] == 0


def test_the_help_names_reset_password() -> None:
    listed = CliRunner().invoke(cli_app, ["user", "--help"])
    assert listed.exit_code == 0
    assert "reset-password" in listed.stdout
    assert "reset-password" in CliRunner().invoke(cli_app, ["--help"]).stdout
