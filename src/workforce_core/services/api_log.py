"""The API log: a key's requests for the account's setup (owners and admins), and the deletion of
requests past the log's retention (a timed job)."""

from __future__ import annotations

import re

from attrs import field, frozen

from workforce_core.errors import InvalidParameter, NotFound
from workforce_core.model.api_requests import ApiRequest
from workforce_core.model.keys import ApiKey
from workforce_core.model.people import Actor
from workforce_core.ports import ApiLog, ApiLogQuery, Clock, Page, Paging, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.api_log import kept_from, status_range
from workforce_core.rules.people import Power

REQUEST_ID = re.compile(r"[0-9a-f]{32}")


@frozen
class KeyRequests:
    """A key of an account and which of its requests: ``request_id`` as ``X-Request-Id`` gave it
    (dashes and letter case aside), ``status`` a class (``4xx``) or a code (``404``)."""

    client_id: int
    key_id: int
    paging: Paging = field(factory=Paging)
    request_id: str | None = None
    status: str | None = None


@frozen
class KeyLog:
    key: ApiKey
    requests: Page[ApiRequest]


def key_requests(query: KeyRequests, *, uow: UnitOfWorkFactory, api_log: ApiLog, actor: Actor | None = None) -> KeyLog:
    """The key's requests, newest first; 404 for a key of another account."""
    people.require(actor, Power.SETUP)
    asked = ApiLogQuery(
        query.key_id, query.paging, request_id=_request_id(query.request_id), statuses=_statuses(query.status)
    )
    with uow(read_only=True) as tx:
        key = tx.keys.get(query.key_id)
    if key is None or key.client_id != query.client_id or not people.reaches_account(actor, key.client_id):
        raise NotFound(f"key {query.key_id} not found")
    return KeyLog(key=key, requests=api_log.requests(asked))


def forget_old_requests(*, api_log: ApiLog, clock: Clock, api_log_days: int) -> int:
    """Delete the requests older than the log's retention; how many."""
    return api_log.forget_before(kept_from(clock.now(), api_log_days))


def _request_id(sent: str | None) -> str | None:
    if sent is None or not sent.strip():
        return None
    wanted = sent.strip().replace("-", "").lower()
    if not REQUEST_ID.fullmatch(wanted):
        raise InvalidParameter("request_id", "A request id is the 32 hexadecimal characters of an X-Request-Id.")
    return wanted


def _statuses(sent: str | None) -> tuple[int, int] | None:
    if not sent:
        return None
    try:
        return status_range(sent.strip().lower())
    except ValueError:
        raise InvalidParameter("status", "status is 2xx, 3xx, 4xx, 5xx or a three-digit code.") from None
