"""/pay-weeks.php: the status, counts and export batches of pay weeks (GET)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json import day, pay_week_record
from workforce_core.ports import Page, Paging
from workforce_core.rules.visibility import Sight
from workforce_core.services.pay_week_reads import PayWeekQuery, pay_weeks
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing


def get(call: Call) -> Response:
    p = call.params
    query = PayWeekQuery(week_start=p.day("week_start"), date_from=p.day("from"), date_to=p.day("to"))
    s = call.services
    found = s.run(pay_weeks, call.principal, query)
    charge = Sight.of(call.principal.effective_scopes).charge
    weeks = [pay_week_record(view, charge=charge, batch_totals=found.batch_totals) for view in found.weeks]
    meta = {
        "period_from": day(found.period_from),
        "period_to": day(found.period_to),
        "pay_week_start_day": found.pay_week_start_day,
        "approval_rule": found.approval_rule,
    }
    return listing(weeks, Page(tuple(weeks), len(weeks)), Paging(limit=max(len(weeks), 1), offset=0), meta)


ENDPOINT = Endpoint("pay-weeks", {"GET": Method(get, ("payroll:read",))})
