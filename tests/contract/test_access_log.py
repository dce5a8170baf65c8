"""A real ``workforce serve`` process on SQLite and PostgreSQL: the access log shows a one-time link's
token cut to its first characters, so a link read from the log cannot be opened."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import httpx
import pytest

from tests.contract.conftest import World
from tests.contract.console_pages import make_user
from tests.contract.server_process import serving
from tests.worker_app_world import link_path
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_core.services.sign_off_links import send_sign_off_link
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap


@pytest.fixture
def live(database_url: str) -> Iterator[Services]:
    """Services on the database with the real clock, as the server process runs."""
    services = bootstrap(Settings(database_url=database_url))
    try:
        yield services
    finally:
        services.close()


def sign_off_path(services: Services, client_id: int, tmp_path: Path) -> str:
    site = World(services).site(client_id, "North")
    contact, _ = make_user(services, "approver", client_id, location_ids=(site.id,))
    outbox = MaildirOutbox(tmp_path / "mail")
    link = send_sign_off_link(
        contact.id, date.today(), link_base="", uow=services.uow, clock=services.clock, mailer=outbox
    )
    assert link.user_id == contact.id
    body = outbox.messages()[0][2]
    return "/portal/link/" + body.split("/portal/link/")[1].split()[0]


def test_the_access_log_shows_no_links_token(database_url: str, live: Services, tmp_path: Path) -> None:
    world = World(live)
    client = world.account("Acme")
    worker = world.worker(client.id, "Ann Able").worker
    app_link = link_path(live, worker.id)
    portal_link = sign_off_path(live, client.id, tmp_path)
    logs = tmp_path / "logs"
    logs.mkdir()
    with serving(database_url, logs, "--no-dispatch", "--no-schedule") as base:
        for path in (app_link, portal_link, f"{app_link}?from=chat"):
            assert httpx.get(f"{base}{path}", timeout=30).status_code == 200
    (log,) = logs.glob("server-*.log")
    text = log.read_text()
    for path in (app_link, portal_link):
        route, token = path.rsplit("/", 1)
        assert len(token) > 20
        assert token not in text
        assert token[:10] not in text
        assert f'"GET {route}/{token[:6]}... HTTP/1.1" 200' in text
    assert f"{app_link.rsplit('/', 1)[0]}/{app_link.rsplit('/', 1)[1][:6]}...?from=chat" in text
