"""The console's list and show commands (console-cli.md) read through the API's read use cases, as JSON
for scripts or as a table for people; a database that is missing, not migrated or not supported is a JSON
error saying what to do, and nothing is created."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tests.contract.conftest import Console
from workforce_core.rules.london import local_date
from workforce_entrypoints.cli.main import COMMANDS, load_command
from workforce_entrypoints.cli.main import app as cli_app


def _run(console: Console, *args: str) -> Result:
    obj = {"db": console.database_url, "services": console.services}
    return console.runner.invoke(cli_app, ["--db", console.database_url, *args], obj=obj, catch_exceptions=False)


def _listed(console: Console, *args: str) -> Any:
    result = _run(console, *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _on(url: str, *args: str) -> Result:
    return CliRunner().invoke(cli_app, ["--db", url, *args], catch_exceptions=False)


def _error(result: Result, code: str) -> dict[str, Any]:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    error = json.loads(result.stderr)
    assert error["error_code"] == code, error
    return dict(error)


@pytest.fixture
def demo(console: Console) -> dict[str, Any]:
    result = _run(console, "demo")
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.stdout))


def test_client_list_and_key_list(console: Console, demo: dict[str, Any]) -> None:
    clients = _listed(console, "client", "list")
    assert [(client["id"], client["name"]) for client in clients] == [(demo["client_id"], "Demo Staffing Ltd")]
    keys = _listed(console, "key", "list", "--client", str(demo["client_id"]))
    assert [key["key_prefix"] for key in keys] == [key["key_prefix"] for key in demo["keys"]]
    assert all("key" not in key for key in keys)  # never the secret


def test_worker_list_with_a_search(console: Console, demo: dict[str, Any]) -> None:
    client = str(demo["client_id"])
    everyone = _listed(console, "worker", "list", "--client", client)
    assert len(everyone) == 11  # ten workers and one pending registration
    found = _listed(console, "worker", "list", "--client", client, "--search", "tanaka")
    assert [worker["name"] for worker in found] == ["Hiroshi Tanaka"]


def test_shift_list_timesheet_list_and_pay_week_show_of_a_week(console: Console, demo: dict[str, Any]) -> None:
    client = str(demo["client_id"])
    today = local_date(console.services.clock.now())
    last_week = (today - timedelta(days=7)).isoformat()
    next_week = (today + timedelta(days=7)).isoformat()  # booked every weekday; this week's may all be past
    booked = _listed(console, "shift", "list", "--client", client, "--week", next_week)
    assert booked
    assert all(shift["status"] == "published" for shift in booked)
    worked = _listed(console, "timesheet", "list", "--client", client, "--week", last_week)
    assert worked
    assert {sheet["approval_status"] for sheet in worked} <= {"approved", "pending"}
    approved = _listed(console, "timesheet", "list", "--client", client, "--week", last_week, "--status", "approved")
    assert approved
    assert all(sheet["approval_status"] == "approved" for sheet in approved)
    assert all(sheet["paid_minutes"] == 480 for sheet in approved)  # 8.5 hours less the 30-minute lunch
    assert all(sheet["pricing"]["pay_amount"] == 102.0 for sheet in approved)  # 8 hours at 12.75
    week = _listed(console, "pay-week", "show", "--client", client, "--week", last_week)
    assert week["week_start"] <= last_week <= week["week_end"]
    assert week["shifts"] >= len(approved)


def test_a_table_for_people(console: Console, demo: dict[str, Any]) -> None:
    result = _run(console, "worker", "list", "--client", str(demo["client_id"]), "--format", "table")
    assert result.exit_code == 0, result.output
    assert "Workers (11)" in result.stdout
    assert "W00001" in result.stdout  # Alice Brown's employee id
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stdout)


def test_an_unknown_client_or_a_bad_week_or_status(console: Console) -> None:
    _error(_run(console, "worker", "list", "--client", "999"), "not_found")
    _error(_run(console, "key", "list", "--client", "999"), "not_found")
    made = _listed(console, "client", "create", "--name", "Acme")
    error = _error(
        _run(console, "shift", "list", "--client", str(made["id"]), "--week", "next week"), "validation_failed"
    )
    assert error["field"] == "week"
    bad = ("timesheet", "list", "--client", str(made["id"]), "--week", "2026-03-02", "--status", "maybe")
    assert _error(_run(console, *bad), "validation_failed")["field"] == "status"


def test_a_missing_sqlite_database_is_not_created(tmp_path: Path) -> None:
    missing = tmp_path / "workforce.db"
    error = _error(_on(f"sqlite:///{missing}", "client", "list"), "database_not_migrated")
    assert "workforce" in error["message"]
    assert "db upgrade" in error["message"]
    assert not missing.exists()
    assert list(tmp_path.iterdir()) == []


def test_an_unmigrated_database_says_what_to_run(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    error = _error(_on(f"sqlite:///{empty}", "worker", "list", "--client", "1"), "database_not_migrated")
    assert "db upgrade" in error["message"]


@pytest.mark.parametrize("url", ["mysql://user@localhost/workforce", "oracle://db", "not a url"])
def test_an_unsupported_database_url_names_the_supported_ones(url: str) -> None:
    for command in (("client", "list"), ("db", "upgrade")):
        error = _error(_on(url, *command), "unsupported_database")
        assert "sqlite:///" in error["message"]
        assert "postgresql+psycopg://" in error["message"]


def _every_command_line() -> list[tuple[str, ...]]:
    lines: list[tuple[str, ...]] = [()]
    for name in COMMANDS:
        loaded = load_command(name)
        lines.append((name,))
        lines += [(name, sub) for sub in getattr(loaded, "commands", {})]
    return lines


def test_help_shows_no_type_label_on_a_flag_and_no_raw_markup() -> None:
    runner = CliRunner()
    for line in _every_command_line():
        result = runner.invoke(cli_app, [*line, "--help"], catch_exceptions=False)
        assert result.exit_code == 0, (line, result.output)
        assert "<bool>" not in result.stdout, (line, result.stdout)
        assert "``" not in result.stdout, (line, result.stdout)
        assert "[/" not in result.stdout, (line, result.stdout)  # no Rich markup tags
        assert "--install-completion" not in result.stdout, line
    assert len(_every_command_line()) > 60
