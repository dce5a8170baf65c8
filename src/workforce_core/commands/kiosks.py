"""Site kiosks: enrolling a device for a site, a worker's clock at it (badge number and PIN), and the
clocks it kept while the server could not be reached, sent later."""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen

from workforce_core.commands.clocking import CLOCK_ACTIONS, SurveyAnswer
from workforce_core.commands.inputs import (
    INPUT,
    Choice,
    Id,
    Instant,
    Items,
    Text,
    WrittenInstant,
    given,
    needed,
    typed,
)
from workforce_core.errors import ValidationFailed
from workforce_core.model.kiosks import MAX_CLIENT_CLOCK_ID, MAX_KIOSK_ID
from workforce_core.rules import text

MAX_PIN_SENT = 64  # longer is no PIN at all; refused like a wrong one (``rules.pins``)


def _secret(kind: Text) -> Any:
    """A required text field kept out of ``repr`` (a PIN)."""
    return attrs.field(metadata={INPUT: kind}, validator=typed, repr=False)


@frozen(kw_only=True)
class EnrolKiosk:
    """Enrol the browser in use as a kiosk of ``location_id``; ``kiosk_id`` names it (else ``kiosk-<site>-<n>``)."""

    location_id: int = needed(Id(required=True))
    kiosk_id: str | None = given(Text(text.name, MAX_KIOSK_ID))

    def __attrs_post_init__(self) -> None:
        if self.kiosk_id is not None and self.kiosk_id.strip().lower().startswith("mobile:"):
            raise ValidationFailed("kiosk_id", "kiosk_id cannot start with mobile: (the worker app's devices).")


@frozen(kw_only=True)
class ClockAtKiosk:
    """A worker's clock at the kiosk, now: badge number, PIN, in or out, and the survey's answers."""

    employee_id: str = needed(Text(text.single_line, MAX_PIN_SENT, required=True))
    pin: str = _secret(Text(text.single_line, MAX_PIN_SENT, required=True))
    action: str = needed(Choice(CLOCK_ACTIONS, required=True))
    survey_id: int | None = given(Id())
    survey_answers: tuple[SurveyAnswer, ...] = given(Items(of=SurveyAnswer, most=100), default=())


@frozen(kw_only=True)
class KioskIdentify:
    """Who is at the kiosk: badge number and PIN (the answer names them only when the PIN is right)."""

    employee_id: str = needed(Text(text.single_line, MAX_PIN_SENT, required=True))
    pin: str = _secret(Text(text.single_line, MAX_PIN_SENT, required=True))


@frozen(kw_only=True)
class OfflineClock:
    """A clock the kiosk kept while it could not reach the server: its own id for it (a repeat is
    recognised by it), and the device's time it happened."""

    client_clock_id: str = needed(Text(text.name, MAX_CLIENT_CLOCK_ID, required=True))
    employee_id: str = needed(Text(text.single_line, MAX_PIN_SENT, required=True))
    pin: str = _secret(Text(text.single_line, MAX_PIN_SENT, required=True))
    action: str = needed(Choice(CLOCK_ACTIONS, required=True))
    occurred_at: WrittenInstant = needed(Instant(required=True))
    survey_id: int | None = given(Id())
    survey_answers: tuple[SurveyAnswer, ...] = given(Items(of=SurveyAnswer, most=100), default=())
