"""``workforce serve`` as a running server: whose forwarding headers it believes, what its replies
say of it, and the timed jobs it runs. Each test starts its own server on 127.0.0.1 and stops it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.server_process import serving
from tests.databases import SqliteTemplate
from workforce_core.model.time_entries import TimeEntry
from workforce_entrypoints.bootstrap import Settings, bootstrap

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


def test_the_server_runs_the_auto_clock_out_rule_on_its_schedule(database: str, tmp_path: Path) -> None:
    clock = FakeClock(datetime.now(UTC) - timedelta(hours=20))  # a shift clocked in 20 hours ago, still open
    built = bootstrap(Settings(database_url=database), clock=clock)
    world = World(built)
    account = world.account()
    site = world.site(account.id, geofence_mode="disabled")
    worker = world.worker(account.id, location_id=site.id).worker
    with built.uow() as tx:
        left_open = tx.entries.add(TimeEntry(worker.id, account.id, clock.now(), clock.now(), location_id=site.id))
        tx.commit()
    with serving(database, tmp_path, "--no-dispatch"):
        closed = None
        for _ in range(100):  # the first pass runs as the server starts
            with built.uow(read_only=True) as tx:
                closed = tx.entries.get(left_open.id)
            if closed is not None and closed.clock_out is not None:
                break
            time.sleep(0.1)
    built.close()
    assert closed is not None
    assert (closed.clock_out, closed.clock_out_method) == (left_open.clock_in + timedelta(hours=8), "auto")
    assert [row["data"]["change"] for row in world.outbox("time_entry.auto_closed")] == ["auto_closed"]
