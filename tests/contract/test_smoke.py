"""The smallest end-to-end path: a key made in the console answers /me.php over HTTP."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.contract.conftest import World


def test_me_answers_for_a_new_key(api: TestClient, world: World) -> None:
    account = world.account("Smoke Ltd")
    headers = world.key(account.id, ("workers:read",))
    reply = api.get("/api/v1/me.php", headers=headers)
    assert reply.status_code == 200
    assert reply.json()["data"]["client_name"] == "Smoke Ltd"
    assert reply.headers["x-request-id"]
