"""``workforce serve`` as a running server: whose forwarding headers it believes, and what its replies
say of it. Each test starts its own server on 127.0.0.1 and stops it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.contract.server_process import serving
from tests.databases import SqliteTemplate

ME = "/api/v1/me.php"


@pytest.fixture
def database(sqlite_template: SqliteTemplate) -> str:
    return sqlite_template.fresh_url()


def _unknown_key_codes(base: str, forwarded_for: Iterator[str], count: int) -> list[str]:
    codes = []
    for n, address in zip(range(count), forwarded_for, strict=False):
        headers = {"Authorization": f"Bearer wfk_unknown-{n}", "X-Forwarded-For": address}
        codes.append(httpx.get(f"{base}{ME}", headers=headers, timeout=10).json()["error_code"])
    return codes


def _rotating_addresses() -> Iterator[str]:
    n = 0
    while True:
        n += 1
        yield f"198.51.100.{n}"


def test_forwarding_headers_are_not_believed_by_default(database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path) as base:
        codes = _unknown_key_codes(base, _rotating_addresses(), 21)
    assert codes == ["invalid_api_key"] * 20 + ["rate_limited"]


def test_forwarding_headers_are_believed_from_the_proxies_named(database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path, "--forwarded-allow-ips", "127.0.0.1") as base:
        one_client = _unknown_key_codes(base, iter(["203.0.113.7"] * 21), 21)
        another = _unknown_key_codes(base, iter(["203.0.113.8"]), 1)
    assert one_client == ["invalid_api_key"] * 20 + ["rate_limited"]
    assert another == ["invalid_api_key"]


def test_the_forwarding_proxies_can_be_named_in_the_environment(database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path, env={"WORKFORCE_FORWARDED_ALLOW_IPS": "127.0.0.1"}) as base:
        codes = _unknown_key_codes(base, _rotating_addresses(), 21)
    assert codes == ["invalid_api_key"] * 21


def test_replies_do_not_name_the_server_software(database: str, tmp_path: Path) -> None:
    with serving(database, tmp_path) as base:
        replies = [httpx.get(f"{base}{ME}", timeout=10), httpx.get(f"{base}/nowhere/", timeout=10)]
    for reply in replies:
        assert "server" not in reply.headers
        assert reply.headers["date"]
        assert reply.headers["cache-control"] == "no-store"
        assert reply.headers["x-content-type-options"] == "nosniff"
