"""The console's templates (Jinja2, autoescaped: a worker named ``<script>`` is shown as text) and the
filters that turn core values into words people read."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from workforce_core.rules.exceptions import ExceptionType
from workforce_core.rules.london import shown
from workforce_core.rules.pay_gate import LATE_CLOCK
from workforce_entrypoints.web.common.badges import badge

# exception types, flags and reasons in words (presentation only: which exceptions and flags a shift has,
# and which of the checks of the exceptions page it fails, is decided in the core); every exception type
# has its words here, once (a unit test holds this to ``ExceptionType``)
EXCEPTION_WORDS: dict[str, str] = {
    ExceptionType.OPEN_CLOCK_OUT: "open clock-out",
    ExceptionType.LONG_SHIFT: "shift over 14 hours",
    ExceptionType.SHORT_SHIFT: "shift under 5 minutes",
    ExceptionType.WALK_IN: "no booking",
    ExceptionType.LATE_START: "late start",
    ExceptionType.EARLY_FINISH: "early finish",
    ExceptionType.NO_SHOW: "no-show",
    ExceptionType.GEOFENCE_OUTSIDE: "outside the geofence",
    ExceptionType.LOW_GPS_CONFIDENCE: "low GPS accuracy",
    ExceptionType.BACKDATED: "backdated",
    ExceptionType.LATE_SYNC: "sent late by an offline kiosk",
    ExceptionType.OVERLAP: "overlaps another shift",
    ExceptionType.MISSED_BREAK: "no break in over 6 hours",
    ExceptionType.BELOW_MINIMUM_WAGE: "below the minimum wage",
    ExceptionType.DOCUMENT_EXPIRED: "documents not valid that day",
    ExceptionType.WTR_AVERAGE: "over 48 hours a week on average",
    ExceptionType.REST_11H: "under 11 hours' rest",
    ExceptionType.WEEKLY_REST: "no weekly rest",
    ExceptionType.YOUNG_WORKER: "over a young worker's limits",
    ExceptionType.QUERY: "open query",
}
FLAG_WORDS: dict[str, str] = {
    **EXCEPTION_WORDS,  # a clock's flag and the exception it makes read the same
    "low_gps": "low GPS accuracy",
    "api_backdated": "backdated",
    LATE_CLOCK: "recorded into a locked week",
}


def flag_words(flags: list[str] | tuple[str, ...]) -> list[str]:
    """Each flag in words, once (a clock's flag and the exception it makes read the same)."""
    return list(dict.fromkeys(FLAG_WORDS.get(flag, flag.replace("_", " ")) for flag in flags))


def exception_words(kind: str) -> str:
    """An exception's type in words (``geofence_outside`` -> ``outside the geofence``)."""
    return EXCEPTION_WORDS.get(kind) or words(kind)


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
        local=local,
        money=money,
        hours=hours_text,
        day=day_text,
        words=words,
        flag_words=flag_words,
        badge=badge,
        exception_words=exception_words,
    )
    return env


def render(template: str, **context: Any) -> str:
    return environment().get_template(template).render(**context)
