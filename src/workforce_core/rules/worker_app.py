"""The worker app's rules: how long its sessions and sign-in links live, what a phone's code looks
like, what a worker may ask for, the reads a signed-in worker is given, and how the app's clocks are
named (``clock_method`` ``mobile``, ``kiosk_id`` ``mobile:`` plus the phone's code)."""

from __future__ import annotations

import re
import secrets
from datetime import datetime, timedelta

from workforce_core.model.absences import AbsenceType
from workforce_core.model.time_entries import ClockMethod, ClockSource
from workforce_core.model.worker_app import WorkerSession
from workforce_core.model.workers import Worker
from workforce_core.rules.people import SESSION_TOUCH

# A worker's session ends as a console session does, unused for a while or a time after sign-in, but
# on a phone of the worker's own and across a working day: a worker who clocked in at the start of a
# 12-hour shift can still clock out at its end without signing in again.
APP_SESSION_IDLE = timedelta(hours=14)
APP_SESSION_LONGEST = timedelta(days=7)
APP_SESSION_TOUCH = SESSION_TOUCH
APP_LINK_LIFE = timedelta(hours=48)  # a sign-in link opens the app within two days of being made, once

DEVICE_PATTERN = re.compile(r"[a-z0-9]{12}")  # a phone's code, made by the server on its first visit
MOBILE_PREFIX = "mobile:"
APP_CLOCK_METHOD = ClockMethod.MOBILE
APP_CLOCK_SOURCE = ClockSource.APP  # the TimeEntry's clock_source for the app's clocks (the spec: kiosk, app, api)

# What a worker asks for in the app (the agency decides): holiday, or a sickness reported.
APP_ABSENCE_TYPES: tuple[str, ...] = (AbsenceType.HOLIDAY, AbsenceType.SICKNESS)

# The reads a signed-in worker's pages make: always of the worker's own records (the pages filter by
# the session's worker, and the writes check it).
WORKER_SCOPES: tuple[str, ...] = ("shifts:read", "availability:read", "absences:read")


def new_device() -> str:
    """A new phone code: 12 lower-case letters and digits."""
    alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
    return "".join(secrets.choice(alphabet) for _ in range(12))


def device_code(given: str | None) -> str | None:
    """The phone's code as a cookie gave it, when it has the shape the server makes; else None."""
    return given if given is not None and DEVICE_PATTERN.fullmatch(given) else None


def mobile_kiosk_id(device: str) -> str:
    return f"{MOBILE_PREFIX}{device}"


def may_use_app(worker: Worker) -> bool:
    """A worker signs in and stays signed in only while active, approved, not suspended nor anonymised."""
    return worker.active and not worker.pending and not worker.suspended and worker.anonymised_at is None


def session_live(session: WorkerSession, now: datetime) -> bool:
    return (
        session.ended_at is None
        and now - session.last_seen_at < APP_SESSION_IDLE
        and now - session.created_at < APP_SESSION_LONGEST
    )


def due_touch(session: WorkerSession, now: datetime) -> bool:
    return now - session.last_seen_at >= APP_SESSION_TOUCH
