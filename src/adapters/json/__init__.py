"""The spec's JSON shapes of core records, one module per resource, shared by HTTP replies, the
console and event data. Records here are complete: the HTTP layer leaves out what a key may not see.
"""

from workforce_adapters.json.accounts import audit_record, key_record, me_record
from workforce_adapters.json.amendments import amendment_record
from workforce_adapters.json.availability import (
    absence_record,
    availability_rule_record,
    free_worker_record,
    slot_record,
)
from workforce_adapters.json.commands import structure
from workforce_adapters.json.converter import converter
from workforce_adapters.json.demands import demand_record, offer_record
from workforce_adapters.json.event_codec import event_codec
from workforce_adapters.json.events import event_payload, payload, stored_payload
from workforce_adapters.json.exports import export_batch_detail_record, export_batch_record
from workforce_adapters.json.on_site import on_site_now_record, on_site_worker_record
from workforce_adapters.json.pay_weeks import pay_week_record
from workforce_adapters.json.pricing import PAYROLL_FIELDS, explained, payroll_fields, pricing_record
from workforce_adapters.json.rate_rules import pricing_settings_record, rate_rule_record
from workforce_adapters.json.reference import cost_code_record, department_record, location_record
from workforce_adapters.json.shapes import day, decimal_number, hours, number, twin
from workforce_adapters.json.shifts import shift_record
from workforce_adapters.json.time_entries import clock_result_record, exception_record, time_entry_record
from workforce_adapters.json.workers import worker_record

__all__ = [
    "PAYROLL_FIELDS",
    "absence_record",
    "amendment_record",
    "audit_record",
    "availability_rule_record",
    "clock_result_record",
    "converter",
    "cost_code_record",
    "day",
    "decimal_number",
    "demand_record",
    "department_record",
    "event_codec",
    "event_payload",
    "exception_record",
    "explained",
    "export_batch_detail_record",
    "export_batch_record",
    "free_worker_record",
    "hours",
    "key_record",
    "location_record",
    "me_record",
    "number",
    "offer_record",
    "on_site_now_record",
    "on_site_worker_record",
    "pay_week_record",
    "payload",
    "payroll_fields",
    "pricing_record",
    "pricing_settings_record",
    "rate_rule_record",
    "shift_record",
    "slot_record",
    "stored_payload",
    "structure",
    "time_entry_record",
    "twin",
    "worker_record",
]
