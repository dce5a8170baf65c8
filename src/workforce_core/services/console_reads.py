"""The agency console's reads (``client list``, ``key list``, ``worker list``, ``shift list``, ``timesheet
list``, ``pay-week show``). An operator of the agency reads any client's records, so the console asks the
same read use cases as the API as that client's operator: a caller with every scope and every site.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import TypeVar

from workforce_core.errors import NotFound
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.principal import Principal
from workforce_core.ports import Page, Paging, UnitOfWorkFactory
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.scopes import SCOPES
from workforce_core.steps import all_pages

T = TypeVar("T")
PER_PAGE = 100


def clients(*, uow: UnitOfWorkFactory) -> list[ClientAccount]:
    with uow(read_only=True) as tx:
        return tx.clients.every()


def keys(client_id: int, *, uow: UnitOfWorkFactory) -> list[ApiKey]:
    """The client's keys, revoked and expired ones included (never their secrets: only hashes are kept)."""
    with uow(read_only=True) as tx:
        _client(tx.clients.get(client_id), client_id)
        return tx.keys.for_client(client_id)


def operator(client_id: int, *, uow: UnitOfWorkFactory, now: datetime) -> Principal:
    """The console's caller for ``client_id``: the agency's operator on the server, with every scope over
    every site, and no key (the steps only an API caller has never run for it)."""
    with uow(read_only=True) as tx:
        client = _client(tx.clients.get(client_id), client_id)
    return Principal(key=None, client=client, effective_scopes=SCOPES)


def pay_week(principal: Principal, day: date) -> tuple[date, date]:
    """The first and last day of the client's pay week holding ``day``."""
    first = week_start(day, principal.client.settings.pay_week_start_day)
    return first, first + timedelta(days=6)


def every(read: Callable[[Paging], Page[T]]) -> list[T]:
    """Every item of a paged read, a page at a time."""
    return all_pages.every(read, PER_PAGE)


def _client(client: ClientAccount | None, client_id: int) -> ClientAccount:
    if client is None:
        raise NotFound(f"client {client_id} was not found.", field="client_id")
    return client
