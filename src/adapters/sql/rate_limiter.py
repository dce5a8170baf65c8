"""A rolling-window rate limiter in the database, shared by every server process and machine.

Each bucket's hits are rows; a hit takes a per-bucket lock (a PostgreSQL transaction advisory
lock; SQLite's write lock), drops hits older than the window, counts, and adds itself only when
under the limit. So refused requests are not counted and simultaneous hits are exact.
(The ``limits`` library has no PostgreSQL storage; with Redis configured, ``RedisRateLimiter`` is used.)

On PostgreSQL all of that is one call of the ``rate_limit_hit`` function (migration 0014), sent in
autocommit on connections of the limiter's own that are not pinged before use: one round trip a
request. A connection found broken is replaced and the call made once more (what a ping would do).
"""

from __future__ import annotations

import math
import time
from typing import Any

from sqlalchemy import Engine, create_engine, delete, func, insert, select, text
from sqlalchemy.exc import DBAPIError

from workforce_adapters.sql.tables import rate_limit_hits as hits
from workforce_core.ports import RateDecision

HIT = text("SELECT allowed, used, oldest FROM rate_limit_hit(:bucket, :limit, :window, :now, :count)")


class SqlRateLimiter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.calls: Engine | None = None
        if engine.dialect.name == "postgresql":
            self.calls = create_engine(engine.url, isolation_level="AUTOCOMMIT", pool_size=5, max_overflow=20)

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=True)

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=False)

    def reset(self, bucket: str, limit: int, window_seconds: int) -> None:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(delete(hits).where(hits.c.bucket == bucket))

    def dispose(self) -> None:
        if self.calls is not None:
            self.calls.dispose()

    def _decide(self, bucket: str, limit: int, window: int, *, count: bool) -> RateDecision:
        now = time.time()
        if self.calls is not None:
            values = {"bucket": bucket, "limit": limit, "window": window, "now": now, "count": count}
            allowed, used, oldest = self._call(self.calls, values)
        else:
            allowed, used, oldest = self._statements(bucket, limit, window, now, count=count)
        if allowed:
            return RateDecision(True, limit, limit - used, 0)
        retry = max(1, math.ceil(oldest + window - now)) if oldest is not None else 1
        return RateDecision(False, limit, 0, retry)

    @staticmethod
    def _call(calls: Engine, values: dict[str, Any]) -> tuple[bool, int, float | None]:
        for attempt in (1, 2):
            try:
                with calls.connect() as connection:
                    allowed, used, oldest = connection.execute(HIT, values).one()
                    return bool(allowed), int(used), oldest
            except DBAPIError as error:
                if not error.connection_invalidated or attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _statements(self, bucket: str, limit: int, window: int, now: float, *, count: bool) -> tuple[bool, int, Any]:
        """SQLite: the write lock (BEGIN IMMEDIATE) queues the hits of every bucket."""
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            connection.execute(delete(hits).where(hits.c.bucket == bucket, hits.c.hit_at <= now - window))
            used, oldest = connection.execute(
                select(func.count(), func.min(hits.c.hit_at)).where(hits.c.bucket == bucket)
            ).one()
            allowed = used < limit
            if allowed and count:
                connection.execute(insert(hits).values(bucket=bucket, hit_at=now))
                used += 1
            return allowed, used, oldest
