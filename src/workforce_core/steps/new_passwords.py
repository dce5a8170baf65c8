"""A password set for a user, wherever it is set (made with a new user, reset by the operator's
console, changed by the person): strong enough by the estimator, then kept as a hash with the user's
other sessions ended and the change in the audit log, in the caller's transaction."""

from __future__ import annotations

from datetime import datetime

from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import User
from workforce_core.ports import PasswordStrength, UnitOfWork
from workforce_core.rules import passwords


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
    user ``by``; None: the operator's console) in the audit log of the user's account (an operator
    admin belongs to no account, and the log is kept per account). How many sessions ended."""
    changed_before = user.password_changed_at
    user.password_hash = password_hash
    user.password_changed_at = now
    tx.users.update(user)
    ended = tx.sessions.end_all(user.id, now, keep=keep)
    if user.client_id is not None:
        tx.audit.add(
            AuditEntry(
                client_id=user.client_id,
                api_key_id=None,
                user_id=by,
                action=action,
                entity="user",
                entity_id=user.id,
                created_at=now,
                changes={
                    "password_changed_at": {
                        "before": changed_before.isoformat() if changed_before else None,
                        "after": now.isoformat(),
                    },
                    "sessions_ended": ended,
                },
            )
        )
    return ended
