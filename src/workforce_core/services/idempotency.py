"""Idempotency-Key: the same key with the same request replays the first reply and does nothing again.

Kept 24 hours per API key. The fingerprint is the method, path (``.php`` or not), query and the
SHA-256 of the body bytes. A claim is leased while its request runs; a crashed holder's lease
lapses, so a claim never blocks for ever. 5xx replies are not kept: a retry runs again.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from workforce_core.errors import IdempotencyInProgress, IdempotencyKeyReused, InvalidParameter
from workforce_core.ports import IdempotencyStore, StoredReply
from workforce_core.ports.idempotency import RETENTION

HEADER = "Idempotency-Key"
LEASE_SECONDS = 60
RETRY_AFTER_SECONDS = 1


def valid_key(value: str) -> str:
    """1 to 255 printable ASCII characters, else 400 ``invalid_parameter`` (``parameter`` Idempotency-Key)."""
    if not 1 <= len(value) <= 255 or not all(" " <= ch <= "~" for ch in value):
        raise InvalidParameter(HEADER, "Idempotency-Key is 1 to 255 printable ASCII characters.")
    return value


def fingerprint(method: str, path: str, query: str, body: bytes) -> str:
    path = path.removesuffix(".php")
    digest = hashlib.sha256(body).hexdigest()
    return hashlib.sha256(f"{method}\n{path}\n{query}\n{digest}".encode()).hexdigest()


def begin(store: IdempotencyStore, owner: int, key: str, print_: str, now: datetime) -> StoredReply | None:
    """The stored reply to replay, or None when this request should run now (the claim is held).
    Records past their 24 hours are dropped first (an indexed delete), so the table stays small."""
    store.purge(now - RETENTION)
    claim = store.claim(owner, key, print_, now=now, lease_seconds=LEASE_SECONDS)
    if claim.outcome == "replay":
        return claim.reply
    if claim.outcome == "mismatch":
        raise IdempotencyKeyReused()
    if claim.outcome == "in_progress":
        raise IdempotencyInProgress(RETRY_AFTER_SECONDS)
    return None


def finish(store: IdempotencyStore, owner: int, key: str, reply: StoredReply) -> None:
    """Keep the reply for replays; a 5xx is not kept (the claim is let go so a retry runs again)."""
    if reply.status >= 500:
        store.release(owner, key)
    else:
        store.complete(owner, key, reply)
