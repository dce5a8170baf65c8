"""The API's storage work runs on a small pool of threads (``WORKFORCE_HTTP_THREADS``, ``serve --threads``):
requests in flight beyond it wait their turn and are all answered, keyed writes among them (a keyed
write holds its transaction only inside one call on the pool, so a full pool cannot starve it)."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.contract.conftest import World
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.serving.storage_threads import THREADS_ENV, threads_from_env


def test_eight_requests_in_flight_on_one_thread_are_all_answered(services: Services, world: World) -> None:
    account = world.account()
    site = world.site(account.id)
    headers = world.key(account.id)
    workers = [world.worker(account.id, f"Worker {n}", location_id=site.id).worker.id for n in range(4)]
    app = create_app(services=services, threads=1)

    async def in_flight() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            clocks = [
                client.post(
                    "/api/v1/clock.php",
                    json={"action": "in", "worker_id": worker},
                    headers={**headers, "Idempotency-Key": f"clock-in-{worker}"},
                )
                for worker in workers
            ]
            reads = [client.get("/api/v1/workers.php", headers=headers) for _ in range(4)]
            return list(await asyncio.gather(*clocks, *reads))

    replies = asyncio.run(in_flight())
    assert [reply.status_code for reply in replies] == [201] * 4 + [200] * 4
    assert {reply.json()["data"]["worker_id"] for reply in replies[:4]} == set(workers)
    assert all(reply.json()["pagination"]["total"] == 4 for reply in replies[4:])


@pytest.mark.parametrize("text", ["0", "65", "two", "-1"])
def test_a_pool_size_out_of_range_is_refused_naming_the_setting(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv(THREADS_ENV, text)
    with pytest.raises(ValueError, match=THREADS_ENV):
        threads_from_env(postgres=False)
