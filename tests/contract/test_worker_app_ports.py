"""The port contract of the worker app's repositories, on memory, SQLite and PostgreSQL: workers'
sessions by token hash and ended all at once, sign-in links claimed once, a client's sites."""

from __future__ import annotations

from datetime import timedelta

from tests.contract.test_ports import T0, Backend, _client, _site, _worker, backend
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession

__all__ = ["backend"]  # the suite's fixture: memory, SQLite and PostgreSQL


def test_worker_sessions_are_found_by_token_hash_and_ended_all_at_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        ann, bob = _worker(tx, client.id, "E-1"), _worker(tx, client.id, "E-2")
        first = tx.worker_sessions.add(WorkerSession(ann.id, client.id, "a" * 64, "c1", "abc123def456", T0, T0))
        tx.worker_sessions.add(WorkerSession(ann.id, client.id, "b" * 64, "c2", "abc123def456", T0, T0))
        kept = tx.worker_sessions.add(WorkerSession(bob.id, client.id, "c" * 64, "c3", "zzz123def456", T0, T0))
        tx.commit()
    with backend.uow() as tx:
        assert tx.worker_sessions.by_token_hash("a" * 64) == first
        assert tx.worker_sessions.by_token_hash("d" * 64) is None
        assert tx.worker_sessions.end_all(ann.id, T0 + timedelta(hours=1)) == 2
        tx.commit()
    with backend.uow(read_only=True) as tx:
        ended = tx.worker_sessions.by_token_hash("b" * 64)
        assert ended is not None
        assert ended.ended_at == T0 + timedelta(hours=1)
        assert tx.worker_sessions.by_token_hash("c" * 64) == kept


def test_a_sign_in_link_is_claimed_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id)
        link = tx.worker_app_links.add(WorkerAppLink(ann.id, client.id, "e" * 64, T0, T0 + timedelta(days=2)))
        tx.commit()
    with backend.uow() as tx:
        assert tx.worker_app_links.by_token_hash("e" * 64) == link
        assert tx.worker_app_links.claim(link.id, T0 + timedelta(minutes=5))
        assert not tx.worker_app_links.claim(link.id, T0 + timedelta(minutes=6))
        tx.commit()
    with backend.uow() as tx:
        assert not tx.worker_app_links.claim(link.id, T0 + timedelta(minutes=7))
        stored = tx.worker_app_links.get(link.id)
        assert stored is not None
        assert stored.used_at == T0 + timedelta(minutes=5)


def test_a_clients_sites_come_by_id_and_no_other_clients(backend: Backend) -> None:
    with backend.uow() as tx:
        acme, other = _client(tx), _client(tx, "Other")
        north = _site(tx, acme.id, "North")
        _site(tx, other.id, "Elsewhere")
        south = _site(tx, acme.id, "South")
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.locations.of_client(acme.id) == [north, south]
