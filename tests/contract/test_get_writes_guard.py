"""The guard every contract test runs under (``reads_write_nothing``) sees a GET that writes a record,
and lets a POST write and a GET keep its bookkeeping."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Column, Integer, MetaData, Table, create_engine, insert
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from tests.contract.reads_write_nothing import Writes, guarded

metadata = MetaData()
records = Table("records", metadata, Column("id", Integer, primary_key=True))
hits = Table("rate_limit_hits", metadata, Column("id", Integer, primary_key=True))


def test_a_get_that_inserts_a_record_is_caught_and_a_post_or_bookkeeping_is_not(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'guard.db'}")
    metadata.create_all(engine)
    writes = Writes()
    writes.watch(engine)

    def write(request: Request) -> PlainTextResponse:
        with engine.begin() as connection:
            connection.execute(insert(hits if request.query_params.get("hit") else records))
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/write", write, methods=["GET", "POST"])])
    with TestClient(guarded(app)) as client:
        assert client.post("/write").status_code == 200
        assert client.get("/write?hit=1").status_code == 200
        writes.none()  # a POST's record and a GET's rate-limit hit are allowed
        assert client.get("/write").status_code == 200
    assert len(writes.found) == 1
    assert writes.found[0].startswith("GET /write wrote records: INSERT INTO records")
    engine.dispose()
