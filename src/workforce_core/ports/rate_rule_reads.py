"""Reads of rate rules (GET /rate-rules.php)."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from attrs import frozen

from workforce_core.model.rates import RateRule
from workforce_core.ports.paging import Page, Paging


@frozen
class RateRuleFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    location_id: int | None = None
    site_ids: tuple[int, ...] | None = None
    active: bool = True
    on: date | None = None


class RateRuleReads(Protocol):
    def rate_rules(self, query: RateRuleFilter) -> Page[RateRule]: ...
