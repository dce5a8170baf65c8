"""The no-show job: published bookings whose start plus the client's grace passed with no clock-in.

The reading of a no-show is the Exceptions page's (``rules.exceptions.no_shows``), with the client's
``no_show_grace_minutes``. The booking's status stays; ``shift.no_show`` is recorded once per booking:
``tx.no_shows.record`` stores that it was sent and answers False when it already was (an earlier run, a
concurrent one, or a cancel with status ``no_show``), so the job is safe to run every minute.
"""

from __future__ import annotations

from datetime import timedelta

from attrs import frozen

from workforce_core.commands.no_shows import CheckNoShows
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules.exceptions import no_shows
from workforce_core.steps.no_show_notices import NOT_CLOCKED_IN, notice
from workforce_core.views import ShiftView


@frozen
class NoShowRun:
    """What one run did: ``checked`` bookings looked at, and the no-shows it sent."""

    checked: int
    no_shows: tuple[ShiftView, ...]


def check_no_shows(command: CheckNoShows, *, uow: UnitOfWorkFactory, clock: Clock) -> NoShowRun:
    """Send ``shift.no_show`` for every published booking not clocked against by its start plus grace."""
    now = clock.now()
    with uow() as tx:
        due = tx.no_shows.due(now - timedelta(hours=command.lookback_hours), now)
        clocked = tx.no_shows.clocked([b.id for b in due]) if due else set()
        clients = tx.clients.get_many({b.client_id for b in due})
        missed: set[int] = set()
        for client_id, client in clients.items():
            grace = timedelta(minutes=client.settings.no_show_grace_minutes)
            theirs = [b for b in due if b.client_id == client_id]
            missed.update(found.shift_id for found in no_shows(theirs, clocked, now, grace) if found.shift_id)
        late = [b for b in due if b.id in missed]
        workers = tx.workers.get_many({b.worker_id for b in late})
        sites = tx.locations.get_many({b.location_id for b in late})
        views = [ShiftView.of(b, workers[b.worker_id], sites.get(b.location_id)) for b in late]
        sent = tuple(view for view in views if notice(tx, view, now, NOT_CLOCKED_IN))
        tx.commit()
    return NoShowRun(checked=len(due), no_shows=sent)
