"""A signed-in person's own sessions: where they are signed in (when, from which address and browser,
last seen), ending one of them, or every one but the session they are using. A session is looked up
by its person only: another person's session id is 404, as an unknown one."""

from __future__ import annotations

from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.people import WebSession
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people


@frozen
class OwnSession:
    session: WebSession
    current: bool  # the session this list was asked from


def own_sessions(user_id: int, current_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> list[OwnSession]:
    """The person's live sessions, newest first (``current_id``, the one asking, among them)."""
    now = clock.now()
    with uow(read_only=True) as tx:
        found = tx.sessions.not_ended(user_id, now - people.SESSION_LONGEST)
    return [OwnSession(s, s.id == current_id) for s in found if people.session_live(s, now)]


def end_own_session(user_id: int, session_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> WebSession:
    """End one of the person's sessions (their current one too: that signs them out)."""
    now = clock.now()
    with uow() as tx:
        session = tx.sessions.get(session_id)
        if session is None or session.user_id != user_id:
            raise NotFound("That session was not found among yours.", field="session_id")
        if session.ended_at is None:
            session.ended_at = now
            tx.sessions.update(session)
            tx.commit()
    return session


def end_other_sessions(user_id: int, current_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> int:
    """Sign out everywhere else: end every session of the person but ``current_id``; how many ended."""
    with uow() as tx:
        ended = tx.sessions.end_all(user_id, clock.now(), keep=current_id)
        tx.commit()
    return ended
