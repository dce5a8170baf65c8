"""A signed-in person changes their own password: the current one checked (each try counts against
the sign-in throttle of their name, so a session left open is no way to guess it), the new one strong
enough and not the current one; then every other session of theirs ends and this one stays."""

from __future__ import annotations

from workforce_core.commands.people import ChangePassword
from workforce_core.errors import CurrentPasswordWrong, NotFound, SignInThrottled, ValidationFailed
from workforce_core.model.people import User
from workforce_core.ports import Clock, PasswordHasher, PasswordStrength, RateLimiter, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.steps.new_passwords import require_strong, store_password
from workforce_core.steps.throttles import take_slots

THROTTLED = "Too many tries of your current password; wait a few minutes and try again."


def change_password(
    command: ChangePassword,
    *,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    strength: PasswordStrength,
    limiter: RateLimiter,
    clock: Clock,
) -> User:
    with uow(read_only=True) as tx:
        user = tx.users.get(command.user_id)
    if user is None or not user.active:
        raise NotFound(f"user {command.user_id} was not found.", field="user_id")
    buckets = people.sign_in_buckets(user.email)
    take_slots(limiter, buckets, people.SIGN_IN_WINDOW_SECONDS, lambda wait: SignInThrottled(wait, THROTTLED))
    if not hasher.verify(user.password_hash, command.current_password):
        raise CurrentPasswordWrong()
    require_strong(strength, command.new_password, user.email, "new_password")
    if hasher.verify(user.password_hash, command.new_password):
        raise ValidationFailed("new_password", "The new password is the one you have now: choose another.")
    password_hash = hasher.hash(command.new_password)  # slow on purpose: outside the transaction
    now = clock.now()
    with uow() as tx:
        current = tx.users.get(user.id)
        if current is None or current.password_hash != user.password_hash:  # changed meanwhile elsewhere
            raise CurrentPasswordWrong()
        store_password(tx, current, password_hash, now, action="change_password", by=user.id, keep=command.session_id)
        tx.commit()
    return current
