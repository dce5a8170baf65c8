"""The safe sender against a local HTTPS receiver (127.0.0.1, a ``trustme`` CA named by SSL_CERT_FILE,
127.0.0.0/8 trusted): what arrives is signed and hidden per key; 500 and 301 are recorded, not
followed; a hanging, huge or resetting receiver is cut off; an untrusted certificate or a name the
certificate does not cover is refused; and a DNS answer that changes after the check reaches nothing."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import trustme
from standardwebhooks import Webhook

from tests.clocks import FakeClock
from tests.resolvers import TableResolver
from tests.webhook_receiver import HOST_NAME, Receiver, receiving, write_ca
from workforce_adapters.json import event_codec
from workforce_adapters.json.webhooks import envelope
from workforce_adapters.webhooks.sender import MAX_REPLY_BYTES, SafeSender
from workforce_core.events import Shaped
from workforce_core.model.webhooks import Delivery, Outcome, Outgoing
from workforce_core.rules.receiver_urls import Network, Resolver, parse_networks
from workforce_core.rules.webhooks import new_secret

SECRET = new_secret()
LOOPBACK = parse_networks("127.0.0.0/8")
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def trusted_ca(ca: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> trustme.CA:
    monkeypatch.setenv("SSL_CERT_FILE", str(write_ca(ca, tmp_path)))
    return ca


@pytest.fixture
def receiver(trusted_ca: trustme.CA) -> Iterator[Receiver]:
    with receiving(trusted_ca) as running:
        yield running


def _sender(
    timeout: float = 5.0, resolver: Resolver | None = None, trusted: tuple[Network, ...] = LOOPBACK
) -> SafeSender:
    table = resolver or TableResolver({HOST_NAME: ["127.0.0.1"], "other.test": ["127.0.0.1"]})
    return SafeSender(resolver=table, clock=FakeClock(), envelope=envelope, trusted=trusted, timeout=timeout)


def _outgoing(url: str, scopes: tuple[str, ...] = ("timesheets:read",)) -> Outgoing:
    delivery = Delivery(
        subscription_id=1,
        client_id=3,
        event="clock_in",
        occurred_at=T0,
        created_at=T0,
        data=event_codec.stored(Shaped({"client_id": 3, "worker_name": "Zoë", "hourly_rate": "12.50"})),
        attempt=1,
        id=41,
    )
    return Outgoing(delivery=delivery, url=url, secret=SECRET, effective_scopes=scopes)


def test_a_delivery_arrives_signed_with_the_specs_headers_and_data_the_key_may_read(receiver: Receiver) -> None:
    outcome = _sender().send(_outgoing(receiver.url("/ok?from=test")))
    assert outcome == Outcome(200, "thanks")
    [got] = receiver.received
    assert got.path == "/ok?from=test"
    assert got.headers["Host"] == f"{HOST_NAME}:{receiver.port}"
    assert got.headers["User-Agent"] == "Service-Webhooks/1.0"
    assert got.headers["Content-Type"] == "application/json"
    assert (got.headers["X-Service-Event"], got.headers["X-Service-Delivery"]) == ("clock_in", "41")
    expected = "sha256=" + hmac.new(SECRET.encode(), got.body, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(got.headers["X-Service-Signature"], expected)
    assert Webhook(SECRET).verify(got.body, got.headers) == {
        "event": "clock_in",
        "timestamp": "2026-03-02T09:00:00Z",
        "delivery_id": 41,
        "data": {"client_id": 3, "worker_name": "Zoë"},  # no pay:read: no hourly_rate
    }


def test_a_500_is_recorded_with_its_body(receiver: Receiver) -> None:
    assert _sender().send(_outgoing(receiver.url("/fail"))) == Outcome(500, "receiver broke")


def test_a_redirect_is_recorded_and_not_followed(receiver: Receiver) -> None:
    assert _sender().send(_outgoing(receiver.url("/moved"))) == Outcome(301, "moved")
    assert [r.path for r in receiver.received] == ["/moved"]


def test_a_receiver_that_hangs_is_given_up_at_the_timeout(receiver: Receiver) -> None:
    outcome = _sender(timeout=0.5).send(_outgoing(receiver.url("/hang")))
    assert outcome == Outcome(0, "unreachable: no answer within 0.5 seconds")


def test_a_huge_reply_is_read_to_64_kb_only(receiver: Receiver) -> None:
    outcome = _sender().send(_outgoing(receiver.url("/huge")))
    assert outcome.response_code == 200
    assert len(outcome.response_body) == MAX_REPLY_BYTES


def test_a_reset_connection_is_unreachable(receiver: Receiver) -> None:
    outcome = _sender().send(_outgoing(receiver.url("/reset")))
    assert outcome.response_code == 0
    assert outcome.response_body.startswith("unreachable: 127.0.0.1: ")


def test_a_certificate_from_an_unknown_ca_is_refused(trusted_ca: trustme.CA) -> None:
    with receiving(trustme.CA()) as self_signed:
        outcome = _sender().send(_outgoing(self_signed.url()))
        assert outcome.response_code == 0
        assert "certificate verify failed" in outcome.response_body
        assert self_signed.received == []


def test_the_certificate_must_name_the_receivers_host_not_just_its_address(receiver: Receiver) -> None:
    outcome = _sender().send(_outgoing(receiver.url(host="other.test")))  # resolves to 127.0.0.1 too
    assert outcome.response_code == 0
    assert "certificate verify failed" in outcome.response_body
    assert receiver.received == []


def test_without_trust_a_loopback_receiver_is_blocked_before_any_connection(receiver: Receiver) -> None:
    outcome = _sender(trusted=()).send(_outgoing(receiver.url()))
    assert outcome == Outcome(0, "blocked: 127.0.0.1 is not a public address")
    assert receiver.received == []


class RebindingResolver:
    """Answers an address the sender may use the first time it is asked, and the receiver's (which it
    may not) every time after: a name that rebinds between the check and the connection."""

    def __init__(self) -> None:
        self.asked = 0

    def resolve(self, host: str, port: int) -> list[str]:
        self.asked += 1
        return ["127.0.0.2"] if self.asked == 1 else ["127.0.0.1"]


def test_a_dns_answer_that_changes_after_the_check_reaches_nothing(receiver: Receiver) -> None:
    # Only 127.0.0.2 is trusted (nothing listens there: the receiver is bound to 127.0.0.1, which is not
    # trusted). A sender that resolved again to connect would reach the receiver; this one must not.
    resolver = RebindingResolver()
    sender = _sender(timeout=1.0, resolver=resolver, trusted=parse_networks("127.0.0.2/32"))
    outcome = sender.send(_outgoing(receiver.url(host="rebind.test")))
    assert outcome.response_code == 0
    assert receiver.received == []
    assert resolver.asked == 1  # the checked answer is the one connected to
