"""The audit log: writes made with an API key or by a signed-in user, with before and after values."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from attrs import field, frozen


@frozen
class AuditEntry:
    client_id: int | None  # None: about an operator admin, of no one account
    api_key_id: int | None
    action: str
    entity: str
    entity_id: int
    created_at: datetime
    changes: dict[str, Any] = field(factory=dict)
    user_id: int | None = None
    id: int = 0
