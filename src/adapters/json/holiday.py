"""A worker's holiday records as GET /holiday.php shows them (hours to 2 decimals, money to the penny)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from workforce_adapters.json.shapes import decimal_number
from workforce_core.views import HolidayRecord, HolidayWeek

HOURS = Decimal("0.01")


def _hours(minutes: Decimal | int | None) -> float | None:
    if minutes is None:
        return None
    return float((Decimal(minutes) / 60).quantize(HOURS, ROUND_HALF_UP))


def _week(week: HolidayWeek) -> dict[str, Any]:
    return {
        "pay_week_start": week.week_start.isoformat(),
        "worked_hours": _hours(week.worked_minutes),
        "work_pay": float(week.work_pay),
        "accrued_hours": _hours(week.accrued),
        "taken_hours": _hours(week.taken),
        "balance_hours": _hours(week.balance),
        "holiday_pay": float(week.pay),
        "working": week.working,
    }


def holiday_record(record: HolidayRecord) -> dict[str, Any]:
    worker = record.worker
    return {
        "worker_id": worker.id,
        "employee_id": worker.employee_id,
        "worker_name": worker.name,
        "holiday_pay": record.mode.value,
        "leave_year_start": record.first.isoformat(),
        "leave_year_end": record.last.isoformat(),
        "accrued_hours": _hours(record.accrued),
        "taken_hours": _hours(record.taken),
        "balance_hours": _hours(record.balance),
        "paid": decimal_number(record.paid),
        "weeks": [_week(week) for week in record.weeks],
    }
