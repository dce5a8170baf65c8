"""Contract fixtures: the Starlette app over a fresh database, and a ``World`` to set up accounts.

Set-up goes through the core's console use cases (as the agency console does); what is under test
goes over HTTP through the app.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient
from typer.testing import CliRunner

from tests.clocks import FakeClock
from tests.contract.reads_write_nothing import Writes, guarded
from tests.openapi_check import validate_reply
from tests.resolvers import DNS
from workforce_adapters.json import stored_payload
from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_core.commands.reference import CreateCostCode, CreateDepartment, CreateLocation
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import accounts, reference, workers
from workforce_core.views import WorkerView
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap
from workforce_entrypoints.cli.main import app as cli_app

ALL_SCOPES: tuple[str, ...] = SCOPES
HELD = 24 * 3600.0  # seconds: the API log's writer waits the whole test


class World:
    """Accounts, sites, keys and workers made through the core, and reads of what was stored."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.uow = services.uow
        self.clock = services.clock

    def account(self, name: str = "Acme Staffing", **settings: Any) -> ClientAccount:
        cmd = accounts.CreateClient(name=name, settings=ClientSettings(**settings))
        return accounts.create_client(cmd, uow=self.uow, clock=self.clock)

    def site(self, client_id: int, name: str = "Main Site", **fields: Any) -> Location:
        command = structure(CreateLocation, {"name": name, **fields})
        return reference.create_location(command, client_id=client_id, uow=self.uow, clock=self.clock)

    def department(self, client_id: int | None, name: str = "Picking", location_id: int | None = None) -> Department:
        command = CreateDepartment(name=name, location_id=location_id)
        return reference.create_department(command, client_id=client_id, uow=self.uow, clock=self.clock)

    def cost_code(self, client_id: int | None, code: str = "CC-1") -> CostCode:
        return reference.create_cost_code(
            CreateCostCode(code=code), client_id=client_id, uow=self.uow, clock=self.clock
        )

    def key(self, client_id: int, scopes: tuple[str, ...] = ALL_SCOPES, **options: Any) -> dict[str, str]:
        """Authorization headers for a new key with these scopes."""
        cmd = accounts.CreateKey(client_id=client_id, name=options.pop("name", "test key"), scopes=scopes, **options)
        issued = accounts.create_key(cmd, uow=self.uow, clock=self.clock)
        return {"Authorization": f"Bearer {issued.secret}"}

    def key_id(self, headers: dict[str, str]) -> int:
        secret = headers["Authorization"].removeprefix("Bearer ")
        with self.services.engine.connect() as connection:
            row = connection.execute(select(tables.api_keys.c.id).where(tables.api_keys.c.key_prefix == secret[:16]))
            return int(row.scalar_one())

    def worker(self, client_id: int, name: str = "Ann Worker", *, pending: bool = False, **raw: Any) -> WorkerView:
        return workers.create_worker(
            structure(CreateWorker, {"name": name, **raw}),
            client_id=client_id,
            uow=self.uow,
            clock=self.clock,
            pending=pending,
        )

    def outbox(self, event: str | None = None) -> list[dict[str, Any]]:
        """Events recorded, oldest first: ``{"event", "client_id", "data"}``."""
        query = select(tables.outbox).order_by(tables.outbox.c.id)
        if event is not None:
            query = query.where(tables.outbox.c.event == event)
        with self.services.engine.connect() as connection:
            rows = connection.execute(query).mappings().all()
        return [
            {
                "event": r["event"],
                "client_id": r["client_id"],
                "data": stored_payload(r["event"], r["client_id"], json.loads(r["data"])),
            }
            for r in rows
        ]

    def audit(self, client_id: int) -> list[dict[str, Any]]:
        log = tables.audit_log
        query = select(log).where(log.c.client_id == client_id).order_by(log.c.id)
        with self.services.engine.connect() as connection:
            return [dict(row) for row in connection.execute(query).mappings().all()]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def services(database_url: str, clock: FakeClock) -> Iterator[Services]:
    built = bootstrap(Settings(database_url=database_url), clock=clock)
    built.webhooks.resolver = DNS  # webhook receivers resolve from a table: no test asks the system's DNS
    # the API log is written when a test flushes it or the services close, never by its thread in the
    # middle of a test that counts statements
    built.api_log_buffer.interval = HELD
    writes = Writes()
    writes.watch(built.engine)
    yield built
    built.close()
    writes.none()


@pytest.fixture
def vapid_key_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The VAPID key pair (the worker app's push panel shows its public key) made in the test's folder,
    not the working directory."""
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "vapid.pem"))


@pytest.fixture
def world(services: Services) -> World:
    return World(services)


@pytest.fixture
def api(services: Services) -> Iterator[TestClient]:
    """The app over HTTP; every reply a test receives is checked against the OpenAPI document."""
    with TestClient(guarded(create_app(services=services)), base_url="http://testserver") as client:
        client.event_hooks = {"request": [], "response": [_conforms]}
        yield client


def _conforms(response: Any) -> None:
    response.read()
    validate_reply(response)


class Console:
    """Runs ``workforce --db URL ...`` in-process, on the test's services (so on its fake clock);
    returns (exit code, parsed JSON of stdout or stderr)."""

    def __init__(self, database_url: str, services: Services) -> None:
        self.database_url = database_url
        self.services = services
        self.runner = CliRunner()

    def __call__(self, *args: str) -> tuple[int, Any]:
        result = self.runner.invoke(
            cli_app,
            ["--db", self.database_url, *args],
            obj={"db": self.database_url, "services": self.services},
            catch_exceptions=False,
        )
        text = result.stdout if result.exit_code == 0 else result.stderr
        try:
            return result.exit_code, json.loads(text)
        except ValueError:
            return result.exit_code, text


@pytest.fixture
def console(database_url: str, services: Services) -> Console:
    return Console(database_url, services)
