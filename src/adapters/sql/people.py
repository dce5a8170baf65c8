"""Users and their sessions in SQL."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, update
from sqlalchemy.exc import IntegrityError

from workforce_adapters.sql import tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.errors import EmailTaken
from workforce_core.model.people import SignOffLink, User, WebSession


class SqlUserRepository(SqlRepository[User]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.users, User)

    def add(self, item: User) -> User:
        try:
            with self.connection.begin_nested():  # two makers of one email at once: one wins
                return super().add(item)
        except IntegrityError:
            raise EmailTaken(field="email") from None

    def by_email(self, email: str) -> User | None:
        found = self._many(self.table.c.email == email)
        return found[0] if found else None

    def listed(self, client_id: int | None) -> list[User]:
        return self._many(self.table.c.client_id == client_id) if client_id is not None else self._many()


class SqlSessionRepository(SqlRepository[WebSession]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.web_sessions, WebSession)

    def by_token_hash(self, token_hash: str) -> WebSession | None:
        found = self._many(self.table.c.token_hash == token_hash)
        return found[0] if found else None

    def end_all(self, user_id: int, at: datetime) -> int:
        ws = tables.web_sessions
        ended = self.connection.execute(
            update(ws).where(ws.c.user_id == user_id, ws.c.ended_at.is_(None)).values(ended_at=at)
        )
        return ended.rowcount


class SqlSignOffLinkRepository(SqlRepository[SignOffLink]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.sign_off_links, SignOffLink)

    def by_token_hash(self, token_hash: str) -> SignOffLink | None:
        found = self._many(self.table.c.token_hash == token_hash)
        return found[0] if found else None

    def claim(self, link_id: int, at: datetime) -> bool:
        links = tables.sign_off_links
        done = self.connection.execute(
            update(links).where(links.c.id == link_id, links.c.used_at.is_(None)).values(used_at=at)
        )
        return done.rowcount == 1
