"""The audit trail as its readers ask for it (an account's rows, filtered) and see it (each row with the
name of who wrote it: the person's email, or the key's name)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from attrs import frozen

from workforce_core.model.audit import AuditEntry


@frozen
class AuditFilter:
    """An account's rows; each filter narrows them (None: any). ``since``/``until``: ``[since, until)``."""

    client_id: int
    user_id: int | None = None
    api_key_id: int | None = None
    entity: str | None = None
    entity_id: int | None = None
    since: datetime | None = None
    until: datetime | None = None


@frozen
class AuditRow:
    entry: AuditEntry
    user_email: str | None = None
    key_name: str | None = None

    @property
    def who(self) -> str:
        """Who wrote it, by name ("" for the server's own jobs and the kiosk's clocks)."""
        if self.user_email is not None:
            return self.user_email
        return f"key {self.key_name}" if self.key_name is not None else ""

    @property
    def changes_text(self) -> str:
        """Each field's change as "field: before -> after", one after another."""
        parts = []
        for name, change in self.entry.changes.items():
            if isinstance(change, dict) and set(change) == {"before", "after"}:
                parts.append(f"{name}: {_shown(change['before'])} -> {_shown(change['after'])}")
            else:
                parts.append(f"{name}: {_shown(change)}")
        return "; ".join(parts)


def _shown(value: Any) -> str:
    return "-" if value is None else value if isinstance(value, str) else json.dumps(value)
