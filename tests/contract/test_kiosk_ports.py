"""The kiosk ports (``tx.kiosks``, ``tx.kiosk_clocks``), the site's survey (``tx.surveys.for_site``)
and a worker's PIN hash on the memory adapter, SQLite and PostgreSQL: devices found by their token's
hash and listed per account, names unique, a device's clock id answered once (two transactions at once
included)."""

from __future__ import annotations

import threading
from datetime import timedelta

import attrs
import pytest

from tests.contract import test_ports as ports
from tests.contract.test_ports import T0, Backend, _client, _site, _worker
from workforce_core.errors import KioskIdTaken
from workforce_core.model.keys import hash_secret
from workforce_core.model.kiosks import KioskClock, KioskDevice
from workforce_core.model.surveys import Survey, SurveyQuestion

backend = ports.backend  # the port suite's fixture: memory, SQLite, PostgreSQL


def _device(client_id: int, site_id: int, kiosk_id: str, token: str) -> KioskDevice:
    return KioskDevice(
        client_id=client_id, location_id=site_id, kiosk_id=kiosk_id, token_hash=hash_secret(token), created_at=T0
    )


def _answer(device_id: int, cid: str, status: int = 201) -> KioskClock:
    return KioskClock(
        device_id=device_id,
        client_clock_id=cid,
        action="in",
        employee_id="E-1",
        occurred_at=T0,
        received_at=T0 + timedelta(hours=1),
        status=status,
    )


def test_devices_are_found_by_their_tokens_hash_listed_per_account_and_named_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client, rival = _client(tx), _client(tx, "Rival")
        north, south, theirs = _site(tx, client.id), _site(tx, client.id, "South"), _site(tx, rival.id)
        second = tx.kiosks.add(_device(client.id, south.id, "kiosk-b", "t-2"))
        first = tx.kiosks.add(_device(client.id, north.id, "kiosk-a", "t-1"))
        tx.kiosks.add(_device(rival.id, theirs.id, "kiosk-c", "t-3"))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.kiosks.by_token_hash(hash_secret("t-1")) == first
        assert tx.kiosks.by_token_hash(hash_secret("nope")) is None
        assert [d.id for d in tx.kiosks.of_client(client.id)] == [first.id, second.id]  # by site
        assert (tx.kiosks.count_at(north.id), tx.kiosks.count_at(theirs.id)) == (1, 1)
    with backend.uow() as tx:
        with pytest.raises(KioskIdTaken):
            tx.kiosks.add(_device(client.id, north.id, "kiosk-a", "t-4"))
        assert tx.kiosks.add(_device(rival.id, theirs.id, "kiosk-a", "t-5")).id > 0  # a name per account
        revoked = attrs.evolve(first, revoked_at=T0, last_seen_at=T0)
        tx.kiosks.update(revoked)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.kiosks.get(first.id) == revoked
        assert tx.kiosks.count_at(north.id) == 1


def test_a_devices_clock_id_is_answered_once_even_by_two_transactions_at_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        one = tx.kiosks.add(_device(client.id, site.id, "kiosk-1", "a"))
        two = tx.kiosks.add(_device(client.id, site.id, "kiosk-2", "b"))
        tx.commit()
    with backend.uow() as tx:
        kept = tx.kiosk_clocks.add(_answer(one.id, "c-1"))
        assert kept is not None
        assert kept.id > 0
        assert tx.kiosk_clocks.add(_answer(one.id, "c-1", status=409)) is None  # the first answer stands
        assert tx.kiosk_clocks.add(_answer(two.id, "c-1", status=409)) is not None  # another device's id
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.kiosk_clocks.answered(one.id, "c-1") == kept
        assert tx.kiosk_clocks.answered(one.id, "c-2") is None
    start = threading.Barrier(2)
    results: list[bool] = []

    def store(status: int) -> None:
        start.wait()
        with backend.uow() as tx:
            results.append(tx.kiosk_clocks.add(_answer(one.id, "c-9", status)) is not None)
            tx.commit()

    threads = [threading.Thread(target=store, args=(status,)) for status in (201, 200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]


def test_the_sites_survey_is_its_own_active_one_else_the_accounts(backend: Backend) -> None:
    question = (SurveyQuestion(0, "Fit to work?", ("no",)),)
    with backend.uow() as tx:
        client = _client(tx)
        north, south, east = _site(tx, client.id), _site(tx, client.id, "South"), _site(tx, client.id, "East")

        def survey(name: str, site_id: int | None, *, active: bool = True) -> Survey:
            made = Survey(client_id=client.id, name=name, created_at=T0, questions=question, location_id=site_id)
            return tx.surveys.add(attrs.evolve(made, active=active))

        everywhere = survey("All sites", None)
        own = survey("North", north.id)
        survey("North, retired", north.id, active=False)
        survey("South, retired", south.id, active=False)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        found = {s.id: tx.surveys.for_site(client.id, s.id) for s in (north, south, east)}
    assert {site: (survey.id if survey else None) for site, survey in found.items()} == {
        north.id: own.id,
        south.id: everywhere.id,
        east.id: everywhere.id,
    }
    assert found[north.id] is not None
    assert [q.text for q in found[north.id].questions] == ["Fit to work?"]


def test_a_workers_pin_hash_is_kept_beside_has_pin(backend: Backend) -> None:
    with backend.uow() as tx:
        worker = _worker(tx, _client(tx).id)
        tx.workers.update(attrs.evolve(worker, pin_hash="$argon2id$v=19$example", has_pin=True))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        stored = tx.workers.get(worker.id)
    assert stored is not None
    assert (stored.has_pin, stored.pin_hash) == (True, "$argon2id$v=19$example")
