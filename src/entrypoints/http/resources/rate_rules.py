"""GET /rate-rules.php (pay:read or charges:read): each half of the money only with its own scope; the
list's meta carries the client's pricing settings and pay codes."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response

from workforce_adapters.json import pricing_settings_record, rate_rule_record
from workforce_adapters.json.pay_codes import pay_code_record
from workforce_core.model.rates import RateRule
from workforce_core.ports import RateRuleFilter
from workforce_core.rules.visibility import Sight, visible_rate_rule
from workforce_core.services import reads
from workforce_core.services.pay_codes import pay_codes
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def _shown(call: Call, rule: RateRule) -> dict[str, Any]:
    return visible_rate_rule(rate_rule_record(rule), Sight.of(call.principal.effective_scopes))


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    active = p.boolean("active")
    query = RateRuleFilter(
        client_id=call.principal.client_id,
        paging=paging,
        id=p.identifier("id"),
        location_id=p.identifier("location_id"),
        active=True if active is None else active,
        on=p.day("on"),
    )
    page = call.services.run(reads.rate_rules, call.principal, query)
    if query.id is not None:
        return record(_shown(call, reads.one(page)))
    codes = call.services.run(pay_codes, call.principal.client_id)
    meta = {
        "settings": pricing_settings_record(call.principal.client.settings),
        "pay_codes": [pay_code_record(code) for code in codes],
    }
    return listing([_shown(call, rule) for rule in page.items], page, paging, meta)


ENDPOINT = Endpoint("rate-rules", {"GET": Method(get, ("pay:read", "charges:read"))})
