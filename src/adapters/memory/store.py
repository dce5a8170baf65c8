"""The committed state of the memory adapter: rows by table, the audit log and the outbox."""

from __future__ import annotations

import copy
import threading
from typing import Any

from workforce_core.events import Event
from workforce_core.model.audit import AuditEntry
from workforce_core.views import ShiftFigures

TABLES = (
    "clients",
    "keys",
    "locations",
    "departments",
    "cost_codes",
    "workers",
    "entries",
    "bookings",
    "demands",
    "offers",
    "surveys",
    "amendments",
    "rate_rules",
    "subscriptions",
    "deliveries",
    "pay_week_locks",
    "frozen_entries",
    "shift_payments",
    "late_clocks",
    "no_shows",
    "availability",
    "absences",
    "do_not_return",
    "export_batches",
    "export_files",
    "users",
    "sessions",
    "sign_off_links",
    "user_two_factor",
    "recovery_codes",
    "sign_in_challenges",
    "minimum_wage_acceptances",
    "pay_codes",
    "worker_sessions",
    "worker_app_links",
    "kiosk_devices",
    "kiosk_clocks",
    "document_types",
    "worker_documents",
    "document_evidence",
    "messages",
    "channel_choices",
    "push_subscriptions",
    "notifier_settings",
    "offer_rounds",
    "offer_links",
)


class MemoryStore:
    """What a database would hold. ``lock`` serialises writers as SQLite's write lock does: a writing
    unit of work holds it from ``__enter__`` to ``__exit__``; every read takes it for its own span."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[int, Any]] = {name: {} for name in TABLES}
        self.audit: list[AuditEntry] = []
        self.outbox: list[Event] = []
        self.fanned_out: set[int] = set()  # outbox places (from 1) whose deliveries are made
        self.notified: set[int] = set()  # outbox places (from 1) whose messages are made
        self.employee_numbers: dict[int, int] = {}  # per client: the last generated employee number
        self.figures: dict[int, ShiftFigures] = {}  # stored pay figures by entry id
        self.lock = threading.RLock()
        self._sequences: dict[str, int] = {}

    def next_id(self, sequence: str) -> int:
        """A sequence per table; like a database sequence it is not given back by a rollback."""
        with self.lock:
            self._sequences[sequence] = self._sequences.get(sequence, 0) + 1
            return self._sequences[sequence]

    def events(self, *names: str) -> list[Event]:
        """Committed events, oldest first, optionally only those with the given names."""
        with self.lock:
            return [event for event in self.outbox if not names or event.name in names]

    def snapshot(self) -> tuple[object, ...]:
        """Everything stored, for "nothing changed" comparisons."""
        with self.lock:
            return copy.deepcopy(
                (self.tables, self.audit, self.outbox, self.fanned_out, self.notified, self.employee_numbers)
            )
