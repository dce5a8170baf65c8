"""Reminders. Shift reminders: a worker is told before each published booking of theirs starts, the account's
``reminder_hours`` before (2 by default). The job runs every few minutes (``serve``'s schedule,
``workforce notify send``); a reminder is made once per booking and channel (its source
``reminder:<booking id>``), so running it again, or a booking made inside the window, changes nothing
more. A booking made less than that before its start is reminded at once.

Sign-off deadline reminders: an account whose client signs off, with a sign-off deadline, has its hirer
contacts told ``DEADLINE_NOTICE`` before a week's deadline while shifts of it still wait (once per
contact and week)."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from workforce_core.model.notifications import MessageKind, NotifierSettings
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.ports.notifications import Notifier
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.sign_off import deadline
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import Notice, shown, sign_off_notice, worker_person

LONGEST_WINDOW = timedelta(hours=48)  # the longest reminder an account may set
DEADLINE_NOTICE = timedelta(hours=24)  # hirer contacts are told this long before a week's sign-off deadline


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


def remind_sign_off(*, uow: UnitOfWorkFactory, clock: Clock, notifier: Notifier) -> int:
    """Tell the hirer contacts of the weeks whose sign-off deadline is within ``DEADLINE_NOTICE`` and
    whose shifts still wait; how many messages were made."""
    now = clock.now()
    made = 0
    with uow(read_only=True) as tx:
        clients = [c for c in tx.clients.every() if c.settings.require_client_approval]
    for client in clients:
        hours = client.settings.signoff_deadline_hours
        if hours is None:
            continue
        with uow() as tx:
            waiting = tx.pay_weeks.awaiting_sign_off(client.id, now + DEADLINE_NOTICE - timedelta(hours=hours))
            weeks: dict[tuple[date, int], datetime] = {}
            for entry in tx.entries.get_many(waiting).values():
                ends = deadline(entry.clock_in, client.settings)
                if ends is not None and now < ends <= now + DEADLINE_NOTICE:
                    weeks[(week_of(entry.clock_in, client.settings.pay_week_start_day), entry.location_id or 0)] = ends
            for (week, site), ends in sorted(weeks.items()):
                notice = sign_off_notice(
                    tx,
                    MessageKind.SIGN_OFF_DEADLINE,
                    client.id,
                    site or None,
                    week,
                    notifier.link_base,
                    deadline=shown(ends),
                )
                made += len(queue(tx, notice, now)) if notice is not None else 0
            tx.commit()
    return made
