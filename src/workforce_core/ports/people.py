"""The ports of people who sign in: users, sessions, and the password hasher."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from workforce_core.model.people import SignOffLink, User, WebSession
from workforce_core.ports.repositories import Repository


class UserRepository(Repository[User], Protocol):
    def by_email(self, email: str) -> User | None:
        """The user with this sign-in name (kept folded to lower case)."""
        ...

    def listed(self, client_id: int | None) -> list[User]:
        """Users by id: of one client account, or (None) all of them."""
        ...

    def lock_owners(self, client_id: int) -> list[User]:
        """The account's owners (active or not) by id, locked until the unit of work ends (PostgreSQL:
        ``FOR UPDATE``; SQLite's writer already holds the database), so two changes to its owners at
        once are taken one after the other, the second seeing the first."""
        ...


class SessionRepository(Repository[WebSession], Protocol):
    def by_token_hash(self, token_hash: str) -> WebSession | None: ...

    def end_all(self, user_id: int, at: datetime, keep: int | None = None) -> int:
        """End every live session of the user (a password change, a disabled user), but the session
        ``keep`` when given (the one the person changed their password from); how many."""
        ...

    def not_ended(self, user_id: int, since: datetime) -> list[WebSession]:
        """The user's sessions begun at ``since`` or later and not ended, newest first (the rules
        decide which of them are still live: idle ones have ended without a mark)."""
        ...


class SignOffLinkRepository(Repository[SignOffLink], Protocol):
    def by_token_hash(self, token_hash: str) -> SignOffLink | None: ...

    def claim(self, link_id: int, at: datetime) -> bool:
        """Mark the link used at ``at`` if no one has: True for the one caller that did (links race)."""
        ...


class Mailer(Protocol):
    """Where mail for people goes: an outbox the operator's mailer reads (a Maildir), never the network."""

    def send(self, to: str, subject: str, body: str) -> None: ...


class PasswordHasher(Protocol):
    """argon2id in production (``workforce_adapters.passwords``); the hash string carries its parameters."""

    def hash(self, password: str) -> str: ...

    def verify(self, password_hash: str, password: str) -> bool:
        """True when the password matches; False when it does not (never raises for a mismatch)."""
        ...

    def needs_rehash(self, password_hash: str) -> bool: ...
