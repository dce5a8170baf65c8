"""Who may open which page of the console and the portal: one table decides the menu and the page's
own check, and a refusal says in words what the role cannot do and whom to ask, never a scope."""

from __future__ import annotations

import pytest

from workforce_core.model.people import ROLES, Actor, Role
from workforce_core.rules.pages import NEEDS, Page, may_open, refused
from workforce_core.rules.scopes import SCOPES

CONSOLE = {Page.DASHBOARD, Page.TIMESHEETS, Page.EXCEPTIONS, Page.ON_SITE, Page.SHIFTS, Page.WORKERS}
PORTAL = {Page.PORTAL_WEEK, Page.PORTAL_CHARGES}


def opens(role: str) -> set[Page]:
    return {page for page in Page if may_open(Actor(1, role, 3), page)}


def test_each_role_opens_its_own_pages() -> None:
    assert opens(Role.OWNER) == set(Page) - PORTAL
    assert opens(Role.OPERATOR) == set(Page) - PORTAL
    assert opens(Role.COORDINATOR) == CONSOLE
    assert opens(Role.PAYROLL) == CONSOLE | {Page.PAY_WEEK, Page.PAYROLL, Page.CHARGES, Page.MARGINS, Page.PAY_CODES}
    assert opens(Role.APPROVER) == PORTAL


def test_a_coordinator_is_told_they_cannot_close_pay_weeks_and_whom_to_ask() -> None:
    refusal = refused(Actor(1, Role.COORDINATOR, 3), Page.PAY_WEEK)
    assert refusal.status == 403
    assert refusal.code == "role_not_allowed"
    assert refusal.message == "Your role (coordinator) cannot close pay weeks. Ask an owner or a payroll user."


@pytest.mark.parametrize("role", ROLES)
def test_no_refusal_names_a_scope_or_a_power(role: str) -> None:
    for page in Page:
        if may_open(Actor(1, role, 3), page):
            continue
        message = refused(Actor(1, role, 3), page).message
        assert message.startswith(f"Your role ({role}) cannot {NEEDS[page].doing}. Ask ")
        assert not any(scope in message for scope in SCOPES), message
        assert ":" not in message
        assert "_" not in message
