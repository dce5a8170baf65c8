"""Two-factor sign-in of a person: set it up, confirm it (ten recovery codes, shown once), turn it off
with a current code, and an operator's reset of someone who lost their device (in the audit log).

Setting up keeps a new secret beside the person (off until a code from it is confirmed); confirming
and turning off take a slot of the person's code throttle, as the second step of a sign-in does.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from attrs import frozen

from workforce_core.commands.two_factor import ConfirmTwoFactor, TurnOffTwoFactor
from workforce_core.errors import CodesThrottled, NotFound, RoleNotAllowed, TwoFactorOff, TwoFactorOn
from workforce_core.model.people import Actor, User
from workforce_core.model.two_factor import RecoveryCode, TwoFactor, new_recovery_code, recovery_code_hash
from workforce_core.ports import Clock, OneTimeCodes, RateLimiter, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import two_factor as rules
from workforce_core.steps.second_factor import accept_code
from workforce_core.steps.throttles import take_slots
from workforce_core.steps.user_audit import audit_user

ISSUER = "workforce"  # the name an authenticator app shows beside the person's sign-in


@frozen
class TwoFactorState:
    """What the person's page shows: on or not, the secret being set up (and its ``otpauth://``
    address) until it is confirmed, and how many recovery codes are left."""

    on: bool
    secret: str | None = None
    uri: str | None = None
    recovery_left: int = 0


def two_factor_state(user: User, *, uow: UnitOfWorkFactory, codes: OneTimeCodes) -> TwoFactorState:
    with uow(read_only=True) as tx:
        factor = tx.two_factor.of_user(user.id)
        left = tx.recovery_codes.left(user.id) if factor is not None and factor.on else 0
    if factor is None:
        return TwoFactorState(on=False)
    if factor.on:
        return TwoFactorState(on=True, recovery_left=left)
    return TwoFactorState(on=False, secret=factor.secret, uri=codes.uri(factor.secret, user.email, ISSUER))


def two_factor_on(users: Iterable[User], *, uow: UnitOfWorkFactory) -> set[int]:
    """The ids of these people who have two-factor sign-in on (Setup lists them, and an operator resets them)."""
    wanted = [user.id for user in users]
    if not wanted:
        return set()
    with uow(read_only=True) as tx:
        return tx.two_factor.on_among(wanted)


def set_up_due(user: User, required: bool, *, uow: UnitOfWorkFactory) -> bool:
    """Must this person set up two-factor sign-in before any other console page (WORKFORCE_REQUIRE_2FA)?"""
    if not rules.set_up_due(user.role, required, on=False):
        return False
    with uow(read_only=True) as tx:
        factor = tx.two_factor.of_user(user.id)
    return rules.set_up_due(user.role, required, on=factor is not None and factor.on)


def start_two_factor(user_id: int, *, uow: UnitOfWorkFactory, codes: OneTimeCodes, clock: Clock) -> TwoFactor:
    """A new secret for the person's app (replacing one set up and not confirmed); 409 when it is on."""
    with uow() as tx:
        factor = tx.two_factor.of_user(user_id)
        if factor is not None and factor.on:
            raise TwoFactorOn()
        made = TwoFactor(user_id=user_id, secret=codes.new_secret(), created_at=clock.now())
        if factor is None:
            made = tx.two_factor.add(made)
        else:
            made.id = factor.id
            tx.two_factor.update(made)
        tx.commit()
    return made


def confirm_two_factor(
    command: ConfirmTwoFactor, *, uow: UnitOfWorkFactory, codes: OneTimeCodes, limiter: RateLimiter, clock: Clock
) -> list[str]:
    """Turn it on with a code from the new secret: the ten recovery codes, in clear this once (only
    their hashes are kept)."""
    _throttle(command.user_id, limiter)
    now = clock.now()
    recovery = [new_recovery_code() for _ in range(rules.RECOVERY_CODES)]
    with uow() as tx:
        factor = tx.two_factor.of_user(command.user_id)
        if factor is None:
            raise TwoFactorOff()
        if factor.on:
            raise TwoFactorOn()
        accept_code(tx, factor, command.code, codes=codes, now=now, recovery=False)
        factor.enabled_at = now
        tx.two_factor.update(factor)
        for code in recovery:
            tx.recovery_codes.add(RecoveryCode(command.user_id, recovery_code_hash(command.user_id, code), now))
        _audit(tx, _person(tx, command.user_id), "turn_on_two_factor", now, by=command.user_id, on=(False, True))
        tx.commit()
    return recovery


def turn_off_two_factor(
    command: TurnOffTwoFactor, *, uow: UnitOfWorkFactory, codes: OneTimeCodes, limiter: RateLimiter, clock: Clock
) -> None:
    """The person turns it off with a current code (or a recovery code): the secret and codes go."""
    _throttle(command.user_id, limiter)
    now = clock.now()
    with uow() as tx:
        factor = tx.two_factor.of_user(command.user_id)
        if factor is None or not factor.on:
            raise TwoFactorOff()
        accept_code(tx, factor, command.code, codes=codes, now=now)
        tx.two_factor.remove(command.user_id)
        _audit(tx, _person(tx, command.user_id), "turn_off_two_factor", now, by=command.user_id, on=(True, False))
        tx.commit()


def reset_two_factor(user_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> User:
    """An operator admin (or the server's console, no actor) turns off the two-factor sign-in of a
    person who lost their device; they sign in with their password alone and may set it up again."""
    if actor is not None and not actor.operator:
        raise RoleNotAllowed("Only an operator admin can reset a person's two-factor sign-in.")
    now = clock.now()
    with uow() as tx:
        user = _person(tx, user_id)
        factor = tx.two_factor.of_user(user_id)
        if factor is None:
            raise TwoFactorOff(field="user_id")
        tx.two_factor.remove(user_id)
        by = actor.user_id if actor is not None else None
        _audit(tx, user, "reset_two_factor", now, by=by, on=(factor.on, False))
        tx.commit()
    return user


def _throttle(user_id: int, limiter: RateLimiter) -> None:
    take_slots(
        limiter, [(f"two-factor:user:{user_id}", rules.CODES_PER_USER)], rules.CODES_WINDOW_SECONDS, CodesThrottled
    )


def _person(tx: UnitOfWork, user_id: int) -> User:
    user = tx.users.get(user_id)
    if user is None:
        raise NotFound(f"user {user_id} was not found.", field="user_id")
    return user


def _audit(tx: UnitOfWork, user: User, action: str, now: datetime, *, by: int | None, on: tuple[bool, bool]) -> None:
    audit_user(tx, user, action, now, by=by, changes={"two_factor": {"before": on[0], "after": on[1]}})
