"""The notifier's senders against loopback stand-ins of the real services: an SMTP server (``aiosmtpd``)
over STARTTLS and over TLS, an SMS provider answering as Twilio's Messages API does (its 429 and 5xx
tried again, its 400 not), and a Web Push service that decrypts each payload with the subscription's
keys and checks the VAPID signature; and the whole run, from a booking to the mail received, on
memory, SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import trustme

from tests.clocks import FakeClock
from tests.contract import test_ports as ports
from tests.contract.test_ports import Backend, _booking, _client, _site, _worker
from tests.notify_endpoints import (
    LATER,
    REFUSED,
    SMS_SID,
    SMS_TOKEN,
    SMTP_PASSWORD,
    SMTP_USER,
    Browser,
    client_context,
    form_of,
    push_service,
    sms_provider,
    sms_url,
    smtp_server,
)
from workforce_adapters.mail_outbox import MaildirOutbox, MaildirSender
from workforce_adapters.message_texts import catalogue_texts
from workforce_adapters.sms import TwilioSms
from workforce_adapters.smtp_mail import SmtpSender
from workforce_adapters.web_push import WebPushSender, vapid_keys
from workforce_core.events import Event, ShiftCreated
from workforce_core.model.notifications import Channel, ChannelChoice, Message, PushSubscription, Words
from workforce_core.ports.notifications import Notifier, Outgoing
from workforce_core.services import notifier
from workforce_core.views import ShiftView

backend = ports.backend
T0 = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
WORDS = Words("Nowa zmiana zarezerwowana", "Masz zmianę w North od 03/03 08:00 do 03/03 16:00.")
CONTACT = "mailto:ops@agency.example"


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def outgoing(channel: str, address: str | None, *subscriptions: PushSubscription) -> Outgoing:
    message = Message(1, "worker", 1, channel, "booking_made", "event:1", "pl", T0, address=address, id=7)
    return Outgoing(message, WORDS, subscriptions)


# ---- e-mail -------------------------------------------------------------------------------------------


def test_mail_goes_over_starttls_with_the_password_and_arrives_whole(ca: trustme.CA) -> None:
    with smtp_server(ca) as (port, box):
        sender = SmtpSender(f"smtp://{SMTP_USER}:s3cret%20pass@127.0.0.1:{port}", context=client_context(ca))
        assert sender.send(outgoing("email", "ann@example.com")).sent
    ((to, mail),) = box.mails
    assert to == ["ann@example.com"]
    assert box.logins == [SMTP_USER]
    assert (mail["To"], mail["Subject"]) == ("ann@example.com", WORDS.subject)
    assert mail.get_payload(decode=True).decode().strip() == WORDS.body


def test_mail_goes_over_tls_from_the_start(ca: trustme.CA) -> None:
    with smtp_server(ca, tls_from_start=True) as (port, box):
        sender = SmtpSender(f"smtps://127.0.0.1:{port}", context=client_context(ca))
        assert sender.send(outgoing("email", "ann@example.com")).sent
    assert [to for to, _ in box.mails] == [["ann@example.com"]]


def test_a_server_without_starttls_gets_no_password_and_a_4xx_is_retried_a_5xx_not(ca: trustme.CA) -> None:
    with smtp_server(ca, starttls=False) as (port, box):
        plain = SmtpSender(f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}", context=client_context(ca))
        refused = plain.send(outgoing("email", "ann@example.com"))
    assert (refused.sent, refused.retry, box.logins, box.mails) == (False, True, [], [])
    assert refused.error is not None
    assert "STARTTLS" in refused.error
    with smtp_server(ca) as (port, box):
        sender = SmtpSender(f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}", context=client_context(ca))
        later, gone = sender.send(outgoing("email", LATER)), sender.send(outgoing("email", REFUSED))
    assert (later.sent, later.retry, gone.sent, gone.retry) == (False, True, False, False)
    assert box.mails == []


def test_an_unreachable_server_is_retried_and_without_smtp_mail_goes_to_the_maildir(tmp_path: Path) -> None:
    with smtp_server(trustme.CA()) as (port, _):
        pass  # the server is gone: nobody answers on its port
    unreachable = SmtpSender(f"smtp://127.0.0.1:{port}", timeout=2).send(outgoing("email", "ann@example.com"))
    assert (unreachable.sent, unreachable.retry) == (False, True)
    outbox = MaildirOutbox(tmp_path / "mail")
    assert MaildirSender(outbox).send(outgoing("email", "ann@example.com")).sent
    assert outbox.messages() == [("ann@example.com", WORDS.subject, WORDS.body + "\n")]


# ---- SMS ---------------------------------------------------------------------------------------------


def test_a_text_is_the_documented_form_post_with_basic_auth() -> None:
    with sms_provider() as provider:
        sender = TwilioSms(sms_url(provider), SMS_SID, SMS_TOKEN, "+447700900999")
        assert sender.send(outgoing("sms", "+447700900001")).sent
    (exchange,) = provider.exchanges
    assert provider.problems == []
    assert form_of(exchange) == {"To": "+447700900001", "From": "+447700900999", "Body": WORDS.body}


@pytest.mark.parametrize(("status", "retried"), [(429, True), (500, True), (503, True), (400, False), (401, False)])
def test_the_providers_errors_are_retried_or_not_as_documented(status: int, retried: bool) -> None:
    with sms_provider(status) as provider:
        result = TwilioSms(sms_url(provider), SMS_SID, SMS_TOKEN, "+447700900999").send(
            outgoing("sms", "+447700900001")
        )
    assert (result.sent, result.retry) == (False, retried)
    assert result.error is not None
    assert result.error.startswith(str(status))


def test_a_text_the_provider_answered_429_then_500_is_sent_on_the_third_try(backend: Backend) -> None:
    clock = FakeClock(T0)
    worker_id = _booked_worker(backend, channels=("sms",), phone="+447700900001")
    notifier.make_messages(uow=backend.uow, clock=clock)
    with sms_provider(429, 500) as provider:
        senders = {Channel.SMS: TwilioSms(sms_url(provider), SMS_SID, SMS_TOKEN, "+447700900999")}
        for _ in range(3):
            notifier.send_messages(uow=backend.uow, clock=clock, notifier=Notifier(senders, catalogue_texts))
            clock.advance(minutes=10)
    assert provider.problems == []
    assert len(provider.exchanges) == 3
    text = _messages(backend, worker_id, "sms")[0]
    assert (text.status, text.attempts, text.last_error) == ("sent", 3, None)


# ---- Web Push ------------------------------------------------------------------------------------------


def test_a_push_is_encrypted_for_the_subscription_and_signed_with_the_vapid_key(tmp_path: Path) -> None:
    key_file = tmp_path / "vapid.pem"
    public = vapid_keys(key_file)
    assert vapid_keys(key_file) == public  # made once, then read
    with push_service(public, CONTACT) as service:
        phone = service.browsers["phone"] = Browser()
        subscription = PushSubscription(1, 1, service.endpoint("phone"), phone.p256dh, phone.auth_secret, T0)
        result = WebPushSender(key_file, CONTACT).send(outgoing("push", None, subscription))
    assert result.sent
    assert service.server.problems == []
    assert service.payloads == [{"title": WORDS.subject, "body": WORDS.body, "message_id": 7}]


def test_a_gone_subscription_is_not_retried_a_busy_service_is_and_one_good_one_suffices(tmp_path: Path) -> None:
    key_file = tmp_path / "vapid.pem"
    public = vapid_keys(key_file)
    with push_service(public, CONTACT, 410, 503) as service:
        subscriptions = []
        for name in ("old", "busy", "new"):
            browser = service.browsers[name] = Browser()
            subscriptions.append(
                PushSubscription(1, 1, service.endpoint(name), browser.p256dh, browser.auth_secret, T0)
            )
        sender = WebPushSender(key_file, CONTACT)
        first = sender.send(outgoing("push", None, *subscriptions))  # 410, 503, then the third took it
        assert (first.sent, first.gone) == (True, (subscriptions[0].endpoint,))
        gone = sender.send(outgoing("push", None, subscriptions[0]))  # 201 now: a fresh answer
        assert gone.sent
    assert len(service.payloads) == 4
    assert service.server.problems == []
    with push_service(public, CONTACT, 410) as service:
        browser = service.browsers["x"] = Browser()
        only = PushSubscription(1, 1, service.endpoint("x"), browser.p256dh, browser.auth_secret, T0)
        result = WebPushSender(key_file, CONTACT).send(outgoing("push", None, only))
    assert (result.sent, result.retry, result.gone) == (False, False, (only.endpoint,))
    assert WebPushSender(key_file, CONTACT).send(outgoing("push", None)).retry is False


# ---- the whole run ---------------------------------------------------------------------------------------


def _booked_worker(backend: Backend, *, channels: tuple[str, ...], **fields: object) -> int:
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann = _worker(tx, client.id, preferred_language="pl", **fields)
        booking = _booking(tx, ann, site, T0 + timedelta(days=1), 8, status="published")
        tx.channel_choices.put(ChannelChoice("worker", ann.id, channels, T0))
        tx.record([Event("shift.created", client.id, T0, ShiftCreated(ShiftView.of(booking, ann, site)))])
        tx.commit()
    return ann.id


def _messages(backend: Backend, worker_id: int, channel: str) -> list[Message]:
    from workforce_core.ports import Paging

    with backend.uow(read_only=True) as tx:
        return list(tx.messages.of_person("worker", worker_id, Paging(), channel=channel).items)


def test_a_booking_reaches_the_workers_mailbox_in_polish_once(backend: Backend, ca: trustme.CA) -> None:
    clock = FakeClock(T0)
    worker_id = _booked_worker(backend, channels=("email",), email="ann@example.com")
    with smtp_server(ca) as (port, box):
        senders = {
            Channel.EMAIL: SmtpSender(
                f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}", context=client_context(ca)
            )
        }
        first = notifier.notify(uow=backend.uow, clock=clock, notifier=Notifier(senders, catalogue_texts))
        again = notifier.notify(uow=backend.uow, clock=clock, notifier=Notifier(senders, catalogue_texts))
    assert (first.events, first.made, first.sent, again.made, again.tries) == (1, 2, 1, 0, 0)
    ((to, mail),) = box.mails
    assert (to, mail["Subject"]) == (["ann@example.com"], "Nowa zmiana zarezerwowana")
    assert "Masz zmianę w North" in mail.get_payload(decode=True).decode()
    (sent,) = _messages(backend, worker_id, "email")
    assert (sent.status, sent.attempts, sent.sent_at) == ("sent", 1, T0)
