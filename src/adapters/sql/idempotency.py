"""Idempotency-Key records in the database, so a replay holds across server processes.

A request that holds a claim runs in ``SqlKeyedWork``: its write unit of work does not commit when
the use case says so; the reply is written to the claim's record through the same connection and
then both commit at once. A process killed before that commit leaves nothing done (the claim's
lease lapses and a retry runs); killed after it, the retry replays.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from workforce_adapters.sql.tables import idempotency_keys as records
from workforce_adapters.sql.unit_of_work import SqlUnitOfWork
from workforce_core.ports import Claim, StoredReply
from workforce_core.ports.idempotency import RETENTION
from workforce_core.ports.outbox import EventCodec


def _where(owner: int, key: str) -> tuple[ColumnElement[bool], ColumnElement[bool]]:
    return records.c.api_key_id == owner, records.c.key == key


class SqlIdempotencyStore:
    """Claims and stored replies; a claim's work runs in units of work whose events ``event_codec`` keeps."""

    def __init__(self, engine: Engine, *, event_codec: EventCodec) -> None:
        self.engine = engine
        self.event_codec = event_codec
        self.insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert

    def claim(self, owner: int, key: str, fingerprint: str, *, now: datetime, lease_seconds: int) -> Claim:
        lease = now + timedelta(seconds=lease_seconds)
        fresh = {
            "fingerprint": fingerprint,
            "state": "running",
            "status": None,
            "headers": None,
            "body": None,
            "created_at": now,
            "lease_until": lease,
        }
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            inserted = connection.execute(
                self.insert(records)
                .values(api_key_id=owner, key=key, **fresh)
                .on_conflict_do_nothing()
                .returning(records.c.key)
            ).first()
            if inserted is not None:
                return Claim("new", lease_until=lease)
            row = connection.execute(select(records).where(*_where(owner, key)).with_for_update()).mappings().one()
            if row["created_at"] + RETENTION <= now:
                connection.execute(update(records).where(*_where(owner, key)).values(**fresh))
                return Claim("new", lease_until=lease)
            if row["fingerprint"] != fingerprint:
                return Claim("mismatch")
            if row["state"] == "done":
                headers = tuple((name, value) for name, value in row["headers"])
                return Claim("replay", StoredReply(row["status"], headers, bytes(row["body"])))
            if row["lease_until"] > now:
                return Claim("in_progress")
            connection.execute(update(records).where(*_where(owner, key)).values(lease_until=lease))
            return Claim("new", lease_until=lease)

    def work(self, owner: int, key: str, claim: Claim) -> SqlKeyedWork:
        assert claim.lease_until is not None, "only a new claim has work"
        return SqlKeyedWork(self.engine, owner, key, claim.lease_until, self.event_codec)

    def purge(self, before: datetime) -> int:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            return int(connection.execute(delete(records).where(records.c.created_at < before)).rowcount)


class SqlKeyedWork:
    """The units of work of one request holding a claim; the claim is named by its lease, so a
    holder whose lease lapsed (and was taken over by a retry) can neither keep nor let go of it."""

    def __init__(self, engine: Engine, owner: int, key: str, lease_until: datetime, event_codec: EventCodec) -> None:
        self.engine = engine
        self.event_codec = event_codec
        self.owner = owner
        self.key = key
        self.lease_until = lease_until
        self.held: SqlUnitOfWork | None = None

    def __call__(self, *, read_only: bool = False) -> SqlUnitOfWork:
        if read_only:
            return SqlUnitOfWork(self.engine, event_codec=self.event_codec, read_only=True)
        if self.held is not None:
            raise RuntimeError("a request sent with an Idempotency-Key commits at most one change")
        return SqlUnitOfWork(self.engine, event_codec=self.event_codec, hold=self._hold)

    def _hold(self, uow: SqlUnitOfWork) -> None:
        self.held = uow

    def _mine(self) -> tuple[Any, ...]:
        return (*_where(self.owner, self.key), records.c.state == "running", records.c.lease_until == self.lease_until)

    def _store(self, connection: Connection, reply: StoredReply) -> bool:
        values = {
            "state": "done",
            "status": reply.status,
            "headers": [list(h) for h in reply.headers],
            "body": reply.body,
        }
        return connection.execute(update(records).where(*self._mine()).values(**values)).rowcount == 1

    def keep(self, reply: StoredReply) -> bool:
        held, self.held = self.held, None
        if held is None:
            with self.engine.connect().execution_options(write=True) as connection, connection.begin():
                return self._store(connection, reply)
        try:
            if not self._store(held.connection, reply):
                return False  # closing rolls the change back
            held.transaction.commit()
            return True
        finally:
            held.close()

    def drop(self) -> None:
        held, self.held = self.held, None
        if held is not None:
            held.close()
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(delete(records).where(*self._mine()))
