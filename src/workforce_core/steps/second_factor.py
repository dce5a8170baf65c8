"""Two-factor sign-in inside a writing transaction: the challenge a right password gets when it is on,
and checking a code (the second step of a sign-in, turning it on or off). A time-based code is accepted
once (its step must be newer than the last accepted, claimed by a conditional write), a recovery code
once (claimed the same way)."""

from __future__ import annotations

import secrets
from datetime import datetime

from attrs import field, frozen

from workforce_core.errors import CodeRefused, CodeUsed
from workforce_core.model.keys import hash_secret
from workforce_core.model.people import User
from workforce_core.model.two_factor import SignInChallenge, TwoFactor, recovery_code_hash
from workforce_core.ports import OneTimeCodes, UnitOfWork
from workforce_core.rules import two_factor as rules
from workforce_core.rules.two_factor import CodeKind


def accept_code(
    tx: UnitOfWork, factor: TwoFactor, typed: str, *, codes: OneTimeCodes, now: datetime, recovery: bool = True
) -> CodeKind:
    """Use the code up, or raise ``CodeRefused`` (not the person's) or ``CodeUsed`` (used before)."""
    read = rules.read_code(typed)
    if read is None or (read[0] is CodeKind.RECOVERY and not recovery):
        raise CodeRefused()
    kind, code = read
    if kind is CodeKind.TIME:
        step = codes.step_of(factor.secret, code, now)
        if step is None:
            raise CodeRefused()
        if not rules.fresh_step(step, factor.last_step) or not tx.two_factor.claim_step(factor.id, step):
            raise CodeUsed()
        factor.last_step = step
        return kind
    found = tx.recovery_codes.find(factor.user_id, recovery_code_hash(factor.user_id, code))
    if found is None:
        raise CodeRefused()
    if found.used_at is not None or not tx.recovery_codes.claim(found.id, now):
        raise CodeUsed("That recovery code has been used already: each works once.")
    return kind


@frozen
class CodeNeeded:
    """A right password of a person with two-factor sign-in on: the challenge's token (the cookie's
    value, never stored) and when it ends."""

    user: User
    expires_at: datetime
    token: str = field(repr=False)


def challenge(tx: UnitOfWork, user: User, now: datetime, address: str | None) -> CodeNeeded | None:
    """In the sign-in's writing transaction: a challenge when the person has two-factor sign-in on."""
    factor = tx.two_factor.of_user(user.id)
    if factor is None or not factor.on:
        return None
    token = secrets.token_urlsafe(32)
    expires = now + rules.SECOND_STEP_LIFETIME
    tx.sign_in_challenges.add(SignInChallenge(user.id, hash_secret(token), now, expires, address))
    return CodeNeeded(user, expires, token)
