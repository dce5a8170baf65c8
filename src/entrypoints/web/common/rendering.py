"""The console's templates (Jinja2, autoescaped: a worker named ``<script>`` is shown as text) and the
filters that turn core values into words people read."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from workforce_core.rules.clock_request import LATE_SYNC
from workforce_core.rules.london import shown
from workforce_core.rules.pay_gate import LATE_CLOCK
from workforce_entrypoints.web.common.badges import badge

# flags and reasons in words (presentation only: which flags a shift has, and which of the checks of
# the exceptions page it fails, is decided in the core)
FLAG_WORDS: dict[str, str] = {
    "geofence_outside": "outside the geofence",
    "low_gps_confidence": "low GPS accuracy",
    "low_gps": "low GPS accuracy",
    "api_backdated": "backdated",
    LATE_CLOCK: "recorded into a locked week",
    LATE_SYNC: "sent late by an offline kiosk",
    # the exceptions of a shift (rules.exceptions)
    "open_clock_out": "open clock-out",
    "long_shift": "shift over 14 hours",
    "short_shift": "shift under 5 minutes",
    "walk_in": "no booking",
    "late_start": "late start",
    "early_finish": "early finish",
    "overlap": "overlaps another shift",
    "missed_break": "no break in over 6 hours",
    "wtr_average": "over 48 hours a week on average",
    "rest_11h": "under 11 hours' rest",
    "weekly_rest": "no weekly rest",
    "young_worker": "over a young worker's limits",
    "query": "open query",
}


def flag_words(flags: list[str] | tuple[str, ...]) -> list[str]:
    """Each flag in words, once (a clock's flag and the exception it makes read the same)."""
    return list(dict.fromkeys(FLAG_WORDS.get(flag, flag.replace("_", " ")) for flag in flags))


def words(code: str | None) -> str:
    """A vocabulary code as words (``not_approved`` -> ``not approved``)."""
    return (code or "").replace("_", " ")


def money(value: Decimal | float | int | None) -> str:
    return "" if value is None else f"£{Decimal(value):,.2f}"


def hours_text(minutes: int | None) -> str:
    if minutes is None:
        return ""
    sign = "-" if minutes < 0 else ""
    return f"{sign}{abs(minutes) // 60}:{abs(minutes) % 60:02d}"


def day_text(value: date | None) -> str:
    return value.strftime("%a %d %b %Y") if value else ""


def local(moment: datetime | None) -> str:
    return shown(moment)


@cache
def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("workforce_entrypoints.web", "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(
        local=local, money=money, hours=hours_text, day=day_text, words=words, flag_words=flag_words, badge=badge
    )
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
