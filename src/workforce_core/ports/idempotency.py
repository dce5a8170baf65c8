"""Idempotency-Key records, shared by every server process."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Protocol

from attrs import frozen

from workforce_core.ports.unit_of_work import UnitOfWorkFactory

RETENTION = timedelta(hours=24)  # how long a key's record (and its stored reply) is kept


@frozen
class StoredReply:
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@frozen
class Claim:
    """What an Idempotency-Key claim found: ``new`` (run it), ``replay``, ``mismatch`` or ``in_progress``.
    A ``new`` claim's ``lease_until`` also tells this holder from a later one (after its lease lapsed)."""

    outcome: str
    reply: StoredReply | None = None
    lease_until: datetime | None = None


class IdempotencyStore(Protocol):
    """Idempotency-Key records, shared by every server process (kept in the database)."""

    def claim(self, owner: int, key: str, fingerprint: str, *, now: datetime, lease_seconds: int) -> Claim: ...

    def work(self, owner: int, key: str, claim: Claim) -> KeyedWork:
        """The units of work of the request that holds this ``new`` claim."""
        ...

    def purge(self, before: datetime) -> int: ...


class KeyedWork(UnitOfWorkFactory, Protocol):
    """The units of work of a request sent with an Idempotency-Key. The change it commits is held
    open until ``keep`` stores the reply with it: one commit, so a change never lands without its
    reply. A request commits at most one change this way."""

    def keep(self, reply: StoredReply) -> bool:
        """Store the reply (with the held change, if any) and commit. False when the claim was lost
        (its lease lapsed and a retry took it over): then nothing is committed."""
        ...

    def drop(self) -> None:
        """Roll back a held change and let the claim go, so that a retry runs again."""
        ...
