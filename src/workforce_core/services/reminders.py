"""Shift reminders: a worker is told before each published booking of theirs starts, the account's
``reminder_hours`` before (2 by default). The job runs every few minutes (``serve``'s schedule,
``workforce notify send``); a reminder is made once per booking and channel (its source
``reminder:<booking id>``), so running it again, or a booking made inside the window, changes nothing
more. A booking made less than that before its start is reminded at once."""

from __future__ import annotations

from datetime import timedelta

from workforce_core.model.notifications import MessageKind, NotifierSettings
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import Notice, shown, worker_person

LONGEST_WINDOW = timedelta(hours=48)  # the longest reminder an account may set


def remind(*, uow: UnitOfWorkFactory, clock: Clock) -> int:
    """Make the reminders now due; how many messages were made."""
    now = clock.now()
    made = 0
    with uow() as tx:
        settings: dict[int, NotifierSettings] = {}
        for booking in tx.upcoming.published_starting(now, now + LONGEST_WINDOW):
            if booking.client_id not in settings:
                settings[booking.client_id] = tx.notifier_settings.of(booking.client_id)
            if booking.start - now > timedelta(hours=settings[booking.client_id].reminder_hours):
                continue
            worker = tx.workers.get(booking.worker_id)
            if worker is None or not worker.active:
                continue
            site = tx.locations.get(booking.location_id)
            params = {
                "site": site.name if site is not None else "",
                "start": shown(booking.start),
                "shift_id": booking.id,
            }
            notice = Notice(
                MessageKind.SHIFT_REMINDER,
                booking.client_id,
                (worker_person(worker),),
                f"reminder:{booking.id}",
                params,
                booking.start,
            )
            made += len(queue(tx, notice, now))
        tx.commit()
    return made
