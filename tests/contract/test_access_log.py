"""A real ``workforce serve`` process on SQLite and PostgreSQL: the access log shows a one-time link's
token cut to its first characters (a sign-in link, a sign-off link, an offer's one-tap link), so a link
read from the log cannot be opened."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.contract.conftest import World
from tests.contract.console_pages import make_user
from tests.contract.server_process import serving
from tests.worker_app_world import link_path
from workforce_adapters.json.commands import structure
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_adapters.message_texts import catalogue_texts
from workforce_core.commands.demands import CreateDemand
from workforce_core.ports import Paging
from workforce_core.ports.notifications import Notifier
from workforce_core.services import console_reads, demands, filling
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


def offer_path(services: Services, client_id: int, worker_id: int) -> str:
    """Fill on a requirement tomorrow at the worker's site: the path of the worker's one-tap link."""
    site = World(services).site(client_id, "Depot", geofence_mode="disabled")
    principal = console_reads.operator(client_id, uow=services.uow, now=services.clock.now())
    raw = {"location_id": site.id, "shift_date": (date.today() + timedelta(days=1)).isoformat()}
    command = structure(CreateDemand, {**raw, "start_time": "09:00", "end_time": "17:00", "headcount": 1})
    demand = demands.create(command, principal=principal, uow=services.uow, clock=services.clock).demand
    sent = filling.fill(
        demand.id,
        uow=services.uow,
        queries=services.queries,
        clock=services.clock,
        notifier=Notifier({}, catalogue_texts),
    )
    assert [offer.worker_id for offer in sent.offers] == [worker_id]
    with services.uow(read_only=True) as tx:
        (message,) = tx.messages.of_person("worker", worker_id, Paging()).items
    return urlsplit(str(message.params["link"])).path


def test_the_access_log_shows_no_links_token(database_url: str, live: Services, tmp_path: Path) -> None:
    world = World(live)
    client = world.account("Acme")
    worker = world.worker(client.id, "Ann Able").worker
    app_link = link_path(live, worker.id)
    portal_link = sign_off_path(live, client.id, tmp_path)
    offer_link = offer_path(live, client.id, worker.id)
    logs = tmp_path / "logs"
    logs.mkdir()
    with serving(database_url, logs, "--no-dispatch", "--no-schedule") as base:
        for path in (app_link, portal_link, offer_link, f"{app_link}?from=chat"):
            assert httpx.get(f"{base}{path}", timeout=30).status_code == 200
    (log,) = logs.glob("server-*.log")
    text = log.read_text()
    for path in (app_link, portal_link, offer_link):
        route, token = path.rsplit("/", 1)
        assert len(token) > 20
        assert token not in text
        assert token[:10] not in text
        assert f'"GET {route}/{token[:6]}... HTTP/1.1" 200' in text
    assert f"{app_link.rsplit('/', 1)[0]}/{app_link.rsplit('/', 1)[1][:6]}...?from=chat" in text
