"""A rolling-window rate limiter in the database, shared by every server process and machine.

Each bucket's hits are rows; a hit takes a per-bucket lock (a PostgreSQL transaction advisory
lock; SQLite's write lock), drops hits older than the window, counts, and adds itself only when
under the limit. So refused requests are not counted and simultaneous hits are exact.
(The ``limits`` library has no PostgreSQL storage; with Redis configured, ``RedisRateLimiter`` is used.)
"""

from __future__ import annotations

import math
import time

from sqlalchemy import Connection, Engine, delete, func, insert, select, text

from workforce_adapters.sql.tables import rate_limit_hits as hits
from workforce_core.ports import RateDecision


class SqlRateLimiter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=True)

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=False)

    def _decide(self, bucket: str, limit: int, window: int, *, count: bool) -> RateDecision:
        with self.engine.connect().execution_options(write=True) as connection, connection.begin():
            self._lock(connection, bucket)
            now = time.time()
            connection.execute(delete(hits).where(hits.c.bucket == bucket, hits.c.hit_at <= now - window))
            used, oldest = connection.execute(
                select(func.count(), func.min(hits.c.hit_at)).where(hits.c.bucket == bucket)
            ).one()
            if used < limit:
                if count:
                    connection.execute(insert(hits).values(bucket=bucket, hit_at=now))
                    used += 1
                return RateDecision(True, limit, limit - used, 0)
            retry = max(1, math.ceil(oldest + window - now)) if oldest is not None else 1
            return RateDecision(False, limit, 0, retry)

    def _lock(self, connection: Connection, bucket: str) -> None:
        if self.postgres:
            connection.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:b, 0))"), {"b": bucket})
