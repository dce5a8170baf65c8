"""Read use cases behind the list endpoints: ownership and site limits applied, then the read model asked."""

from __future__ import annotations

from datetime import date

import attrs

from workforce_core.model.principal import Principal
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import CostCode, Location
from workforce_core.ports import (
    CostCodeFilter,
    DepartmentFilter,
    LocationFilter,
    Page,
    Paging,
    PricingReads,
    Queries,
    RateRuleFilter,
    ReferenceReads,
    WorkerFilter,
)
from workforce_core.rules.access import owned_site
from workforce_core.rules.awr import AwrClock, awr_clock
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.visibility import PAY_SCOPE
from workforce_core.steps.worker_sight import one as one
from workforce_core.steps.worker_sight import visible_workers
from workforce_core.views import DepartmentView, MeView, SiteSummary, WorkerView


def me(principal: Principal, *, queries: ReferenceReads) -> MeView:
    sites = queries.locations(
        LocationFilter(client_id=principal.client_id, paging=Paging(limit=10_000), location_ids=principal.site_ids)
    )
    return MeView(
        key=principal.api_key,
        client=principal.client,
        effective_scopes=principal.effective_scopes,
        locations=tuple(SiteSummary(site.id, site.name, site.active) for site in sites.items),
    )


def workers(
    principal: Principal, query: WorkerFilter, *, queries: Queries, location_id: int | None = None
) -> Page[WorkerView]:
    """GET /workers.php: the workers the caller may read."""
    return visible_workers(principal, query, queries=queries, location_id=location_id)


def worker_awr(principal: Principal, worker: WorkerView, *, queries: PricingReads, today: date) -> AwrClock:
    """A worker's AWR clock with their client at the start of today's pay week (``pay:read``)."""
    principal.require(PAY_SCOPE)
    start_day = principal.client.settings.pay_week_start_day
    history = queries.awr_history(principal.client, worker.worker.id)
    return awr_clock(week_start(today, start_day), history.weeks_worked, history.pauses, start_day=start_day)


def locations(principal: Principal, query: LocationFilter, *, queries: ReferenceReads) -> Page[Location]:
    principal.require("locations:read")
    return queries.locations(attrs.evolve(query, client_id=principal.client_id, location_ids=principal.site_ids))


def departments(principal: Principal, query: DepartmentFilter, *, queries: ReferenceReads) -> Page[DepartmentView]:
    principal.require("departments:read")
    if query.location_id is not None:
        owned_site(principal, queries.location(query.location_id), parameter="location_id")
    return queries.departments(attrs.evolve(query, client_id=principal.client_id, site_ids=principal.site_ids))


def rate_rules(principal: Principal, query: RateRuleFilter, *, queries: Queries) -> Page[RateRule]:
    """A site's rules plus the client-wide ones; a site-limited key sees its sites' rules and client-wide ones."""
    principal.require("pay:read", "charges:read")
    if query.location_id is not None:
        owned_site(principal, queries.location(query.location_id), parameter="location_id")
    return queries.rate_rules(attrs.evolve(query, client_id=principal.client_id, site_ids=principal.site_ids))


def cost_codes(principal: Principal, query: CostCodeFilter, *, queries: ReferenceReads) -> Page[CostCode]:
    principal.require("cost_codes:read")
    return queries.cost_codes(attrs.evolve(query, client_id=principal.client_id))
