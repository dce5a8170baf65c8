"""/payroll.php: payroll lines, one per worker per pay week (GET), from the stored pay figures."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json.payroll import payroll_line_record
from workforce_core.rules.visibility import Sight
from workforce_core.services.pay_codes import pay_codes
from workforce_core.services.payroll import PayrollQuery, payroll
from workforce_core.steps.pay_codes import shown_refs
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing

MAX_LINES = 200


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging(maximum=MAX_LINES)
    include_entries = bool(p.boolean("include_entries"))
    adjustments = bool(p.boolean("adjustments"))
    query = PayrollQuery(
        paging=paging,
        week=p.day("week"),
        date_from=p.day("date_from"),
        date_to=p.day("date_to"),
        worker_id=p.identifier("worker_id"),
        location_id=p.identifier("location_id"),
        department_id=p.identifier("department_id"),
        include_entries=include_entries,
        adjustments=adjustments,
    )
    s = call.services
    found = s.run(payroll, call.principal, query)
    charge = Sight.of(call.principal.effective_scopes).charge
    refs = shown_refs(s.run(pay_codes, call.principal.client_id))
    items = [
        payroll_line_record(line, charge=charge, include_entries=include_entries, adjustments=adjustments, refs=refs)
        for line in found.lines.items
    ]
    return listing(items, found.lines, paging, meta={"shifts_not_approved": found.shifts_not_approved})


ENDPOINT = Endpoint("payroll", {"GET": Method(get, ("payroll:read",))})
