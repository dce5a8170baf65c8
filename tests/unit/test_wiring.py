"""Services are wired once: ``Services.run`` gives a use case every service it names, and no entry module
passes one itself (a ``uow=``, ``clock=``, ``queries=``... keyword at a call site)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from attrs import evolve

import workforce_core.services
from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from workforce_core import ports
from workforce_core.model.principal import Principal
from workforce_core.services import console_reads, idempotency
from workforce_core.services.auth import authenticate
from workforce_entrypoints.bootstrap import INJECTOR, NAMES, SERVICES, Services, Settings, bootstrap
from workforce_entrypoints.injection import GivenService, wanted

NOW = datetime(2026, 5, 11, 12, 0, tzinfo=UTC)
SOURCES = Path(__file__).parents[2] / "src" / "entrypoints"
# The entry folders whose calls must leave the services to ``Services.run`` (all but the composition root).
CHECKED = ["http", "cli", "web", "serving"]
# Replacing a service in the wiring is wiring (``evolve(services, uow=held)``), not a call that passes one.
REWIRING = {"evolve"}


@pytest.fixture
def services() -> Iterator[tuple[Services, FakeDatabase]]:
    database = FakeDatabase()
    built = bootstrap(Settings(database_url="sqlite://"), clock=FakeClock(NOW))
    yield evolve(built, uow=FakeUnitOfWorkFactory(database)), database
    built.close()


def test_a_use_case_is_given_the_services_it_names(services: tuple[Services, FakeDatabase]) -> None:
    s, database = services
    client = database.add_client()
    issued = database.add_key(client.id, ("workers:read",))
    principal = s.run(authenticate, issued.secret)  # uow and clock from the services
    assert principal.client_id == client.id
    assert principal.key is not None
    assert principal.key.id == issued.key.id
    operator: Principal = s.run(console_reads.operator, client.id)  # uow and now (the clock's time)
    assert operator.client_id == client.id
    assert operator.key is None


def test_a_service_given_at_the_call_is_refused(services: tuple[Services, FakeDatabase]) -> None:
    s, database = services
    client = database.add_client()
    with pytest.raises(GivenService, match="operator was given now"):
        s.run(console_reads.operator, client.id, now=NOW)


def test_each_service_is_made_from_the_services_at_the_call(services: tuple[Services, FakeDatabase]) -> None:
    s, _ = services
    assert s.provide("uow") is s.uow
    assert s.provide("clock") is s.clock
    assert s.provide("now") == NOW
    assert s.provide("offline_limit") == s.settings.offline_clock_limit
    assert s.provide("trusted") == s.webhooks.trusted_networks
    assert s.provide("files") is s.files
    later = evolve(s, clock=FakeClock(datetime(2026, 6, 1, tzinfo=UTC)))
    assert later.provide("now") == datetime(2026, 6, 1, tzinfo=UTC)  # a rewired copy gives its own


def test_only_keyword_only_parameters_are_filled_and_read_once() -> None:
    assert wanted(authenticate, NAMES) == ("uow", "clock")
    assert wanted(idempotency.begin, NAMES) == ("uow",)  # its positional ``now`` is the caller's
    assert INJECTOR.plan(authenticate) is INJECTOR.plan(authenticate)  # the signature is read once


def _keyword_parameters() -> Iterator[tuple[str, str, set[str]]]:
    """(use case, parameter, the names in its annotation) for each keyword-only parameter of a public use case."""
    folder = Path(workforce_core.services.__file__).parent
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                for argument in node.args.kwonlyargs:
                    annotation = argument.annotation or ast.Constant(None)
                    named = {n.id for n in ast.walk(annotation) if isinstance(n, ast.Name)}
                    yield f"{path.stem}.{node.name}", argument.arg, named


def test_every_port_a_use_case_asks_for_is_a_known_service() -> None:
    """A use case that takes a port by keyword gets it from the wiring: a new port is named in SERVICES."""
    port_names = set(ports.__all__)
    unknown = {
        f"{case}({name})" for case, name, named in _keyword_parameters() if named & port_names and name not in NAMES
    }
    assert unknown == set()
    asked = {name for _, name, _ in _keyword_parameters()}
    assert NAMES - asked == set()  # and every service named is asked for by some use case


def given_services(source: str, where: str = "<test>") -> list[str]:
    """``path:line name=`` for each call in ``source`` that passes a service by keyword itself (a call of a
    function imported from an adapter is not a use case's: an adapter takes what it needs)."""
    tree = ast.parse(source)
    adapters = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("workforce_adapters")
        for alias in node.names
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        callee = node.func.id if isinstance(node.func, ast.Name) else None
        if callee in REWIRING or callee in adapters:
            continue
        found += [f"{where}:{node.lineno} {k.arg}=" for k in node.keywords if k.arg in SERVICES]
    return found


def test_the_check_finds_a_service_given_by_keyword() -> None:
    source = "clock_worker(command, principal=p, uow=s.uow, clock=s.clock)\ns.run(clock_worker, command, principal=p)\n"
    assert given_services(source) == ["<test>:1 uow=", "<test>:1 clock="]
    assert given_services("from workforce_adapters.webhooks.signing import verify\nverify(b, now=t)\n") == []
    assert given_services("evolve(services, uow=held)\n") == []


@pytest.mark.parametrize("folder", CHECKED)
def test_no_entry_module_passes_a_service_itself(folder: str) -> None:
    modules = sorted((SOURCES / folder).rglob("*.py"))
    assert modules, f"no modules under {folder}"
    found = [hit for path in modules for hit in given_services(path.read_text(encoding="utf-8"), path.name)]
    assert found == []
