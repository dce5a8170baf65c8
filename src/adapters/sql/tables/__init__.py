"""The schema as SQLAlchemy Core tables, one module per subject on one ``MetaData``. Alembic migrations
(``migrations/versions``) create it; ``tests/contract/test_schema_in_step.py`` compares the two."""

from __future__ import annotations

from workforce_adapters.sql.tables.accounts import (
    api_key_origins,
    api_keys,
    audit_log,
    clients,
    sign_off_links,
    users,
    web_sessions,
)
from workforce_adapters.sql.tables.api_log import api_requests
from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.tables.bookings import demands, offers, shift_no_shows, shifts
from workforce_adapters.sql.tables.documents import document_evidence, document_types, worker_documents
from workforce_adapters.sql.tables.exports import export_batch_entries, export_batches, export_files, pay_codes
from workforce_adapters.sql.tables.kiosks import kiosk_clocks, kiosk_devices
from workforce_adapters.sql.tables.notifications import (
    channel_choices,
    messages,
    notifier_settings,
    offer_links,
    offer_rounds,
    push_subscriptions,
)
from workforce_adapters.sql.tables.pay_weeks import (
    frozen_entries,
    late_clocks,
    minimum_wage_acceptances,
    pay_week_locks,
    shift_payments,
)
from workforce_adapters.sql.tables.pricing import (
    payroll_line_counts,
    rate_rules,
    shift_figure_lines,
    shift_figures,
    shifts_without_figures,
)
from workforce_adapters.sql.tables.protection import idempotency_keys, rate_limit_hits
from workforce_adapters.sql.tables.reference import cost_codes, departments, locations
from workforce_adapters.sql.tables.timesheets import (
    amendments,
    completed_entry_counts,
    survey_questions,
    surveys,
    time_entries,
)
from workforce_adapters.sql.tables.two_factor import recovery_codes, sign_in_challenges, user_two_factor
from workforce_adapters.sql.tables.webhooks import outbox, webhook_deliveries, webhook_subscriptions
from workforce_adapters.sql.tables.worker_app import worker_app_links, worker_sessions
from workforce_adapters.sql.tables.workers import (
    absences,
    availability_rules,
    do_not_return,
    employee_id_counters,
    workers,
)

__all__ = [
    "absences",
    "amendments",
    "api_key_origins",
    "api_keys",
    "api_requests",
    "audit_log",
    "availability_rules",
    "channel_choices",
    "clients",
    "completed_entry_counts",
    "cost_codes",
    "demands",
    "departments",
    "do_not_return",
    "document_evidence",
    "document_types",
    "employee_id_counters",
    "export_batch_entries",
    "export_batches",
    "export_files",
    "frozen_entries",
    "idempotency_keys",
    "kiosk_clocks",
    "kiosk_devices",
    "late_clocks",
    "locations",
    "messages",
    "metadata",
    "minimum_wage_acceptances",
    "notifier_settings",
    "offer_links",
    "offer_rounds",
    "offers",
    "outbox",
    "pay_codes",
    "pay_week_locks",
    "payroll_line_counts",
    "push_subscriptions",
    "rate_limit_hits",
    "rate_rules",
    "recovery_codes",
    "shift_figure_lines",
    "shift_figures",
    "shift_no_shows",
    "shift_payments",
    "shifts",
    "shifts_without_figures",
    "sign_in_challenges",
    "sign_off_links",
    "survey_questions",
    "surveys",
    "time_entries",
    "user_two_factor",
    "users",
    "web_sessions",
    "webhook_deliveries",
    "webhook_subscriptions",
    "worker_app_links",
    "worker_documents",
    "worker_sessions",
    "workers",
]
