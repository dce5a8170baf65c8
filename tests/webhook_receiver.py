"""A local HTTPS webhook receiver on 127.0.0.1 with a ``trustme`` certificate, for the sender's tests.

What it answers depends on the path: ``/ok`` 200, ``/slow`` 200 after a twentieth of a second,
``/fail`` 500, ``/moved`` 301 to ``/ok``, ``/hang`` nothing until the receiver stops, ``/huge`` a
10 MB body, ``/reset`` a connection reset. Every request that reaches it is kept (path, headers, raw
body), so a test can say what arrived and what did not.
"""

from __future__ import annotations

import socket
import ssl
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import trustme
from attrs import frozen

HOST_NAME = "hooks.test"  # the name tests give the receiver (a TableResolver maps it to 127.0.0.1)
HUGE = 10 * 1024 * 1024


@frozen
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length)
        with self.server.lock:
            self.server.received.append(Received(self.path, dict(self.headers.items()), body))
        path = self.path.split("?", 1)[0]
        if path == "/hang":
            self.server.stopping.wait(60)
            return
        if path == "/reset":  # close with RST
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.close_connection = True
            return
        if path == "/slow":
            self.server.stopping.wait(0.05)
        if path == "/moved":
            self._answer(301, b"moved", location="/ok")
        elif path == "/fail":
            self._answer(500, b"receiver broke")
        elif path == "/huge":
            self._huge()
        else:
            self._answer(200, b"thanks")

    def _answer(self, status: int, body: bytes, *, location: str | None = None) -> None:
        self.send_response(status)
        if location is not None:
            self.send_header("Location", location)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _huge(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(HUGE))
        self.end_headers()
        chunk = b"x" * 65536
        try:
            for _ in range(HUGE // len(chunk)):
                self.wfile.write(chunk)
        except OSError:  # the sender stopped reading: as it should
            self.close_connection = True


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, context: ssl.SSLContext) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.context = context
        self.received: list[Received] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()

    def finish_request(self, request: object, client_address: object) -> None:
        # the TLS handshake happens in the request's own thread: a client that stalls it blocks nobody
        assert isinstance(request, socket.socket)
        try:
            wrapped = self.context.wrap_socket(request, server_side=True)
        except (OSError, ssl.SSLError):
            return
        super().finish_request(wrapped, client_address)  # type: ignore[arg-type]

    def handle_error(self, request: object, client_address: object) -> None:  # quiet
        pass


class Receiver:
    def __init__(self, server: _Server) -> None:
        self._server = server
        self.port = server.server_address[1]

    def url(self, path: str = "/ok", host: str = HOST_NAME) -> str:
        return f"https://{host}:{self.port}{path}"

    def stop_hanging(self) -> None:
        """Let every ``/hang`` request end now."""
        self._server.stopping.set()

    @property
    def received(self) -> list[Received]:
        with self._server.lock:
            return list(self._server.received)


@contextmanager
def receiving(ca: trustme.CA, *, names: tuple[str, ...] = (HOST_NAME, "127.0.0.1")) -> Iterator[Receiver]:
    """A receiver with a certificate for ``names`` signed by ``ca``, serving until the block ends."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(*names).configure_cert(context)
    server = _Server(context)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield Receiver(server)
    finally:
        server.stopping.set()
        server.shutdown()
        server.server_close()
        thread.join(5)


def write_ca(ca: trustme.CA, directory: Path) -> Path:
    """The CA's certificate as a PEM file (what ``SSL_CERT_FILE`` names)."""
    path = directory / "receiver-ca.pem"
    ca.cert_pem.write_to_path(str(path))
    return path
