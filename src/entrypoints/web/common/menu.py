"""The menu of the console and of the client portal: each entry is a page of ``rules.pages``, offered
only to a person whose role may open it (the page's own check asks the same ``may_open``)."""

from __future__ import annotations

from workforce_core.model.people import Actor
from workforce_core.rules.pages import Page, may_open

CONSOLE_MENU: tuple[tuple[Page, str, str], ...] = (
    (Page.TIMESHEETS, "Timesheets", "/timesheets"),
    (Page.EXCEPTIONS, "Exceptions", "/exceptions"),
    (Page.PAY_WEEK, "Close pay week", "/pay-week"),
    (Page.PAYROLL, "Payroll", "/payroll"),
    (Page.CHARGES, "Charges", "/charges"),
    (Page.ON_SITE, "On site now", "/on-site"),
    (Page.SHIFTS, "Shifts", "/shifts"),
    (Page.WORKERS, "Workers", "/workers"),
    (Page.SETUP, "Setup", "/setup"),
)
PORTAL_MENU: tuple[tuple[Page, str, str], ...] = (
    (Page.PORTAL_WEEK, "Shifts to sign off", "/week"),
    (Page.PORTAL_CHARGES, "Charges", "/charges"),
)


def menu(actor: Actor, client_id: int, *, portal: bool) -> list[tuple[str, str]]:
    """The (words, address) of each page of the account the person may open, in the menu's order."""
    prefix, entries = ("/portal", PORTAL_MENU) if portal else ("/console", CONSOLE_MENU)
    return [(words, f"{prefix}/{client_id}{path}") for page, words, path in entries if may_open(actor, page)]
