"""Migration 0030 spells the pay gate's sets as SQL text (its triggers keep the payroll line counts, and a
migration is frozen history): evaluated by the database over every stored gate result, with and without an
adjust week, its ``PAID`` and ``UNPAID`` conditions say what ``rules.pay_gate`` says of the same figures."""

from __future__ import annotations

import importlib.util
import sqlite3
from datetime import date
from functools import cache
from itertools import product
from pathlib import Path
from types import ModuleType

import pytest

import workforce_adapters
from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import ApprovalStatus
from workforce_core.rules.pay_gate import GateResult, counts_as_paid, left_unpaid

VERSIONS = Path(str(workforce_adapters.__file__)).parent / "sql" / "migrations" / "versions"
ADJUST_WEEKS = (None, date(2026, 3, 9))
STORED = list(product([*PayrollStatus], [None, *GateReason], ADJUST_WEEKS))  # every row the columns can hold


@cache
def _migration() -> ModuleType:
    (path,) = VERSIONS.glob("0030_*.py")
    spec = importlib.util.spec_from_file_location("migration_0030", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _holds(condition: str, status: PayrollStatus, reason: GateReason | None, adjust_week: date | None) -> bool:
    """Whether the migration's ``condition`` holds of a figures row ``f`` with these columns (SQLite)."""
    with sqlite3.connect(":memory:") as db:
        db.execute("CREATE TABLE f (payroll_status TEXT, payroll_reason TEXT, adjust_week TEXT)")
        week = adjust_week.isoformat() if adjust_week is not None else None
        db.execute("INSERT INTO f VALUES (?, ?, ?)", (status.value, reason.value if reason else None, week))
        (found,) = db.execute(f"SELECT CASE WHEN {condition.format(r='f')} THEN 1 ELSE 0 END FROM f").fetchone()
    return bool(found)


@pytest.mark.parametrize(("status", "reason", "adjust_week"), STORED)
def test_the_migrations_paid_set_is_the_rules(
    status: PayrollStatus, reason: GateReason | None, adjust_week: date | None
) -> None:
    paid = counts_as_paid(GateResult(status, reason), adjust_week)
    assert _holds(_migration().PAID, status, reason, adjust_week) == paid


@pytest.mark.parametrize(("status", "reason", "adjust_week"), STORED)
def test_the_migrations_unpaid_set_is_the_rules_for_an_approved_shift(
    status: PayrollStatus, reason: GateReason | None, adjust_week: date | None
) -> None:
    """The kept count holds the figures excluded for a reason payroll names; the read checks the approval."""
    unpaid = left_unpaid(GateResult(status, reason), ApprovalStatus.APPROVED)
    assert _holds(_migration().UNPAID, status, reason, adjust_week) == unpaid


def test_each_set_holds_of_some_row_and_not_of_others() -> None:
    """So neither test above passes by a condition that is always or never true."""
    for condition in (_migration().PAID, _migration().UNPAID):
        seen = {_holds(condition, *row) for row in STORED}
        assert seen == {True, False}
