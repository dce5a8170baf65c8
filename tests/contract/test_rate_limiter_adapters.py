"""The RateLimiter adapters: in-process (limits, memory), database (SQLite and PostgreSQL) and Redis.

Each must let exactly the quota through a simultaneous burst, count no refused hit, and say when
a slot frees.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis
from sqlalchemy import event

from tests.databases import PostgresSchema
from workforce_adapters.memory_limits import memory_rate_limiter, redis_rate_limiter
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.rate_limiter import SqlRateLimiter
from workforce_core.ports import RateLimiter

REDIS_URL = os.environ.get("WORKFORCE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def _redis_available() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


@pytest.fixture(params=["memory", "sqlite", pytest.param("postgres", marks=pytest.mark.postgres), "redis"])
def limiter(request: pytest.FixtureRequest) -> Iterator[RateLimiter]:
    if request.param == "memory":
        yield memory_rate_limiter()
    elif request.param in ("sqlite", "postgres"):
        database = request.getfixturevalue("sqlite_template" if request.param == "sqlite" else "postgres_schema")
        engine = make_engine(database.fresh_url())
        sql = SqlRateLimiter(engine)
        yield sql
        sql.dispose()
        engine.dispose()
    else:
        if not _redis_available():
            if os.environ.get("CI"):
                pytest.fail(f"CI must run the Redis rate-limiter tests: no Redis at {REDIS_URL}")
            pytest.skip(f"no Redis at {REDIS_URL} (set WORKFORCE_TEST_REDIS_URL)")
        yield redis_rate_limiter(REDIS_URL)


def _bucket() -> str:
    return f"test:{uuid.uuid4().hex}"


def test_a_burst_gets_exactly_the_quota_through(limiter: RateLimiter) -> None:
    bucket = _bucket()
    with ThreadPoolExecutor(max_workers=16) as pool:
        decisions = list(pool.map(lambda _: limiter.hit(bucket, 30, 60), range(50)))
    assert sum(d.allowed for d in decisions) == 30
    assert all(0 <= d.remaining < 30 for d in decisions)
    assert all(d.retry_after >= 1 for d in decisions if not d.allowed)


def test_refused_hits_are_not_counted_and_say_when_to_retry(limiter: RateLimiter) -> None:
    bucket = _bucket()
    assert [limiter.hit(bucket, 2, 60).allowed for _ in range(5)] == [True, True, False, False, False]
    refused = limiter.hit(bucket, 2, 60)
    assert not refused.allowed
    assert refused.remaining == 0
    assert 1 <= refused.retry_after <= 60
    assert limiter.hit(bucket, 3, 60).allowed  # a third slot: only two hits were counted


def test_peek_counts_nothing(limiter: RateLimiter) -> None:
    bucket = _bucket()
    for _ in range(5):
        assert limiter.peek(bucket, 1, 60).allowed
    assert limiter.hit(bucket, 1, 60).allowed
    assert not limiter.peek(bucket, 1, 60).allowed


def test_buckets_are_independent(limiter: RateLimiter) -> None:
    first, second = _bucket(), _bucket()
    assert limiter.hit(first, 1, 60).allowed
    assert not limiter.hit(first, 1, 60).allowed
    assert limiter.hit(second, 1, 60).allowed


@pytest.mark.postgres
def test_a_hit_on_postgresql_is_one_round_trip(postgres_schema: PostgresSchema) -> None:
    """One statement a hit or peek, on a connection in autocommit (no BEGIN or COMMIT sent) that the
    pool does not ping before handing it out."""
    engine = make_engine(postgres_schema.fresh_url())
    limiter = SqlRateLimiter(engine)
    try:
        assert limiter.calls is not None
        limiter.hit(_bucket(), 5, 60)  # the first opens the connection
        sent: list[str] = []
        event.listen(limiter.calls, "before_cursor_execute", lambda c, cursor, sql, *a: sent.append(sql))
        bucket = _bucket()
        decisions = [limiter.hit(bucket, 2, 60) for _ in range(3)] + [limiter.peek(bucket, 2, 60)]
        assert [d.allowed for d in decisions] == [True, True, False, False]
        assert len(sent) == 4
        assert all(sql.startswith("SELECT allowed, used, oldest FROM rate_limit_hit(") for sql in sent), sent
        assert not limiter.calls.pool._pre_ping
        with limiter.calls.connect() as connection:
            assert connection.connection.dbapi_connection.autocommit  # type: ignore[union-attr]
    finally:
        limiter.dispose()
        engine.dispose()


def test_reset_forgets_the_bucket_and_only_that_bucket(limiter: RateLimiter) -> None:
    bucket, other = _bucket(), _bucket()
    for _ in range(3):
        limiter.hit(bucket, 3, 60)
        limiter.hit(other, 3, 60)
    assert not limiter.peek(bucket, 3, 60).allowed
    limiter.reset(bucket, 3, 60)
    assert limiter.peek(bucket, 3, 60).remaining == 3
    assert limiter.hit(bucket, 3, 60).allowed
    assert not limiter.peek(other, 3, 60).allowed
