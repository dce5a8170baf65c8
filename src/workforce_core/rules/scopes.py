"""Scopes: the spec's list, and the rules that turn a key's stored scopes into effective ones."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from workforce_core.model.principal import Principal
from workforce_core.model.workers import RATE_FIELDS

SCOPES: tuple[str, ...] = (
    "workers:read",
    "workers:write",
    "timesheets:read",
    "payroll:read",
    "pay:read",
    "charges:read",
    "rates:write",
    "shifts:read",
    "shifts:write",
    "onsite:read",
    "locations:read",
    "departments:read",
    "cost_codes:read",
    "availability:read",
    "availability:write",
    "absences:read",
    "clock:write",
    "webhooks:read",
    "webhooks:write",
)

# decisions.md: a legacy key (made before scopes existed) has the 1.0 resources.
LEGACY_SCOPES: frozenset[str] = frozenset(
    {
        "workers:read",
        "workers:write",
        "timesheets:read",
        "locations:read",
        "departments:read",
        "cost_codes:read",
        "clock:write",
        "shifts:read",
        "shifts:write",
    }
)

_IMPLIES: dict[str, tuple[str, ...]] = {"payroll:read": ("pay:read",)}


def implied_by(scope: str) -> tuple[str, ...]:
    """Scopes one scope brings with it: a write scope its read scope, payroll:read pay:read."""
    implied = list(_IMPLIES.get(scope, ()))
    resource, _, action = scope.partition(":")
    if action == "write" and f"{resource}:read" in SCOPES:
        implied.append(f"{resource}:read")
    return tuple(implied)


def effective_scopes(stored: Iterable[str], *, legacy: bool) -> tuple[str, ...]:
    """What a key really has, in the spec's order. Unknown stored names are dropped."""
    return _effective(tuple(stored), legacy)


@lru_cache(maxsize=256)  # every request asks it of its key; keys hold few distinct sets of scopes
def _effective(stored: tuple[str, ...], legacy: bool) -> tuple[str, ...]:
    granted = {scope for scope in stored if scope in SCOPES} | (LEGACY_SCOPES if legacy else set())
    pending = list(granted)
    while pending:
        for extra in implied_by(pending.pop()):
            if extra not in granted:
                granted.add(extra)
                pending.append(extra)
    return tuple(scope for scope in SCOPES if scope in granted)


def has_scope(effective: Iterable[str], needed: str) -> bool:
    return needed in set(effective)


def require_rates_write(sent: Iterable[str], principal: Principal | None) -> None:
    """Setting a worker's rate needs ``rates:write`` (403 before any value is looked at); the console
    (no principal) may."""
    if principal is not None and any(name in RATE_FIELDS for name in sent):
        principal.require("rates:write")
