"""The clock events' data: a clock made (clock_in, clock_out, and the warnings a clock-in raises) and a
clock refused (outside a fence, or blocked by a survey answer), with how the clock was made."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from attrs import frozen

from workforce_core.views import EntryView


@frozen
class Clocked:
    """A clock made: the shift after it, and its ``method``, ``source`` and ``kiosk_id`` (a kiosk's or the
    worker app's clock names no client: it goes to the worker's home client)."""

    EVENTS: ClassVar[frozenset[str]] = frozenset(
        {"clock_in", "clock_out", "clock.geofence_breach", "clock.low_gps_confidence"}
    )
    entry: EntryView
    method: str
    source: str
    kiosk_id: str | None = None


@frozen
class ClockAttempt:
    """Who tried to clock, where and when, and how: what every refused clock carries."""

    worker_id: int
    worker_name: str
    employee_id: str | None
    location_id: int | None
    attempted_at: datetime
    method: str
    source: str
    kiosk_id: str | None = None


@frozen
class ClockGeofenceRefused:
    """clock.geofence_refused: the attempt, its action (``in``, ``out``) and what the fence check found."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"clock.geofence_refused"})
    attempt: ClockAttempt
    action: str
    location_name: str | None
    within_geofence: int | None
    distance_meters: int | None
    low_gps_confidence: bool | None
    radius_meters: int | None


@frozen
class ClockBlockedBySurvey:
    """clock.blocked_by_survey: the attempt, and the survey question whose answer blocked it."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"clock.blocked_by_survey"})
    attempt: ClockAttempt
    survey_id: int
    question_id: int
    message: str
