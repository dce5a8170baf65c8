"""The English words of each kind of message (the msgids of the catalogues): a subject and a body,
filled in with the message's ``params`` (``%(name)s``)."""

from __future__ import annotations

from workforce_core.model.notifications import MessageKind

WORDS: dict[MessageKind, tuple[str, str]] = {
    MessageKind.BOOKING_MADE: (
        "New shift booked",
        "You are booked at %(site)s from %(start)s to %(end)s.",
    ),
    MessageKind.BOOKING_CHANGED: (
        "Your shift has changed",
        "Your shift at %(site)s is now from %(start)s to %(end)s.",
    ),
    MessageKind.BOOKING_CANCELLED: (
        "Shift cancelled",
        "Your shift at %(site)s from %(start)s is cancelled.",
    ),
    MessageKind.OFFER_SENT: (
        "Shift offered to you",
        "A shift at %(site)s from %(start)s to %(end)s is offered to you. Accept or decline: %(link)s",
    ),
    MessageKind.SHIFT_REMINDER: (
        "Shift reminder",
        "Your shift at %(site)s starts at %(start)s.",
    ),
    MessageKind.MISSED_CLOCK_OUT: (
        "You did not clock out",
        "You did not clock out of your shift at %(site)s that began %(start)s. "
        "Tell your coordinator when you finished.",
    ),
    MessageKind.WEEK_AWAITS_SIGN_OFF: (
        "Shifts wait for your sign-off",
        "The shifts of the week beginning %(week)s wait for your sign-off: %(link)s",
    ),
    MessageKind.SIGN_OFF_DEADLINE: (
        "Sign-off deadline soon",
        "The shifts of the week beginning %(week)s must be signed off by %(deadline)s: %(link)s",
    ),
    MessageKind.OFFERS_UNFILLED: (
        "Offers left places unfilled",
        "The offers for %(site)s from %(start)s ended with %(open)s places unfilled.",
    ),
    MessageKind.NO_SHOW: (
        "A booked worker did not turn up",
        "%(worker)s did not clock in for the shift at %(site)s from %(start)s.",
    ),
    MessageKind.BOOKING_DECLINED: (
        "A worker declined a booking",
        "%(worker)s declined the shift at %(site)s from %(start)s.",
    ),
    MessageKind.DOCUMENT_EXPIRED: (
        "A worker's document has expired",
        "The %(document)s of %(worker)s expired on %(expiry)s: they cannot be booked or clock in "
        "until a valid one is recorded.",
    ),
}
