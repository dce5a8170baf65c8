"""No GET or HEAD writes: every request the contract tests send through an app made by :func:`guarded`
is watched, and a statement that inserts, updates or deletes a row while a GET or HEAD is served is
kept and fails the test at its end (the services fixture asks :meth:`Writes.none`).

What a read may write is bookkeeping about the visitor, never a record: the rate limiter's hits
(every request counts, reads included), and the stamp on the visitor's own session or enrolled device
(``last_seen_at``, or the end of one found expired). One record is allowed too: the API log's
(``api_requests``), the log of the requests themselves, GETs included (its writer's thread adds them in
batches, outside any request's transaction, so a GET's own statements still write nothing). A
statement run by the webhook dispatcher or the figures' background pass is not a GET's: those run on
threads of their own, outside the request's context.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping
from contextvars import ContextVar
from typing import Any

from sqlalchemy import Engine, event

Scope = MutableMapping[str, Any]
App = Callable[[Scope, Any, Any], Awaitable[None]]

BOOKKEEPING = frozenset(
    {
        ("INSERT", "rate_limit_hits"),
        ("DELETE", "rate_limit_hits"),
        ("UPDATE", "web_sessions"),
        ("UPDATE", "worker_sessions"),
        ("UPDATE", "kiosk_devices"),
        ("INSERT", "api_requests"),  # the API log: the record of a request, GETs too (see above)
    }
)
WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\s+(?:OR\s+\w+\s+)?(?:INTO\s+|FROM\s+)?\"?(\w+)", re.IGNORECASE)

_reading: ContextVar[str | None] = ContextVar("workforce_test_reading", default=None)


def guarded(app: App) -> App:
    """``app``, with the GETs and HEADs it serves marked as reads for :class:`Writes`."""

    async def marked(scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        token = _reading.set(f"{scope['method']} {scope['path']}")
        try:
            await app(scope, receive, send)
        finally:
            _reading.reset(token)

    return marked


class Writes:
    """The rows written while a read was served, on the engines it watches."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def watch(self, engine: Engine) -> None:
        event.listen(engine, "before_cursor_execute", self._executed)

    def _executed(self, conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        request = _reading.get()
        if request is None:
            return
        written = WRITE.match(statement)
        if written is None:
            return
        verb, table = written.group(1).upper(), written.group(2).lower()
        if (verb, table) not in BOOKKEEPING:
            self.found.append(f"{request} wrote {table}: {' '.join(statement.split())[:160]}")

    def none(self) -> None:
        assert not self.found, "a GET or HEAD wrote:\n" + "\n".join(dict.fromkeys(self.found))
