"""Users and their sessions in memory (the port-contract suite holds them to the SQL behaviour)."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, TypeVar

import attrs

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.errors import EmailTaken
from workforce_core.model.people import Role, SignOffLink, User, WebSession


class _TokenHeld(Protocol):
    id: int
    token_hash: str


class _Session(_TokenHeld, Protocol):
    created_at: datetime
    ended_at: datetime | None


class _Link(_TokenHeld, Protocol):
    used_at: datetime | None


T = TypeVar("T", bound=_TokenHeld)
S = TypeVar("S", bound=_Session)
L = TypeVar("L", bound=_Link)


class MemoryUserRepository(MemoryRepository[User]):
    def add(self, item: User) -> User:
        if self.by_email(item.email) is not None:  # as the unique index refuses it
            raise EmailTaken(field="email")
        return super().add(item)

    def by_email(self, email: str) -> User | None:
        found = self._table.where(lambda user: user.email == email)
        return found[0] if found else None

    def listed(self, client_id: int | None) -> list[User]:
        return sorted(
            self._table.where(lambda user: client_id is None or user.client_id == client_id), key=lambda u: u.id
        )

    def lock_owners(self, client_id: int) -> list[User]:
        return [user for user in self.listed(client_id) if user.role == Role.OWNER]


class MemoryTokenHeld(MemoryRepository[T]):
    """Records kept by the SHA-256 of a token (sessions, one-time links)."""

    def by_token_hash(self, token_hash: str) -> T | None:
        found = self._table.where(lambda held: held.token_hash == token_hash)
        return found[0] if found else None


class MemorySessions(MemoryTokenHeld[S]):
    """Sessions of one kind of holder (``holder``: the field naming whose they are)."""

    holder = "user_id"

    def end_all(self, holder_id: int, at: datetime, keep: int | None = None) -> int:
        live = [session for session in self._not_ended(holder_id) if session.id != keep]
        for session in live:
            self.update(attrs.evolve(session, ended_at=at))  # type: ignore[misc]
        return len(live)

    def not_ended(self, holder_id: int, since: datetime) -> list[S]:
        found = [session for session in self._not_ended(holder_id) if session.created_at >= since]
        return sorted(found, key=lambda session: session.id, reverse=True)

    def _not_ended(self, holder_id: int) -> list[S]:
        return self._table.where(
            lambda session: getattr(session, self.holder) == holder_id and session.ended_at is None
        )


class MemoryOneTimeLinks(MemoryTokenHeld[L]):
    """Links used once: ``claim`` marks one used, and only the first claim of a link succeeds."""

    def claim(self, link_id: int, at: datetime) -> bool:
        link = self.get(link_id)  # a writing unit of work holds the store's lock: no one else claims
        if link is None or link.used_at is not None:
            return False
        self.update(attrs.evolve(link, used_at=at))  # type: ignore[misc]
        return True


class MemorySessionRepository(MemorySessions[WebSession]):
    pass


class MemorySignOffLinkRepository(MemoryOneTimeLinks[SignOffLink]):
    pass
