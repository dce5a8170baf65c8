"""A kiosk in tests over HTTP: an owner enrols the test client's browser for a site through the
console (the device cookie lands in its cookie jar), workers get PINs through the core, and the
kiosk's JSON calls are sent as its page sends them (JSON, from its own origin)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
from starlette.testclient import TestClient

from tests.contract.console_pages import FAST, Person, sign_in_as
from tests.contract.reads_write_nothing import guarded
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.model.workers import Worker
from workforce_core.services.worker_pins import set_worker_pin
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services

ORIGIN = "http://testserver"


class Kiosk:
    """One enrolled browser: ``post`` sends a kiosk call with the device cookie."""

    def __init__(self, client: TestClient, kiosk_id: str) -> None:
        self.client = client
        self.kiosk_id = kiosk_id

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.client.post(path, json=body, headers={"Origin": ORIGIN})

    def sync(self, *clocks: dict[str, Any]) -> list[dict[str, Any]]:
        reply = self.post("/kiosk/sync", {"clocks": list(clocks)})
        assert reply.status_code == 200, reply.text
        answers: list[dict[str, Any]] = reply.json()["answers"]
        return answers


def give_pin(services: Services, worker: Worker, pin: str) -> None:
    set_worker_pin(SetWorkerPin(worker_id=worker.id, pin=pin), uow=services.uow, hasher=FAST, clock=services.clock)


@contextmanager
def enrolled(services: Services, client_id: int, site_id: int, name: str | None = None) -> Iterator[Kiosk]:
    """A browser an owner signed in with and enrolled as a kiosk of ``site_id``."""
    services.hasher = FAST
    with TestClient(guarded(create_app(services=services)), base_url=ORIGIN) as client:
        person = Person(client)
        sign_in_as(services, "owner", client_id, person)
        token = person.csrf(f"/console/{client_id}/kiosks")
        form = {"location_id": str(site_id), **({"kiosk_id": name} if name else {})}
        reply = person.post(f"/console/{client_id}/kiosks", form, token=token)
        assert reply.status_code == 303, reply.text
        assert reply.headers["location"] == "/kiosk/"
        cookie = reply.headers["set-cookie"]
        assert "HttpOnly" in cookie
        assert "Path=/kiosk" in cookie
        assert "SameSite=strict" in cookie or "SameSite=Strict" in cookie
        listed = person.get(f"/console/{client_id}/kiosks").text
        kiosk_id = name or f"kiosk-{site_id}-"
        assert kiosk_id in listed
        yield Kiosk(client, name or _last_kiosk_id(listed, site_id))


def _last_kiosk_id(page: str, site_id: int) -> str:
    found = re.findall(rf"kiosk-{site_id}-\d+", page)
    assert found
    return sorted(found, key=lambda k: int(k.rsplit("-", 1)[1]))[-1]
