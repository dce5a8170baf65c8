"""The audit log: every write made by a key, a person or a device, with before and after values, and
where it came from (the caller's address, the request's ``X-Request-Id``, the surface it came through)."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from attrs import field, frozen


class Via(enum.StrEnum):
    """The way in a write came through."""

    API = "api"
    CONSOLE = "console"
    PORTAL = "portal"
    KIOSK = "kiosk"
    APP = "app"
    CLI = "cli"
    JOBS = "jobs"


@frozen
class Origin:
    """Where a write came from: the caller's address (None: not over the network), the request's id, the way in."""

    via: Via
    ip: str | None = None
    request_id: str | None = None


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
    ip: str | None = None
    request_id: str | None = None
    via: str | None = None
    id: int = 0

    def from_origin(self, origin: Origin | None) -> AuditEntry:
        """This entry with where it came from, unless it already says."""
        if origin is None or self.via is not None:
            return self
        return AuditEntry(
            self.client_id,
            self.api_key_id,
            self.action,
            self.entity,
            self.entity_id,
            self.created_at,
            self.changes,
            self.user_id,
            origin.ip,
            origin.request_id,
            origin.via.value,
            self.id,
        )
