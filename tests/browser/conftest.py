"""The console in a real browser: a live server on a free port of 127.0.0.1 (uvicorn in a thread) over a
fresh migrated SQLite database, and Chromium driven through Playwright.

The server runs on the test's ``FakeClock`` (set to a Wednesday, so last week is an ended pay week) and
its ``Services`` are the test's own: a test sets up accounts through the core (``live.world``) and reads
the events it recorded. A page fails its test if it logs a console error or throws; a test that expects
an error (a 404 page) says which with ``problems.allow``.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from attrs import define, field
from playwright.sync_api import Browser, ConsoleMessage, Dialog, Error, Page, Playwright, sync_playwright

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import FAST, make_user
from tests.databases import SqliteTemplate
from workforce_core.model.people import User
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
NOW = datetime(2026, 3, 18, 12, 0, tzinfo=UTC)  # a Wednesday in GMT: the week of 9 March has ended
LAST_WEEK = "2026-03-09"
TIMEOUT_MS = 15_000


@define
class Live:
    """The running server: its address, the services it runs on (shared with the test) and a ``World``
    over them to set up accounts, sites, workers and keys and to read the outbox."""

    url: str
    services: Services
    clock: FakeClock
    world: World = field(init=False)

    def __attrs_post_init__(self) -> None:
        self.world = World(self.services)

    def owner(self, client_id: int, role: str = "owner") -> tuple[User, str]:
        """A person of the client account, and their password."""
        return make_user(self.services, role, client_id)

    def api(self, path: str, headers: dict[str, str], *, body: Any = None, status: int = 200, **params: Any) -> Any:
        """``GET /api/v1/{path}`` (``POST`` with a ``body``) over HTTP; the reply's JSON, which must
        have this status."""
        method = "GET" if body is None else "POST"
        url = f"{self.url}/api/v1/{path}"
        reply = httpx.request(method, url, params=params, json=body, headers=headers, timeout=10)
        assert reply.status_code == status, reply.text
        return reply.json()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOW)


@pytest.fixture
def live(sqlite_template: SqliteTemplate, clock: FakeClock) -> Iterator[Live]:
    services = bootstrap(Settings(database_url=sqlite_template.fresh_url()), clock=clock)
    services.hasher = FAST
    server = uvicorn.Server(
        uvicorn.Config(create_app(services=services), log_level="warning", access_log=False, lifespan="on")
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, name="live-console", daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert thread.is_alive(), "the live server stopped as it started"
            assert time.monotonic() < deadline, "the live server did not start"
            time.sleep(0.02)
        yield Live(f"http://127.0.0.1:{port}", services, clock)
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()
        services.close()
    assert not thread.is_alive(), "the live server did not stop"


@pytest.fixture
def server_url(live: Live) -> str:
    return live.url


# Module scope, not session: Playwright's sync API keeps an asyncio loop running in the thread while it
# is started, and a test of another module run after it on the same worker (``asyncio.run``) would fail.
@pytest.fixture(scope="module")
def playwright_driver() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is not installed: the browser tests need Debian's chromium package"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    launched = playwright_driver.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


@define
class Problems:
    """What a page logged as a console error, threw or opened as a dialog (``alert``), less what the test
    said to expect."""

    seen: list[str] = field(factory=list)
    allowed: list[re.Pattern[str]] = field(factory=list)

    def allow(self, pattern: str) -> None:
        self.allowed.append(re.compile(pattern))

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.seen.append(f"console error at {message.location.get('url')}: {message.text}")

    def thrown(self, error: Error) -> None:
        self.seen.append(f"page error: {error.message}")

    def dialog(self, dialog: Dialog) -> None:
        self.seen.append(f"dialog ({dialog.type}): {dialog.message}")
        dialog.dismiss()

    def unexpected(self) -> list[str]:
        return [text for text in self.seen if not any(p.search(text) for p in self.allowed)]


@pytest.fixture
def problems() -> Problems:
    return Problems()


@pytest.fixture
def page(browser: Browser, live: Live, problems: Problems) -> Iterator[Page]:
    """A page in a fresh context (no cookies) at the live server; the test fails if any page logged a
    console error, threw or opened a dialog that the test did not ``problems.allow``."""
    context = browser.new_context(base_url=live.url, accept_downloads=True)
    context.set_default_timeout(TIMEOUT_MS)
    context.on("page", lambda opened: _watch(opened, problems))
    opened = context.new_page()
    yield opened
    context.close()
    assert not problems.unexpected(), "\n".join(problems.unexpected())


def _watch(opened: Page, problems: Problems) -> None:
    opened.on("console", lambda message: problems.console(message))  # lambdas: Playwright tags its handlers
    opened.on("pageerror", lambda error: problems.thrown(error))
    opened.on("dialog", lambda dialog: problems.dialog(dialog))


def sign_in(page: Page, email: str, password: str, lands: str = r"/console/(?!sign-in)") -> None:
    """Sign in through the form; returns on the page it leads to (a console page, else ``lands``)."""
    page.goto("/console/sign-in")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(lands))
