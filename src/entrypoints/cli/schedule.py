"""The timed jobs ``workforce serve`` runs beside the server, in the serving process (one however many
``--workers``), unless ``--no-schedule``: the auto clock-out rule (``timesheet auto-close``), the
expiry of offers whose requirement has ended (``offer expire``), the clients' sign-off deadline
(``timesheet auto-sign-off``), the shift and sign-off reminders, ``document_expired`` for documents
reaching their expiry and the deletion of leavers' evidence past its retention
(``services.document_jobs``), the deletion of the API log's requests past its retention
(``services.api_log``), every ``INTERVAL`` seconds; every ``NOTIFY_INTERVAL`` seconds, the next
rounds of offers (``fill next-rounds``) and the notifier's messages (``notify send``); and, every
``FIGURES_INTERVAL`` seconds, the figures of the worker-weeks a change left stale (``price refresh``).
Each job is a use case of its own transactions; a failed pass is logged and the next one tried."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from workforce_core.rules.calendar import is_bank_holiday
from workforce_core.services import (
    api_log,
    document_jobs,
    figure_refresh,
    filling,
    notifier,
    offers,
    reminders,
    sign_off,
    time_records,
)
from workforce_entrypoints.bootstrap import Services

INTERVAL = 300.0  # seconds between passes: a shift is closed at most five minutes after its 18 hours
NOTIFY_INTERVAL = 5.0  # seconds between the notifier's passes: a message goes within seconds of its write
FIGURES_INTERVAL = 5.0  # seconds between passes of the figures: reads price a stale worker-week till then
log = logging.getLogger("workforce.schedule")


def jobs(built: Services) -> dict[str, Callable[[], object]]:
    return {
        "auto clock-out": lambda: built.run(time_records.auto_close),
        "offer expiry": lambda: built.run(offers.expire),
        "sign-off deadline": lambda: built.run(sign_off.auto_sign_off),
        "shift reminders": lambda: built.run(reminders.remind),
        "sign-off reminders": lambda: built.run(reminders.remind_sign_off),
        "document expiry": lambda: built.run(document_jobs.send_document_expiries),
        "evidence retention": lambda: built.run(document_jobs.delete_kept_evidence),
        "API log retention": lambda: built.run(api_log.forget_old_requests),
    }


def notifier_jobs(built: Services) -> dict[str, Callable[[], object]]:
    """The notifier's jobs, run every ``NOTIFY_INTERVAL`` seconds: people are told within seconds."""
    return {
        "offer rounds": lambda: built.run(filling.next_rounds),
        "messages": lambda: built.run(notifier.notify),
    }


def run_until(
    stop: threading.Event,
    built: Services,
    *,
    interval: float = INTERVAL,
    chosen: Callable[[Services], dict[str, Callable[[], object]]] = jobs,
) -> None:
    """Run every job (``chosen``: the timed jobs, or the notifier's), then wait ``interval`` seconds,
    until ``stop`` is set."""
    while not stop.is_set():
        for name, job in chosen(built).items():
            try:
                job()
            except Exception:
                log.exception("the scheduled %s failed; trying again next pass", name)
        stop.wait(interval)


def refresh_until(stop: threading.Event, built: Services, *, interval: float = FIGURES_INTERVAL) -> None:
    """Store the figures of the stale worker-weeks (``figure_refresh.refresh_figures``), then wait
    ``interval`` seconds, until ``stop`` is set. The bank holidays are read first: their first read
    imports the calendar's data (a few hundred milliseconds), which belongs to start-up, not to the first
    pass that prices while requests are served."""
    is_bank_holiday(built.clock.now().date())
    while not stop.is_set():
        try:
            built.run(figure_refresh.refresh_figures)
        except Exception:
            log.exception("the figures' background pass failed; trying again next pass")
        stop.wait(interval)
