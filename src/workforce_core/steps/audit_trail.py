"""One audit row for a write made by a key or a person (``principal``): what, about which record, the
values before and after (dates and decimals as text)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from workforce_core.model.audit import AuditEntry
from workforce_core.model.principal import Principal
from workforce_core.ports import UnitOfWork
from workforce_core.steps.audit_rows import plain


def record_change(
    tx: UnitOfWork,
    principal: Principal | None,
    *,
    client_id: int,
    action: str,
    entity: str,
    entity_id: int,
    now: datetime,
    changes: Mapping[str, tuple[Any, Any]] | None = None,
) -> None:
    """``changes``: field -> (before, after); None for a write with none to show (the server's jobs:
    ``principal`` None)."""
    key = principal.key if principal is not None else None
    actor = principal.actor if principal is not None else None
    tx.audit.add(
        AuditEntry(
            client_id=client_id,
            api_key_id=key.id if key is not None else None,
            user_id=actor.user_id if actor is not None else None,
            action=action,
            entity=entity,
            entity_id=entity_id,
            created_at=now,
            changes={k: {"before": plain(b), "after": plain(a)} for k, (b, a) in (changes or {}).items()},
        )
    )
