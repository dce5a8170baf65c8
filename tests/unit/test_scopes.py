"""Effective scopes: write includes its read, payroll:read includes pay:read, legacy keys get the 1.0 set."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.rules.scopes import LEGACY_SCOPES, SCOPES, effective_scopes, has_scope, implied_by
from workforce_core.testing.strategies import scope_names, scope_sets, stored_scopes, unknown_scope_names

# The pairs the spec's list makes: a write scope whose read scope exists.
WRITE_READ_PAIRS = (
    ("workers:write", "workers:read"),
    ("shifts:write", "shifts:read"),
    ("availability:write", "availability:read"),
    ("webhooks:write", "webhooks:read"),
)
SHARED_DESIGN_LEGACY_SET = frozenset(
    {
        "workers:read",
        "workers:write",
        "timesheets:read",
        "locations:read",
        "departments:read",
        "cost_codes:read",
        "clock:write",
        "shifts:read",
        "shifts:write",
    }
)


def closure(stored: set[str], *, legacy: bool) -> set[str]:
    """The rules written out independently of the code under test."""
    granted = {scope for scope in stored if scope in SCOPES}
    if legacy:
        granted |= SHARED_DESIGN_LEGACY_SET
    for write, read in WRITE_READ_PAIRS:
        if write in granted:
            granted.add(read)
    if "payroll:read" in granted:
        granted.add("pay:read")
    return granted


@pytest.mark.parametrize(("write", "read"), WRITE_READ_PAIRS)
def test_a_write_scope_includes_its_read_scope(write: str, read: str) -> None:
    assert effective_scopes([write], legacy=False) == tuple(s for s in SCOPES if s in {write, read})


@pytest.mark.parametrize("write", ["clock:write", "rates:write"])
def test_a_write_scope_without_a_read_scope_implies_nothing(write: str) -> None:
    assert effective_scopes([write], legacy=False) == (write,)
    assert implied_by(write) == ()


def test_payroll_read_includes_pay_read_but_not_charges() -> None:
    assert effective_scopes(["payroll:read"], legacy=False) == ("payroll:read", "pay:read")


def test_pay_read_does_not_include_payroll_read() -> None:
    assert effective_scopes(["pay:read"], legacy=False) == ("pay:read",)


def test_a_read_scope_does_not_include_the_write_scope() -> None:
    assert effective_scopes(["workers:read", "shifts:read"], legacy=False) == ("workers:read", "shifts:read")


def test_a_legacy_key_with_no_stored_scopes_has_the_shared_design_legacy_set_in_spec_order() -> None:
    assert set(LEGACY_SCOPES) == SHARED_DESIGN_LEGACY_SET
    assert effective_scopes([], legacy=True) == (
        "workers:read",
        "workers:write",
        "timesheets:read",
        "shifts:read",
        "shifts:write",
        "locations:read",
        "departments:read",
        "cost_codes:read",
        "clock:write",
    )


def test_a_key_with_nothing_stored_has_nothing() -> None:
    assert effective_scopes([], legacy=False) == ()


def test_every_spec_scope_stored_gives_every_spec_scope_in_order() -> None:
    assert effective_scopes(reversed(SCOPES), legacy=False) == SCOPES


def test_has_scope_checks_membership() -> None:
    effective = effective_scopes(["workers:write"], legacy=False)
    assert has_scope(effective, "workers:read")
    assert not has_scope(effective, "pay:read")


@given(stored_scopes, st.booleans())
def test_effective_scopes_follow_the_three_rules(stored: list[str], legacy: bool) -> None:
    assert set(effective_scopes(stored, legacy=legacy)) == closure(set(stored), legacy=legacy)


@given(stored_scopes, st.booleans())
def test_effective_scopes_are_spec_scopes_in_the_spec_order_without_repeats(stored: list[str], legacy: bool) -> None:
    effective = effective_scopes(stored, legacy=legacy)
    assert set(effective) <= set(SCOPES)
    assert list(effective) == sorted(effective, key=SCOPES.index)
    assert len(effective) == len(set(effective))


@given(stored_scopes, st.booleans())
def test_every_stored_spec_scope_is_kept(stored: list[str], legacy: bool) -> None:
    effective = set(effective_scopes(stored, legacy=legacy))
    assert {scope for scope in stored if scope in SCOPES} <= effective


@pytest.mark.parametrize(
    "unknown",
    [
        "payroll:write",
        "pay:write",
        "charges:write",
        "onsite:write",
        "timesheets:write",
        "locations:write",
        "departments:write",
        "cost_codes:write",
        "absences:write",
    ],
)
def test_an_unknown_write_scope_grants_nothing_not_even_its_read_scope(unknown: str) -> None:
    assert unknown not in SCOPES
    assert effective_scopes([unknown], legacy=False) == ()


@given(scope_sets, st.lists(unknown_scope_names, min_size=1, max_size=10), st.booleans())
def test_unknown_stored_names_are_dropped_and_change_nothing(
    known: frozenset[str], unknown: list[str], legacy: bool
) -> None:
    assert effective_scopes([*known, *unknown], legacy=legacy) == effective_scopes(known, legacy=legacy)


@given(stored_scopes)
def test_legacy_adds_exactly_the_legacy_set_and_its_implications(stored: list[str]) -> None:
    plain = set(effective_scopes(stored, legacy=False))
    legacy = set(effective_scopes(stored, legacy=True))
    assert legacy == plain | set(effective_scopes(LEGACY_SCOPES, legacy=False))
    assert legacy >= LEGACY_SCOPES


@given(scope_sets)
def test_legacy_set_is_already_closed(extra: frozenset[str]) -> None:
    # The legacy set's implications stay inside it: legacy adds exactly the legacy set.
    assert set(effective_scopes([], legacy=True)) == LEGACY_SCOPES
    assert set(effective_scopes(extra, legacy=True)) - set(effective_scopes(extra, legacy=False)) <= LEGACY_SCOPES


@given(stored_scopes, st.booleans())
def test_the_closure_is_idempotent(stored: list[str], legacy: bool) -> None:
    once = effective_scopes(stored, legacy=legacy)
    assert effective_scopes(once, legacy=False) == once
    assert effective_scopes(once, legacy=legacy) == once


@given(stored_scopes, stored_scopes, st.booleans())
def test_more_stored_scopes_never_give_fewer(smaller: list[str], more: list[str], legacy: bool) -> None:
    assert set(effective_scopes(smaller, legacy=legacy)) <= set(effective_scopes(smaller + more, legacy=legacy))
    assert set(effective_scopes(smaller, legacy=False)) <= set(effective_scopes(smaller, legacy=True))


@given(stored_scopes, st.booleans())
def test_order_and_repeats_of_stored_scopes_do_not_matter(stored: list[str], legacy: bool) -> None:
    assert effective_scopes(stored, legacy=legacy) == effective_scopes(sorted(set(stored), reverse=True), legacy=legacy)


@given(scope_names)
def test_a_scope_implies_only_spec_scopes_of_the_same_resource_or_pay(scope: str) -> None:
    for implied in implied_by(scope):
        assert implied in SCOPES
        assert implied.partition(":")[0] == scope.partition(":")[0] or (scope, implied) == ("payroll:read", "pay:read")
