"""A server process that dies at a chosen point of a write: the fault hook of the crash tests.

``python -m tests.contract.crash_server DATABASE_URL PORT POINT``, POINT one of:

- ``storing``: dies the moment the reply of a request sent with an Idempotency-Key is written to
  its record (the use case has run; the reply is built but not yet kept);
- ``replying``: dies when the reply of a POST is about to be sent (everything is stored);
- ``never``: a plain server.

``os._exit`` ends the process at once, as a kill would: no cleanup, no rollback, no reply.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import uvicorn
from sqlalchemy import event

from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap

KILLED = 137


def _die_when_storing_a_reply(engine: Any) -> None:
    @event.listens_for(engine, "before_cursor_execute")
    def _storing(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        text = " ".join(statement.split()).upper()
        if text.startswith("UPDATE IDEMPOTENCY_KEYS SET STATE"):
            os._exit(KILLED)


class _DieBeforeReplying:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def send_or_die(message: Any) -> None:
            if message["type"] == "http.response.start" and scope.get("method") == "POST":
                os._exit(KILLED)
            await send(message)

        await self.app(scope, receive, send_or_die)


def main() -> None:
    url, port, point = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    services = bootstrap(Settings(database_url=url))
    if point == "storing":
        _die_when_storing_a_reply(services.engine)
    app: Any = create_app(services=services)
    if point == "replying":
        app = _DieBeforeReplying(app)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
