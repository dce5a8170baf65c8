"""The sign-off deadline at work: completed shifts still pending the client's sign-off when their
deadline passes are signed off by the service (``timesheet.client_approved``, ``via`` ``auto``, no
user). Run by ``serve`` in the background and by ``workforce timesheet auto-sign-off`` (cron).

Each client is one transaction; the candidates are read again under their workers' locks, so a run
racing another (or a contact signing off by hand) never signs a shift off twice."""

from __future__ import annotations

from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import sign_off
from workforce_core.steps.approval_moves import decide_within
from workforce_core.steps.entry_edits import approval_state, editable_shifts
from workforce_core.views import EntryView


def auto_sign_off(*, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    now = clock.now()
    done: list[EntryView] = []
    with uow(read_only=True) as tx:
        clients = tx.clients.every()
    for client in clients:
        before = sign_off.earliest_due_clock_in(client.settings, now)
        if before is None:
            continue
        with uow() as tx:
            candidates = tx.pay_weeks.awaiting_sign_off(client.id, before)
            frozen = tx.pay_weeks.frozen_among(candidates) if candidates else set()
            shifts = editable_shifts(tx, [i for i in candidates if i not in frozen])
            due = [s.id for s in shifts if sign_off.signs_off(approval_state(s), s.clock_in, client.settings, now)]
            if due:
                done += decide_within(tx, due, "client_approve", now, via=sign_off.VIA_AUTO)
                tx.commit()
    return done
