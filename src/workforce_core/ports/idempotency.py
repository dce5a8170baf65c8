"""Idempotency-Key records, shared by every server process."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from attrs import frozen

RETENTION = timedelta(hours=24)  # how long a key's record (and its stored reply) is kept


@frozen
class StoredReply:
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@frozen
class Claim:
    """What an Idempotency-Key claim found: ``new`` (run it), ``replay``, ``mismatch`` or ``in_progress``."""

    outcome: str
    reply: StoredReply | None = None


class IdempotencyStore(Protocol):
    """Idempotency-Key records, shared by every server process (kept in the database)."""

    def claim(self, owner: int, key: str, fingerprint: str, *, now: datetime, lease_seconds: int) -> Claim: ...

    def complete(self, owner: int, key: str, reply: StoredReply) -> None: ...

    def release(self, owner: int, key: str) -> None: ...

    def purge(self, before: datetime) -> int: ...
