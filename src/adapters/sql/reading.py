"""One connection and one read transaction for a whole read request.

``one_read(engine)`` opens a connection, begins a read transaction (SQLite: ``BEGIN DEFERRED``; a
snapshot from its first statement, since the database runs in WAL mode) and pins it to the running
context; until the block ends, every read of the read models (``connection``) and every read-only
unit of work on that engine uses it, so a page, its figures and the key that opened it are read in one
checkout and one snapshot. A unit of work that would write inside the block is refused
(``WriteInRead``): a request read in one snapshot must not change what it reads.

``one_connection(engine)`` is the write requests' lighter form: one checkout for the whole request,
no transaction held between its units of work; each unit of work opened while the connection is idle
(the key's read, then the use case's write) begins and ends its own transaction on it, so a request
checks a connection out and back once (one unit of work opened inside another takes a connection of
its own).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from sqlalchemy import Connection, Engine

_pinned: ContextVar[Connection | None] = ContextVar("workforce_read_connection", default=None)
_lent: ContextVar[Connection | None] = ContextVar("workforce_request_connection", default=None)


class WriteInRead(RuntimeError):
    """A writing unit of work was opened inside ``one_read``: the read would not see its own write."""


def pinned(engine: Engine) -> Connection | None:
    """The read connection pinned to this context for ``engine``, if there is one."""
    connection = _pinned.get()
    return connection if connection is not None and connection.engine is engine else None


@contextmanager
def connection(engine: Engine) -> Iterator[Connection]:
    """The pinned read connection, else a connection of the engine's own for this block."""
    held = pinned(engine)
    if held is not None:
        yield held
        return
    with engine.connect() as own:
        yield own


@contextmanager
def one_read(engine: Engine) -> Iterator[None]:
    """Every read of this block on ``engine`` in one connection and one read transaction."""
    if pinned(engine) is not None:
        yield
        return
    with engine.connect() as held, held.begin():
        token = _pinned.set(held)
        try:
            yield
        finally:
            _pinned.reset(token)


@contextmanager
def one_connection(engine: Engine) -> Iterator[None]:
    """Every unit of work of this block on ``engine`` on one connection, each in a transaction of its own."""
    if _lent.get() is not None or pinned(engine) is not None:
        yield
        return
    with engine.connect() as lent:
        token = _lent.set(lent)
        try:
            yield
        finally:
            _lent.reset(token)


def idle(engine: Engine) -> Connection | None:
    """The connection ``one_connection`` lent this context for ``engine``, when no transaction is open on it."""
    connection = _lent.get()
    if connection is None or connection.engine is not engine or connection.in_transaction():
        return None
    return connection


def refuse_write(engine: Engine) -> None:
    if pinned(engine) is not None:
        raise WriteInRead("a writing unit of work inside a read request")
