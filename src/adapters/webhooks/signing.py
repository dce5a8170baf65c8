"""The headers of a webhook delivery, and the check a receiver makes.

Two signatures over the same raw body: the spec's ``X-Service-Signature: sha256=<hex>`` (HMAC-SHA256
keyed with the whole secret string) and Standard Webhooks 1.0 (``webhook-id``, ``webhook-timestamp``,
``webhook-signature: v1,<base64>`` of ``id.timestamp.body``, keyed with the bytes the base64 after
``whsec_`` stands for), so a receiver can verify with either, or with the ``standardwebhooks`` package.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Mapping
from datetime import datetime, timedelta

from attrs import frozen

from workforce_core.rules.webhooks import SECRET_PREFIX

USER_AGENT = "Service-Webhooks/1.0"
CONTENT_TYPE = "application/json"
TOLERANCE = timedelta(minutes=5)  # Standard Webhooks: how far a timestamp may be from now


def service_signature(secret: str, body: bytes) -> str:
    """``X-Service-Signature``: ``sha256=`` and the lowercase hex HMAC-SHA256 of the raw body."""
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def signing_key(secret: str) -> bytes:
    """The Standard Webhooks key: the bytes of the base64 after ``whsec_``, its padding optional (the
    reference libraries pad it themselves)."""
    text = secret.removeprefix(SECRET_PREFIX)
    try:
        return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the secret is not whsec_ followed by base64") from None


def standard_signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """``webhook-signature``: ``v1,`` and the base64 HMAC-SHA256 of ``id.timestamp.body``."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(signing_key(secret), signed, hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode("ascii")


def delivery_headers(*, secret: str, event: str, delivery_id: int, body: bytes, at: datetime) -> dict[str, str]:
    """Every header a delivery carries; ``at`` is the moment it is sent (``webhook-timestamp``)."""
    message_id = str(delivery_id)  # the same on every attempt, so receivers de-duplicate
    timestamp = int(at.timestamp())
    return {
        "Content-Type": CONTENT_TYPE,
        "User-Agent": USER_AGENT,
        "X-Service-Event": event,
        "X-Service-Delivery": message_id,
        "X-Service-Signature": service_signature(secret, body),
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": standard_signature(secret, message_id, timestamp, body),
    }


@frozen
class Verification:
    """What a receiver's check finds: each signature verifies or not, and whether the timestamp is recent."""

    service_signature: bool
    standard_signature: bool
    timestamp_recent: bool | None  # None: no ``webhook-timestamp``

    @property
    def verified(self) -> bool:
        return self.service_signature and self.standard_signature


def verify(secret: str, headers: Mapping[str, str], body: bytes, *, now: datetime) -> Verification:
    """Check a captured delivery with ``hmac.compare_digest``: both signatures, and the timestamp's age."""
    named = {name.lower(): value.strip() for name, value in headers.items()}
    service = hmac.compare_digest(
        named.get("x-service-signature", "").encode(), service_signature(secret, body).encode()
    )
    message_id, stamp = named.get("webhook-id", ""), named.get("webhook-timestamp", "")
    standard, recent = False, None
    if stamp.isdigit():
        recent = abs(now.timestamp() - int(stamp)) <= TOLERANCE.total_seconds()
        if message_id and secret.startswith(SECRET_PREFIX):
            try:
                expected = standard_signature(secret, message_id, int(stamp), body).encode()
            except ValueError:  # not base64 after whsec_: no Standard Webhooks key
                expected = b""
            offered = named.get("webhook-signature", "").split()
            standard = bool(expected) and any(hmac.compare_digest(c.encode(), expected) for c in offered)
    return Verification(service_signature=service, standard_signature=standard, timestamp_recent=recent)
