"""Users and their sessions in memory (the port-contract suite holds them to the SQL behaviour)."""

from __future__ import annotations

from datetime import datetime

import attrs

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.errors import EmailTaken
from workforce_core.model.people import SignOffLink, User, WebSession


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


class MemorySessionRepository(MemoryRepository[WebSession]):
    def by_token_hash(self, token_hash: str) -> WebSession | None:
        found = self._table.where(lambda session: session.token_hash == token_hash)
        return found[0] if found else None

    def end_all(self, user_id: int, at: datetime) -> int:
        live = self._table.where(lambda session: session.user_id == user_id and session.ended_at is None)
        for session in live:
            self.update(attrs.evolve(session, ended_at=at))
        return len(live)


class MemorySignOffLinkRepository(MemoryRepository[SignOffLink]):
    def by_token_hash(self, token_hash: str) -> SignOffLink | None:
        found = self._table.where(lambda link: link.token_hash == token_hash)
        return found[0] if found else None

    def claim(self, link_id: int, at: datetime) -> bool:
        link = self.get(link_id)  # a writing unit of work holds the store's lock: no one else claims
        if link is None or link.used_at is not None:
            return False
        self.update(attrs.evolve(link, used_at=at))
        return True
