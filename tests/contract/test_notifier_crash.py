"""A notifier killed (SIGKILL) between the commit of its messages and their sending, on SQLite and
PostgreSQL: no message is lost (the next run sends it once its claim's hold ends) and none is sent twice
(a run meanwhile passes the held message by)."""

from __future__ import annotations

import os
import signal
import ssl
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import attrs
import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SmtpServer
from aiosmtpd.smtp import Envelope, Session
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.notify_endpoints import client_context, free_port
from tests.webhook_receiver import write_ca
from workforce_adapters.message_texts import catalogue_texts
from workforce_adapters.smtp_mail import SmtpSender
from workforce_core.model.notifications import Channel, ChannelChoice, Message
from workforce_core.ports import Paging
from workforce_core.ports.notifications import Notifier
from workforce_core.rules import notifications as rules
from workforce_core.services import notifier
from workforce_entrypoints.bootstrap import Services


class _Killing:
    """Kills the sending process when its mail's DATA arrives, before answering (so nothing was accepted);
    once ``killed`` is set it accepts and keeps every mail."""

    def __init__(self) -> None:
        self.victim: subprocess.Popen[bytes] | None = None
        self.killed = False
        self.mails: list[bytes] = []

    async def handle_DATA(self, server: SmtpServer, session: Session, envelope: Envelope) -> str:
        if not self.killed and self.victim is not None:
            self.victim.send_signal(signal.SIGKILL)
            self.victim.wait(15)
            self.killed = True
            return "451 4.3.0 the sender is gone"
        self.mails.append(envelope.original_content or b"")
        return "250 OK"


@contextmanager
def _smtp(ca: trustme.CA, handler: _Killing) -> Iterator[int]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(context)
    port = free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def _messages(services: Services, worker_id: int) -> list[Message]:
    with services.uow(read_only=True) as tx:
        return list(tx.messages.of_person("worker", worker_id, Paging(), channel="email").items)


def test_a_notifier_killed_before_its_mail_was_taken_loses_nothing_and_sends_it_once(
    world: World, services: Services, api: TestClient, database_url: str, tmp_path: Path
) -> None:
    account = world.account()
    site = world.site(account.id)
    ann = world.worker(account.id, "Ann Told", location_id=site.id).worker
    with services.uow() as tx:
        stored = tx.workers.get(ann.id)
        assert stored is not None
        tx.workers.update(attrs.evolve(stored, email="ann@example.com"))
        tx.channel_choices.put(ChannelChoice("worker", ann.id, ("email",), datetime.now(UTC)))
        tx.commit()
    headers = world.key(account.id)
    booking: dict[str, Any] = {"worker_id": ann.id, "location_id": site.id, "shift_date": "2030-01-07"}
    booking |= {"start_time": "08:00", "end_time": "16:00", "status": "published"}
    assert api.post("/api/v1/shifts.php", headers=headers, json=booking).status_code == 201
    ca = trustme.CA()
    handler = _Killing()
    with _smtp(ca, handler) as port:
        env = {
            **os.environ,
            "WORKFORCE_SMTP_URL": f"smtp://127.0.0.1:{port}",
            "SSL_CERT_FILE": str(write_ca(ca, tmp_path)),
            "WORKFORCE_VAPID_KEY_FILE": str(tmp_path / "vapid.pem"),
            "WORKFORCE_MAIL_OUTBOX": str(tmp_path / "mail"),
        }
        command = [sys.executable, "-m", "workforce_entrypoints.cli", "--db", database_url, "notify", "send", "--once"]
        handler.victim = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert handler.victim.wait(timeout=60) == -signal.SIGKILL
        (held,) = _messages(services, ann.id)
        assert (held.status, held.attempts, handler.mails) == ("queued", 1, [])  # made, claimed, not sent
        assert held.next_try_at is not None
        clock = FakeClock(held.next_try_at - timedelta(seconds=1))
        senders = {Channel.EMAIL: SmtpSender(f"smtp://127.0.0.1:{port}", context=client_context(ca))}
        again = notifier.notify(uow=services.uow, clock=clock, notifier=Notifier(senders, catalogue_texts))
        assert (again.made, again.tries, handler.mails) == (0, 0, [])  # still held: not sent twice
        clock.advance(seconds=1)
        after = notifier.notify(uow=services.uow, clock=clock, notifier=Notifier(senders, catalogue_texts))
        assert (after.tries, after.sent) == (1, 1)
        clock.advance(hours=3)
        assert notifier.notify(uow=services.uow, clock=clock, notifier=Notifier(senders, catalogue_texts)).tries == 0
    assert len(handler.mails) == 1
    (sent,) = _messages(services, ann.id)
    assert (sent.status, sent.attempts) == ("sent", 2)
    assert sent.attempts <= rules.MAX_ATTEMPTS
