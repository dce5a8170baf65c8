"""Turns at a SQLite file's write lock, taken in this process before ``BEGIN IMMEDIATE``.

SQLite lets one writer in at a time; a second one waits in SQLite's busy handler, which sleeps 1, 2,
5, 10, 15, 20 ... ms between tries, however soon the lock is free. A request's write that met the
background's (figures, notifier, webhooks, the API log) so slept past the lock's release: 12% of a
clock-in's time under load went in its BEGIN. The writers of one process now queue on a lock of the
process for that file, each woken the moment the one before commits or rolls back; SQLite's own lock
still keeps writers of other processes apart.

A turn is taken when a write transaction begins (``take``) and given back when the connection commits
or rolls back, or is returned to the pool or dropped without either (``give_back``); a connection
holds at most one. A writer that waits longer than ``WAIT`` goes on without a turn, to SQLite's
own wait, as before (a thread that opens a second write while holding the first meets that wait).
"""

from __future__ import annotations

import threading
from typing import Any

WAIT = 30.0  # seconds: SQLite's busy timeout (``engine``) and no less
HELD = "workforce_writer_turn"  # on a pooled connection's info: the turn it holds

_turns: dict[str, threading.Lock] = {}
_guard = threading.Lock()


def turns_for(path: str) -> threading.Lock:
    """The process's lock for the database file at ``path`` (one for every engine on that file)."""
    with _guard:
        return _turns.setdefault(path, threading.Lock())


def take(turn: threading.Lock, connection: Any) -> None:
    """Wait for ``turn`` and note it on ``connection`` (a pooled connection: its ``info`` outlives the
    checkout); after ``WAIT`` go on without it."""
    if turn.acquire(timeout=WAIT):
        connection.info[HELD] = turn


def give_back(connection: Any) -> None:
    """Give back the turn ``connection`` holds, if it holds one."""
    try:
        turn = connection.info.pop(HELD, None)
    except NotImplementedError:  # SQLAlchemy's first connect, outside the pool, holds none
        return
    if turn is not None:
        turn.release()
