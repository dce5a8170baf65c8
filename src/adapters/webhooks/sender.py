"""The safe sender: sign a delivery and POST it, connecting only to an address that passed the check.

Each send resolves the receiver's host once through the ``Resolver``, checks every address with
``receiver_urls.check`` (trusted networks allowed), and connects to a checked address itself: the URL
handed to httpx carries the IP, while the ``Host`` header and the TLS server name (SNI, and so the
certificate check) carry the receiver's name. A second DNS answer (rebinding) is never asked for.
Certificates are verified against the system CA store plus ``SSL_CERT_FILE`` when set; redirects are
not followed; the whole send, from connect to the last byte read, has one deadline; at most 64 KB of
the reply is read, undecoded. No proxy from the environment is used. ``send`` never raises: a blocked
or unreachable receiver is ``response_code`` 0 with the reason as the body.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import ssl
from collections.abc import Collection, Mapping
from pathlib import Path

import httpx

from workforce_adapters.webhooks.signing import delivery_headers
from workforce_core.model.webhooks import Outcome, Outgoing
from workforce_core.ports import Clock
from workforce_core.ports.webhooks import Envelope
from workforce_core.rules.receiver_urls import HTTPS_PORT, CheckedReceiver, Network, Resolver, UnsafeUrl, check

DEFAULT_TIMEOUT = 30.0  # seconds: the spec's delivery timeout
MAX_REPLY_BYTES = 64 * 1024
CA_FILE_ENV = "SSL_CERT_FILE"


def trusted_certificates() -> ssl.SSLContext:
    """The system CA store, plus the file ``SSL_CERT_FILE`` names (OpenSSL's convention) when set; built
    once per value of ``SSL_CERT_FILE`` (loading the store takes a noticeable fraction of a second)."""
    return _certificates(os.environ.get(CA_FILE_ENV) or None)


@functools.lru_cache(maxsize=4)
def _certificates(extra_file: str | None) -> ssl.SSLContext:
    context = ssl.create_default_context()  # OpenSSL reads SSL_CERT_FILE *instead of* its default file...
    if extra_file is not None:  # ...so the default file is loaded as well
        default = ssl.get_default_verify_paths().openssl_cafile
        if default and Path(default).is_file():
            context.load_verify_locations(cafile=default)
    return context


class SafeSender:
    """The core's ``Sender``: one signed POST per attempt, SSRF-safe."""

    def __init__(
        self,
        *,
        resolver: Resolver,
        clock: Clock,
        envelope: Envelope,
        trusted: Collection[Network] = (),
        timeout: float = DEFAULT_TIMEOUT,
        certificates: ssl.SSLContext | None = None,
    ) -> None:
        self.resolver = resolver
        self.clock = clock
        self.envelope = envelope  # the body a receiver gets (the JSON adapter's, given by the composition root)
        self.trusted = tuple(trusted)
        self.timeout = timeout
        self.certificates = certificates if certificates is not None else trusted_certificates()

    def send(self, outgoing: Outgoing) -> Outcome:
        delivery = outgoing.delivery
        payload = self.envelope(delivery, outgoing.effective_scopes)
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        headers = delivery_headers(
            secret=outgoing.secret, event=delivery.event, delivery_id=delivery.id, body=body, at=self.clock.now()
        )
        return self.post(outgoing.url, headers, body)

    def post(self, url: str, headers: Mapping[str, str], body: bytes) -> Outcome:
        """POST ``body`` to ``url`` if it passes the check, to a checked address only."""
        try:
            checked = check(url, self.resolver, self.trusted)
        except UnsafeUrl as refused:
            return Outcome(0, f"blocked: {refused.reason}")
        try:
            return asyncio.run(self._post_within_deadline(checked, headers, body))
        except Exception as error:  # the sender never raises: an attempt it could not make is recorded
            return Outcome(0, f"not sent: {type(error).__name__}: {error}")

    async def _post_within_deadline(self, checked: CheckedReceiver, headers: Mapping[str, str], body: bytes) -> Outcome:
        reply = _Reply()
        try:
            async with asyncio.timeout(self.timeout):
                return await self._post_to_checked(checked, headers, body, reply)
        except TimeoutError:
            if reply.status is not None:  # it answered, but the rest of its reply did not come in time
                return reply.outcome()
            return Outcome(0, f"unreachable: no answer within {self.timeout:g} seconds")

    async def _post_to_checked(
        self, checked: CheckedReceiver, headers: Mapping[str, str], body: bytes, reply: _Reply
    ) -> Outcome:
        reasons: list[str] = []
        async with httpx.AsyncClient(
            verify=self.certificates, follow_redirects=False, trust_env=False, timeout=self.timeout
        ) as client:
            for address in checked.addresses:  # each one passed the check; the first that takes the request is used
                try:
                    await self._post_to(client, checked, address, headers, body, reply)
                    return reply.outcome()
                except (httpx.ConnectError, httpx.ConnectTimeout) as error:  # nothing was sent: try the next one
                    reasons.append(f"{address}: {_reason(error)}")
                except httpx.TransportError as error:
                    if reply.status is not None:  # the connection broke while the reply's body was read
                        return reply.outcome()
                    return Outcome(0, f"unreachable: {address}: {_reason(error)}")
        return Outcome(0, "unreachable: " + "; ".join(reasons))

    async def _post_to(
        self,
        client: httpx.AsyncClient,
        checked: CheckedReceiver,
        address: str,
        headers: Mapping[str, str],
        body: bytes,
        reply: _Reply,
    ) -> None:
        receiver = checked.receiver
        literal = f"[{address}]" if ":" in address else address
        named = f"[{receiver.host}]" if ":" in receiver.host else receiver.host
        host = named if receiver.port == HTTPS_PORT else f"{named}:{receiver.port}"
        request = client.build_request(
            "POST",
            f"https://{literal}:{receiver.port}{receiver.target}",
            content=body,
            headers={**headers, "Host": host, "Accept-Encoding": "identity"},
            # the TLS server name, which the certificate is checked against: the receiver's name
            extensions={"sni_hostname": receiver.host} if receiver.address is None else {},
        )
        response = await client.send(request, stream=True)
        reply.status = response.status_code
        try:
            async for chunk in response.aiter_raw():
                reply.body.extend(chunk)
                if len(reply.body) >= MAX_REPLY_BYTES:
                    break
        finally:
            await response.aclose()


class _Reply:
    """What came back so far: the status once the head is in, and up to 64 KB of the body."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.body = bytearray()

    def outcome(self) -> Outcome:
        text = bytes(self.body[:MAX_REPLY_BYTES]).decode("utf-8", errors="replace")
        return Outcome(self.status or 0, text)


def _reason(error: httpx.TransportError) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 300 else text[:300] + "..."
