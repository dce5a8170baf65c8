"""Shared fixtures: the two databases every storage test runs on."""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.databases import PostgresSchema, SqliteTemplate, postgres_database
from tests.sqlite_mirror import mirrored_queries
from workforce_adapters.memory import MemoryStore
from workforce_adapters.sql.queries import SqlQueries

# Hypothesis: reproducible in CI (the same examples every run, so a red CI is red again on a re-run and
# locally with HYPOTHESIS_PROFILE=ci); random locally, where its example database keeps what failed.
settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
# `make mutation`: the same examples for every mutant, and no deadline or too_slow check (2 children on a
# busy machine must not pass a mutant off as killed by a slow example); no shrinking: a failing example kills
# the mutant as it is, where shrinking it could outrun mutmut's time limit and count as a timeout instead
settings.register_profile(
    "mutation",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
# Every write a request or the command line makes for someone must leave an audit row naming them: in the
# tests such a write with none fails (``bootstrap.Services.strict_audit``), also in the servers they start.
os.environ.setdefault("WORKFORCE_AUDIT_STRICT", "1")

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session", autouse=True)
def hypothesis_warmed() -> None:
    """Hypothesis's one-time work in a process, done before the first test rather than inside its first
    examples: the first draw of a text builds its Unicode tables, and the first draw of a text or number reads
    the constants of every module imported so far (half a second for this tree, more with a cold
    ``.hypothesis`` cache on a busy machine), which the too_slow health check would lay on whichever test
    draws first. Collection has imported the tests' modules by now; later imports are read as they come."""

    @settings(max_examples=1, database=None, suppress_health_check=list(HealthCheck), deadline=None)
    @given(st.text(min_size=1), st.integers(), st.floats(), st.binary())
    def warm(text: str, number: int, real: float, raw: bytes) -> None:
        pass

    warm()


LOOPBACK = ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128")
_connect = socket.socket.connect
_connect_ex = socket.socket.connect_ex


def _only_loopback(address: object) -> None:
    """Tests send traffic only to this machine: a connection to any other address is refused here,
    before a packet leaves (a webhook test that resolved a name to a public address, say)."""
    if isinstance(address, tuple) and isinstance(address[0], str):
        try:
            ip = ipaddress.ip_address(address[0].split("%")[0])
        except ValueError:
            return  # a name: resolved by the caller's own check; unix sockets are not tuples
        if not any(ip in network for network in LOOPBACK):
            raise ConnectionRefusedError(f"tests connect only to loopback, not {address[0]}")


def _guarded_connect(self: socket.socket, address: object) -> None:
    _only_loopback(address)
    _connect(self, address)  # type: ignore[arg-type]


def _guarded_connect_ex(self: socket.socket, address: object) -> int:
    _only_loopback(address)
    return _connect_ex(self, address)  # type: ignore[arg-type]


@pytest.fixture(scope="session", autouse=True)
def loopback_only() -> Iterator[None]:
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign]
    yield
    socket.socket.connect = _connect  # type: ignore[method-assign]
    socket.socket.connect_ex = _connect_ex  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> SqliteTemplate:
    return SqliteTemplate(Path(tmp_path_factory.mktemp("sqlite")))


@pytest.fixture(scope="session")
def postgres_schema() -> Iterator[PostgresSchema]:
    base, own = postgres_database()
    try:
        created = PostgresSchema(base)
        yield created
        created.drop()
    finally:
        if own is not None:
            own.drop()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """A migrated, empty database: each test runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        return template.fresh_url()
    schema: PostgresSchema = request.getfixturevalue("postgres_schema")
    return schema.fresh_url()


Mirror = Callable[[MemoryStore], SqlQueries]


@pytest.fixture
def mirror(sqlite_template: SqliteTemplate) -> Mirror:
    """``mirror(store)``: the SQL read models over a SQLite copy of the memory store's committed rows."""
    return lambda store: mirrored_queries(store, sqlite_template)
