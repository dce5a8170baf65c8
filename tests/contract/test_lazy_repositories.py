"""A unit of work builds a repository when a use case first asks for it, not all of them per transaction."""

from __future__ import annotations

from workforce_adapters.json import event_codec
from workforce_adapters.memory import MemoryUnitOfWorkFactory
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.ports import UnitOfWork, UnitOfWorkFactory

REPOSITORIES = sorted(name for name, member in vars(UnitOfWork).items() if isinstance(member, property))


def _built(tx: UnitOfWork) -> set[str]:
    return {name for name in REPOSITORIES if name in vars(tx)}


def _check(uow: UnitOfWorkFactory) -> None:
    with uow(read_only=True) as tx:
        assert _built(tx) == set()
        tx.clients.get(1)
        assert _built(tx) == {"clients"}
        assert tx.clients is tx.clients  # built once per transaction
    with uow(read_only=True) as other:
        assert _built(other) == set()  # and again in the next


def test_the_memory_unit_of_work_builds_repositories_when_first_used() -> None:
    _check(MemoryUnitOfWorkFactory(event_codec=event_codec))


def test_the_sql_unit_of_work_builds_repositories_when_first_used(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        _check(SqlUnitOfWorkFactory(engine, event_codec=event_codec))
    finally:
        engine.dispose()


def test_the_port_lists_every_repository() -> None:
    assert len(REPOSITORIES) > 25
    assert {"clients", "figures", "outbox"} <= set(REPOSITORIES)
