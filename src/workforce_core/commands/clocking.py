"""POST /clock.php: a worker clocked in or out (the spec's ClockRequest)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from attrs import field, frozen

from workforce_core.commands.inputs import Choice, Id, Instant, Items, Number, Text, WrittenInstant, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.time_entries import ClockMethod, ClockSource
from workforce_core.rules import text
from workforce_core.rules.geofence import Position

MAX_NOTES = 255
CLOCK_ACTIONS: tuple[str, ...] = ("in", "out")


@frozen(kw_only=True)
class SurveyAnswer:
    question_id: int = needed(Id(required=True))
    answer_value: str = needed(Text(text.single_line, 255, may_be_empty=True, required=True))


@frozen
class ClockOrigin:
    """Where a clock comes from: the API (the default), a kiosk by PIN (``kiosk``, or ``kiosk_offline``
    with ``happened_at``, the time the worker clocked at the kiosk, which the API's 15 minutes do not bind),
    or the worker app (``mobile``, ``app``, ``kiosk_id`` ``mobile:`` plus the phone's code). Never read
    from a request body: the entry point that knows the origin sets it."""

    method: str = ClockMethod.API
    source: str = ClockSource.API
    kiosk_id: str | None = None
    happened_at: datetime | None = None
    sent_late: bool = False  # an offline clock sent past the installation's limit: flagged ``late_sync``

    @property
    def api(self) -> bool:
        return self.source == ClockSource.API

    @property
    def app(self) -> bool:
        """The worker app: the phone's position is checked at every mapped site of the client."""
        return self.source == ClockSource.APP


API_ORIGIN = ClockOrigin()


@frozen(kw_only=True)
class ClockWorker:
    """Clock a worker in or out. The worker is named by exactly one of ``worker_id`` or ``employee_id``;
    ``latitude`` and ``longitude`` come together."""

    action: str = needed(Choice(CLOCK_ACTIONS, required=True))
    worker_id: int | None = given(Id())
    employee_id: str | None = given(Text(text.single_line, 32))
    location_id: int | None = given(Id())
    scheduled_shift_id: int | None = given(Id())
    occurred_at: WrittenInstant | None = given(Instant())
    notes: str | None = given(Text(text.free_text, MAX_NOTES))
    latitude: Decimal | None = given(Number(low=Decimal(-90), high=Decimal(90)))
    longitude: Decimal | None = given(Number(low=Decimal(-180), high=Decimal(180)))
    gps_accuracy: Decimal | None = given(Number(low=Decimal(0), high=Decimal(1_000_000)))
    survey_id: int | None = given(Id())
    survey_answers: tuple[SurveyAnswer, ...] = given(Items(of=SurveyAnswer, most=100), default=())
    origin: ClockOrigin = field(default=API_ORIGIN)

    def __attrs_post_init__(self) -> None:
        if (self.worker_id is None) == (self.employee_id is None):
            raise ValidationFailed("worker_id", "give exactly one of worker_id or employee_id.")
        if (self.latitude is None) != (self.longitude is None):
            field = "longitude" if self.longitude is None else "latitude"
            raise ValidationFailed(field, "send latitude and longitude together.")

    @property
    def position(self) -> Position | None:
        if self.latitude is None or self.longitude is None:
            return None
        return Position(self.latitude, self.longitude, self.gps_accuracy)
