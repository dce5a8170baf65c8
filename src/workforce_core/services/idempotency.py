"""Idempotency-Key: the same key with the same request replays the first reply and does nothing again.

Kept 24 hours per API key and its rotation chain: a key and the keys that replaced it share their
records (a retry sent with the replacing key replays), another key of the account never does (its
scopes and sites may differ). The fingerprint is the method, path (``.php`` or not), query and the
SHA-256 of the body bytes. A claim is leased while its request runs; a crashed holder's lease
lapses, so a claim never blocks for ever. The request's change and its reply are committed
together (``KeyedWork``): a crash before that commit leaves nothing done, and a retry runs; after
it, a retry replays. 5xx replies are not kept: their change is rolled back and a retry runs again.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from workforce_core.errors import IdempotencyInProgress, IdempotencyKeyReused, InvalidParameter
from workforce_core.model.keys import ApiKey
from workforce_core.ports import IdempotencyStore, KeyedWork, StoredReply, UnitOfWorkFactory
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


def owner_of(api_key: ApiKey, *, uow: UnitOfWorkFactory) -> int:
    """Whose Idempotency-Keys a request's are: the first key of its rotation chain (``replaces_id``)."""
    owner = api_key
    with uow(read_only=True) as tx:
        while owner.replaces_id is not None:
            replaced = tx.keys.get(owner.replaces_id)
            if replaced is None:
                break
            owner = replaced
    return owner.id


def begin(
    store: IdempotencyStore, api_key: ApiKey, key: str, print_: str, now: datetime, *, uow: UnitOfWorkFactory
) -> StoredReply | KeyedWork:
    """The stored reply to replay, or the units of work to run this request in (the claim is held).
    Records past their 24 hours are dropped first (an indexed delete), so the table stays small."""
    owner = owner_of(api_key, uow=uow) if api_key.replaces_id is not None else api_key.id
    store.purge(now - RETENTION)
    claim = store.claim(owner, key, print_, now=now, lease_seconds=LEASE_SECONDS)
    if claim.outcome == "replay":
        assert claim.reply is not None
        return claim.reply
    if claim.outcome == "mismatch":
        raise IdempotencyKeyReused()
    if claim.outcome == "in_progress":
        raise IdempotencyInProgress(RETRY_AFTER_SECONDS)
    return store.work(owner, key, claim)


def finish(work: KeyedWork, reply: StoredReply) -> None:
    """Keep the reply with the change it reports, in one commit. A 5xx is not kept: its change is
    rolled back and the claim let go, so a retry runs again. A claim lost while the request ran
    (its lease lapsed and a retry took it) commits nothing: 409 ``idempotency_in_progress``."""
    if reply.status >= 500:
        work.drop()
    elif not work.keep(reply):
        raise IdempotencyInProgress(RETRY_AFTER_SECONDS)
