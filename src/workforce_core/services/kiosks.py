"""Workers at a site kiosk (``services.kiosk_devices`` enrols the devices): who is there (their first
name and state, only after a right PIN, ``steps.pin_checks``), a clock now through the clocking use
case (``clock_method`` ``pin``, ``clock_source`` ``kiosk``; the kiosk's site is the fence, no GPS), and
the clocks the kiosk kept while it could not reach the server (``sync``).

Each clock sent later is recorded with ``clock_source`` ``kiosk_offline`` at the time it happened,
however late, the batch in time order, and answered with what the API would have answered. A device's
clock id is answered once: a repeat gets the stored answer and records nothing. Throttled PINs (429)
are not stored: the kiosk sends them again later.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from attrs import frozen

from workforce_core.commands.clocking import ClockOrigin, ClockWorker, SurveyAnswer
from workforce_core.commands.kiosks import ClockAtKiosk, KioskIdentify, OfflineClock
from workforce_core.commands.worker_pins import CheckWorkerPin
from workforce_core.errors import (
    RateLimited,
    ValidationFailed,
    WorkforceError,
)
from workforce_core.model.kiosks import KioskClock
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, ClockMethod, ClockSource
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, PasswordHasher, RateLimiter, UnitOfWorkFactory
from workforce_core.rules.clock_request import OFFLINE_LIMIT, sent_late
from workforce_core.steps import clocking
from workforce_core.steps.pin_checks import check_worker_pin
from workforce_core.views import AtKiosk, ClockResult


@frozen
class Greeting:
    """What the kiosk shows after a right PIN: the first name and whether the worker is clocked in."""

    first_name: str
    clocked_in: bool
    since: datetime | None

    @property
    def action(self) -> str:
        return "out" if self.clocked_in else "in"


@frozen
class SyncAnswer:
    """One sent clock's answer, as the API would have given it (``status``, ``error_code``, ``field``)."""

    client_clock_id: str | None
    status: int
    error_code: str | None = None
    message: str | None = None
    field: str | None = None
    entry_id: int | None = None
    repeated: bool = False  # the stored answer to an earlier send of the same clock


# ---- the kiosk: who is there, clocks now and clocks sent later ------------------------------------


def identify(
    kiosk: AtKiosk,
    command: KioskIdentify,
    *,
    address: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
) -> Greeting:
    """After a right PIN only: the worker's first name and whether they are clocked in."""
    worker = _check(kiosk, command.employee_id, command.pin, address, uow, hasher, limiter, clock)
    since = clock.now() - timedelta(hours=OPEN_SHIFT_HOURS)
    with uow(read_only=True) as tx:
        open_shift = tx.entries.open_shift(worker.id, since)
    return Greeting(worker.first_name, open_shift is not None, open_shift.clock_in if open_shift else None)


def clock_at_kiosk(
    kiosk: AtKiosk,
    command: ClockAtKiosk,
    *,
    address: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
) -> tuple[Worker, ClockResult]:
    """A clock now, by badge number and PIN (``clock_method`` ``pin``, ``clock_source`` ``kiosk``)."""
    worker = _check(kiosk, command.employee_id, command.pin, address, uow, hasher, limiter, clock)
    origin = ClockOrigin(ClockMethod.PIN, ClockSource.KIOSK, kiosk.device.kiosk_id)
    result = _clock(kiosk, worker, command.action, command.survey_id, command.survey_answers, origin, uow, clock)
    return worker, result


def sync(
    kiosk: AtKiosk,
    clocks: Sequence[OfflineClock],
    *,
    address: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
    offline_limit: timedelta = OFFLINE_LIMIT,
) -> list[SyncAnswer]:
    """Record the clocks the kiosk kept, oldest first; the answers in the order they were sent. A clock
    sent more than ``offline_limit`` after it happened is flagged ``late_sync`` (an exception to check)."""
    order = sorted(range(len(clocks)), key=lambda n: (clocks[n].occurred_at.at, n))
    answers: dict[int, SyncAnswer] = {}
    for n in order:
        answers[n] = _sync_one(kiosk, clocks[n], address, uow, hasher, limiter, clock, offline_limit)
    return [answers[n] for n in range(len(clocks))]


def _sync_one(
    kiosk: AtKiosk,
    sent: OfflineClock,
    address: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
    offline_limit: timedelta,
) -> SyncAnswer:
    device = kiosk.device
    with uow(read_only=True) as tx:
        stored = tx.kiosk_clocks.answered(device.id, sent.client_clock_id)
    if stored is not None:
        return _answer_of(stored, repeated=True)
    worker: Worker | None = None
    try:
        worker = _check(kiosk, sent.employee_id, sent.pin, address, uow, hasher, limiter, clock)
        happened = sent.occurred_at.at
        late = sent_late(happened, clock.now(), offline_limit)
        origin = ClockOrigin(ClockMethod.PIN, ClockSource.KIOSK_OFFLINE, device.kiosk_id, happened, late)
        result = _clock(kiosk, worker, sent.action, sent.survey_id, sent.survey_answers, origin, uow, clock)
        answer = SyncAnswer(
            sent.client_clock_id, 201 if result.action == "clock_in" else 200, entry_id=result.view.entry.id
        )
    except RateLimited as throttled:  # not an answer to keep: the kiosk sends it again later
        return SyncAnswer(sent.client_clock_id, throttled.status, throttled.code, throttled.message)
    except WorkforceError as refused:
        field_name = refused.extra.get("field")
        entry_id = refused.extra.get("entry_id")
        answer = SyncAnswer(
            sent.client_clock_id,
            refused.status,
            refused.code,
            refused.message[:255],
            field_name if isinstance(field_name, str) else None,
            entry_id if isinstance(entry_id, int) else None,
        )
    record = KioskClock(
        device_id=device.id,
        client_clock_id=sent.client_clock_id,
        action=sent.action,
        employee_id=sent.employee_id[:32],
        occurred_at=sent.occurred_at.at,
        received_at=clock.now(),
        status=answer.status,
        error_code=answer.error_code,
        message=answer.message,
        worker_id=worker.id if worker is not None else None,
        entry_id=answer.entry_id,
    )
    with uow() as tx:
        kept = tx.kiosk_clocks.add(record)
        if kept is None:  # the same clock, sent again at the same moment, was answered first
            first = tx.kiosk_clocks.answered(device.id, sent.client_clock_id)
            assert first is not None
            return _answer_of(first, repeated=True)
        tx.commit()
    return answer


def _answer_of(stored: KioskClock, *, repeated: bool) -> SyncAnswer:
    return SyncAnswer(
        stored.client_clock_id,
        stored.status,
        stored.error_code,
        stored.message,
        entry_id=stored.entry_id,
        repeated=repeated,
    )


def _check(
    kiosk: AtKiosk,
    employee_id: str,
    pin: str,
    address: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
) -> Worker:
    command = CheckWorkerPin(
        client_id=kiosk.client.id, employee_id=employee_id, pin=pin, device=kiosk.device.kiosk_id, address=address
    )
    return check_worker_pin(command, uow=uow, hasher=hasher, limiter=limiter, clock=clock)


def _clock(
    kiosk: AtKiosk,
    worker: Worker,
    action: str,
    survey_id: int | None,
    answers: tuple[SurveyAnswer, ...],
    origin: ClockOrigin,
    uow: UnitOfWorkFactory,
    clock: Clock,
) -> ClockResult:
    if action == "in" and kiosk.survey is not None and survey_id is None:
        raise ValidationFailed("survey_id", "answer the site's survey before clocking in.")
    command = ClockWorker(
        action=action,
        worker_id=worker.id,
        location_id=kiosk.site.id,
        survey_id=survey_id if action == "in" else None,
        survey_answers=answers if action == "in" else (),
        origin=origin,
    )
    return clocking.clock(command, principal=kiosk.principal, uow=uow, clock=clock)
