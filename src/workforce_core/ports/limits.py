"""Rate limits: rolling windows counted by an adapter (memory, Redis or the database)."""

from __future__ import annotations

from typing import Protocol

from attrs import frozen


@frozen
class RateDecision:
    """One request counted (or refused) against a rolling window."""

    allowed: bool
    limit: int
    remaining: int
    retry_after: int  # seconds until a slot frees; 0 when allowed


class RateLimiter(Protocol):
    """Rolling-window counting. Refused requests are not counted; concurrent hits are exact."""

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision: ...

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        """The decision a hit would get now, counting nothing."""
        ...

    def reset(self, bucket: str, limit: int, window_seconds: int) -> None:
        """Forget the bucket's hits (a correct PIN clears its badge's wrong tries)."""
        ...
