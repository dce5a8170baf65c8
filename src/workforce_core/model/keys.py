"""API keys: the secret is shown once; only its SHA-256 hash and its first 16 characters are kept."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime

from attrs import define, frozen

KEY_PREFIX = "wfk_"
KEY_PREFIX_LENGTH = 16
DEFAULT_RATE_LIMIT = 60
MAX_RATE_LIMIT = 600


def new_secret() -> str:
    """A fresh key: the fixed recognisable prefix ``wfk_`` and 43 URL-safe random characters."""
    return KEY_PREFIX + secrets.token_urlsafe(32)


MAX_SECRET_LENGTH = 200


def well_formed(secret: str) -> bool:
    """Could this be a key at all: printable ASCII without spaces, at most 200 characters."""
    return (
        len(secret) <= MAX_SECRET_LENGTH
        and secret.isascii()
        and secret.isprintable()
        and not any(ch.isspace() for ch in secret)
    )


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def prefix_of(secret: str) -> str:
    return secret[:KEY_PREFIX_LENGTH]


@define
class ApiKey:
    client_id: int
    name: str
    key_prefix: str
    key_hash: str
    created_at: datetime
    scopes: tuple[str, ...] = ()
    legacy: bool = False
    location_ids: tuple[int, ...] | None = None
    rate_limit_per_minute: int = DEFAULT_RATE_LIMIT
    allowed_origins: tuple[str, ...] = ()
    expires_at: datetime | None = None
    revoked_at: datetime | None = None
    replaces_id: int | None = None
    id: int = 0

    def matches(self, secret: str) -> bool:
        return secrets.compare_digest(self.key_hash, hash_secret(secret))

    def revoked(self, now: datetime) -> bool:
        return self.revoked_at is not None and self.revoked_at <= now

    def expired(self, now: datetime) -> bool:
        return self.expires_at is not None and self.expires_at <= now

    @property
    def site_limited(self) -> bool:
        return self.location_ids is not None


@frozen
class IssuedKey:
    """A key just made, with its secret (never stored, shown this once)."""

    key: ApiKey
    secret: str
