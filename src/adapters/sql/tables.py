"""The schema as SQLAlchemy Core tables. Alembic migrations (``migrations/versions``) create it."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    Time,
    UniqueConstraint,
    false,
    func,
)

from workforce_adapters.sql.types import ExactDecimal, Money, UtcDateTime

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

clients = Table(
    "clients",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("status", String(20), nullable=False),
    Column("api_access", Boolean, nullable=False),
    Column("pay_week_start_day", Integer, nullable=False),
    Column("require_client_approval", Boolean, nullable=False),
    Column("walk_in_policy", String(20), nullable=False),
    Column("cancelled_policy", String(20), nullable=False),
    Column("default_shift_hours", Integer, nullable=False, server_default="8"),
    Column("dormant_after_days", Integer, nullable=False, server_default="90"),
    Column("premium_stacking", String(20), nullable=False, server_default="stack"),
    Column("premium_day_basis", String(20), nullable=False, server_default="shift_start"),
    Column("site_overtime_mode", String(20), nullable=False, server_default="off"),
    Column("multi_shift_priority", String(20), nullable=False, server_default="closest"),
    Column("no_show_grace_minutes", Integer, nullable=False, server_default="15"),
    Column("signoff_deadline_hours", Integer, nullable=True),  # null: no deadline
    Column("holiday_pay", String(16), nullable=False, server_default="none"),  # none, rolled_up or accrued
    Column("leave_year_start", String(5), nullable=False, server_default="01-01"),  # MM-DD
    Column("created_at", UtcDateTime, nullable=False),
)

api_keys = Table(
    "api_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(100), nullable=False),
    Column("key_prefix", String(16), nullable=False, index=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("scopes", JSON, nullable=False),
    Column("legacy", Boolean, nullable=False),
    Column("location_ids", JSON, nullable=True),
    Column("rate_limit_per_minute", Integer, nullable=False),
    Column("allowed_origins", JSON, nullable=False),
    Column("expires_at", UtcDateTime, nullable=True),
    Column("revoked_at", UtcDateTime, nullable=True),
    Column("replaces_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
)

locations = Table(
    "locations",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("address", String(255)),
    Column("city", String(255)),
    Column("postcode", String(255)),
    Column("capacity", Integer),
    Column("operates_24x7", Boolean, nullable=False),
    Column("active", Boolean, nullable=False),
    Column("latitude", Money),
    Column("longitude", Money),
    Column("geofence_radius", Integer, nullable=False),
    Column("geofence_mode", String(20), nullable=False),
    Column("kiosk_language", String(5)),
    Column("gps_accuracy_threshold", Integer),
    Column("billing_name", String(255)),
    Column("billing_contact", String(255)),
    Column("billing_email", String(255)),
    Column("po_reference", String(255)),
    Column("pkg_a_account_ref", String(255)),
    Column("pkg_a_department", String(255)),
    Column("nominal_code", String(255)),
    Column("created_at", UtcDateTime, nullable=False),
)

departments = Table(
    "departments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("name", String(100), nullable=False),
    Column("description", String(255)),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

cost_codes = Table(
    "cost_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("code", String(50), nullable=False),
    Column("description", String(255)),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

workers = Table(
    "workers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("name", String(100), nullable=False),
    Column("employee_id", String(32), nullable=False),
    Column("employee_id_key", String(32), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("department_id", Integer, ForeignKey("departments.id"), nullable=True),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("email", String(254)),
    Column("phone", String(32)),
    Column("job_role", String(100)),
    Column("hourly_rate", Money),
    Column("charge_rate", Money),
    Column("max_hours_per_week", Money),
    Column("status", String(20), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("dormant_since", UtcDateTime),
    Column("start_date", Date),
    Column("end_date", Date),
    Column("leave_reason", String(255)),
    Column("preferred_language", String(5)),
    Column("has_face", Boolean, nullable=False),
    Column("has_pin", Boolean, nullable=False),
    Column("suspended", Boolean, nullable=False),
    Column("anonymised_at", UtcDateTime),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Column("date_of_birth", Date),
    Column("apprentice_since", Date),
    Column("wtr_opt_out", Boolean, nullable=False, server_default=false()),
    Column("holiday_pay", String(16), nullable=True),  # null: the client's holiday_pay
    UniqueConstraint("client_id", "employee_id_key", name="uq_workers_client_employee_id"),
    Index("ix_workers_client_name", "client_id", "name", "id"),
    Index("ix_workers_client_location", "client_id", "location_id"),
    Index("ix_workers_client_updated", "client_id", "updated_at"),
)

employee_id_counters = Table(
    "employee_id_counters",
    metadata,
    # the last number a generated employee ID of the client used; its row lock queues every change of
    # the client's employee IDs, so a generated one never collides
    Column("client_id", Integer, ForeignKey("clients.id"), primary_key=True),
    Column("last_number", Integer, nullable=False),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("api_key_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("action", String(60), nullable=False),
    Column("entity", String(40), nullable=False),
    Column("entity_id", Integer, nullable=False),
    Column("changes", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("user_id", Integer, nullable=True),  # a signed-in user's write
)

users = Table(
    "users",
    metadata,
    # people who sign in to the console and the portal; client_id null: an operator admin
    Column("id", Integer, primary_key=True),
    Column("email", String(254), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("role", String(20), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("location_ids", JSON, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("disabled_at", UtcDateTime, nullable=True),
    Column("password_changed_at", UtcDateTime, nullable=True),
)

web_sessions = Table(
    "web_sessions",
    metadata,
    # a signed-in browser, found by the SHA-256 of its cookie token
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("csrf_token", String(64), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_seen_at", UtcDateTime, nullable=False),
    Column("ended_at", UtcDateTime, nullable=True),
    Column("address", String(64), nullable=True),
    Column("only_week", Date, nullable=True),  # a sign-off link's session: that pay week only
)

sign_off_links = Table(
    "sign_off_links",
    metadata,
    # a one-time link that signs a hirer contact in to one pay week of the portal
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("created_by", Integer, nullable=True),
    Column("used_at", UtcDateTime, nullable=True),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("event", String(60), nullable=False),
    Column("data", Text, nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("dispatched_at", UtcDateTime, nullable=True),
    Index("ix_outbox_pending", "dispatched_at", "id"),
    Index("ix_outbox_client_event", "client_id", "event"),
)

rate_limit_hits = Table(
    "rate_limit_hits",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("bucket", String(100), nullable=False),
    Column("hit_at", Float(precision=53), nullable=False),
    Index("ix_rate_limit_hits_bucket_at", "bucket", "hit_at"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("api_key_id", Integer, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(255), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("state", String(10), nullable=False),
    Column("status", Integer, nullable=True),
    Column("headers", JSON, nullable=True),
    Column("body", LargeBinary, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("lease_until", UtcDateTime, nullable=False),
    Index("ix_idempotency_keys_created", "created_at"),
)

api_key_origins = Table(
    "api_key_origins",
    metadata,
    Column("api_key_id", Integer, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True),
    Column("origin", String(255), primary_key=True),
    Index("ix_api_key_origins_origin", "origin"),
)

shifts = Table(
    "shifts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("shift_date", Date, nullable=False),
    Column("start", UtcDateTime, nullable=False),
    Column("end", UtcDateTime, nullable=False),
    Column("break_minutes", Integer, nullable=False),
    Column("job_role", String(100)),
    Column("status", String(20), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("notes", String(1000)),
    Column("demand_id", Integer),
    Column("cancel_reason", String(255)),
    Column("cancelled_at", UtcDateTime),
    Column("acknowledged_at", UtcDateTime),
    Column("declined_at", UtcDateTime),
    Column("confirmation", String(20), nullable=False, server_default="unconfirmed"),
    Column("updated_at", UtcDateTime),
    Column("warning_codes", JSON, nullable=False, server_default="[]"),
    Index("ix_shifts_worker_start", "worker_id", "start"),
    Index("ix_shifts_location_start", "location_id", "start"),
    Index("ix_shifts_client_start", "client_id", "start"),
    Index("ix_shifts_demand_id", "demand_id"),
)

demands = Table(
    "demands",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("shift_date", Date, nullable=False),
    Column("start", UtcDateTime, nullable=False),
    Column("end", UtcDateTime, nullable=False),
    Column("break_minutes", Integer, nullable=False),
    Column("job_role", String(100)),
    Column("headcount", Integer, nullable=False),
    Column("requested", Integer, nullable=False),
    Column("status", String(20), nullable=False),
    Column("series_id", Integer),
    Column("source", String(20), nullable=False),
    Column("notes", String(1000)),
    Column("cancel_reason", String(255)),
    Column("cancelled_at", UtcDateTime),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_demands_client_date", "client_id", "shift_date"),
)

offers = Table(
    "offers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("demand_id", Integer, ForeignKey("demands.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("status", String(20), nullable=False),
    Column("sent_at", UtcDateTime, nullable=False),
    Column("answered_at", UtcDateTime),
    Column("shift_id", Integer, ForeignKey("shifts.id")),
    Index("ix_offers_demand_worker", "demand_id", "worker_id"),
    Index("ix_offers_client_id", "client_id", "id"),
)


shift_no_shows = Table(
    "shift_no_shows",
    metadata,
    # one row per booking whose ``shift.no_show`` was sent: the unique booking_id makes it once only
    Column("id", Integer, primary_key=True),
    Column("booking_id", Integer, ForeignKey("shifts.id"), nullable=False, unique=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("recorded_at", UtcDateTime, nullable=False),
)
# /shifts.php's order: date newest first, then start and id
Index("ix_shifts_client_date", shifts.c.client_id, shifts.c.shift_date.desc(), shifts.c.start, shifts.c.id)

time_entries = Table(
    "time_entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("entry_type", String(10), nullable=False),
    Column("parent_id", Integer, ForeignKey("time_entries.id"), nullable=True),
    Column("clock_in", UtcDateTime, nullable=False),
    Column("clock_out", UtcDateTime, nullable=True),
    Column("clock_method", String(20), nullable=False),
    Column("clock_out_method", String(20)),
    Column("clock_source", String(20)),
    Column("kiosk_id", String(100)),
    Column("notes", String(600)),
    Column("match_score", Money),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("scheduled_shift_id", Integer, ForeignKey("shifts.id"), nullable=True),
    Column("approval_status", String(10), nullable=False),
    Column("approved_at", UtcDateTime),
    Column("approved_by", Integer),
    Column("client_approval", String(10), nullable=False),
    Column("client_approved_at", UtcDateTime),
    Column("client_approved_by", Integer),
    Column("client_rejected_reason", String(255)),
    Column("queried", Boolean, nullable=False),
    Column("open_query", Boolean, nullable=False),
    Column("risk_flags", JSON, nullable=False),
    Column("manual_break_minutes", Integer),
    Column("pay_adjustment_minutes", Integer),
    Column("edit_count", Integer, nullable=False),
    Column("edited_at", UtcDateTime),
    Column("original_clock_in", UtcDateTime),
    Column("original_clock_out", UtcDateTime),
    Column("latitude", Money),
    Column("longitude", Money),
    Column("within_geofence", Integer),
    Column("distance_meters", Integer),
    Column("gps_accuracy", Integer),
    Column("low_gps_confidence", Boolean),
    Column("clock_out_latitude", Money),
    Column("clock_out_longitude", Money),
    Column("clock_out_within_geofence", Integer),
    Column("clock_out_distance_meters", Integer),
    Column("exported_batch_id", Integer),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_time_entries_worker_clock_in", "worker_id", "clock_in"),
    Index("ix_time_entries_worker_client_clock_in", "worker_id", "client_id", "clock_in"),
    Index("ix_time_entries_client_clock_in", "client_id", "clock_in"),
    Index("ix_time_entries_client_updated", "client_id", "updated_at"),
    Index("ix_time_entries_open", "clock_out", "clock_in"),
    Index("ix_time_entries_parent", "parent_id"),
    Index("ix_time_entries_worker_clock_out", "worker_id", "clock_out"),
    # covers GET /timesheets.php's count and page ids (in its order) for the usual filters
    Index("ix_time_entries_client_listing", "client_id", "clock_in", "id", "entry_type", "clock_out"),
)

# the no-show job reads published bookings by start, then which of them a shift was clocked against
# (``worked_against`` asks the latter too)
Index("ix_shifts_status_start", shifts.c.status, shifts.c.start)
Index("ix_time_entries_scheduled_shift_id", time_entries.c.scheduled_shift_id)

surveys = Table(
    "surveys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

survey_questions = Table(
    "survey_questions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("survey_id", Integer, ForeignKey("surveys.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("position", Integer, nullable=False),
    Column("text", String(500), nullable=False),
    Column("blocking_answers", JSON, nullable=False),
)

amendments = Table(
    "amendments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), nullable=False, index=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("requested_clock_in", UtcDateTime),
    Column("requested_clock_out", UtcDateTime),
    Column("requested_break_minutes", Integer),
    Column("reason", String(500), nullable=False),
    Column("status", String(10), nullable=False),
    Column("raised_by", String(100), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("decided_at", UtcDateTime),
    Column("updated_at", UtcDateTime),
    Index("ix_amendments_client_created", "client_id", "created_at"),
)

rate_rules = Table(
    "rate_rules",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("job_role", String(100)),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("valid_from", Date),
    Column("valid_to", Date),
    Column("priority", Integer, nullable=False),
    Column("active", Boolean, nullable=False),
    Column("overtime_threshold", Money),
    Column("overtime_multiplier", Money),
    Column("overtime_tiers", JSON, nullable=False),
    Column("daily_overtime_threshold", Money),
    Column("daily_overtime_multiplier", Money),
    Column("weekend_multiplier", Money),
    Column("sunday_multiplier", Money),
    Column("bank_holiday_multiplier", Money),
    Column("holiday_charge_multiplier", Money),
    Column("guarantee_hours", Money),
    Column("paid_break_minutes", Integer),
    Column("auto_lunch_minutes", Integer),
    Column("auto_lunch_after_hours", Money),
    Column("night_bands", JSON, nullable=False),
    Column("pay_rate", Money),
    Column("overtime_pay_rate", Money),
    Column("daily_overtime_pay_rate", Money),
    Column("weekend_pay_rate", Money),
    Column("sunday_pay_rate", Money),
    Column("bank_holiday_pay_rate", Money),
    Column("pre_parity_pay_rate", Money),
    Column("post_parity_pay_rate", Money),
    Column("charge_rate", Money),
    Column("overtime_charge_rate", Money),
    Column("daily_overtime_charge_rate", Money),
    Column("weekend_charge_rate", Money),
    Column("sunday_charge_rate", Money),
    Column("bank_holiday_charge_rate", Money),
    Column("pre_parity_charge_rate", Money),
    Column("post_parity_charge_rate", Money),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
)

webhook_subscriptions = Table(
    "webhook_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("api_key_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("url", String(2048), nullable=False),
    Column("events", JSON, nullable=False),
    Column("secret", String(100), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("description", String(255), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=True),
    Column("events_after", Integer, nullable=True),  # migration 0022: receives the outbox events after it
)

webhook_deliveries = Table(
    "webhook_deliveries",
    metadata,
    # one row per subscription and event; ``attempt`` counts the sends made on it
    Column("id", Integer, primary_key=True),
    Column("subscription_id", Integer, ForeignKey("webhook_subscriptions.id", ondelete="CASCADE"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("outbox_id", Integer, ForeignKey("outbox.id"), nullable=True),
    Column("event", String(60), nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("data", JSON, nullable=False),
    Column("status", String(10), nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("response_code", Integer, nullable=True),
    Column("response_body", Text, nullable=True),
    Column("next_retry_at", UtcDateTime, nullable=True),
    Column("delivered_at", UtcDateTime, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    UniqueConstraint("subscription_id", "outbox_id", name="uq_webhook_deliveries_subscription_outbox"),
    Index("ix_webhook_deliveries_due", "status", "next_retry_at"),
    Index("ix_webhook_deliveries_subscription", "subscription_id", "id"),
)

# Stored pay figures (issue 10): each completed shift's pricing, dropped when a write makes it stale.
shift_figures = Table(
    "shift_figures",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("client_id", Integer, nullable=False),
    Column("worker_id", Integer, nullable=False),
    Column("location_id", Integer),
    Column("pay_week_start", Date, nullable=False),
    Column("paid_minutes", Integer, nullable=False),
    Column("unpaid_break_minutes", Integer, nullable=False),
    Column("payroll_status", String(20), nullable=False),
    Column("payroll_reason", String(40)),
    Column("flags", String(255), nullable=False),
    Column("rule_id", Integer),
    Column("base_pay_rate", ExactDecimal),
    Column("base_charge_rate", ExactDecimal),
    Column("parity", Boolean, nullable=False),
    Column("priced", Boolean, nullable=False),
    Column("adjust_week", Date),  # a late clock: the pay week it is due (or was paid) in
    # the shift's, as priced: the stale check's tally (always stored; null only would make the tally
    # differ, and the exact search run)
    Column("clock_in", UtcDateTime),
    Index("ix_shift_figures_worker_week", "worker_id", "pay_week_start"),
    Index("ix_shift_figures_client_week", "client_id", "pay_week_start", "payroll_reason"),
    Index("ix_shift_figures_client_clock_in", "client_id", "clock_in"),
)
# A payroll page's keys: a client's figures by the week they are paid in (a late clock's due week), then
# worker, with every column its reads filter or sum on (so the keys and sums come from the index alone).
Index(
    "ix_shift_figures_client_line_week",
    shift_figures.c.client_id,
    func.coalesce(shift_figures.c.adjust_week, shift_figures.c.pay_week_start),
    shift_figures.c.worker_id,
    shift_figures.c.payroll_status,
    shift_figures.c.payroll_reason,
    shift_figures.c.paid_minutes,
    shift_figures.c.location_id,
    shift_figures.c.adjust_week,
    shift_figures.c.pay_week_start,
)

# One row per element and rate of a priced shift: what payroll lines and charges sum in SQL.
shift_figure_lines = Table(
    "shift_figure_lines",
    metadata,
    Column("entry_id", Integer, ForeignKey("shift_figures.entry_id"), primary_key=True),
    Column("line_no", Integer, primary_key=True, autoincrement=False),
    Column("element", String(20), nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("pay_rate", ExactDecimal, nullable=False),
    Column("charge_rate", ExactDecimal, nullable=False),
)

pay_week_locks = Table(
    "pay_week_locks",
    metadata,
    # one row per lock; an unlock keeps the row (``unlocked_at``) as history
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),  # null: the whole client
    Column("locked_at", UtcDateTime, nullable=False),
    Column("locked_by", Integer, nullable=True),
    Column("unlocked_at", UtcDateTime, nullable=True),
    Column("unlocked_by", Integer, nullable=True),
    Column("unlock_reason", String(255), nullable=True),
    Index("ix_pay_week_locks_client_week", "client_id", "week_start"),
)
_standing_whole = pay_week_locks.c.location_id.is_(None) & pay_week_locks.c.unlocked_at.is_(None)
_standing_site = pay_week_locks.c.location_id.is_not(None) & pay_week_locks.c.unlocked_at.is_(None)
# at most one standing lock per client week, and per client week and site: two locks at once, one wins
Index(
    "uq_pay_week_locks_standing_whole",
    pay_week_locks.c.client_id,
    pay_week_locks.c.week_start,
    unique=True,
    sqlite_where=_standing_whole,
    postgresql_where=_standing_whole,
)
Index(
    "uq_pay_week_locks_standing_site",
    pay_week_locks.c.client_id,
    pay_week_locks.c.week_start,
    pay_week_locks.c.location_id,
    unique=True,
    sqlite_where=_standing_site,
    postgresql_where=_standing_site,
)

frozen_entries = Table(
    "frozen_entries",
    metadata,
    # the shifts a standing lock froze (dropped on unlock); frozen figures are keyed the same way
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id", ondelete="CASCADE"), primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    UniqueConstraint("entry_id", name="uq_frozen_entries_entry_id"),
)

availability_rules = Table(
    "availability_rules",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("day_of_week", Integer),
    Column("date", Date),
    Column("start_time", Time, nullable=False),
    Column("end_time", Time, nullable=False),
    Column("valid_from", Date),
    Column("valid_to", Date),
    Column("notes", String(1000)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("retired_at", UtcDateTime),
    Index("ix_availability_rules_client_worker", "client_id", "worker_id"),
)

absences = Table(
    "absences",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("type", String(20), nullable=False),
    Column("status", String(20), nullable=False),
    Column("start_date", Date, nullable=False),
    Column("end_date", Date, nullable=False),
    Column("hours", Money),
    Column("notes", String(1000)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_absences_client_start", "client_id", "start_date"),
    Index("ix_absences_worker_start", "worker_id", "start_date"),
)

do_not_return = Table(
    "do_not_return",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    UniqueConstraint("worker_id", "location_id", name="uq_do_not_return_worker_location"),
    Index("ix_do_not_return_client_location", "client_id", "location_id"),
)

# Late clocks paid as adjustments: one row per shift, ever (the primary key refuses a second payment).
shift_payments = Table(
    "shift_payments",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("paid_at", UtcDateTime, nullable=False),
    Index("ix_shift_payments_lock", "lock_id"),
)

export_batches = Table(
    "export_batches",
    metadata,
    # one row per export file of a client's pay week; a new export adds a row, older rows never change
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("format", String(40), nullable=False),
    Column("period_start", Date, nullable=False),
    Column("period_end", Date, nullable=False),
    Column("file_name", String(200), nullable=False),
    Column("file_sha256", String(64), nullable=False),
    Column("entry_count", Integer, nullable=False),
    Column("line_count", Integer, nullable=False),
    Column("total_pay", Money, nullable=False),
    Column("total_charge", Money, nullable=False),
    Column("stamps_entries", Boolean, nullable=False),
    Column("reason", Text, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id"), nullable=True),  # the lock it was made under
    Index("ix_export_batches_client_period", "client_id", "period_start"),
)

export_batch_entries = Table(
    "export_batch_entries",
    metadata,
    # the shifts a batch's file held, recorded when made (ExportBatchDetail ``entry_ids``)
    Column("batch_id", Integer, ForeignKey("export_batches.id", ondelete="CASCADE"), primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
)

export_files = Table(
    "export_files",
    metadata,
    # the exact bytes of a batch's file (``file_ok`` re-checks their digest); apart, so lists never load them
    Column("batch_id", Integer, ForeignKey("export_batches.id", ondelete="CASCADE"), primary_key=True),
    Column("content", LargeBinary, nullable=False),
)

# Shifts recorded into a locked pay week (late clocks): found without reading the client's every shift.
late_clocks = Table(
    "late_clocks",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Index("ix_late_clocks_client", "client_id"),
)

# How many completed entries (clocked out) each worker has of each type, kept by the database's own
# triggers on time_entries (migration 0018): a list's total without a filter beyond the client, the
# entry types and the workers is a sum over a client's workers, not a count of every shift it has had.
completed_entry_counts = Table(
    "completed_entry_counts",
    metadata,
    Column("worker_id", Integer, ForeignKey("workers.id"), primary_key=True),
    Column("entry_type", String(10), primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("completed", Integer, nullable=False),
    Index("ix_completed_entry_counts_client", "client_id", "entry_type", "completed"),
)

# A minimum wage shortfall of a worker's pay week accepted with a reason (it no longer blocks the lock
# while the week's shortfall stays within ``amount_short``).
minimum_wage_acceptances = Table(
    "minimum_wage_acceptances",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("amount_short", Money, nullable=False),
    Column("reason", String(1000), nullable=False),
    Column("accepted_at", UtcDateTime, nullable=False),
    Column("accepted_by", Integer),  # the user, when a person accepted it (no foreign key: history)
    Index("ix_minimum_wage_acceptances_client_week", "client_id", "week_start", "worker_id"),
)
