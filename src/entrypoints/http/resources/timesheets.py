"""/timesheets.php: list or one time entry (GET), with the pay gate and, on request, pricing.

Every completed shift carries ``paid_minutes``, ``paid_hours``, ``unpaid_break_minutes``,
``payroll_status`` and ``payroll_excluded_reason``; an open shift is ``on_hold`` ``open_clock_out``;
a break has none of them. ``open_exceptions`` names the shift's open exceptions (the checks of
/exceptions.php, additive). ``include_pricing=true`` adds ``pricing`` (pay figures with ``pay:read``,
charge figures with ``charges:read``; 403 with neither); ``explain=true`` adds its explanation.
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from workforce_adapters.json import payroll_fields, pricing_record, time_entry_record
from workforce_core.errors import InsufficientScope
from workforce_core.model.time_entries import APPROVAL_STATUSES, CLIENT_APPROVALS
from workforce_core.rules.pay_gate import PAYROLL_STATUSES
from workforce_core.rules.visibility import Sight
from workforce_core.services import reads
from workforce_core.services.time_reads.timesheets import ENTRY_FILTERS, TimesheetQuery, timesheets
from workforce_core.views import EntryView
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    include_pricing = bool(p.boolean("include_pricing"))
    explain = bool(p.boolean("explain"))
    sight = Sight.of(call.principal.effective_scopes)
    if include_pricing and not (sight.pay or sight.charge):
        raise InsufficientScope("pay:read", "include_pricing needs pay:read or charges:read.")
    query = TimesheetQuery(
        paging=paging,
        id=p.identifier("id"),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        updated_since=p.instant("updated_since"),
        worker_id=p.identifier("worker_id"),
        location_id=p.identifier("location_id"),
        department_id=p.identifier("department_id"),
        entry_filter=p.choice("entry_filter", ENTRY_FILTERS),
        approval_status=p.choice("approval_status", APPROVAL_STATUSES),
        client_approval=p.choice("client_approval", CLIENT_APPROVALS),
        payroll_status=p.choice("payroll_status", PAYROLL_STATUSES),
        explain=include_pricing and explain,
        pricing=include_pricing,
    )
    s = call.services
    sheet = s.run(timesheets, call.principal, query)

    def shown(view: EntryView) -> dict[str, Any]:
        body = {**time_entry_record(view), **payroll_fields(view.entry, sheet.gates.get(view.entry.id))}
        body["open_exceptions"] = list(sheet.exceptions.get(view.entry.id, ()))
        figures = sheet.figures.get(view.entry.id)
        if include_pricing and figures is not None:
            working = sheet.explained.get(view.entry.id) if query.explain else None
            body["pricing"] = pricing_record(figures, pay=sight.pay, charge=sight.charge, explanation=working)
        return body

    if query.id is not None:
        return record(shown(reads.one(sheet.page)))
    return listing([shown(view) for view in sheet.page.items], sheet.page, paging)


ENDPOINT = Endpoint("timesheets", {"GET": Method(get, ("timesheets:read",))})
