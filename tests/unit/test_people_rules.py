"""The people rules (rules.people): rate limit caps, a role's scopes, a link's week, session lifetimes,
sign-in names and passwords, each at its edges."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from workforce_core.errors import RoleNotAllowed, ValidationFailed
from workforce_core.model.people import Actor, Role, WebSession
from workforce_core.rules import people
from workforce_core.rules.scopes import SCOPES

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
WEEK = date(2026, 3, 2)


def test_an_operator_or_the_console_may_set_the_specs_limit_and_an_owner_120() -> None:
    assert people.rate_limit_cap(None) == 600
    assert people.rate_limit_cap(Actor(1, Role.OPERATOR, None)) == 600
    assert people.rate_limit_cap(Actor(1, Role.OWNER, 3)) == 120


@pytest.mark.parametrize("role", list(Role))
def test_a_roles_scopes_are_its_table_row_in_the_scopes_order(role: Role) -> None:
    scopes = people.scopes_of(role)
    assert set(scopes) == set(people.ROLE_SCOPES[role])
    assert list(scopes) == sorted(scopes, key=SCOPES.index)


def test_the_approvers_scopes() -> None:
    assert people.scopes_of(Role.APPROVER) == tuple(s for s in SCOPES if s in people.ROLE_SCOPES[Role.APPROVER])
    assert "pay:read" not in people.scopes_of(Role.APPROVER)


def test_a_link_session_sees_its_own_week_only_and_everyone_else_every_week() -> None:
    link = Actor(1, Role.APPROVER, 3, only_week=WEEK)
    assert people.sees_week(link, WEEK)
    assert not people.sees_week(link, WEEK + timedelta(days=7))
    assert people.sees_week(Actor(1, Role.APPROVER, 3), WEEK + timedelta(days=7))
    assert people.sees_week(None, WEEK)


def _session(created: timedelta, seen: timedelta, ended: bool = False) -> WebSession:
    return WebSession(1, "hash", "csrf", NOW - created, NOW - seen, ended_at=NOW if ended else None)


def test_a_session_ends_after_30_idle_minutes_or_12_hours_or_a_sign_out() -> None:
    assert people.session_live(_session(timedelta(hours=1), timedelta(minutes=29, seconds=59)), NOW)
    assert not people.session_live(_session(timedelta(hours=1), timedelta(minutes=30)), NOW)
    assert people.session_live(_session(timedelta(hours=11, minutes=59, seconds=59), timedelta(0)), NOW)
    assert not people.session_live(_session(timedelta(hours=12), timedelta(0)), NOW)
    assert not people.session_live(_session(timedelta(hours=1), timedelta(0), ended=True), NOW)


def test_last_use_is_stored_once_a_minute() -> None:
    assert not people.due_touch(_session(timedelta(hours=1), timedelta(seconds=59)), NOW)
    assert people.due_touch(_session(timedelta(hours=1), timedelta(seconds=60)), NOW)


def test_a_sign_in_name_is_trimmed_and_folded_and_may_be_254_characters() -> None:
    assert people.sign_in_name("  Ada@Example.COM ") == "ada@example.com"
    longest = "a" * (254 - len("@example.com")) + "@example.com"
    assert people.sign_in_name(longest) == longest


@pytest.mark.parametrize(
    "email",
    [
        "ada.example.com",  # no @
        "@example.com",  # nothing before it
        "ada@example",  # no dot after it
        "ada@b@example.com",  # two
        "a" * (255 - len("@example.com")) + "@example.com",  # 255 characters
        "ada lovelace@example.com",
        "ada@exa\tmple.com",
    ],
)
def test_a_sign_in_name_that_is_not_one_plain_address_is_refused_naming_email(email: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        people.sign_in_name(email)
    assert refused.value.extra["field"] == "email"
    assert refused.value.message == "give an email address (name@example.com)."


@pytest.mark.parametrize(("length", "accepted"), [(11, False), (12, True), (256, True), (257, False)])
def test_a_password_has_12_to_256_characters(length: int, accepted: bool) -> None:
    if accepted:
        people.check_password("p" * length)
        return
    with pytest.raises(ValidationFailed) as refused:
        people.check_password("p" * length)
    assert refused.value.extra["field"] == "password"
    assert refused.value.message == "a password has 12 to 256 characters."


def test_a_role_without_the_power_is_refused_in_words_naming_whom_to_ask() -> None:
    with pytest.raises(RoleNotAllowed) as refused:
        people.require(Actor(1, Role.PAYROLL, 3), people.Power.SETUP)
    assert refused.value.message == "Your role (payroll) cannot change the account's setup. Ask an owner."
    with pytest.raises(RoleNotAllowed) as closing:
        people.require(Actor(1, Role.COORDINATOR, 3), people.Power.CLOSE_WEEK)
    assert closing.value.message == "Your role (coordinator) cannot close pay weeks. Ask an owner or a payroll user."
    people.require(None, people.Power.SETUP)


def test_a_link_session_reaches_its_weeks_shifts_from_its_first_instant_to_before_its_end() -> None:
    link = Actor(1, Role.APPROVER, 3, only_week=WEEK)
    start = datetime(2026, 3, 2, 0, 0, tzinfo=UTC)
    assert people.reaches_shift(link, 3, None, start)
    assert not people.reaches_shift(link, 3, None, start + timedelta(days=7))
    assert not people.reaches_shift(link, 3, None, start - timedelta(seconds=1))


def test_a_shift_typed_in_from_the_client_console_is_via_tenant() -> None:
    assert people.created_via(Actor(1, Role.OWNER, 3)) == "tenant"
    assert people.created_via(None) == "admin"
