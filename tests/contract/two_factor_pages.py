"""Driving two-factor sign-in over HTTP in tests: turning it on from its page (the key read from the
page), the recovery codes shown once, and the second step of a sign-in."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import httpx
import pyotp

from tests.contract.console_pages import CSRF, Person

SECRET = re.compile(r'id="two-factor-secret"[^>]*>([A-Z2-7 ]+)</code>')
RECOVERY = re.compile(r"<li><code>([a-z2-7-]+)</code></li>")


def code_at(secret: str, now: datetime) -> str:
    return pyotp.TOTP(secret).at(now)


def turn_on(person: Person, now: datetime) -> tuple[str, list[str]]:
    """Two-factor sign-in on for the signed-in person: its key (as the page shows it) and recovery codes."""
    token = person.csrf("/console/two-factor")
    assert person.post("/console/two-factor/start", token=token).status_code == 303
    page = person.get("/console/two-factor")
    found = SECRET.search(page.text)
    assert found is not None, page.text[:800]
    secret = found.group(1).replace(" ", "")
    confirmed = person.post("/console/two-factor/confirm", {"code": code_at(secret, now)}, token=token)
    assert confirmed.status_code == 303
    assert confirmed.headers["location"] == "/console/two-factor/recovery-codes"
    shown = person.get("/console/two-factor/recovery-codes")
    return secret, RECOVERY.findall(shown.text)


def send_code(person: Person, code: str) -> httpx.Response:
    """The second step's form: its page's token, then the code."""
    form = person.get("/console/sign-in/code")
    token = CSRF.search(form.text)
    assert token is not None, form.text[:400]
    data = {"code": code, "csrf_token": token.group(1), "next": "/console/"}
    return person.client.post("/console/sign-in/code", data=data, follow_redirects=False)


def later(now: datetime, steps: int = 1) -> datetime:
    return now + timedelta(seconds=30 * steps)
