"""The pages of the agency console and the client portal, and who may open each: a page needs a power
of the person's role and the scopes its reads need. The menu offers a page, and the page opens, by the
same ``may_open``; a refusal says what the role cannot do and whom to ask, never a scope's name."""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from workforce_core.errors import RoleNotAllowed
from workforce_core.model.people import Actor
from workforce_core.rules.people import ROLE_POWERS, ROLE_SCOPES, Power, refusal


class Page(StrEnum):
    DASHBOARD = "dashboard"
    TIMESHEETS = "timesheets"
    EXCEPTIONS = "exceptions"
    PAY_WEEK = "pay_week"
    PAYROLL = "payroll"
    CHARGES = "charges"
    MARGINS = "margins"
    ON_SITE = "on_site"
    SHIFTS = "shifts"
    WORKERS = "workers"
    SETUP = "setup"
    WEBHOOKS = "webhooks"
    KIOSKS = "kiosks"
    PAY_CODES = "pay_codes"
    NOTIFICATIONS = "notifications"
    PORTAL_WEEK = "portal_week"
    PORTAL_CHARGES = "portal_charges"


@frozen
class Need:
    """What a page needs: a power of the role, the scopes of its reads, and what it is for in words
    ("Your role (coordinator) cannot {doing}")."""

    power: Power
    scopes: tuple[str, ...]
    doing: str


NEEDS: dict[Page, Need] = {
    Page.DASHBOARD: Need(Power.CONSOLE, ("shifts:read",), "see the dashboard"),
    Page.TIMESHEETS: Need(Power.CONSOLE, ("timesheets:read",), "see timesheets"),
    Page.EXCEPTIONS: Need(Power.CONSOLE, ("timesheets:read",), "see the week's exceptions"),
    Page.PAY_WEEK: Need(Power.CLOSE_WEEK, ("payroll:read",), "close pay weeks"),
    Page.PAYROLL: Need(Power.CONSOLE, ("payroll:read",), "see payroll"),
    Page.CHARGES: Need(Power.CONSOLE, ("charges:read",), "see charges"),
    Page.MARGINS: Need(Power.CONSOLE, ("payroll:read", "charges:read"), "see margins"),
    Page.ON_SITE: Need(Power.CONSOLE, ("onsite:read", "timesheets:read"), "see who is on site"),
    Page.SHIFTS: Need(Power.CONSOLE, ("shifts:read", "workers:read", "locations:read"), "see the shifts board"),
    Page.WORKERS: Need(Power.CONSOLE, ("workers:read", "locations:read"), "see workers"),
    Page.SETUP: Need(Power.SETUP, (), "change the account's setup"),
    Page.WEBHOOKS: Need(Power.SETUP, ("webhooks:read",), "set up webhooks"),
    Page.KIOSKS: Need(Power.SETUP, ("locations:read",), "set up kiosks"),
    Page.PAY_CODES: Need(Power.EXPORT, (), "set pay codes"),
    Page.NOTIFICATIONS: Need(Power.SETUP, (), "set up notifications"),
    Page.PORTAL_WEEK: Need(Power.CLIENT_SIGN_OFF, ("timesheets:read",), "sign off shifts"),
    Page.PORTAL_CHARGES: Need(Power.CLIENT_SIGN_OFF, ("charges:read",), "see the sites' charges"),
}


def role_may_open(role: str, page: Page) -> bool:
    need = NEEDS[page]
    return need.power in ROLE_POWERS[role] and all(scope in ROLE_SCOPES[role] for scope in need.scopes)


def may_open(actor: Actor, page: Page) -> bool:
    return role_may_open(actor.role, page)


def refused(actor: Actor, page: Page) -> RoleNotAllowed:
    """Why the person's role cannot open the page, and whom to ask."""
    return refusal(actor, NEEDS[page].doing, [role for role in ROLE_POWERS if role_may_open(role, page)])
