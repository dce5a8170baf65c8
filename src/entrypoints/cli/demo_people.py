"""Who signs in to the demo, as ``workforce demo`` prints them once: the console's owner and operator
admin, a hirer contact of the portal, two workers' badge numbers and kiosk PINs, and a worker app link."""

from __future__ import annotations

import secrets
from typing import Any

from workforce_core.commands.people import CreateUser
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.model.people import Actor, Role, User
from workforce_core.services import people, worker_pins
from workforce_core.services.worker_app_links import make_app_link
from workforce_entrypoints.bootstrap import Services

HIRER_EMAIL = "hirer@demo.example.com"


def _password() -> str:
    return secrets.token_urlsafe(12)


def _user(
    s: Services, email: str, role: Role, client_id: int | None, sites: tuple[int, ...] | None = None
) -> tuple[User, dict[str, Any]]:
    password = _password()
    command = CreateUser(email=email, password=password, role=role, client_id=client_id, location_ids=sites)
    user = s.run(people.create_user, command)
    return user, {"email": email, "password": password, "role": role.value}


def console_people(s: Services, client_id: int) -> list[dict[str, Any]]:
    """The console's demo sign-ins: the account's owner and an operator admin, each with a new password."""
    return [
        _user(s, "owner@demo.example.com", Role.OWNER, client_id)[1],
        _user(s, "admin@demo.example.com", Role.OPERATOR, None)[1],
    ]


def hirer(s: Services, client_id: int, sites: tuple[int, ...]) -> tuple[Actor, dict[str, Any]]:
    """A hirer contact (an ``approver``) of these sites, who signs in to the portal; and their sign-in."""
    user, shown = _user(s, HIRER_EMAIL, Role.APPROVER, client_id, sites)
    return Actor.of(user), {**shown, "path": "/portal/", "location_ids": list(sites)}


def badges(s: Services, workers: dict[str, int], names: tuple[str, ...]) -> list[dict[str, Any]]:
    """A new six-digit kiosk PIN for each of these workers, with their badge number (``employee_id``)."""
    shown = []
    for name in names:
        pin = f"{secrets.randbelow(10**6):06d}"
        worker = s.run(worker_pins.set_worker_pin, SetWorkerPin(worker_id=workers[name], pin=pin))
        shown.append({"name": name, "worker_id": worker.id, "employee_id": worker.employee_id, "pin": pin})
    return shown


def app_link(s: Services, worker_id: int, name: str, link_base: str) -> dict[str, Any]:
    """A one-time worker app sign-in link for the worker, to open on a phone (or a narrow window)."""
    made = s.run(make_app_link, worker_id, link_base=link_base)
    return {"name": name, "worker_id": worker_id, "url": made.url, "expires_at": made.link.expires_at.isoformat()}
