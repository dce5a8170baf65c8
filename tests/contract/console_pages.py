"""Driving the console's pages over HTTP in tests: people made through the core, sign-in, the CSRF
token read from a page, and form posts."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from starlette.testclient import TestClient

from tests.contract.reads_write_nothing import guarded
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.people import CreateUser
from workforce_core.model.people import User
from workforce_core.services import people
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
FAST = Argon2PasswordHasher(fast=True)  # the tests' hashes: real argon2id, cheap parameters


def a_password() -> str:
    return "pw-" + secrets.token_urlsafe(12)


def make_user(services: Services, role: str, client_id: int | None, **more: Any) -> tuple[User, str]:
    password = a_password()
    email = more.pop("email", f"{role}-{secrets.token_hex(4)}@example.com")
    command = CreateUser(email=email, password=password, role=role, client_id=client_id, **more)
    made = people.create_user(
        command, uow=services.uow, hasher=services.hasher, strength=services.strength, clock=services.clock
    )
    return made, password


def sign_in_as(services: Services, role: str, client_id: int | None, person: Person) -> int:
    """A new user of this role signed in on ``person``'s browser; their id."""
    user, password = make_user(services, role, client_id)
    assert person.sign_in(user.email, password).status_code == 303
    return user.id


class Person:
    """One browser's worth of cookies over the app."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def sign_in(self, email: str, password: str) -> httpx.Response:
        form = self.client.get("/console/sign-in")
        token = CSRF.search(form.text)
        assert token is not None
        data = {"email": email, "password": password, "csrf_token": token.group(1), "next": "/console/"}
        return self.client.post("/console/sign-in", data=data, follow_redirects=False)

    def get(self, path: str, **options: Any) -> httpx.Response:
        return self.client.get(path, follow_redirects=False, **options)

    def csrf(self, path: str = "/console/") -> str:
        page = self.client.get(path)
        token = CSRF.search(page.text)
        assert token is not None, page.text[:500]
        return token.group(1)

    def post(self, path: str, data: dict[str, Any] | None = None, *, token: str | None = None) -> httpx.Response:
        sent = dict(data or {})
        if token is not None:
            sent["csrf_token"] = token
        return self.client.post(path, data=sent, follow_redirects=False)

    def followed(self, reply: httpx.Response) -> httpx.Response:
        """The page a form's reply leads to: the reply must be a 303 to a page of this site."""
        assert reply.status_code == 303, reply.text[:300]
        location = reply.headers["location"]
        assert location.startswith("/"), location
        page = self.get(location)
        assert page.status_code == 200, page.text[:300]
        return page


@contextmanager
def console(services: Services) -> Iterator[Person]:
    services.hasher = FAST
    with TestClient(guarded(create_app(services=services)), base_url="http://testserver") as client:
        yield Person(client)
