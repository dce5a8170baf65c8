"""People who sign in to the console and the portal: users, their roles, their sessions, and the
actor a signed-in person is when a use case acts for them.

A user belongs to the installation (``operator``: every client account) or to one client account
(``owner``, ``coordinator``, ``payroll``; ``approver`` is a hirer contact of the portal, limited to
some sites). Passwords are kept only as hashes; a session is kept by the hash of its token.
"""

from __future__ import annotations

import secrets
from datetime import date, datetime
from enum import StrEnum

from attrs import define, frozen

from workforce_core.model.keys import hash_secret


class Role(StrEnum):
    OPERATOR = "operator"  # the agency's operator admin: every client account
    OWNER = "owner"
    COORDINATOR = "coordinator"
    PAYROLL = "payroll"
    APPROVER = "approver"  # a hirer contact (the client portal), limited to some sites


ROLES: tuple[str, ...] = tuple(Role)
CLIENT_ROLES: tuple[str, ...] = tuple(role for role in Role if role != Role.OPERATOR)


@define
class User:
    email: str  # kept folded to lower case: the sign-in name
    password_hash: str
    role: str
    created_at: datetime
    client_id: int | None = None  # None: an operator (every client account)
    location_ids: tuple[int, ...] | None = None  # None: every site of the account
    disabled_at: datetime | None = None
    password_changed_at: datetime | None = None
    id: int = 0

    @property
    def operator(self) -> bool:
        return self.role == Role.OPERATOR

    @property
    def active(self) -> bool:
        return self.disabled_at is None


@define
class WebSession:
    """A signed-in browser: the SHA-256 of its cookie token, the CSRF token its forms carry, when it
    was made and last used, where from and in what browser, and when it ended (sign-out, a password
    change, a disabled user, or its person ending it from another session)."""

    user_id: int
    token_hash: str
    csrf_token: str
    created_at: datetime
    last_seen_at: datetime
    ended_at: datetime | None = None
    address: str | None = None  # where it signed in from
    only_week: date | None = None  # a session a sign-off link opened: that pay week only
    user_agent: str | None = None  # the browser's User-Agent at sign-in
    id: int = 0

    @classmethod
    def begin(
        cls,
        user_id: int,
        now: datetime,
        address: str | None,
        only_week: date | None = None,
        user_agent: str | None = None,
    ) -> tuple[WebSession, str]:
        """A new session and its token (the cookie's value: only its SHA-256 is kept), with a CSRF token."""
        token = secrets.token_urlsafe(32)
        made = cls(
            user_id=user_id,
            token_hash=hash_secret(token),
            csrf_token=secrets.token_urlsafe(32),
            created_at=now,
            last_seen_at=now,
            address=address,
            only_week=only_week,
            user_agent=user_agent,
        )
        return made, token


@define
class SignOffLink:
    """A one-time link that signs a hirer contact in to one pay week of the portal: kept by the hash of
    its token, used once, ending at ``expires_at``; who sent it and when it was used are recorded."""

    user_id: int
    client_id: int
    week_start: date
    token_hash: str
    created_at: datetime
    expires_at: datetime
    created_by: int | None = None
    used_at: datetime | None = None
    id: int = 0


@frozen
class Actor:
    """The signed-in person a use case acts for: who did it (``approved_by``, ``locked_by``, the audit
    log) and what they may reach (a client account, some of its sites)."""

    user_id: int
    role: str
    client_id: int | None  # None: an operator
    location_ids: tuple[int, ...] | None = None
    only_week: date | None = None  # signed in by a sign-off link: shifts of that pay week only

    @classmethod
    def of(cls, user: User, session: WebSession | None = None) -> Actor:
        return cls(user.id, user.role, user.client_id, user.location_ids, session.only_week if session else None)

    @property
    def operator(self) -> bool:
        return self.role == Role.OPERATOR
