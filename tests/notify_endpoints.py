"""Loopback stand-ins for the notifier's outside services, for the senders' tests: an SMTP server
(``aiosmtpd``, STARTTLS or TLS with a ``trustme`` certificate, a password required), an SMS provider
answering as Twilio's Messages API does, and a Web Push service that decrypts every payload with the
subscription's keys (RFC 8291) and checks the VAPID signature (RFC 8292)."""

from __future__ import annotations

import base64
import json
import os
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import http_ece
import trustme
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SmtpServer
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session
from attrs import define, field
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

SMTP_USER, SMTP_PASSWORD = "mailer", "s3cret pass"
SMS_SID, SMS_TOKEN = "AC0123456789abcdef0123456789abcdef", "token-of-the-test"
LATER, REFUSED = "later@example.com", "nobody@example.com"  # answered 451 and 550 at RCPT


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# ---- SMTP ---------------------------------------------------------------------------------------


@define
class Mailbox:
    """What the SMTP server accepted: (envelope recipients, parsed mail), and the logins it saw."""

    mails: list[tuple[list[str], Any]] = field(factory=list)
    logins: list[str] = field(factory=list)


class _MailHandler:
    def __init__(self, box: Mailbox) -> None:
        self.box = box

    async def handle_RCPT(
        self, server: SmtpServer, session: Session, envelope: Envelope, address: str, options: list[str]
    ) -> str:
        if address == LATER:
            return "451 4.3.0 try again later"
        if address == REFUSED:
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SmtpServer, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or b""
        self.box.mails.append((list(envelope.rcpt_tos), message_from_bytes(content)))
        return "250 OK"


def _authenticator(box: Mailbox) -> Any:
    def check(server: SmtpServer, session: Session, envelope: Envelope, mechanism: str, data: Any) -> AuthResult:
        ok = isinstance(data, LoginPassword) and (data.login, data.password) == (
            SMTP_USER.encode(),
            SMTP_PASSWORD.encode(),
        )
        if ok:
            box.logins.append(SMTP_USER)
        return AuthResult(success=ok)

    return check


@contextmanager
def smtp_server(
    ca: trustme.CA, *, tls_from_start: bool = False, starttls: bool = True
) -> Iterator[tuple[int, Mailbox]]:
    """An SMTP server on 127.0.0.1: STARTTLS offered and required and a password asked, or TLS from the start."""
    box = Mailbox()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1", "localhost").configure_cert(context)
    port = free_port()
    options: dict[str, Any] = {"authenticator": _authenticator(box), "auth_required": True}
    controller: Controller
    if tls_from_start:  # aiosmtpd takes no AUTH on a connection TLS from the start: none is asked
        options = {}
        controller = Controller(_MailHandler(box), hostname="127.0.0.1", port=port, ssl_context=context, **options)
    elif starttls:
        options.update(tls_context=context, require_starttls=True)
        controller = Controller(_MailHandler(box), hostname="127.0.0.1", port=port, **options)
    else:
        controller = Controller(_MailHandler(box), hostname="127.0.0.1", port=port)  # plain, and asks for nothing
    controller.start()
    try:
        yield port, box
    finally:
        controller.stop()


def client_context(ca: trustme.CA) -> ssl.SSLContext:
    context = ssl.create_default_context()
    ca.configure_trust(context)
    return context


# ---- a small HTTP server ---------------------------------------------------------------------------


@define
class Exchange:
    """One request: its path, its headers (names in lower case) and its body."""

    path: str
    headers: dict[str, str]
    body: bytes


class _Recording(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, answers: list[int]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.answers = answers
        self.exchanges: list[Exchange] = []
        self.lock = threading.Lock()
        self.problems: list[str] = []  # what a request got wrong (the tests assert there is none)
        self.check: Any = None


class _Handler(BaseHTTPRequestHandler):
    server: _Recording

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        exchange = Exchange(self.path, {name.lower(): value for name, value in self.headers.items()}, body)
        with self.server.lock:
            self.server.exchanges.append(exchange)
            status = self.server.answers.pop(0) if self.server.answers else 201
        problems = self.server.check(exchange) if self.server.check else []
        with self.server.lock:
            self.server.problems.extend(problems)
        reply = json.dumps({"status": status, "problems": problems}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(reply)))
        self.end_headers()
        self.wfile.write(reply)


@contextmanager
def _serving(answers: list[int], check: Any) -> Iterator[_Recording]:
    server = _Recording(list(answers))
    server.check = check
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


# ---- the SMS provider ---------------------------------------------------------------------------------


SMS_PATH = f"/2010-04-01/Accounts/{SMS_SID}/Messages.json"


def _twilio_request(exchange: Exchange) -> list[str]:
    """What Twilio's Messages API requires of a create-message request that this one lacks."""
    problems = []
    if exchange.path != SMS_PATH:
        problems.append(f"path {exchange.path}")
    expected = "Basic " + base64.b64encode(f"{SMS_SID}:{SMS_TOKEN}".encode()).decode()
    if exchange.headers.get("authorization") != expected:
        problems.append("basic auth")
    if not exchange.headers.get("content-type", "").startswith("application/x-www-form-urlencoded"):
        problems.append("not a form")
    form = parse_qs(exchange.body.decode())
    if sorted(form) != ["Body", "From", "To"] or any(len(v) != 1 for v in form.values()):
        problems.append(f"fields {sorted(form)}")
    return problems


@contextmanager
def sms_provider(*answers: int) -> Iterator[_Recording]:
    """A provider answering the given statuses in turn (then 201), checking every request."""
    with _serving(list(answers), _twilio_request) as server:
        yield server


def sms_url(server: _Recording) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{SMS_PATH}"


def form_of(exchange: Exchange) -> dict[str, str]:
    return {name: values[0] for name, values in parse_qs(exchange.body.decode()).items()}


# ---- the Web Push service -------------------------------------------------------------------------


@define
class Browser:
    """A browser's push subscription keys: its P-256 key pair and the auth secret (RFC 8291)."""

    key: ec.EllipticCurvePrivateKey = field(factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(factory=lambda: os.urandom(16))

    @property
    def p256dh(self) -> str:
        return b64url(
            self.key.public_key().public_bytes(
                serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
            )
        )

    @property
    def auth_secret(self) -> str:
        return b64url(self.auth)


@define
class PushService:
    server: _Recording
    browsers: dict[str, Browser]  # by the endpoint's path
    vapid_public: str  # what the VAPID ``k`` must be
    contact: str
    payloads: list[dict[str, Any]] = field(factory=list)

    def endpoint(self, name: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/push/{name}"


def _verify_vapid(header: str, service: PushService, now: float) -> list[str]:
    scheme, _, rest = header.partition(" ")
    parts = dict(item.strip().split("=", 1) for item in rest.split(","))
    if scheme.lower() != "vapid" or parts.get("k") != service.vapid_public:
        return ["VAPID scheme or key"]
    head, claims, signature = parts["t"].split(".")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(parts["k"]))
    try:
        public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
    except Exception:
        return ["VAPID signature"]
    header_fields, body = json.loads(unb64url(head)), json.loads(unb64url(claims))
    origin = f"http://127.0.0.1:{service.server.server_address[1]}"
    problems = []
    if header_fields.get("alg") != "ES256":
        problems.append("alg")
    if body.get("aud") != origin or body.get("sub") != service.contact or not now < body["exp"] <= now + 86400:
        problems.append(f"claims {body}")
    return problems


@contextmanager
def push_service(vapid_public: str, contact: str, *answers: int) -> Iterator[PushService]:
    """A push service for browsers made with ``service.browsers[name] = Browser()``."""
    holder: dict[str, PushService] = {}

    def check(exchange: Exchange) -> list[str]:
        service = holder["service"]
        browser = service.browsers.get(exchange.path.rsplit("/", 1)[-1])
        if browser is None:
            return ["unknown subscription"]
        problems = _verify_vapid(exchange.headers.get("authorization", ""), service, time.time())
        if exchange.headers.get("content-encoding") != "aes128gcm" or "ttl" not in exchange.headers:
            problems.append("headers")
        try:
            plain = http_ece.decrypt(
                exchange.body, private_key=browser.key, auth_secret=browser.auth, version="aes128gcm"
            )
            service.payloads.append(json.loads(plain))
        except Exception as error:
            problems.append(f"decrypt: {error}")
        return problems

    with _serving(list(answers), check) as server:
        service = PushService(server, {}, vapid_public, contact)
        holder["service"] = service
        yield service
