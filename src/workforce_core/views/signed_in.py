"""A person signed in at the console or the portal: what the password sign-in and its second step
(a two-factor code) both answer, and what a request's session reads as."""

from __future__ import annotations

from attrs import field, frozen

from workforce_core.model.people import Actor, User, WebSession


@frozen
class SignedIn:
    """A live session and its user; ``token`` (the cookie's value, never stored) when just made."""

    user: User
    session: WebSession
    token: str | None = field(default=None, repr=False)

    @property
    def actor(self) -> Actor:
        return Actor.of(self.user, self.session)
