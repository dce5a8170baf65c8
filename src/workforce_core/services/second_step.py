"""The second step of a sign-in: after a right password, a person with two-factor sign-in on gets a
challenge (a cookie token; only its SHA-256 kept) instead of a session, and sends a code within five
minutes. The code is a current time-based code, accepted once, or one of their recovery codes, each
accepted once. Attempts are throttled per person and per address before the code is looked at.
"""

from __future__ import annotations

from attrs import frozen

from workforce_core.commands.two_factor import SignInWithCode
from workforce_core.errors import CodesThrottled, SecondStepEnded
from workforce_core.model.keys import hash_secret
from workforce_core.model.people import WebSession
from workforce_core.ports import Clock, OneTimeCodes, RateLimiter, UnitOfWorkFactory
from workforce_core.rules import two_factor as rules
from workforce_core.rules.two_factor import CodeKind
from workforce_core.steps.second_factor import accept_code
from workforce_core.steps.throttles import take_slots
from workforce_core.views.signed_in import SignedIn


@frozen
class CodeAccepted:
    signed: SignedIn
    kind: CodeKind
    recovery_left: int


def sign_in_with_code(
    command: SignInWithCode, *, uow: UnitOfWorkFactory, codes: OneTimeCodes, limiter: RateLimiter, clock: Clock
) -> CodeAccepted:
    """A session for a live challenge and a right code; 401 ``second_step_ended`` for an unknown, used
    or expired challenge, 401 ``code_refused``/``code_used`` for a wrong or used code, 429 past the throttle."""
    with uow(read_only=True) as tx:
        found = tx.sign_in_challenges.by_token_hash(hash_secret(command.token)) if command.token else None
    if found is None:
        raise SecondStepEnded()
    buckets = (
        (f"two-factor:user:{found.user_id}", rules.CODES_PER_USER),
        (f"two-factor:address:{command.address}", rules.CODES_PER_ADDRESS),
    )
    take_slots(limiter, buckets, rules.CODES_WINDOW_SECONDS, CodesThrottled)
    now = clock.now()
    with uow() as tx:
        step = tx.sign_in_challenges.get(found.id)
        user = tx.users.get(found.user_id)
        factor = tx.two_factor.of_user(found.user_id)
        if step is None or not rules.challenge_live(step, now) or user is None or not user.active:
            raise SecondStepEnded()
        if factor is None or not factor.on:  # reset by an operator meanwhile: sign in again
            raise SecondStepEnded()
        kind = accept_code(tx, factor, command.code, codes=codes, now=now)
        if not tx.sign_in_challenges.claim(step.id, now):
            raise SecondStepEnded()
        session, token = WebSession.begin(user.id, now, command.address)
        made = tx.sessions.add(session)
        left = tx.recovery_codes.left(user.id)
        tx.commit()
    return CodeAccepted(SignedIn(user, made, token), kind, left)
