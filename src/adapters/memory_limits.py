"""Rate limiters on the ``limits`` library's moving window: in-process memory, or Redis for several processes."""

from __future__ import annotations

import math
import time

from limits import RateLimitItemPerSecond
from limits.storage import MemoryStorage, RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

from workforce_core.ports import RateDecision


class LimitsRateLimiter:
    """Exact under concurrency: the memory storage locks per key; Redis runs one script per hit."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.strategy = MovingWindowRateLimiter(storage)

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        item = RateLimitItemPerSecond(limit, window_seconds)
        allowed = self.strategy.hit(item, bucket)
        return self._decision(item, bucket, allowed)

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        item = RateLimitItemPerSecond(limit, window_seconds)
        return self._decision(item, bucket, self.strategy.test(item, bucket))

    def _decision(self, item: RateLimitItemPerSecond, bucket: str, allowed: bool) -> RateDecision:
        stats = self.strategy.get_window_stats(item, bucket)
        retry = 0 if allowed else max(1, math.ceil(stats.reset_time - time.time()))
        return RateDecision(allowed, item.amount, max(0, stats.remaining), retry)


def memory_rate_limiter() -> LimitsRateLimiter:
    return LimitsRateLimiter(MemoryStorage())


def redis_rate_limiter(url: str) -> LimitsRateLimiter:
    return LimitsRateLimiter(RedisStorage(url))
