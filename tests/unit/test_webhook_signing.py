"""Delivery headers: the spec's X-Service-Signature and the Standard Webhooks 1.0 headers, each checked
independently with ``hmac.compare_digest`` and with the ``standardwebhooks`` package."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta

import pytest
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from workforce_adapters.webhooks.signing import delivery_headers, verify
from workforce_core.rules.webhooks import new_secret

SECRET = new_secret()
BODY = json.dumps(
    {"event": "clock_in", "timestamp": "2026-03-02T09:00:00Z", "delivery_id": 42, "data": {"worker_name": "Zoë"}},
    ensure_ascii=False,
).encode("utf-8")


def _headers(secret: str = SECRET, body: bytes = BODY, at: datetime | None = None) -> dict[str, str]:
    return delivery_headers(secret=secret, event="clock_in", delivery_id=42, body=body, at=at or datetime.now(UTC))


def test_a_delivery_carries_the_specs_headers_and_the_standard_webhooks_ones() -> None:
    at = datetime(2026, 3, 2, 9, 0, 5, tzinfo=UTC)
    headers = _headers(at=at)
    assert headers["Content-Type"] == "application/json"
    assert headers["User-Agent"] == "Service-Webhooks/1.0"
    assert (headers["X-Service-Event"], headers["X-Service-Delivery"], headers["webhook-id"]) == (
        "clock_in",
        "42",
        "42",
    )
    assert headers["webhook-timestamp"] == str(int(at.timestamp()))
    assert headers["webhook-signature"].startswith("v1,")


def test_the_service_signature_is_the_hex_hmac_of_the_raw_body_keyed_with_the_whole_secret() -> None:
    signature = _headers()["X-Service-Signature"]
    expected = "sha256=" + hmac.new(SECRET.encode(), BODY, hashlib.sha256).hexdigest()
    assert hmac.compare_digest(signature, expected)
    assert signature == signature.lower()
    other = "sha256=" + hmac.new(new_secret().encode(), BODY, hashlib.sha256).hexdigest()
    assert not hmac.compare_digest(signature, other)


def test_the_standard_webhooks_package_verifies_a_delivery() -> None:
    headers = _headers()
    assert Webhook(SECRET).verify(BODY, headers) == json.loads(BODY)
    with pytest.raises(WebhookVerificationError):
        Webhook(SECRET).verify(BODY.replace(b"42", b"43"), headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(BODY, headers)


def test_the_standard_signature_matches_the_packages_own_signing() -> None:
    at = datetime(2026, 3, 2, 9, 0, 5, tzinfo=UTC)
    ours = _headers(at=at)["webhook-signature"]
    assert ours == Webhook(SECRET).sign("42", at, BODY.decode("utf-8"))


def test_verify_checks_both_signatures_and_says_whether_the_timestamp_is_recent() -> None:
    now = datetime.now(UTC)
    good = verify(SECRET, _headers(at=now), BODY, now=now)
    assert (good.verified, good.service_signature, good.standard_signature, good.timestamp_recent) == (
        True,
        True,
        True,
        True,
    )
    assert not verify(new_secret(), _headers(at=now), BODY, now=now).verified
    assert not verify(SECRET, _headers(at=now), BODY + b" ", now=now).verified
    old = verify(SECRET, _headers(at=now - timedelta(hours=1)), BODY, now=now)
    assert (old.verified, old.timestamp_recent) == (True, False)
    lower = {name.lower(): value for name, value in _headers(at=now).items()}
    assert verify(SECRET, lower, BODY, now=now).verified
    assert verify(SECRET, {}, BODY, now=now).timestamp_recent is None


@pytest.mark.parametrize(
    "secret",
    ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],  # the reference tests'
)
def test_a_secret_without_base64_padding_signs_and_verifies_as_the_reference_library_does(secret: str) -> None:
    at = datetime.now(UTC)
    headers = delivery_headers(secret=secret, event="clock_in", delivery_id=7, body=BODY, at=at)
    assert headers["webhook-signature"] == Webhook(secret).sign("7", at, BODY.decode("utf-8"))
    assert verify(secret, headers, BODY, now=at).verified
    assert Webhook(secret).verify(BODY, headers) == json.loads(BODY)
