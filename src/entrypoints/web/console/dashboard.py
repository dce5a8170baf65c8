"""The console's first page: a pay week against the four before it in charts (Chart.js, vendored), each
with its figures in a table beside it (and as CSV) and a link to the page listing what it counts: booked
hours by day and site, booked hours a week, fill rate and open places a week (``services.dashboard``),
shifts waiting for approval or sign-off, exceptions by type, overtime share and late clocks a week
(``dashboard_checks``: the API's use cases composed), and the margin by site (``views.margins``,
as the margin report) for a role that may see margins."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.rules.exceptions import EXCEPTION_TYPES
from workforce_core.rules.pages import Page, may_open
from workforce_core.services.dashboard import dashboard
from workforce_entrypoints.web.common.downloads import csv_reply
from workforce_entrypoints.web.common.rendering import exception_words
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week
from workforce_entrypoints.web.console.dashboard_checks import week_checks
from workforce_entrypoints.web.console.margins import week_margins

CSV_HEADER = ("chart", "series", "week", "label", "value")


def _sentence(words: str) -> str:
    return words[:1].upper() + words[1:]


def _hours(minutes: int) -> float:
    return round(minutes / 60, 2)


def dashboard_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    with s.one_read():  # every figure from one snapshot, over one connection, as the API reads
        found = s.run(dashboard, p, week.first)
        checks = week_checks(s, p, week.first)
        may_see_margins = may_open(visit.signed.actor, Page.MARGINS)
        margins = week_margins(visit, week.first, found.paid_sites) if may_see_margins else None
    charts: dict[str, Any] = {
        "hours_by_day": {
            "labels": [f"{day:%a %d}" for day in found.days],
            "series": [
                {"label": site, "data": [_hours(found.minutes(site, day)) for day in found.days]}
                for site in found.sites
            ],
        },
        "weeks": {
            "labels": [f"{w.week:%d %b}" for w in found.weeks],
            "series": [
                {"label": "Booked hours", "data": [_hours(w.booked_minutes) for w in found.weeks]},
            ],
        },
        "fill": {
            "labels": [f"{w.week:%d %b}" for w in found.weeks],
            "series": [
                {"label": "Fill rate (%)", "data": [w.fill_rate or 0 for w in found.weeks]},
                {"label": "Open places", "data": [w.open_places for w in found.weeks]},
            ],
        },
    }
    labels = [f"{w.week:%d %b}" for w in checks]
    if checks[-1].not_approved is not None or checks[-1].awaiting_sign_off is not None:
        charts["waiting"] = {"labels": labels, "series": [
            {"label": "Not approved", "data": [w.not_approved or 0 for w in checks]},
            {"label": "Awaiting sign-off", "data": [w.awaiting_sign_off or 0 for w in checks]},
        ]}  # fmt: skip
    if checks[-1].exceptions is not None:
        found_kinds = {kind for w in checks for kind, _ in w.exceptions or ()}
        kinds = [kind for kind in EXCEPTION_TYPES if kind in found_kinds]  # in the order of the checks
        charts["exceptions"] = {
            "labels": labels,
            "series": [
                {"label": _sentence(exception_words(kind)), "data": [w.exceptions_of(kind) for w in checks]}
                for kind in kinds
            ],
        }
    if checks[-1].paid_minutes is not None:
        charts["overtime"] = {"labels": labels, "series": [
            {"label": "Overtime share (%)", "data": [w.overtime_share or 0 for w in checks]},
        ]}  # fmt: skip
        charts["late"] = {"labels": labels, "series": [
            {"label": "Late clocks", "data": [w.late_clocks or 0 for w in checks]},
        ]}  # fmt: skip
    if margins is not None:
        charts["margin"] = {
            "labels": [row.name for row in margins.sites],
            "series": [{"label": "Margin (£)", "data": [float(row.margin) for row in margins.sites]}],
        }
    if visit.value("format") == "csv":
        rows = [
            (name, series["label"], week.first, label, Decimal(str(value)))
            for name, chart in charts.items()
            for series in chart["series"]
            for label, value in zip(chart["labels"], series["data"], strict=True)
        ]
        return csv_reply(f"dashboard-{p.client_id}-{week.first}.csv", CSV_HEADER, rows)
    return visit.page(
        "dashboard.html",
        week=week,
        found=found,
        checks=checks,
        margins=margins,
        charts=charts,
        late_page="pay-week" if may_open(visit.signed.actor, Page.PAY_WEEK) else "payroll",
    )


ROUTES: list[BaseRoute] = [console_route("/{client_id:int}/dashboard", dashboard_page, opens=Page.DASHBOARD)]
