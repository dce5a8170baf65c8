"""Request limits: per key on a rolling minute, and the throttle on addresses sending unknown keys."""

from __future__ import annotations

from workforce_core.errors import RateLimited
from workforce_core.model.principal import Principal
from workforce_core.ports import RateDecision, RateLimiter

KEY_WINDOW_SECONDS = 60
UNKNOWN_KEYS_LIMIT = 20
UNKNOWN_KEYS_WINDOW_SECONDS = 300


def admit(principal: Principal, limiter: RateLimiter) -> RateDecision:
    """Count one request for the key; the caller refuses it (429) when ``allowed`` is false."""
    return limiter.hit(f"key:{principal.api_key.id}", principal.api_key.rate_limit_per_minute, KEY_WINDOW_SECONDS)


def note_unknown_key(address: str, limiter: RateLimiter) -> None:
    """An unknown key came from ``address``: past 20 in 5 minutes the address is refused (429)."""
    decision = limiter.hit(f"unknown:{address}", UNKNOWN_KEYS_LIMIT, UNKNOWN_KEYS_WINDOW_SECONDS)
    if not decision.allowed:
        raise RateLimited(decision.retry_after, "Too many unknown API keys from this address; retry later.")


def check_not_throttled(address: str, limiter: RateLimiter) -> None:
    """A key that does not work (revoked, expired) from a throttled address is refused too, uncounted."""
    decision = limiter.peek(f"unknown:{address}", UNKNOWN_KEYS_LIMIT, UNKNOWN_KEYS_WINDOW_SECONDS)
    if not decision.allowed:
        raise RateLimited(decision.retry_after, "Too many unknown API keys from this address; retry later.")
