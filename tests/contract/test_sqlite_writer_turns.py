"""SQLite's writers of one process take turns at a lock of the process (``writer_turns``): a turn is
held from a write transaction's BEGIN to its commit or rollback, however the transaction ends, a
reader takes none, and a writer that waits is let in as soon as the one before ends, not after SQLite's
busy handler has slept its 1, 2, 5, 10 ... ms."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, Engine, text

from tests.databases import SqliteTemplate
from workforce_adapters.sql import writer_turns
from workforce_adapters.sql.engine import make_engine


@pytest.fixture
def database(sqlite_template: SqliteTemplate) -> Iterator[tuple[Engine, threading.Lock]]:
    url = sqlite_template.fresh_url()
    engine = make_engine(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE turns (at INTEGER)"))
    yield engine, writer_turns.turns_for(os.path.realpath(url.removeprefix("sqlite:///")))
    engine.dispose()


def writing(engine: Engine) -> Connection:
    return engine.connect().execution_options(write=True)


def test_a_write_holds_the_turn_until_it_commits(database: tuple[Engine, threading.Lock]) -> None:
    engine, turn = database
    with writing(engine) as connection:
        with connection.begin():
            connection.execute(text("INSERT INTO turns VALUES (1)"))
            assert turn.locked()
        assert not turn.locked()
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM turns")).scalar_one() == 1


def test_a_write_gives_the_turn_back_when_it_rolls_back_or_is_dropped(database: tuple[Engine, threading.Lock]) -> None:
    engine, turn = database
    with writing(engine) as connection:
        refused = connection.begin()
        connection.execute(text("INSERT INTO turns VALUES (1)"))
        refused.rollback()
        assert not turn.locked()
        connection.begin()
        connection.execute(text("INSERT INTO turns VALUES (2)"))
        assert turn.locked()
    assert not turn.locked()  # closed with its transaction open: rolled back, the turn given back
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM turns")).scalar_one() == 0


def test_a_read_takes_no_turn(database: tuple[Engine, threading.Lock]) -> None:
    engine, _ = database
    with writing(engine) as writer, writer.begin():
        writer.execute(text("INSERT INTO turns VALUES (1)"))
        with engine.connect() as reader, reader.begin():  # WAL: a reader does not wait for the writer
            assert reader.execute(text("SELECT count(*) FROM turns")).scalar_one() == 0


def test_every_engine_on_the_file_shares_the_turn(database: tuple[Engine, threading.Lock]) -> None:
    engine, turn = database
    other = make_engine(str(engine.url))
    try:
        with writing(other) as connection, connection.begin():
            connection.execute(text("INSERT INTO turns VALUES (1)"))
            assert turn.locked()
    finally:
        other.dispose()
    assert not turn.locked()


def test_a_waiting_writer_goes_in_once_the_turn_is_given_back(database: tuple[Engine, threading.Lock]) -> None:
    engine, turn = database
    other = make_engine(str(engine.url))  # the background's engine beside the requests'
    began = threading.Event()
    entered: list[int] = []

    def second() -> None:
        began.wait()
        with writing(other) as connection, connection.begin():
            entered.append(connection.execute(text("SELECT count(*) FROM turns")).scalar_one())
            connection.execute(text("INSERT INTO turns VALUES (2)"))

    try:
        thread = threading.Thread(target=second)
        thread.start()
        with writing(engine) as connection, connection.begin():
            connection.execute(text("INSERT INTO turns VALUES (1)"))
            began.set()
            time.sleep(0.1)  # the second writer is waiting for the turn now
            assert not entered
        thread.join(10)
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT at FROM turns ORDER BY rowid")).scalars().all()
    finally:
        other.dispose()
    assert rows == [1, 2]  # one after the other, neither refused
    assert entered == [1]  # the second began once the first had committed: it saw its row
    assert not turn.locked()
