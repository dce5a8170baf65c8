"""``workforce webhooks receive``: a local HTTPS receiver for trying webhooks out (the demo's subscription
points at it). Each delivery's signatures are checked with the subscription's secret and one JSON line is
printed per delivery; the reply is 204 when both verify, 401 otherwise."""

from __future__ import annotations

import json
import ssl
import sys
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TextIO

from workforce_adapters.webhooks.signing import verify

DEMO_PATH = "/demo-webhooks"
DEFAULT_PORT = 8443


def receiver(
    host: str, port: int, *, cert: Path, key: Path, secret: str, out: TextIO = sys.stdout
) -> ThreadingHTTPServer:
    """The server, bound and wrapped in TLS; ``serve_forever`` runs it."""

    class Delivery(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))  # the raw body, as signed
            found = verify(secret, dict(self.headers.items()), body, now=datetime.now(UTC))
            line = {
                "delivery": self.headers.get("X-Service-Delivery"),
                "event": self.headers.get("X-Service-Event"),
                "verified": found.verified,
                "path": self.path,
            }
            out.write(json.dumps(line) + "\n")
            out.flush()
            self.send_response(204 if found.verified else 401)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass  # one JSON line per delivery is the log

    server = ThreadingHTTPServer((host, port), Delivery)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    return server


def secret_from(keys_file: Path) -> str:
    """The demo's webhook secret, as ``workforce demo --keys-file`` kept it."""
    kept: dict[str, Any] = json.loads(keys_file.read_text(encoding="utf-8"))
    webhook: dict[str, str] = kept.get("webhook") or {}
    if "secret" not in webhook:
        raise ValueError(f"{keys_file} has no demo webhook secret: give --secret")
    return webhook["secret"]
