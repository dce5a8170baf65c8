"""Idempotency-Key records in the database, so a replay holds across server processes."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, Engine, delete, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from workforce_adapters.sql.tables import idempotency_keys as records
from workforce_core.ports import Claim, StoredReply
from workforce_core.ports.idempotency import RETENTION


class SqlIdempotencyStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.insert = pg_insert if engine.dialect.name == "postgresql" else sqlite_insert

    def _where(self, owner: int, key: str) -> tuple[ColumnElement[bool], ColumnElement[bool]]:
        return records.c.api_key_id == owner, records.c.key == key

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
                return Claim("new")
            row = connection.execute(select(records).where(*self._where(owner, key)).with_for_update()).mappings().one()
            if row["created_at"] + RETENTION <= now:
                connection.execute(update(records).where(*self._where(owner, key)).values(**fresh))
                return Claim("new")
            if row["fingerprint"] != fingerprint:
                return Claim("mismatch")
            if row["state"] == "done":
                headers = tuple((name, value) for name, value in row["headers"])
                return Claim("replay", StoredReply(row["status"], headers, bytes(row["body"])))
            if row["lease_until"] > now:
                return Claim("in_progress")
            connection.execute(update(records).where(*self._where(owner, key)).values(lease_until=lease))
            return Claim("new")

    def complete(self, owner: int, key: str, reply: StoredReply) -> None:
        values = {
            "state": "done",
            "status": reply.status,
            "headers": [list(h) for h in reply.headers],
            "body": reply.body,
        }
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(update(records).where(*self._where(owner, key)).values(**values))

    def release(self, owner: int, key: str) -> None:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(delete(records).where(*self._where(owner, key), records.c.state == "running"))

    def purge(self, before: datetime) -> int:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            return int(connection.execute(delete(records).where(records.c.created_at < before)).rowcount)
