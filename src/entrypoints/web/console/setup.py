"""Setup of a client account (owners and operator admins only): its settings, its API keys (made with
scopes, sites, origins, a rate limit and an expiry; the secret shown once; revoked; rotated with an
overlap) and its users with their roles (a new user's first password shown once)."""

from __future__ import annotations

import secrets
from datetime import datetime, time
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.commands.people import CreateUser
from workforce_core.errors import ValidationFailed
from workforce_core.model.holiday import HolidayPay
from workforce_core.model.keys import IssuedKey
from workforce_core.model.people import CLIENT_ROLES
from workforce_core.ports import LocationFilter, Paging
from workforce_core.rules.london import from_local
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, rate_limit_cap
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import accounts, people, reads
from workforce_core.services.two_factor import two_factor_on
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def setup_page(visit: Visit) -> Response:
    p, s, actor = visit.client, visit.services, visit.signed.actor
    sites = s.run(reads.locations, p, LocationFilter(p.client_id, Paging(limit=500))).items
    users = s.run(people.users, p.client_id)
    return visit.page(
        "setup.html",
        client=p.client,
        keys=s.run(accounts.client_keys, p.client_id, actor=actor),
        users=users,
        two_factor_on=s.run(two_factor_on, users),
        sites=sites,
        scopes=SCOPES,
        roles=CLIENT_ROLES,
        days=DAYS,
        holiday_choices=HOLIDAY_CHOICES,
        cap=rate_limit_cap(actor),
        as_of=s.clock.now(),
    )


HOLIDAY_CHOICES = (
    (HolidayPay.NONE.value, "None"),
    (HolidayPay.ROLLED_UP.value, "Rolled up: 12.07% of pay each week"),
    (HolidayPay.ACCRUED.value, "Accrued: leave paid when taken"),
)


def save_settings(visit: Visit) -> Response:
    s = visit.services
    deadline = visit.number("signoff_deadline_hours")
    command = accounts.UpdateClient(
        client_id=visit.client.client_id,
        pay_week_start_day=visit.number("pay_week_start_day"),
        require_client_approval=visit.value("require_client_approval") == "1",
        signoff_deadline_hours=deadline if deadline is not None else 0,
        holiday_pay=visit.value("holiday_pay") or None,
        leave_year_start=(visit.value("leave_year_start") or "").strip() or None,
    )
    s.run(accounts.update_client, command, actor=visit.signed.actor)
    return back_to(visit, "/setup", Done.SETTINGS_SAVED)


def _issued(visit: Visit, issued: IssuedKey, done: Done) -> Response:
    """Back to Setup, showing the key's secret once."""
    reply = back_to(visit, "/setup", done)
    return visit.once_there(reply, kind="key", name=issued.key.name, secret=issued.secret)


def create_key(visit: Visit) -> Response:
    s = visit.services
    expires = visit.value("expires_on")
    try:
        expires_at = from_local(datetime.fromisoformat(expires).date(), time(0)) if expires else None
    except ValueError:
        raise ValidationFailed("expires_on", "the expiry is a date YYYY-MM-DD.") from None
    sites = tuple(int(v) for v in visit.values("location_ids") if v.isdigit())
    origins = tuple(line.strip() for line in (visit.value("allowed_origins") or "").splitlines() if line.strip())
    command = accounts.CreateKey(
        client_id=visit.client.client_id,
        name=visit.value("name") or "",
        scopes=tuple(visit.values("scopes")),
        location_ids=sites or None,
        rate_limit_per_minute=visit.number("rate_limit_per_minute") or 60,
        expires_at=expires_at,
        allowed_origins=origins,
    )
    made = s.run(accounts.create_key, command, actor=visit.signed.actor)
    return _issued(visit, made, Done.KEY_MADE)


def revoke_key(visit: Visit) -> Response:
    s = visit.services
    s.run(accounts.revoke_key, int(visit.path["key_id"]), actor=visit.signed.actor)
    return back_to(visit, "/setup", Done.KEY_REVOKED)


def rotate_key(visit: Visit) -> Response:
    s = visit.services
    hours = visit.number("overlap_hours")
    issued = s.run(
        accounts.rotate_key,
        int(visit.path["key_id"]),
        overlap_hours=float(hours if hours is not None else accounts.DEFAULT_OVERLAP_HOURS),
        actor=visit.signed.actor,
    )
    return _issued(visit, issued, Done.KEY_ROTATED)


def create_user(visit: Visit) -> Response:
    s = visit.services
    password = secrets.token_urlsafe(12)  # the first password, shown once to hand over
    sites = tuple(int(v) for v in visit.values("location_ids") if v.isdigit())
    command = CreateUser(
        email=visit.value("email") or "",
        password=password,
        role=visit.value("role") or "",
        client_id=visit.client.client_id,
        location_ids=sites or None,
    )
    made = s.run(people.create_user, command, actor=visit.signed.actor)
    reply = back_to(visit, "/setup", Done.USER_ADDED)
    return visit.once_there(reply, kind="user", email=made.email, password=password)


def disable_user(visit: Visit) -> Response:
    s = visit.services
    s.run(people.disable_user, int(visit.path["user_id"]), actor=visit.signed.actor)
    return back_to(visit, "/setup", Done.USER_DISABLED)


def _setup(path: str, page: Any, methods: tuple[str, ...] = ("POST",)) -> BaseRoute:
    opens = Page.SETUP if methods == ("GET",) else None
    return console_route(f"/{{client_id:int}}/setup{path}", page, methods=methods, power=Power.SETUP, opens=opens)


ROUTES: list[BaseRoute] = [
    _setup("", setup_page, ("GET",)),
    _setup("/settings", save_settings),
    _setup("/keys", create_key),
    _setup("/keys/{key_id:int}/revoke", revoke_key),
    _setup("/keys/{key_id:int}/rotate", rotate_key),
    _setup("/users", create_user),
    _setup("/users/{user_id:int}/disable", disable_user),
]
