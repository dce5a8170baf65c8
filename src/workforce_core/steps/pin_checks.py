"""A worker's PIN checked, for the kiosk and the worker app: throttled per badge and per device (and
a phone's address), and the same answer after the same work whatever was wrong.
"""

from __future__ import annotations

from workforce_core.commands.worker_pins import CheckWorkerPin
from workforce_core.errors import PinRefused, PinThrottled
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, PasswordHasher, RateLimiter, UnitOfWorkFactory
from workforce_core.rules import pins
from workforce_core.rules.employee_ids import employee_id_key

# hashed when there is nothing to check against, so every refusal costs the same work
_DECOY_PIN = "00000000"


def check_worker_pin(
    command: CheckWorkerPin, *, uow: UnitOfWorkFactory, hasher: PasswordHasher, limiter: RateLimiter, clock: Clock
) -> Worker:
    """The active, approved, not suspended worker of this badge whose PIN this is; else 401
    ``pin_refused``, or 429 ``pin_throttled`` with ``retry_after`` past the limits. (The limiter keeps
    its own time; ``clock`` is taken as every use case takes it.)"""
    worker_bucket = pins.worker_bucket(command.client_id, command.employee_id)
    device_buckets = pins.device_buckets(command.client_id, command.device, command.address)
    for bucket, limit in device_buckets:
        device = limiter.peek(bucket, limit, pins.PIN_WINDOW_SECONDS)
        if not device.allowed:
            raise PinThrottled(device.retry_after)
    counted = limiter.hit(worker_bucket, pins.PIN_TRIES_PER_WORKER, pins.PIN_WINDOW_SECONDS)
    if not counted.allowed:
        raise PinThrottled(counted.retry_after)
    worker = _worker(command, uow) if command.well_formed else None
    if worker is None or worker.pin_hash is None:
        hasher.verify(hasher.hash(_DECOY_PIN), command.pin)  # the same work as a real check
        matched = False
    else:
        matched = hasher.verify(worker.pin_hash, command.pin)
    if worker is None or not matched or not _may_clock(worker):
        for bucket, limit in device_buckets:
            limiter.hit(bucket, limit, pins.PIN_WINDOW_SECONDS)
        if counted.remaining == 0:  # this was the last try the window allows
            after = limiter.peek(worker_bucket, pins.PIN_TRIES_PER_WORKER, pins.PIN_WINDOW_SECONDS)
            raise PinThrottled(max(1, after.retry_after))
        raise PinRefused()
    limiter.reset(worker_bucket, pins.PIN_TRIES_PER_WORKER, pins.PIN_WINDOW_SECONDS)
    return worker


def _worker(command: CheckWorkerPin, uow: UnitOfWorkFactory) -> Worker | None:
    with uow(read_only=True) as tx:
        worker_id = tx.workers.id_by_employee_id(command.client_id, employee_id_key(command.employee_id))
        return tx.workers.get(worker_id) if worker_id is not None else None


def _may_clock(worker: Worker) -> bool:
    return worker.active and not worker.pending and not worker.suspended and worker.anonymised_at is None
