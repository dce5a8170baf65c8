"""Notifications in the account's setup (owners and operator admins): each kind of message on or off,
the texts a month the account pays for (with this month's count so far), the quiet hours, how long
before a shift the reminder goes, and how the rounds of offers go. The same use case as ``workforce
notify settings``; a refused value is said beside its field, the form keeping what was typed."""

from __future__ import annotations

from datetime import time
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.errors import ValidationFailed
from workforce_core.model.notifications import MessageKind, NotifierSettings
from workforce_core.rules.london import LONDON
from workforce_core.rules.notifications import urgent_hours
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power
from workforce_core.services import notifier_choices, notifier_reads
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route, page_reply

PATH = "/setup/notifications"
# each kind in words: what it tells, and whom
KINDS: dict[MessageKind, tuple[str, str]] = {
    MessageKind.BOOKING_MADE: ("A shift is booked", "the worker"),
    MessageKind.BOOKING_CHANGED: ("A booked shift changes", "the worker"),
    MessageKind.BOOKING_CANCELLED: ("A booked shift is cancelled", "the worker"),
    MessageKind.OFFER_SENT: ("A shift is offered, with a link to accept or decline", "the worker"),
    MessageKind.SHIFT_REMINDER: ("A shift starts soon", "the worker"),
    MessageKind.MISSED_CLOCK_OUT: ("A worker did not clock out", "the worker"),
    MessageKind.BOOKING_DECLINED: ("A worker declined a booking", "coordinators"),
    MessageKind.NO_SHOW: ("A booked worker did not turn up", "coordinators"),
    MessageKind.OFFERS_UNFILLED: ("Offers ended with places unfilled", "coordinators"),
    MessageKind.WEEK_AWAITS_SIGN_OFF: ("A week's shifts wait for sign-off", "the client's hirer contacts"),
    MessageKind.SIGN_OFF_DEADLINE: ("A sign-off deadline is near", "the client's hirer contacts"),
}
WHOLE = {  # the form's whole-number fields, as the page names them in a refusal
    "reminder_hours": "The reminder's hours",
    "offer_round_factor": "Workers offered per open place",
    "offer_round_minutes": "A round's minutes",
}
QUIET = {"quiet_start": "Quiet hours start", "quiet_end": "Quiet hours end"}


def settings_page(visit: Visit) -> Response:
    shown = _settings(visit)
    return _page(visit, shown, _typed(shown.settings))


def save(visit: Visit) -> Response:
    changes, faults = _changes(visit)
    try:
        if faults:
            raise ValidationFailed.of_all(faults)
        visit.services.run(notifier_choices.update_settings, visit.client.client_id, changes, actor=visit.signed.actor)
    except ValidationFailed as refused:  # the form again as typed, each fault beside its field
        errors = {str(e["field"]): str(e["message"]) for e in reversed(refused.errors)}
        return _page(visit, _settings(visit), _sent(visit), errors=errors, status=400)
    return back_to(visit, PATH, Done.NOTIFIER_SAVED)


def _settings(visit: Visit) -> notifier_reads.SettingsShown:
    return visit.services.run(notifier_reads.settings_of, visit.client.client_id, actor=visit.signed.actor)


def _page(
    visit: Visit,
    shown: notifier_reads.SettingsShown,
    typed: dict[str, Any],
    *,
    errors: dict[str, str] | None = None,
    status: int = 200,
) -> Response:
    return page_reply(
        "notifications_setup.html",
        visit,
        status,
        shown=shown,
        typed=typed,
        errors=errors or {},
        kinds=KINDS,
        time_zone=LONDON.key,
        urgent_hours=urgent_hours(),
    )


def _typed(settings: NotifierSettings) -> dict[str, Any]:
    """The form's values from the stored settings."""
    return {
        "kinds_on": {kind for kind in MessageKind if kind not in settings.kinds_off},
        "sms_monthly_cap": "" if settings.sms_monthly_cap is None else str(settings.sms_monthly_cap),
        "quiet_start": settings.quiet_start.strftime("%H:%M"),
        "quiet_end": settings.quiet_end.strftime("%H:%M"),
        **{name: str(getattr(settings, name)) for name in WHOLE},
    }


def _sent(visit: Visit) -> dict[str, Any]:
    """The form's values as typed."""
    names = ("sms_monthly_cap", *QUIET, *WHOLE)
    return {"kinds_on": set(visit.values("kinds_on")), **{name: visit.value(name) or "" for name in names}}


def _changes(visit: Visit) -> tuple[dict[str, Any], list[ValidationFailed]]:
    """The settings the form gives, and what it gives that is not a value of its field (in words)."""
    on = set(visit.values("kinds_on"))
    changes: dict[str, Any] = {"kinds_off": tuple(kind.value for kind in MessageKind if kind not in on)}
    faults: list[ValidationFailed] = []
    cap = visit.value("sms_monthly_cap")
    if cap is None or cap.isdigit():
        changes["sms_monthly_cap"] = int(cap) if cap is not None else None
    else:
        faults.append(ValidationFailed("sms_monthly_cap", "The texts a month is a whole number, or empty for no cap."))
    for name, words in QUIET.items():
        try:
            changes[name] = time.fromisoformat(visit.value(name) or "")
        except ValueError:
            faults.append(ValidationFailed(name, f"{words} is a time of day, such as 22:00."))
    for name, words in WHOLE.items():
        text = visit.value(name)
        if text is not None and text.isdigit():
            changes[name] = int(text)
        else:
            faults.append(ValidationFailed(name, f"{words} is a whole number."))
    return changes, faults


def _setup(page: Any, methods: tuple[str, ...]) -> BaseRoute:
    opens = Page.NOTIFICATIONS if methods == ("GET",) else None
    return console_route(f"/{{client_id:int}}{PATH}", page, methods=methods, power=Power.SETUP, opens=opens)


ROUTES: list[BaseRoute] = [_setup(settings_page, ("GET",)), _setup(save, ("POST",))]
