"""Throttles that count every attempt before it is looked at (a password, a two-factor code): a slot
in each bucket, or the attempt is refused with the seconds until one frees."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from workforce_core.errors import RateLimited
from workforce_core.ports import RateLimiter


def take_slots(
    limiter: RateLimiter, buckets: Iterable[tuple[str, int]], window_seconds: int, refused: Callable[[int], RateLimited]
) -> None:
    """One hit of each ``(bucket, limit)`` in turn; the first full one raises ``refused(retry_after)``."""
    for bucket, limit in buckets:
        decision = limiter.hit(bucket, limit, window_seconds)
        if not decision.allowed:
            raise refused(decision.retry_after)
