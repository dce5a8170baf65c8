"""Real server processes, for the tests that need them: start one on a free port, wait, stop."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

import httpx
from attrs import frozen


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_serving(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"server exited: {process.stderr.read().decode() if process.stderr else ''}")
        try:
            if httpx.get(f"{base}/api/v1/me.php", timeout=1).status_code == 401:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError(f"{base} did not start")


@frozen
class Server:
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
        wait_until_serving(server.base, process)
        return server

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
        self.process.wait(timeout=15)
