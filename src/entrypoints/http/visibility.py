"""What a key's scopes show of a record: pay fields need ``pay:read``, charge fields ``charges:read``."""

from __future__ import annotations

from typing import Any

from workforce_core.model.principal import Principal
from workforce_core.model.reference import BILLING_FIELDS

SCOPED_FIELDS: dict[str, tuple[str, ...]] = {
    "pay:read": ("hourly_rate",),
    "charges:read": ("charge_rate", *BILLING_FIELDS),
}


def shown(record: dict[str, Any], principal: Principal) -> dict[str, Any]:
    """The record less the fields whose scope the key lacks."""
    hidden = {name for scope, names in SCOPED_FIELDS.items() if not principal.has(scope) for name in names}
    return {k: v for k, v in record.items() if k not in hidden}
