"""The calling key (/me.php), keys as the console prints them, and audit entries."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import twin
from workforce_core import API_VERSION
from workforce_core.model.audit import AuditEntry
from workforce_core.model.keys import ApiKey
from workforce_core.views import (
    MeView,
)


def me_record(view: MeView) -> dict[str, Any]:
    key = view.key
    return {
        "api_key_id": key.id,
        "key_name": key.name,
        "key_prefix": key.key_prefix,
        "kind": "client",
        "client_id": view.client.id,
        "client_ids": [view.client.id],
        "client_name": view.client.name,
        "site_limited": key.site_limited,
        "location_ids": list(key.location_ids) if key.location_ids is not None else None,
        "locations": [{"id": s.id, "name": s.name, "active": s.active} for s in view.locations],
        "scopes": list(key.scopes),
        "effective_scopes": list(view.effective_scopes),
        "legacy": key.legacy,
        "rate_limit_per_minute": key.rate_limit_per_minute,
        "allowed_origins": list(key.allowed_origins),
        **twin("expires_at", key.expires_at),
        **twin("created_at", key.created_at),
        "api_version": API_VERSION,
    }


def key_record(key: ApiKey) -> dict[str, Any]:
    """The console's view of a key (never its secret)."""
    return {
        "id": key.id,
        "client_id": key.client_id,
        "name": key.name,
        "key_prefix": key.key_prefix,
        "scopes": list(key.scopes),
        "legacy": key.legacy,
        "location_ids": list(key.location_ids) if key.location_ids is not None else None,
        "rate_limit_per_minute": key.rate_limit_per_minute,
        "allowed_origins": list(key.allowed_origins),
        "replaces_id": key.replaces_id,
        **twin("expires_at", key.expires_at),
        **twin("revoked_at", key.revoked_at),
        **twin("created_at", key.created_at),
    }


def audit_record(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "client_id": entry.client_id,
        "api_key_id": entry.api_key_id,
        "action": entry.action,
        "entity": entry.entity,
        "entity_id": entry.entity_id,
        "changes": entry.changes,
        **twin("created_at", entry.created_at),
    }
