"""The audit trail in Setup (owners and operator admins): every change made in the account by a person, a
key or a device, filtered by person, key, kind of record and dates (a GET form), a page at a time, or all
the rows asked for as CSV."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, time, timedelta
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.errors import InvalidParameter
from workforce_core.ports import Paging
from workforce_core.rules.london import from_local
from workforce_core.rules.people import Power
from workforce_core.services import accounts, people
from workforce_core.services.audit_trail import audit_trail
from workforce_core.views.audit import AuditFilter, AuditRow
from workforce_entrypoints.web.common.downloads import csv_reply
from workforce_entrypoints.web.common.rendering import local
from workforce_entrypoints.web.common.visits import Visit, console_route

PAGE_SIZE = 50
CSV_ROWS = 10_000  # a download's most rows
KINDS = ("booking", "worker", "time_entry", "worker_document", "user", "api_key", "amendment", "pay_week", "export")
FILTERS = ("user_id", "api_key_id", "entity", "since", "until")
CSV_HEADER = ("When", "Who", "From", "Request id", "Via", "What", "Record", "Record id", "Changes")


def _day(visit: Visit, name: str) -> date | None:
    text = visit.value(name)
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        raise InvalidParameter(name, f"{name} is a date, YYYY-MM-DD.") from None


def _query(visit: Visit) -> AuditFilter:
    since, until = _day(visit, "since"), _day(visit, "until")
    entity = visit.value("entity")
    if entity is not None and entity not in KINDS:
        raise InvalidParameter("entity", f"entity is one of {', '.join(KINDS)}.")
    return AuditFilter(
        visit.client.client_id,
        user_id=visit.number("user_id"),
        api_key_id=visit.number("api_key_id"),
        entity=entity,
        since=from_local(since, time(0)) if since else None,
        until=from_local(until + timedelta(days=1), time(0)) if until else None,  # the whole last day
    )


def audit_page(visit: Visit) -> Response:
    s, actor = visit.services, visit.signed.actor
    query = _query(visit)
    if visit.value("format") == "csv":
        found = s.run(audit_trail, query, Paging(CSV_ROWS), actor=actor)
        return csv_reply(f"audit-{query.client_id}.csv", CSV_HEADER, _csv_rows(found.items))
    offset = visit.number("offset") or 0
    found = s.run(audit_trail, query, Paging(PAGE_SIZE, offset), actor=actor)
    return visit.page(
        "audit_trail.html",
        rows=found.items,
        total=found.total,
        offset=offset,
        page_size=PAGE_SIZE,
        users=s.run(people.users, query.client_id),
        keys=s.run(accounts.client_keys, query.client_id, actor=actor),
        kinds=KINDS,
        filters={name: visit.value(name) or "" for name in FILTERS},
    )


def _csv_rows(rows: Sequence[AuditRow]) -> list[list[Any]]:
    return [
        [
            local(row.entry.created_at),
            row.who,
            row.entry.ip,
            row.entry.request_id,
            row.entry.via,
            row.entry.action,
            row.entry.entity,
            row.entry.entity_id,
            row.changes_text,
        ]
        for row in rows
    ]


ROUTES: list[BaseRoute] = [console_route("/{client_id:int}/setup/audit", audit_page, power=Power.SETUP)]
