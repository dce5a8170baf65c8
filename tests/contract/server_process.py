"""Real ``workforce serve`` processes on free ports of 127.0.0.1, for what only a running server shows
(several processes, forwarding headers, connection limits). Each is stopped when its block ends."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx
from attrs import frozen

STARTED = "Application startup complete"
SERVER_ENV = ("WORKFORCE_RATE_LIMIT_STORAGE", "WORKFORCE_FORWARDED_ALLOW_IPS")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(base: str, process: subprocess.Popen[bytes], log: Path, processes: int = 1) -> None:
    """Until the API answers and each of its ``processes`` has logged that it started."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited: {log.read_text(errors='replace')}")
        try:
            answered = httpx.get(f"{base}/api/v1/me.php", timeout=1).status_code == 401
        except httpx.HTTPError:
            answered = False
        if answered and log.read_text(errors="replace").count(STARTED) >= processes:
            return
        time.sleep(0.2)
    raise AssertionError(f"{base} did not start: {log.read_text(errors='replace')}")


@contextmanager
def serving(
    database_url: str, logs: Path, *options: str, env: dict[str, str] | None = None, processes: int = 1
) -> Iterator[str]:
    """``workforce serve --port P *options`` on ``database_url``; yields ``http://127.0.0.1:P``.

    The server settings of the environment running the tests are not passed on; ``env`` adds some."""
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if k not in SERVER_ENV}
    environment.update({"WORKFORCE_DATABASE_URL": database_url, **(env or {})})
    command = [sys.executable, "-m", "workforce_entrypoints.cli", "serve", "--port", str(port), *options]
    log = logs / f"server-{port}.log"
    with log.open("wb") as output:
        process = subprocess.Popen(command, env=environment, stdout=output, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_serving(base, process, log, processes)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)


@frozen
class Server:
    """A server process started by hand (any ``command``), for tests that kill it mid-request."""

    process: subprocess.Popen[bytes]
    base: str

    @classmethod
    def start(cls, command: list[str], environment: Mapping[str, str], log: Path) -> Server:
        """``command`` (``{port}`` in it is filled in), output to ``log``; returns once it answers."""
        port = free_port()
        with log.open("ab") as output:
            process = subprocess.Popen(
                [part.format(port=port) for part in command],
                env=dict(environment),
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        server = cls(process, f"http://127.0.0.1:{port}")
        wait_until_serving(server.base, process, log, processes=0)  # may log nothing at its level
        return server

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=15)
