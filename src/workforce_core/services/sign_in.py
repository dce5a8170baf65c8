"""Signing in and out of the console and the portal, and the session a request carries.

Attempts are counted per sign-in name and per address on the API's rate limiter (ten and thirty in
five minutes) before the password is checked; past either, sign-in answers 429 until the window
frees, right password or not. An unknown name, a wrong password and a disabled user get the same
words, after the same hashing work.
"""

from __future__ import annotations

from workforce_core.commands.people import SignIn
from workforce_core.errors import NotFound, SessionEnded, SignInRefused, SignInThrottled
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import hash_secret
from workforce_core.model.people import Actor, WebSession
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, PasswordHasher, RateLimiter, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.steps.second_factor import CodeNeeded, challenge
from workforce_core.steps.throttles import take_slots
from workforce_core.views.signed_in import SignedIn


def sign_in(
    command: SignIn, *, uow: UnitOfWorkFactory, hasher: PasswordHasher, limiter: RateLimiter, clock: Clock
) -> SignedIn | CodeNeeded:
    """A session for a right password; for a person with two-factor sign-in on, a challenge to send a
    code to (``services.second_step``) instead."""
    buckets = people.sign_in_buckets(command.email, command.address)
    take_slots(limiter, buckets, people.SIGN_IN_WINDOW_SECONDS, SignInThrottled)
    with uow(read_only=True) as tx:
        user = tx.users.by_email(command.email)
    if user is None:
        hasher.hash(command.password)  # the same work as a check, so timing does not tell names apart
        matched = False
    else:
        matched = hasher.verify(user.password_hash, command.password) and user.active
    if user is None or not matched:
        raise SignInRefused()
    rehashed = hasher.hash(command.password) if hasher.needs_rehash(user.password_hash) else None
    session, token = WebSession.begin(user.id, clock.now(), command.address, user_agent=command.user_agent)
    with uow() as tx:
        if rehashed is not None:
            user.password_hash = rehashed
            tx.users.update(user)
        code_needed = challenge(tx, user, session.created_at, command.address)
        if code_needed is not None:
            tx.commit()
            return code_needed
        made = tx.sessions.add(session)
        tx.commit()
    return SignedIn(user, made, token)


def signed_in(token: str | None, *, uow: UnitOfWorkFactory, clock: Clock) -> SignedIn:
    """The live session of a cookie's token and its active user, else 401 ``session_ended``. Its last
    use is stored at most once a minute (the inactivity clock)."""
    if not token:
        raise SessionEnded()
    now = clock.now()
    with uow(read_only=True) as tx:
        session = tx.sessions.by_token_hash(hash_secret(token))
        user = tx.users.get(session.user_id) if session is not None else None
    if session is None or user is None or not user.active or not people.session_live(session, now):
        raise SessionEnded()
    if people.due_touch(session, now):
        with uow() as tx:
            session.last_seen_at = now
            tx.sessions.update(session)
            tx.commit()
    return SignedIn(user, session)


def sign_out(token: str | None, *, uow: UnitOfWorkFactory, clock: Clock) -> None:
    """End the session of this token (nothing happens for an unknown or ended one)."""
    if not token:
        return
    with uow() as tx:
        session = tx.sessions.by_token_hash(hash_secret(token))
        if session is not None and session.ended_at is None:
            session.ended_at = clock.now()
            tx.sessions.update(session)
            tx.commit()


def acting_for(actor: Actor, client_id: int, *, uow: UnitOfWorkFactory) -> Principal:
    """The principal a person reads a client account's pages with: their role's scopes on it. An
    account they do not reach is 404, as an unknown one."""
    with uow(read_only=True) as tx:
        client = tx.clients.get(client_id)
    if client is None or not people.reaches_account(actor, client.id):
        raise NotFound(f"client {client_id} was not found.", field="client_id")
    return Principal(key=None, client=client, effective_scopes=people.scopes_of(actor.role), actor=actor)


def reachable_clients(actor: Actor, *, uow: UnitOfWorkFactory) -> list[ClientAccount]:
    """The client accounts a person may open, by name: every one for an operator, else their own."""
    with uow(read_only=True) as tx:
        if actor.operator:
            return sorted(tx.clients.every(), key=lambda client: (client.name.casefold(), client.id))
        own = tx.clients.get(actor.client_id) if actor.client_id is not None else None
    return [own] if own is not None else []
