"""Rate limiters with a moving window: in-process memory, or the ``limits`` library on Redis for several processes.

The in-process one keeps each bucket's hits in a deque under one lock: a hit drops the expired hits
from the front and appends itself, so its cost does not grow with the limit. (``limits``' memory
storage inserts each hit at the front of a list and starts a timer thread every 10 ms to expire
them, which under load cost more than the rest of a small request.)
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque

from limits import RateLimitItemPerSecond
from limits.storage import RedisStorage, Storage
from limits.strategies import MovingWindowRateLimiter

from workforce_core.ports import RateDecision


class LimitsRateLimiter:
    """Exact under concurrency: Redis runs one script per hit."""

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

    def reset(self, bucket: str, limit: int, window_seconds: int) -> None:
        self.strategy.clear(RateLimitItemPerSecond(limit, window_seconds), bucket)

    def _decision(self, item: RateLimitItemPerSecond, bucket: str, allowed: bool) -> RateDecision:
        stats = self.strategy.get_window_stats(item, bucket)
        retry = 0 if allowed else max(1, math.ceil(stats.reset_time - time.time()))
        return RateDecision(allowed, item.amount, max(0, stats.remaining), retry)


class MemoryRateLimiter:
    """Exact under concurrency (one lock); buckets idle for their whole window are swept out now and then."""

    SWEEP_SECONDS = 60.0

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.hits: dict[str, deque[float]] = {}
        self.windows: dict[str, int] = {}
        self.swept = time.monotonic()

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=True)

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        return self._decide(bucket, limit, window_seconds, count=False)

    def reset(self, bucket: str, limit: int, window_seconds: int) -> None:
        with self.lock:
            self.hits.pop(bucket, None)
            self.windows.pop(bucket, None)

    def _decide(self, bucket: str, limit: int, window: int, *, count: bool) -> RateDecision:
        now = time.monotonic()
        with self.lock:
            if now - self.swept > self.SWEEP_SECONDS:
                self._sweep(now)
            hits = self.hits.get(bucket)
            if hits is None:
                hits = self.hits[bucket] = deque()
            self.windows[bucket] = max(window, self.windows.get(bucket, 0))
            while hits and hits[0] <= now - window:
                hits.popleft()
            if len(hits) < limit:
                if count:
                    hits.append(now)
                return RateDecision(True, limit, limit - len(hits), 0)
            retry = max(1, math.ceil(hits[-limit] + window - now)) if limit > 0 else 1
            return RateDecision(False, limit, 0, retry)

    def _sweep(self, now: float) -> None:
        self.swept = now
        for bucket in [b for b, hits in self.hits.items() if not hits or hits[-1] <= now - self.windows[b]]:
            del self.hits[bucket], self.windows[bucket]


def memory_rate_limiter() -> MemoryRateLimiter:
    return MemoryRateLimiter()


def redis_rate_limiter(url: str) -> LimitsRateLimiter:
    return LimitsRateLimiter(RedisStorage(url))
