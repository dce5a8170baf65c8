"""Driving the worker app's pages over HTTP in tests: a phone's cookies, signing in by link, the CSRF
token read from a page, and form posts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from starlette.testclient import TestClient

from tests.contract.console_pages import FAST
from tests.contract.reads_write_nothing import guarded
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class Phone:
    """One phone's browser over the app."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def open_link(self, path: str) -> httpx.Response:
        page = self.client.get(path)
        token = CSRF.search(page.text)
        assert token is not None, page.text[:300]
        return self.client.post(path, data={"csrf_token": token.group(1)}, follow_redirects=False)

    def sign_in(self, client_id: int, employee_id: str, pin: str) -> httpx.Response:
        page = self.client.get(f"/app/{client_id}/sign-in")
        token = CSRF.search(page.text)
        assert token is not None, page.text[:300]
        data = {"employee_id": employee_id, "pin": pin, "csrf_token": token.group(1)}
        return self.client.post(f"/app/{client_id}/sign-in", data=data, follow_redirects=False)

    def get(self, path: str) -> httpx.Response:
        return self.client.get(path, follow_redirects=False)

    def csrf(self, path: str = "/app/shifts") -> str:
        page = self.client.get(path)
        token = CSRF.search(page.text)
        assert token is not None, page.text[:300]
        return token.group(1)

    def post(self, path: str, data: dict[str, Any] | None = None, *, token: str | None = "page") -> httpx.Response:
        sent = dict(data or {})
        if token == "page":
            sent["csrf_token"] = self.csrf()
        elif token is not None:
            sent["csrf_token"] = token
        return self.client.post(path, data=sent, follow_redirects=False)


@contextmanager
def phone(services: Services) -> Iterator[Phone]:
    services.hasher = FAST
    with TestClient(guarded(create_app(services=services)), base_url="http://testserver") as client:
        yield Phone(client)
