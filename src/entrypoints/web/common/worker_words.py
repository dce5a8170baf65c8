"""What the pages workers see (the kiosk, the worker app) say for each refusal, in English: the msgids
of the catalogues in ``locale/``. ``N_`` only marks a text for extraction; a page translates it with
the worker's or the site's language (``languages.translations``)."""

from __future__ import annotations


def N_(message: str) -> str:
    return message


# by the spec's error_code (and the kiosk's own codes); anything else says SOMETHING_WRONG
REFUSALS: dict[str, str] = {
    "pin_refused": N_("That badge number and PIN do not match."),
    "pin_throttled": N_("Too many wrong PINs. Wait a few minutes and try again."),
    "already_clocked_in": N_("You are already clocked in."),
    "no_open_clock_in": N_("You are not clocked in."),
    "worker_inactive": N_("You cannot clock in or out. Please ask your agency."),
    "worker_pending": N_("You cannot clock in or out. Please ask your agency."),
    "blocked_by_survey": N_("Your answer means you cannot clock in. Please speak to your supervisor."),
    "outside_geofence": N_("You are outside the site's area."),
    "gps_required": N_("This site needs your location to clock."),
    "site_not_mapped": N_("This site cannot take clocks yet. Please ask your agency."),
    "conflict": N_("This clock does not fit your recorded shifts."),
    "device_not_enrolled": N_("This device is not enrolled as a kiosk."),
    # a clock-in refused for the worker's documents (``not_eligible``), by its first block code
    "right_to_work": N_("You cannot clock in: your right to work check is not valid. Please ask your agency."),
    "document_expired": N_("You cannot clock in: a document your work needs has expired. Please ask your agency."),
}
SOMETHING_WRONG = N_("Something went wrong. Please try again.")
SAVED_OFFLINE = N_("Saved on this device. It will be sent when the connection is back.")


def refusal_words(code: str | None) -> str:
    """The English words for a refusal's ``error_code`` (the msgid to translate)."""
    return REFUSALS.get(code or "", SOMETHING_WRONG)
