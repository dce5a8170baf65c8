"""Web Push to the installed worker app (RFC 8030), port ``MessageSender`` for the push channel, with
``pywebpush``: the payload encrypted for each of the worker's subscriptions (RFC 8291, ``aes128gcm``)
and signed with the installation's VAPID key (RFC 8292). The VAPID key pair is made by ``workforce``
(``vapid_keys``) and kept in a file; its public key is the app's ``applicationServerKey``.

A push counts as sent when one subscription took it. A subscription the push service says is gone
(404, 410) is named in the result (the notifier drops it) and not tried again; a 429, a 5xx or no
answer is.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from pywebpush import WebPushException, webpush

from workforce_core.model.notifications import SendResult
from workforce_core.ports.notifications import Outgoing

TIMEOUT = 30.0
TTL = 12 * 3600  # a push waits this long for the phone to come online
GONE = (404, 410)  # the push service's answers for a subscription that no longer exists (RFC 8030)


def vapid_keys(path: Path) -> str:
    """The VAPID key pair in ``path`` (a PEM private key), made there on first use; the public key as
    the app's ``applicationServerKey`` (uncompressed point, base64url without padding)."""
    if not path.exists():
        key = ec.generate_private_key(ec.SECP256R1())
        path.parent.mkdir(parents=True, exist_ok=True)
        pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
        path.write_bytes(pem)
        path.chmod(0o600)
    loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
    assert isinstance(loaded, ec.EllipticCurvePrivateKey)
    point = loaded.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(point).rstrip(b"=").decode()


class WebPushSender:
    def __init__(self, private_key: Path, contact: str, *, timeout: float = TIMEOUT) -> None:
        self.private_key = private_key
        self.contact = contact  # the VAPID ``sub``: mailto: or https: of whoever runs the service
        self.timeout = timeout

    def send(self, outgoing: Outgoing, /) -> SendResult:
        if not outgoing.subscriptions:
            return SendResult.failed("not sent: the worker's app takes no pushes", retry=False)
        vapid_keys(self.private_key)  # made on the first push
        payload = json.dumps(
            {"title": outgoing.words.subject, "body": outgoing.words.body, "message_id": outgoing.message.id}
        )
        errors: list[str] = []
        gone: list[str] = []
        retry = False
        for subscription in outgoing.subscriptions:
            info = {
                "endpoint": subscription.endpoint,
                "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
            }
            try:
                webpush(
                    info,
                    data=payload,
                    vapid_private_key=str(self.private_key),
                    vapid_claims={"sub": self.contact},
                    timeout=self.timeout,
                    ttl=TTL,
                )
                return SendResult.ok(tuple(gone))
            except WebPushException as error:
                code = error.response.status_code if error.response is not None else 0
                errors.append(f"{code} {error.message}"[:200])
                if code in GONE:
                    gone.append(subscription.endpoint)
                retry = retry or code == 0 or code == 429 or code >= 500
            except Exception as error:  # the push service unreachable, a bad key
                errors.append(f"not sent: {type(error).__name__}")
                retry = True
        return SendResult.failed("; ".join(errors), retry=retry, gone=tuple(gone))
