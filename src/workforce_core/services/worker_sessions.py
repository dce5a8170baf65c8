"""Workers' sessions of the worker app: opened by badge number and PIN, or by a one-time link, checked
on every page, ended by signing out or by the clock.

A session ends unused or some time after sign-in (``rules.worker_app``), and stops working at
once for a worker who is no longer active, is suspended or anonymised: the worker is read with the
session on every page. The session carries the phone's code (the ``mobile:`` kiosk id of its clocks).
"""

from __future__ import annotations

from datetime import datetime

from workforce_core.commands.worker_pins import CheckWorkerPin
from workforce_core.errors import NotFound, PinRefused, SessionEnded
from workforce_core.model.keys import hash_secret
from workforce_core.model.worker_app import WorkerSession
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, PasswordHasher, RateLimiter, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import worker_app
from workforce_core.rules.worker_app import may_use_app
from workforce_core.steps.pin_checks import check_worker_pin
from workforce_core.views import SignedWorker


def begin(tx: UnitOfWork, worker: Worker, device: str, address: str, now: datetime) -> SignedWorker:
    """A new session for a worker who may use the app, in an open unit of work (the caller commits)."""
    client = tx.clients.get(worker.client_id)
    if client is None or not client.usable:
        raise NotFound("The account was not found.")
    made, token = WorkerSession.begin(worker.id, worker.client_id, device, now, address)
    return SignedWorker(worker, client, tx.worker_sessions.add(made), token)


def sign_in_worker(
    command: CheckWorkerPin,
    *,
    device: str,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    limiter: RateLimiter,
    clock: Clock,
) -> SignedWorker:
    """Badge number and PIN on the account's sign-in page: the PIN check (``worker_pins``: throttled per
    badge and per phone, the same words for every refusal), then a session on this phone."""
    worker = check_worker_pin(command, uow=uow, hasher=hasher, limiter=limiter, clock=clock)
    now = clock.now()
    with uow() as tx:
        locked = tx.workers.lock(worker.id)
        if locked is None or not may_use_app(locked):  # changed since the check: as a wrong PIN
            raise PinRefused()
        signed = begin(tx, locked, device, command.address, now)
        tx.commit()
    return signed


def open_app_link(token: str, *, device: str, address: str, uow: UnitOfWorkFactory, clock: Clock) -> SignedWorker:
    """Sign the link's worker in, once: a used, expired or unknown link, or a worker who may no longer
    use the app, is 404 (the same words for each)."""
    now = clock.now()
    with uow() as tx:
        link = tx.worker_app_links.by_token_hash(hash_secret(token))
        worker = tx.workers.lock(link.worker_id) if link is not None else None
        usable = link is not None and worker is not None and may_use_app(worker) and now < link.expires_at
        if link is None or worker is None or not usable or not tx.worker_app_links.claim(link.id, now):
            raise NotFound("This sign-in link was used already, has ended or does not exist.")
        signed = begin(tx, worker, device, address, now)
        tx.commit()
    return signed


def signed_worker(token: str | None, *, uow: UnitOfWorkFactory, clock: Clock) -> SignedWorker:
    """The live session of a cookie's token and its worker, else 401 ``session_ended`` (also for a
    worker who may no longer use the app). Its last use is stored at most once a minute."""
    if not token:
        raise SessionEnded()
    now = clock.now()
    with uow(read_only=True) as tx:
        session = tx.worker_sessions.by_token_hash(hash_secret(token))
        worker = tx.workers.get(session.worker_id) if session is not None else None
        client = tx.clients.get(worker.client_id) if worker is not None else None
    if session is None or worker is None or client is None:
        raise SessionEnded()
    if not may_use_app(worker) or not client.usable or not worker_app.session_live(session, now):
        raise SessionEnded()
    if worker_app.due_touch(session, now):
        with uow() as tx:
            session.last_seen_at = now
            tx.worker_sessions.update(session)
            tx.commit()
    return SignedWorker(worker, client, session)


def sign_out_worker(token: str | None, *, uow: UnitOfWorkFactory, clock: Clock) -> None:
    """End the session of this token (nothing happens for an unknown or ended one)."""
    if not token:
        return
    with uow() as tx:
        session = tx.worker_sessions.by_token_hash(hash_secret(token))
        if session is not None and session.ended_at is None:
            session.ended_at = clock.now()
            tx.worker_sessions.update(session)
            tx.commit()
