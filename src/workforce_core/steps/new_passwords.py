"""A password set for a user, wherever it is set (made with a new user, reset by the operator's
console, changed by the person): strong enough by the estimator, then kept as a hash with the user's
other sessions ended and the change in the audit log, in the caller's transaction."""

from __future__ import annotations

from datetime import datetime

from workforce_core.model.people import User
from workforce_core.ports import PasswordStrength, UnitOfWork
from workforce_core.rules import passwords
from workforce_core.steps.user_audit import audit_user


def require_strong(strength: PasswordStrength, password: str, email: str, field: str = "password") -> None:
    """400 ``weak_password`` naming ``field`` with the estimator's reason, unless strong enough for
    someone who knows the person's sign-in name."""
    passwords.require_strong(strength.estimate(password, passwords.password_inputs(email)), field)


def store_password(
    tx: UnitOfWork,
    user: User,
    password_hash: str,
    now: datetime,
    *,
    action: str,
    by: int | None,
    keep: int | None = None,
) -> int:
    """Keep the new hash, end every session of the user but ``keep``, and record ``action`` (by the
    user ``by``; None: the operator's console) in the audit log (an operator admin's row has no
    account). How many sessions ended."""
    changed_before = user.password_changed_at
    user.password_hash = password_hash
    user.password_changed_at = now
    tx.users.update(user)
    ended = tx.sessions.end_all(user.id, now, keep=keep)
    changes = {
        "password_changed_at": {
            "before": changed_before.isoformat() if changed_before else None,
            "after": now.isoformat(),
        },
        "sessions_ended": ended,
    }
    audit_user(tx, user, action, now, by=by, changes=changes)
    return ended
