"""The bare baseline: a Starlette app that serves, from memory, the very replies the product gave (body
and headers), and for ``POST /clock.php`` inserts one row into SQLite through SQLAlchemy, then replies
with the product's bytes.

``python -m benchmarks.bare_server --port P REPLIES_DIR`` serves it through ``workforce serve``'s own
uvicorn call (``serve._serve``) with only the application swapped, so both servers run under the same
uvicorn settings (protocol class, keep-alive, concurrency limit, head size, one process, log level)
by construction, now and after any change to them.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any
from unittest.mock import patch

import uvicorn
from sqlalchemy import Column, Integer, MetaData, String, Table, insert
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from workforce_adapters.sql.engine import make_engine
from workforce_entrypoints.cli import serve
from workforce_entrypoints.cli.request_head import DEFAULT_HEADER_SECONDS, HEADER_TIMEOUT_ENV

REPLIES_ENV = "WORKFORCE_BENCH_REPLIES"
READS = ("timesheets", "workers")
SKIPPED_HEADERS = {"content-length", "date", "connection"}

metadata = MetaData()
clockings = Table(
    "clockings",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("worker_id", Integer, nullable=False),
    Column("action", String(3), nullable=False),
)


def save_reply(directory: Path, name: str, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
    """Keep one product reply for the bare app to serve."""
    (directory / f"{name}.body").write_bytes(body)
    kept = [(k, v) for k, v in headers if k.lower() not in SKIPPED_HEADERS]
    (directory / f"{name}.head.json").write_text(json.dumps({"status": status, "headers": kept}))


def _reply(directory: Path, name: str) -> Response:
    head = json.loads((directory / f"{name}.head.json").read_text())
    response = Response((directory / f"{name}.body").read_bytes(), status_code=head["status"])
    response.raw_headers = [
        *[(k.lower().encode(), v.encode()) for k, v in head["headers"]],
        (b"content-length", str(len(response.body)).encode()),
    ]
    return response


def create_app() -> Starlette:
    directory = Path(os.environ[REPLIES_ENV])
    kept = [name for name in (*READS, "clock") if (directory / f"{name}.body").is_file()]  # those measured
    replies = {name: _reply(directory, name) for name in kept}
    engine = make_engine(f"sqlite:///{directory / 'bare.db'}")
    metadata.create_all(engine)

    def insert_one(worker_id: int, action: str) -> None:
        with engine.begin() as connection:
            connection.execute(insert(clockings).values(worker_id=worker_id, action=action))

    def read(name: str) -> Any:
        async def endpoint(request: Request) -> Response:
            return replies[name]

        return endpoint

    async def clock(request: Request) -> Response:
        body = await request.json()
        await run_in_threadpool(insert_one, int(body["worker_id"]), str(body["action"]))
        return replies["clock"]

    async def me(request: Request) -> Response:  # what ``wait_until_serving`` asks
        return Response(b'{"error_code":"unauthorized"}', status_code=401, media_type="application/json")

    routes = [Route(f"/api/v1/{name}.php", read(name)) for name in READS]
    routes += [Route("/api/v1/clock.php", clock, methods=["POST"]), Route("/api/v1/me.php", me)]
    return Starlette(routes=routes)


def main(port: int, replies: Path) -> None:
    os.environ[REPLIES_ENV] = str(replies)
    os.environ.setdefault(HEADER_TIMEOUT_ENV, str(DEFAULT_HEADER_SECONDS))  # as ``serve`` sets it
    run = uvicorn.run

    def run_bare(app: str, **settings: Any) -> None:
        run("benchmarks.bare_server:create_app", **settings)

    with patch.object(uvicorn, "run", run_bare):  # serve's very call, another application
        serve._serve("127.0.0.1", port, 1, [], serve.DEFAULT_LIMIT_CONCURRENCY)


if __name__ == "__main__":
    main(int(sys.argv[1]), Path(sys.argv[2]))
