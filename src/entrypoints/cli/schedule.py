"""The timed jobs ``workforce serve`` runs beside the server, in the serving process (one however many
``--workers``), unless ``--no-schedule``: the auto clock-out rule (``timesheet auto-close``), the
expiry of offers whose requirement has ended (``offer expire``), the clients' sign-off deadline
(``timesheet auto-sign-off``), ``document_expired`` for documents reaching their expiry and the deletion
of leavers' evidence past its retention (``services.document_jobs``), every ``INTERVAL`` seconds; and,
every ``FIGURES_INTERVAL`` seconds, the figures of the worker-weeks a change left stale (``price
refresh``). Each job is a use case of its own transactions; a failed pass is logged and the next one tried."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from workforce_core.services import document_jobs, figure_refresh, offers, sign_off, time_records
from workforce_entrypoints.bootstrap import Services

INTERVAL = 300.0  # seconds between passes: a shift is closed at most five minutes after its 18 hours
FIGURES_INTERVAL = 5.0  # seconds between passes of the figures: reads price a stale worker-week till then
log = logging.getLogger("workforce.schedule")


def jobs(built: Services) -> dict[str, Callable[[], object]]:
    return {
        "auto clock-out": lambda: time_records.auto_close(uow=built.uow, clock=built.clock),
        "offer expiry": lambda: offers.expire(uow=built.uow, clock=built.clock),
        "sign-off deadline": lambda: sign_off.auto_sign_off(uow=built.uow, clock=built.clock),
        "document expiry": lambda: document_jobs.send_document_expiries(uow=built.uow, clock=built.clock),
        "evidence retention": lambda: document_jobs.delete_kept_evidence(
            uow=built.uow, clock=built.clock, files=built.files
        ),
    }


def run_until(stop: threading.Event, built: Services, *, interval: float = INTERVAL) -> None:
    """Run every job, then wait ``interval`` seconds, until ``stop`` is set."""
    while not stop.is_set():
        for name, job in jobs(built).items():
            try:
                job()
            except Exception:
                log.exception("the scheduled %s failed; trying again next pass", name)
        stop.wait(interval)


def refresh_until(stop: threading.Event, built: Services, *, interval: float = FIGURES_INTERVAL) -> None:
    """Store the figures of the stale worker-weeks (``figure_refresh.refresh_figures``), then wait
    ``interval`` seconds, until ``stop`` is set."""
    while not stop.is_set():
        try:
            figure_refresh.refresh_figures(uow=built.uow)
        except Exception:
            log.exception("the figures' background pass failed; trying again next pass")
        stop.wait(interval)
