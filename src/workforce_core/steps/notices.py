"""What an event recorded by a write tells, and to whom: the notices the notifier makes messages of.

A worker is told of their own booking made, changed or cancelled (a published one: a draft is not yet
theirs to know) and of a shift closed because they missed the clock-out; the account's coordinators
and owners (those who see the booking's site) are told when a booked worker did not turn up; an
account's hirer contacts, when the agency approved shifts that now wait for their sign-off (once per
week); the coordinators and owners who see a worker's home site, when one of the worker's documents
expired (the ``document_expired`` the documents' job sends once). The
legacy event names (sent beside the current ones) tell nothing of their own.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from attrs import field, frozen

from workforce_core.events import (
    DocumentExpired,
    EventData,
    ShiftCancelled,
    ShiftCreated,
    ShiftNoShow,
    ShiftUpdated,
    TimeEntryAutoClosed,
    TimesheetMoved,
)
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.notifications import MessageKind, Person, Recipient
from workforce_core.model.outbox import OutboxEvent
from workforce_core.model.people import Role
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules import notifications as rules
from workforce_core.rules.london import LONDON
from workforce_core.rules.pay_weeks import week_of

COORDINATING = frozenset({Role.OWNER, Role.COORDINATOR})
SHOWN_TIME = "%d/%m %H:%M"  # numbers only: the same in every language


@frozen
class Notice:
    """One thing to tell some people: the kind, its source (never told twice), what fills its text, and
    the start of the shift it is about (a shift soon is told even in quiet hours)."""

    kind: MessageKind
    client_id: int
    people: tuple[Person, ...]
    source: str
    params: dict[str, Any] = field(factory=dict)
    shift_start: datetime | None = None


def shown(moment: datetime) -> str:
    """A time as a message shows it: London's wall clock."""
    return moment.astimezone(LONDON).strftime(SHOWN_TIME)


def worker_person(worker: Worker) -> Person:
    return Person(
        Recipient.WORKER,
        worker.id,
        worker.client_id,
        worker.name,
        rules.language(worker.preferred_language),
        worker.email,
        worker.phone,
    )


def coordinators(tx: UnitOfWork, client_id: int, location_id: int | None) -> tuple[Person, ...]:
    """The account's owners and coordinators who are enabled and see the site (users are told in English)."""
    return _users(tx, client_id, location_id, COORDINATING)


def declined(tx: UnitOfWork, booking: Booking, worker: Worker, site_name: str | None) -> Notice | None:
    """A worker declined a booking (no event says it): the coordinators who see its site are told."""
    people = coordinators(tx, booking.client_id, booking.location_id)
    params = _booking_params(tx, booking, site_name) | {"worker": worker.name}
    source = f"declined:{booking.id}"
    return Notice(MessageKind.BOOKING_DECLINED, booking.client_id, people, source, params) if people else None


def hirer_contacts(tx: UnitOfWork, client_id: int, location_id: int | None) -> tuple[Person, ...]:
    """The account's enabled hirer contacts (the portal's approvers) who see the site."""
    return _users(tx, client_id, location_id, frozenset({Role.APPROVER}))


def _users(tx: UnitOfWork, client_id: int, location_id: int | None, roles: frozenset[Role]) -> tuple[Person, ...]:
    return tuple(
        Person(Recipient.USER, user.id, client_id, user.email, rules.ENGLISH, user.email)
        for user in tx.users.listed(client_id)
        if user.role in roles
        and user.disabled_at is None
        and (location_id is None or user.location_ids is None or location_id in user.location_ids)
    )


def sign_off_notice(
    tx: UnitOfWork, kind: MessageKind, client_id: int, location_id: int | None, week: date, link_base: str, **extra: Any
) -> Notice | None:
    """A week's shifts wait for the hirer contacts' sign-off (or its deadline nears): once per contact and week."""
    people = hirer_contacts(tx, client_id, location_id)
    link = f"{link_base.rstrip('/')}/portal/{client_id}/week?week={week.isoformat()}"
    params = {"week": week.strftime("%d/%m/%Y"), "link": link, **extra}
    source = f"{kind}:{client_id}:{week.isoformat()}"
    return Notice(kind, client_id, people, source, params) if people else None


def notices_of(tx: UnitOfWork, event: OutboxEvent, link_base: str = "") -> list[Notice]:
    """The notices an outbox event makes (none for most events); ``link_base``: where people reach the service."""
    if event.event == "timesheet.approved":
        return _awaits_sign_off(tx, event, tx.outbox.restored(event.data), link_base)
    telling = _TELLS.get(event.event)
    if telling is None:
        return []
    return telling(tx, event, tx.outbox.restored(event.data))


def _awaits_sign_off(tx: UnitOfWork, event: OutboxEvent, data: EventData, link_base: str) -> list[Notice]:
    """Shifts the agency approved for an account whose client signs off wait for its hirer contacts."""
    client = tx.clients.get(event.client_id)
    if not isinstance(data, TimesheetMoved) or client is None or not client.settings.require_client_approval:
        return []
    weeks = sorted({week_of(view.entry.clock_in, client.settings.pay_week_start_day) for view in data.entries})
    told = (
        sign_off_notice(tx, MessageKind.WEEK_AWAITS_SIGN_OFF, client.id, data.location_id, week, link_base)
        for week in weeks
    )
    return [notice for notice in told if notice is not None]


def _booking_params(tx: UnitOfWork, booking: Booking, site_name: str | None) -> dict[str, Any]:
    return {
        "site": site_name or "",
        "start": shown(booking.start),
        "end": shown(booking.end),
        "shift_id": booking.id,
    }


def _to_worker(kind: MessageKind) -> Callable[[UnitOfWork, OutboxEvent, EventData], list[Notice]]:
    def telling(tx: UnitOfWork, event: OutboxEvent, data: EventData) -> list[Notice]:
        if not isinstance(data, ShiftCreated | ShiftUpdated | ShiftCancelled):
            return []
        booking = data.shift.booking
        if kind != MessageKind.BOOKING_CANCELLED and booking.status != BookingStatus.PUBLISHED:
            return []
        worker = tx.workers.get(booking.worker_id)
        if worker is None or not worker.active:
            return []
        params = _booking_params(tx, booking, data.shift.location_name)
        return [Notice(kind, event.client_id, (worker_person(worker),), f"event:{event.id}", params, booking.start)]

    return telling


def _no_show(tx: UnitOfWork, event: OutboxEvent, data: EventData) -> list[Notice]:
    if not isinstance(data, ShiftNoShow):
        return []
    booking = data.shift.booking
    people = coordinators(tx, event.client_id, booking.location_id)
    params = _booking_params(tx, booking, data.shift.location_name) | {"worker": data.shift.worker_name}
    return [Notice(MessageKind.NO_SHOW, event.client_id, people, f"event:{event.id}", params)] if people else []


def _missed_clock_out(tx: UnitOfWork, event: OutboxEvent, data: EventData) -> list[Notice]:
    if not isinstance(data, TimeEntryAutoClosed) or data.change != "missed_clockout":
        return []
    entry = data.entry.entry
    worker = tx.workers.get(entry.worker_id)
    if worker is None or not worker.active:
        return []
    params = {"site": data.entry.location_name or "", "start": shown(entry.clock_in)}
    return [
        Notice(MessageKind.MISSED_CLOCK_OUT, event.client_id, (worker_person(worker),), f"event:{event.id}", params)
    ]


def _document_expired(tx: UnitOfWork, event: OutboxEvent, data: EventData) -> list[Notice]:
    if not isinstance(data, DocumentExpired):
        return []
    worker = tx.workers.get(data.worker_id)
    if worker is None or not worker.active:
        return []
    people = coordinators(tx, event.client_id, worker.location_id)
    params = {"worker": data.worker_name, "document": data.type_name, "expiry": data.expiry_date.strftime("%d/%m/%Y")}
    return (
        [Notice(MessageKind.DOCUMENT_EXPIRED, event.client_id, people, f"event:{event.id}", params)] if people else []
    )


_TELLS: dict[str, Callable[[UnitOfWork, OutboxEvent, EventData], list[Notice]]] = {
    "shift.created": _to_worker(MessageKind.BOOKING_MADE),
    "shift.updated": _to_worker(MessageKind.BOOKING_CHANGED),
    "shift.cancelled": _to_worker(MessageKind.BOOKING_CANCELLED),
    "shift.no_show": _no_show,
    "time_entry.auto_closed": _missed_clock_out,
    "document_expired": _document_expired,
}
