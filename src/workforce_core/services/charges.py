"""GET /charges.php: the charge schedule of a period, from the stored pay figures (kept current).

Payable shifts only (closed, agency-approved, client-approved when the client signs off, not rejected,
no open query, with a rate), at the client's sites; grouped per site, worker, role, element and charge
rate, each line rounded once; per site the net, VAT (with ``vat``) and gross, and what the gate held
back, by reason. ``reference`` is the same for the same client and period.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from decimal import Decimal

from attrs import frozen

from workforce_core.errors import InvalidParameter
from workforce_core.model.principal import Principal
from workforce_core.ports import ChargeFilter, Queries, UnitOfWorkFactory
from workforce_core.rules.charges import DEFAULT_VAT_RATE, line_amount, vat
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.steps.pay_figures import figures_current
from workforce_core.steps.time_filters import site_filter
from workforce_core.views import ChargeLine, Charges, SiteTotal

MAX_DAYS = 93


@frozen
class ChargeQuery:
    week_start: date | None = None
    date_from: date | None = None
    date_to: date | None = None
    location_id: int | None = None
    vat: bool = False
    vat_rate: Decimal = DEFAULT_VAT_RATE
    include_entries: bool = False


def period_asked(query: ChargeQuery, start_day: int, now: datetime) -> tuple[date, date]:
    """``week_start`` (its pay week), or ``from``/``to`` (at most 93 days), or the last complete pay week."""
    if query.week_start is not None:
        if query.date_from is not None or query.date_to is not None:
            raise InvalidParameter("week_start", "give week_start, or from and to, not both.")
        first = week_start(query.week_start, start_day)
        return first, first + timedelta(days=6)
    given = [day for day in (query.date_from, query.date_to) if day is not None]
    if not given:
        last_week = week_start(local_date(now), start_day) - timedelta(days=7)
        return last_week, last_week + timedelta(days=6)
    first, last = given[0], given[-1]
    if last < first:
        raise InvalidParameter("to", "to is before from.")
    if (last - first).days + 1 > MAX_DAYS:
        raise InvalidParameter("to", f"a period of at most {MAX_DAYS} days.")
    return first, last


def charges(
    principal: Principal, query: ChargeQuery, *, queries: Queries, uow: UnitOfWorkFactory, now: datetime
) -> Charges:
    principal.require("charges:read")
    if not Decimal(0) <= query.vat_rate <= Decimal(100):
        raise InvalidParameter("vat_rate", "vat_rate is a number from 0 to 100.")
    client = principal.client
    first, last = period_asked(query, client.settings.pay_week_start_day, now)
    sites = site_filter(principal, queries, query.location_id)
    wanted = ChargeFilter(client.id, first, last, sites, query.include_entries)
    current = figures_current(client, wanted.start, wanted.end, queries=queries, uow=uow)
    groups = current.charge_groups(wanted)
    held = current.held_back(wanted)
    lines = tuple(ChargeLine(group, line_amount(group.charge_rate, group.minutes)) for group in groups)
    site_ids = sorted({line.group.location_id for line in lines} | {h.location_id for h in held})
    totals = []
    for site_id in site_ids:
        site = queries.location(site_id)
        assert site is not None
        net = sum((line.amount for line in lines if line.group.location_id == site_id), Decimal(0))
        totals.append(
            SiteTotal(
                site=site,
                net=net,
                vat=vat(net, query.vat_rate) if query.vat else None,
                held_back=tuple(h for h in held if h.location_id == site_id),
            )
        )
    return Charges(
        reference=f"CHG-{client.id}-{first:%Y%m%d}-{last:%Y%m%d}",
        client_id=client.id,
        period=(first, last),
        require_client_approval=client.settings.require_client_approval,
        lines=lines,
        sites=tuple(totals),
        vat_rate=query.vat_rate if query.vat else None,
    )
