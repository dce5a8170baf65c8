"""/availability.php: who is free for a slot, or the availability rules (GET); add a rule (POST);
retire one (DELETE ``?id=``)."""

from __future__ import annotations

from datetime import datetime

from starlette.responses import Response

from workforce_adapters.json import availability_rule_record, free_worker_record, slot_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.errors import InvalidParameter
from workforce_core.services import availability, reads
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record

SLOT = ("available_from", "available_to")


def get(call: Call) -> Response:
    p = call.params
    paging = p.paging()
    given = {name: p.instant(name) for name in SLOT}
    if any(value is not None for value in given.values()):
        return _who_is_free(call, given)
    rule_id = p.identifier("id")
    page = call.services.run(
        availability.rules,
        call.principal,
        availability.RuleQuery(
            paging=paging, id=rule_id, worker_id=p.identifier("worker_id"), active=p.boolean("active")
        ),
    )
    if rule_id is not None:
        return record(availability_rule_record(reads.one(page)))
    return listing([availability_rule_record(rule) for rule in page.items], page, paging)


def _who_is_free(call: Call, given: dict[str, datetime | None]) -> Response:
    p = call.params
    paging = p.paging()
    start, end = given["available_from"], given["available_to"]
    if start is None or end is None:
        missing = "available_from" if start is None else "available_to"
        raise InvalidParameter(missing, f"{missing} is required with {'/'.join(SLOT)} (a slot).")
    location_id = p.identifier("location_id")
    query = availability.FreeQuery(
        paging=paging,
        available_from=start,
        available_to=end,
        location_id=location_id,
        job_role=p.words("job_role", max_length=100),
    )
    found = call.services.run(availability.who_is_free, call.principal, query)
    items = [free_worker_record(item) for item in found.page.items]
    return listing(items, found.page, paging, meta={"slot": slot_record(found.slot, location_id)})


def post(call: Call) -> Response:
    s = call.services
    rule = s.run(
        availability.add_rule, structure(AddAvailabilityRule, call.body(), exact=True), principal=call.principal
    )
    return record(availability_rule_record(rule), status=201, message="Availability rule added.")


def delete(call: Call) -> Response:
    rule_id = call.params.identifier("id")
    if rule_id is None:
        raise InvalidParameter("id", "id is required: DELETE /availability.php?id=<rule_id>.")
    s = call.services
    rule = s.run(availability.retire_rule, rule_id, principal=call.principal)
    return record(availability_rule_record(rule), message="Availability rule retired.")


ENDPOINT = Endpoint(
    "availability",
    {
        "GET": Method(get, ("availability:read",)),
        "POST": Method(post, ("availability:write",)),
        "DELETE": Method(delete, ("availability:write",)),
    },
)
