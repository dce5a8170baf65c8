"""Users who sign in to the console and the portal: make one, list them, disable one, reset a password.

A password is refused unless the strength estimator finds it hard enough to guess. A disabled user and
a reset password end the user's sessions in the same transaction; a reset is in the audit log.
"""

from __future__ import annotations

from collections.abc import Iterable

from workforce_core.commands.people import CreateUser, SetPassword
from workforce_core.errors import EmailTaken, LocationNotFound, NotFound, RoleNotAllowed
from workforce_core.model.people import Actor, Role, User
from workforce_core.ports import Clock, PasswordHasher, PasswordStrength, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.steps.new_passwords import require_strong, store_password


def create_user(
    command: CreateUser,
    *,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    strength: PasswordStrength,
    clock: Clock,
    actor: Actor | None = None,
) -> User:
    """A new user; made by a person (an account's owner, an operator admin), only within what they reach,
    and only an operator makes another operator."""
    people.require(actor, Power.SETUP)
    if actor is not None and not actor.operator and command.role == Role.OPERATOR:
        raise RoleNotAllowed("only an operator admin makes another.")
    if command.client_id is not None and not people.reaches_account(actor, command.client_id):
        raise NotFound(f"client {command.client_id} was not found.", field="client_id")
    require_strong(strength, command.password, command.email)
    now = clock.now()
    password_hash = hasher.hash(command.password)  # slow on purpose: before the transaction opens
    with uow() as tx:
        if command.client_id is not None and tx.clients.get(command.client_id) is None:
            raise NotFound(f"client {command.client_id} was not found.", field="client_id")
        for site_id in command.location_ids or ():
            site = tx.locations.get(site_id)
            if site is None or site.client_id != command.client_id:
                raise LocationNotFound(field="location_ids")
        if tx.users.by_email(command.email) is not None:
            raise EmailTaken(field="email")
        made = tx.users.add(
            User(
                email=command.email,
                password_hash=password_hash,
                role=command.role,
                created_at=now,
                client_id=command.client_id,
                location_ids=command.location_ids,
                password_changed_at=now,
            )
        )
        tx.commit()
    return made


def users(client_id: int | None = None, *, uow: UnitOfWorkFactory) -> list[User]:
    """Every user (None), or the users of one client account, by id."""
    with uow(read_only=True) as tx:
        return tx.users.listed(client_id)


def user_names(user_ids: Iterable[int | None], *, uow: UnitOfWorkFactory) -> dict[int, str]:
    """The sign-in names of the users who did something a page shows (locked a week, say), by id."""
    wanted = {user_id for user_id in user_ids if user_id is not None}
    if not wanted:
        return {}
    with uow(read_only=True) as tx:
        return {user_id: user.email for user_id, user in tx.users.get_many(wanted).items()}


def disable_user(user_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> User:
    """Disable a user and end their sessions; an account's last active owner is refused (409
    ``last_owner``), its owners locked first so that two owners disabling each other leave one."""
    people.require(actor, Power.SETUP)
    now = clock.now()
    with uow() as tx:
        user = _user(tx, user_id, actor)
        if user.role == Role.OWNER and user.client_id is not None and user.disabled_at is None:
            people.keeps_an_owner(user, tx.users.lock_owners(user.client_id))
        if user.disabled_at is None:
            user.disabled_at = now
            tx.users.update(user)
        tx.sessions.end_all(user.id, now)
        tx.commit()
    return user


def set_password(
    command: SetPassword, *, uow: UnitOfWorkFactory, hasher: PasswordHasher, strength: PasswordStrength, clock: Clock
) -> User:
    """The operator's reset of a user's password (the server's console): checked for strength, every
    session of the user ended, recorded in the audit log as ``reset_password``."""
    with uow(read_only=True) as tx:
        email = _user(tx, command.user_id).email
    require_strong(strength, command.password, email)
    password_hash = hasher.hash(command.password)  # slow on purpose: outside the transaction
    now = clock.now()
    with uow() as tx:
        user = _user(tx, command.user_id)
        store_password(tx, user, password_hash, now, action="reset_password", by=None)
        tx.commit()
    return user


def _user(tx: UnitOfWork, user_id: int, actor: Actor | None = None) -> User:
    """The user, when the actor may manage them: an operator anyone, an owner their account's staff."""
    user = tx.users.get(user_id)
    reached = actor is None or actor.operator or (user is not None and user.client_id == actor.client_id)
    if user is None or not reached or (actor is not None and user.operator and not actor.operator):
        raise NotFound(f"user {user_id} was not found.", field="user_id")
    return user
