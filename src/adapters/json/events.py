"""Event data (the outbox, webhooks): each record as the API shows it, through the one cattrs converter."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from workforce_adapters.json.accounts import audit_record, key_record, me_record
from workforce_adapters.json.amendments import amendment_record
from workforce_adapters.json.converter import converter
from workforce_adapters.json.exports import export_batch_record
from workforce_adapters.json.pay_weeks import pay_week_record
from workforce_adapters.json.rate_rules import rate_rule_record
from workforce_adapters.json.reference import cost_code_record, department_record, location_record
from workforce_adapters.json.shapes import day, number
from workforce_adapters.json.shifts import shift_record
from workforce_adapters.json.time_entries import clock_result_record, time_entry_record
from workforce_adapters.json.workers import worker_record
from workforce_core.events import Event
from workforce_core.model.amendments import Amendment
from workforce_core.model.audit import AuditEntry
from workforce_core.model.exports import ExportBatch
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import CostCode, Location
from workforce_core.rules.london import utc_text
from workforce_core.views import (
    ClockResult,
    DepartmentView,
    EntryView,
    MeView,
    PayWeekView,
    ShiftView,
    WorkerView,
)


def event_data(event: Event) -> dict[str, Any]:
    """An event's ``data``: the record as the API shows it, plus ``client_id`` and the named extras."""
    record = converter.unstructure(event.record) if event.record is not None else {}
    named = {"client_id": event.client_id} if event.names_client else {}
    return {**record, **named, **converter.unstructure(event.extra)}


converter.register_unstructure_hook(Decimal, number)
converter.register_unstructure_hook(date, day)
converter.register_unstructure_hook(datetime, utc_text)
converter.register_unstructure_hook(WorkerView, worker_record)
converter.register_unstructure_hook(Location, location_record)
converter.register_unstructure_hook(DepartmentView, department_record)
converter.register_unstructure_hook(CostCode, cost_code_record)
converter.register_unstructure_hook(MeView, me_record)
converter.register_unstructure_hook(ApiKey, key_record)
converter.register_unstructure_hook(AuditEntry, audit_record)
converter.register_unstructure_hook(EntryView, time_entry_record)
converter.register_unstructure_hook(Amendment, amendment_record)
converter.register_unstructure_hook(RateRule, rate_rule_record)
converter.register_unstructure_hook(ClockResult, clock_result_record)
converter.register_unstructure_hook(ShiftView, shift_record)
converter.register_unstructure_hook(PayWeekView, pay_week_record)
# export.created is a payroll:read event: the batch without its charge total
converter.register_unstructure_hook(ExportBatch, lambda batch: export_batch_record(batch, charge=False))
