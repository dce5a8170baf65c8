"""The no-show port (``tx.no_shows``) on the memory adapter, SQLite and PostgreSQL: which bookings are due,
which were clocked against, and a record that holds once per booking, two transactions at once included."""

from __future__ import annotations

import threading
from datetime import timedelta

from tests.contract import test_ports as ports
from tests.contract.test_ports import T0, Backend, _booking, _client, _shift, _site, _worker
from workforce_core.model.no_shows import NoShowNotice

backend = ports.backend  # the port suite's fixture: memory, SQLite, PostgreSQL


def test_due_bookings_are_published_started_in_the_window_and_not_yet_noticed(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other_client = _client(tx), _client(tx, "Rival")
        site, their_site = _site(tx, client.id), _site(tx, other_client.id)
        ann, tom = _worker(tx, client.id), _worker(tx, other_client.id, employee_id="T-1")
        late = _booking(tx, ann, site, T0 + timedelta(hours=2), 4)
        early = _booking(tx, ann, site, T0, 1)
        theirs = _booking(tx, tom, their_site, T0 + timedelta(hours=1), 4)
        _booking(tx, ann, site, T0 + timedelta(hours=3), 1, status="draft")
        _booking(tx, ann, site, T0 + timedelta(hours=4), 1, status="cancelled")
        _booking(tx, ann, site, T0 + timedelta(hours=5), 1, status="completed")
        _booking(tx, ann, site, T0 - timedelta(hours=1), 4)  # before the window
        _booking(tx, ann, site, T0 + timedelta(hours=6), 1)  # at the window's end: not yet
        noticed = _booking(tx, ann, site, T0 + timedelta(minutes=30), 1)
        assert tx.no_shows.record(NoShowNotice(noticed.id, client.id, T0)) is True
        tx.commit()
    with backend.uow(read_only=True) as tx:
        due = tx.no_shows.due(T0, T0 + timedelta(hours=6))
    assert [b.id for b in due] == [early.id, theirs.id, late.id]  # by start, every client
    assert due[0] == early


def test_clocked_names_the_bookings_a_shift_was_clocked_against(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann = _worker(tx, client.id)
        worked, open_one, unworked = (_booking(tx, ann, site, T0 + timedelta(days=n), 4) for n in range(3))
        shift = _shift(tx, ann, T0, 4, scheduled_shift_id=worked.id)
        _shift(tx, ann, T0 + timedelta(days=1), None, scheduled_shift_id=open_one.id)
        _shift(tx, ann, T0 + timedelta(hours=1), 0.5, entry_type="break", parent_id=shift.id)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.no_shows.clocked([worked.id, open_one.id, unworked.id]) == {worked.id, open_one.id}
        assert tx.no_shows.clocked([]) == set()


def test_a_notice_is_recorded_once_and_a_rollback_keeps_none(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        booking = _booking(tx, _worker(tx, client.id), _site(tx, client.id), T0, 4)
        tx.commit()
    with backend.uow() as tx:
        assert tx.no_shows.record(NoShowNotice(booking.id, client.id, T0)) is True
        tx.rollback()
    with backend.uow() as tx:
        assert tx.no_shows.record(NoShowNotice(booking.id, client.id, T0)) is True
        assert tx.no_shows.record(NoShowNotice(booking.id, client.id, T0)) is False
        tx.commit()
    with backend.uow() as tx:
        assert tx.no_shows.record(NoShowNotice(booking.id, client.id, T0 + timedelta(minutes=1))) is False
        assert tx.no_shows.due(T0, T0 + timedelta(hours=1)) == []


def test_two_transactions_recording_one_notice_at_once_store_it_once(backend: Backend) -> None:
    """The second waits for the first (a row lock on PostgreSQL, the write lock on SQLite and in memory)
    and is then told the notice exists."""
    with backend.uow() as tx:
        client = _client(tx)
        booking = _booking(tx, _worker(tx, client.id), _site(tx, client.id), T0, 4)
        tx.commit()
    answers: list[bool] = []
    first_recorded = threading.Event()

    def second() -> None:
        first_recorded.wait(timeout=10)
        with backend.uow() as tx:
            answers.append(tx.no_shows.record(NoShowNotice(booking.id, client.id, T0)))
            tx.commit()

    rival = threading.Thread(target=second)
    rival.start()
    with backend.uow() as tx:
        answers.append(tx.no_shows.record(NoShowNotice(booking.id, client.id, T0)))
        first_recorded.set()
        rival.join(timeout=0.5)  # it is held up behind this open transaction
        tx.commit()
    rival.join(timeout=10)
    assert answers == [True, False]
