"""Slow clients against a running server on 127.0.0.1: a connection must send its request line and
headers within ``--header-timeout`` seconds, and past ``--limit-concurrency`` connections new requests
are answered 503. Every loop here is bounded in count and time."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from tests.contract.conftest import World
from tests.contract.server_process import serving
from tests.databases import SqliteTemplate
from workforce_entrypoints.bootstrap import Settings, bootstrap

PARTIAL_HEAD = b"GET /api/v1/me.php HTTP/1.1\r\nHost: 127.0.0.1\r\n"


@pytest.fixture
def world_and_url(sqlite_template: SqliteTemplate) -> Iterator[tuple[World, str]]:
    url = sqlite_template.fresh_url()
    services = bootstrap(Settings(database_url=url))
    yield World(services), url
    services.close()


def _connect(base: str) -> socket.socket:
    parts = urlsplit(base)
    return socket.create_connection((parts.hostname, parts.port), timeout=5)


def _closed_by_server(sock: socket.socket, deadline: float) -> bool:
    """Whether the server closes ``sock`` before ``deadline`` (nothing is sent but what is there)."""
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True
    return False


def test_connections_that_never_finish_their_headers_are_closed(
    world_and_url: tuple[World, str], tmp_path: Path
) -> None:
    _, url = world_and_url
    with serving(url, tmp_path, "--header-timeout", "1") as base:
        sockets = [_connect(base) for _ in range(30)]
        try:
            for sock in sockets[:20]:
                sock.sendall(PARTIAL_HEAD)  # the last ten send nothing at all
            deadline = time.monotonic() + 10
            closed = [_closed_by_server(sock, deadline) for sock in sockets]
        finally:
            for sock in sockets:
                sock.close()
        assert closed == [True] * 30
        assert httpx.get(f"{base}/api/v1/me.php", timeout=10).status_code == 401


def test_a_client_trickling_its_headers_is_closed(world_and_url: tuple[World, str], tmp_path: Path) -> None:
    _, url = world_and_url
    with serving(url, tmp_path, "--header-timeout", "1") as base, _connect(base) as sock:
        sock.sendall(PARTIAL_HEAD + b"X-Slow: ")
        deadline = time.monotonic() + 8
        closed = False
        while not closed and time.monotonic() < deadline:
            closed = _closed_by_server(sock, time.monotonic() + 0.2)
            if not closed:
                try:
                    sock.sendall(b"a")  # one byte every 0.2 seconds: never a whole header
                except (BrokenPipeError, ConnectionResetError):
                    closed = True
        assert closed


def test_a_body_sent_after_the_header_timeout_is_still_read(world_and_url: tuple[World, str], tmp_path: Path) -> None:
    world, url = world_and_url
    secret = world.key(world.account().id)["Authorization"]
    body = json.dumps({"name": "Ann Slow"}).encode()
    head = (
        "POST /api/v1/workers.php HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Authorization: {secret}\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode()
    with serving(url, tmp_path, "--header-timeout", "1") as base, _connect(base) as sock:
        sock.sendall(head)
        time.sleep(2)
        sock.sendall(body)
        sock.settimeout(10)
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 201 ")


def test_a_keep_alive_client_makes_several_requests_on_one_connection(
    world_and_url: tuple[World, str], tmp_path: Path
) -> None:
    _, url = world_and_url
    with serving(url, tmp_path, "--header-timeout", "1") as base, httpx.Client(base_url=base, timeout=10) as client:
        statuses = []
        for _ in range(3):
            statuses.append(client.get("/api/v1/me.php").status_code)
            time.sleep(0.6)
    assert statuses == [401, 401, 401]


def test_requests_past_the_connection_limit_are_answered_503(world_and_url: tuple[World, str], tmp_path: Path) -> None:
    _, url = world_and_url
    with serving(url, tmp_path, "--limit-concurrency", "5", "--header-timeout", "30") as base:
        idle = [_connect(base) for _ in range(5)]
        try:
            statuses = []
            deadline = time.monotonic() + 5
            while 503 not in statuses and time.monotonic() < deadline:
                statuses.append(httpx.get(f"{base}/api/v1/me.php", timeout=10).status_code)
                time.sleep(0.1)
        finally:
            for sock in idle:
                sock.close()
        assert statuses[-1] == 503
        deadline = time.monotonic() + 5
        while httpx.get(f"{base}/api/v1/me.php", timeout=10).status_code != 401 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert httpx.get(f"{base}/api/v1/me.php", timeout=10).status_code == 401
