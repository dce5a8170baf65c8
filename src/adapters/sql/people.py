"""Users and their sessions in SQL."""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from sqlalchemy import Connection, select, update
from sqlalchemy.exc import IntegrityError

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.errors import EmailTaken
from workforce_core.model.people import Role, SignOffLink, User, WebSession

T = TypeVar("T")


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

    def lock_owners(self, client_id: int) -> list[User]:
        c = self.table.c
        query = select(self.table).where(c.client_id == client_id, c.role == Role.OWNER).order_by(c.id)
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update()
        return [from_row(User, row) for row in self.connection.execute(query).mappings()]


class SqlTokenHeld(SqlRepository[T]):
    """Records kept by the SHA-256 of a token (sessions, one-time links)."""

    def by_token_hash(self, token_hash: str) -> T | None:
        found = self._many(self.table.c.token_hash == token_hash)
        return found[0] if found else None


class SqlSessions(SqlTokenHeld[T]):
    """Sessions of one kind of holder (``holder``: the column naming whose they are)."""

    holder = "user_id"

    def end_all(self, holder_id: int, at: datetime, keep: int | None = None) -> int:
        live = [self.table.c[self.holder] == holder_id, self.table.c.ended_at.is_(None)]
        if keep is not None:
            live.append(self.table.c.id != keep)
        return self.connection.execute(update(self.table).where(*live).values(ended_at=at)).rowcount

    def not_ended(self, holder_id: int, since: datetime) -> list[T]:
        """The holder's sessions begun since ``since`` and not ended, newest first."""
        c = self.table.c
        return self._many(c[self.holder] == holder_id, c.ended_at.is_(None), c.created_at >= since)[::-1]


class SqlOneTimeLinks(SqlTokenHeld[T]):
    """Links used once: ``claim`` marks one used, and only the first claim of a link succeeds."""

    def claim(self, link_id: int, at: datetime) -> bool:
        unused = (self.table.c.id == link_id, self.table.c.used_at.is_(None))
        return self.connection.execute(update(self.table).where(*unused).values(used_at=at)).rowcount == 1


class SqlSessionRepository(SqlSessions[WebSession]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.web_sessions, WebSession)


class SqlSignOffLinkRepository(SqlOneTimeLinks[SignOffLink]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.sign_off_links, SignOffLink)
