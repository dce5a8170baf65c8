"""The browser harness: a live server of the demo and a headless Chromium page (the console issue's fixtures)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, sync_playwright

BIN = Path(sys.executable).parent


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('browser') / 'workforce.db'}"
    subprocess.run([BIN / "workforce", "--db", url, "db", "upgrade"], check=True, capture_output=True)
    subprocess.run([BIN / "workforce", "--db", url, "demo"], check=True, capture_output=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [BIN / "workforce", "--db", url, "serve", "--port", str(port), "--no-dispatch"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            httpx.get(f"{base}/health")
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield base
    server.terminate()
    server.wait(10)


@pytest.fixture
def page() -> Iterator[Page]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser.new_page()
        browser.close()
