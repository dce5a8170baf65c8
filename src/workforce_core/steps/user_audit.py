"""A change to a person's own credentials (their password, their two-factor sign-in) in the audit log:
one row about the user (``entity`` ``user``), by the user ``by`` (None: the server's console), in the
account the person belongs to; an operator admin's rows have no account (``client_id`` null)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import User
from workforce_core.ports import UnitOfWork


def audit_user(
    tx: UnitOfWork, user: User, action: str, now: datetime, *, by: int | None, changes: dict[str, Any]
) -> None:
    tx.audit.add(
        AuditEntry(
            client_id=user.client_id,
            api_key_id=None,
            user_id=by,
            action=action,
            entity="user",
            entity_id=user.id,
            created_at=now,
            changes=changes,
        )
    )
