"""What was done, said on the page a form leads to: the redirect carries a code of ``Done`` (and at
most a count, a worker's id and a week), and the console's or the portal's page shows the code's
words; the worker app's codes are ``AppDone``, said in the worker's language by its pages. A page
never shows text from the address: an unknown code shows nothing, so a link cannot make the console
say what it likes."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from workforce_core.ports import Paging, WorkerFilter
from workforce_core.services import reads

if TYPE_CHECKING:
    from workforce_entrypoints.web.common.visits import Visit


class Done(StrEnum):
    """Each thing a console or portal form does, as its redirect names it."""

    SETTINGS_SAVED = "settings_saved"
    KEY_MADE = "key_made"
    KEY_ROTATED = "key_rotated"
    KEY_REVOKED = "key_revoked"
    USER_ADDED = "user_added"
    USER_DISABLED = "user_disabled"
    SUBSCRIPTION_ADDED = "subscription_added"
    SECRET_ROTATED = "secret_rotated"
    PAUSED = "paused"
    RESUMED = "resumed"
    SUBSCRIPTION_DELETED = "subscription_deleted"
    TEST_DELIVERED = "test_delivered"
    TEST_NOT_DELIVERED = "test_not_delivered"
    SENT_AGAIN = "sent_again"
    KIOSK_REVOKED = "kiosk_revoked"
    PAY_CODES_SAVED = "pay_codes_saved"
    CLOSED = "closed"
    LOCKED = "locked"
    UNLOCKED = "unlocked"
    EXPORT_MADE = "export_made"
    APPROVED_SHIFTS = "approved_shifts"
    APPROVED = "approved"
    CORRECTED = "corrected"
    BREAK_ADDED = "break_added"
    CLOCKED_OUT = "clocked_out"
    QUERY_RAISED = "query_raised"
    QUERY_RESOLVED = "query_resolved"
    QUERY_ANSWERED = "query_answered"
    AMENDMENT_ACCEPTED = "amendment_accepted"
    AMENDMENT_DECLINED = "amendment_declined"
    BACKFILLED = "backfilled"
    LINK_SENT = "link_sent"
    REQUIREMENT_ADDED = "requirement_added"
    REQUIREMENT_CANCELLED = "requirement_cancelled"
    BOOKED_WORKER = "booked_worker"
    BOOKED = "booked"
    BOOKING_CHANGED = "booking_changed"
    BOOKING_CANCELLED = "booking_cancelled"
    NO_SHOW = "no_show"
    OFFERED = "offered"
    WEEK_COPIED = "week_copied"
    WORKER_ADDED = "worker_added"
    WORKER_CHANGED = "worker_changed"
    LEAVER = "leaver"
    WORKER_MOVED = "worker_moved"
    PIN_SET = "pin_set"
    PIN_CLEARED = "pin_cleared"
    DNR_MARKED = "dnr_marked"
    DNR_LIFTED = "dnr_lifted"
    AVAILABILITY_ADDED = "availability_added"
    AVAILABILITY_RETIRED = "availability_retired"
    ABSENCE_RECORDED = "absence_recorded"
    ABSENCE_APPROVED = "absence_approved"
    ABSENCE_REFUSED = "absence_refused"
    APP_LINK_MADE = "app_link_made"
    SIGNED_OFF = "signed_off"
    REJECTED = "rejected"
    QUERIED = "queried"
    AMENDMENT_ASKED = "amendment_asked"
    PASSWORD_CHANGED = "password_changed"
    CHANNELS_SAVED = "channels_saved"
    NOTIFIER_SAVED = "notifier_saved"
    SESSION_ENDED = "session_ended"
    SIGNED_OUT_ELSEWHERE = "signed_out_elsewhere"
    TWO_FACTOR_OFF = "two_factor_off"
    TWO_FACTOR_RESET = "two_factor_reset"
    RECOVERY_CODE_USED = "recovery_code_used"


class AppDone(StrEnum):
    """What a worker app form did, as its redirect names it (the words, in the worker's language, are
    the app's ``_done.html``; the page matches these codes only)."""

    ACKNOWLEDGED = "acknowledged"
    DECLINED = "declined"
    ACCEPTED = "accepted"
    SAVED = "saved"
    REMOVED = "removed"
    ASKED = "asked"
    CLOCKED_IN = "in"
    CLOCKED_OUT = "out"
    PUSH_ON = "push_on"
    PUSH_OFF = "push_off"


APP_DONE = frozenset(done.value for done in AppDone)


# the words after "Done: "; {count} is the redirect's count, {shifts} "1 shift" or "N shifts", {worker} the
# name of the worker whose id it carries (read as the person reads workers)
WORDS: dict[Done, str] = {
    Done.SETTINGS_SAVED: "settings saved",
    Done.KEY_MADE: "key made",
    Done.KEY_ROTATED: "key rotated",
    Done.KEY_REVOKED: "key revoked",
    Done.USER_ADDED: "user added",
    Done.USER_DISABLED: "user disabled",
    Done.SUBSCRIPTION_ADDED: "subscription added",
    Done.SECRET_ROTATED: "secret rotated",
    Done.PAUSED: "paused",
    Done.RESUMED: "resumed",
    Done.SUBSCRIPTION_DELETED: "subscription deleted",
    Done.TEST_DELIVERED: "test delivered",
    Done.TEST_NOT_DELIVERED: "test not delivered",
    Done.SENT_AGAIN: "sent again",
    Done.KIOSK_REVOKED: "kiosk revoked",
    Done.PAY_CODES_SAVED: "pay codes saved",
    Done.CLOSED: "approved {count} and locked",
    Done.LOCKED: "locked",
    Done.UNLOCKED: "unlocked",
    Done.EXPORT_MADE: "export made",
    Done.APPROVED_SHIFTS: "approved {shifts}",
    Done.APPROVED: "approved",
    Done.CORRECTED: "corrected",
    Done.BREAK_ADDED: "break added",
    Done.CLOCKED_OUT: "clocked out",
    Done.QUERY_RAISED: "query raised",
    Done.QUERY_RESOLVED: "query resolved",
    Done.QUERY_ANSWERED: "query answered",
    Done.AMENDMENT_ACCEPTED: "amendment accepted",
    Done.AMENDMENT_DECLINED: "amendment declined",
    Done.BACKFILLED: "backfilled",
    Done.LINK_SENT: "sign-off link sent",
    Done.REQUIREMENT_ADDED: "requirement added",
    Done.REQUIREMENT_CANCELLED: "requirement cancelled",
    Done.BOOKED_WORKER: "booked {worker}",
    Done.BOOKED: "booked",
    Done.BOOKING_CHANGED: "booking changed",
    Done.BOOKING_CANCELLED: "booking cancelled",
    Done.NO_SHOW: "marked a no-show",
    Done.OFFERED: "offered to {count}",
    Done.WEEK_COPIED: "copied {count} of last week's requirements",
    Done.WORKER_ADDED: "worker added",
    Done.WORKER_CHANGED: "worker changed",
    Done.LEAVER: "recorded as a leaver",
    Done.WORKER_MOVED: "worker moved here from another client account",
    Done.PIN_SET: "PIN set",
    Done.PIN_CLEARED: "PIN cleared",
    Done.DNR_MARKED: "marked do not return",
    Done.DNR_LIFTED: "do not return lifted",
    Done.AVAILABILITY_ADDED: "availability added",
    Done.AVAILABILITY_RETIRED: "availability rule retired",
    Done.ABSENCE_RECORDED: "absence recorded",
    Done.ABSENCE_APPROVED: "absence approved",
    Done.ABSENCE_REFUSED: "absence refused",
    Done.APP_LINK_MADE: "sign-in link made",
    Done.SIGNED_OFF: "signed off {count}",
    Done.REJECTED: "rejected {count}",
    Done.QUERIED: "queried {count}",
    Done.AMENDMENT_ASKED: "amendment asked for",
    Done.PASSWORD_CHANGED: "password changed; you are signed out everywhere else",
    Done.CHANNELS_SAVED: "how you are told things is saved",
    Done.NOTIFIER_SAVED: "notification settings saved",
    Done.SESSION_ENDED: "that session is signed out",
    Done.SIGNED_OUT_ELSEWHERE: "signed out everywhere else",
    Done.TWO_FACTOR_OFF: "two-factor sign-in turned off",
    Done.TWO_FACTOR_RESET: "two-factor sign-in reset",
    Done.RECOVERY_CODE_USED: "signed in with a recovery code, {count} left",
}

CODES = frozenset(done.value for done in Done)


def done_words(visit: Visit) -> str | None:
    """The words of the address's ``done`` code; None for no code, one not in ``Done``, or one whose
    words need a count the address does not give."""
    code = visit.query.get("done") or ""
    if code not in CODES:
        return None
    template = WORDS[Done(code)]
    count = _whole(visit.query.get("count"))
    if count is None and ("{count}" in template or "{shifts}" in template):
        return None
    shown: dict[str, Any] = {"count": count, "shifts": f"{count} shift{'' if count == 1 else 's'}"}
    if "{worker}" in template:
        shown["worker"] = _worker_name(visit)
    return template.format(**shown)


def _whole(text: str | None) -> int | None:
    return int(text) if text is not None and text.isdigit() and len(text) < 7 else None


def _worker_name(visit: Visit) -> str:
    """The worker of the redirect's id, as the person may read them; else "the worker"."""
    worker_id = _whole(visit.query.get("worker"))
    if worker_id and visit.principal is not None and visit.principal.has("workers:read"):
        p = visit.principal
        chosen = WorkerFilter(p.client_id, Paging(limit=1), id=worker_id)
        found = visit.services.run(reads.workers, p, chosen)
        if found.items:
            return found.items[0].worker.name
    return "the worker"
