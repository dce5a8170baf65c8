"""What a person or a load balancer opens first (issue 21, item 5): ``/``, ``/health``, ``/ready`` and the
rendered API documentation at ``/api/v1/docs``, all without a key and without rate-limit headers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.contract.reads_write_nothing import guarded
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap


def _no_key_and_no_rate_limit(reply: object) -> None:
    headers = reply.headers  # type: ignore[attr-defined]
    assert not [name for name in headers if name.lower().startswith("x-ratelimit")], headers
    assert headers["x-request-id"]


def test_health_answers_without_a_key(api: TestClient) -> None:
    reply = api.get("/health")
    assert (reply.status_code, reply.json()) == (200, {"status": "ok"})
    _no_key_and_no_rate_limit(reply)


def test_ready_when_the_database_answers_at_the_latest_migration(api: TestClient) -> None:
    reply = api.get("/ready")
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert (body["status"], body["database"]) == ("ready", "ok")
    assert body["revision"] == body["latest"]
    _no_key_and_no_rate_limit(reply)


def _app_on(url: str) -> Iterator[TestClient]:
    services = bootstrap(Settings(database_url=url))
    with TestClient(guarded(create_app(services=services))) as client:
        yield client
    services.close()


@pytest.fixture
def unmigrated(tmp_path: Path) -> Iterator[TestClient]:
    yield from _app_on(f"sqlite:///{tmp_path / 'empty.db'}")


@pytest.fixture
def unreachable(tmp_path: Path) -> Iterator[TestClient]:
    yield from _app_on(f"sqlite:///{tmp_path / 'no-such-folder' / 'workforce.db'}")


def test_not_ready_when_the_database_is_not_migrated(unmigrated: TestClient) -> None:
    reply = unmigrated.get("/ready")
    assert reply.status_code == 503
    assert reply.json()["status"] == "not_ready"
    assert reply.json()["database"] == "not_migrated"
    assert unmigrated.get("/health").status_code == 200  # alive all the same


def test_not_ready_when_the_database_cannot_be_reached(unreachable: TestClient) -> None:
    reply = unreachable.get("/ready")
    assert reply.status_code == 503
    assert reply.json()["database"] == "unreachable"
    _no_key_and_no_rate_limit(reply)


def test_the_front_page_points_to_the_docs_the_health_checks_and_the_console(api: TestClient) -> None:
    reply = api.get("/")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("text/html")
    links = set(re.findall(r'href="([^"]+)"', reply.text))
    assert {"api/v1/docs", "api/v1/openapi.json", "health", "ready", "console/"} <= links


def test_the_api_docs_page_loads_its_renderer_from_the_package_not_a_cdn(api: TestClient) -> None:
    page = api.get("/api/v1/docs")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    _no_key_and_no_rate_limit(page)
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets
    assert all(not asset.startswith(("http:", "https:", "//")) for asset in assets), assets
    for asset in assets:
        served = api.get(f"/api/v1/{asset}")
        assert served.status_code == 200, asset
        assert len(served.content) > 100, asset
    assert 'src="docs/start.js"' in page.text
    started = api.get("/api/v1/docs/start.js").text  # the renderer starts from a file: no inline script
    assert '"openapi.json"' in started
    assert api.get("/api/v1/docs/assets/no-such-file.js").status_code == 404
