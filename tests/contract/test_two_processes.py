"""Two server processes on one PostgreSQL database: rate limits (the sign-in's and its codes' throttles
among them), Idempotency-Keys, generated badges and a requirement's headcount hold."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from pathlib import Path

import httpx
import pyotp
import pytest

from tests.contract.booking_race import book_overlapping_pairs_at_once
from tests.contract.conftest import World
from tests.contract.console_pages import CSRF, make_user
from tests.contract.server_process import serving
from tests.databases import PostgresSchema
from workforce_core.commands.two_factor import ConfirmTwoFactor
from workforce_core.rules import two_factor as rules
from workforce_core.rules.people import SIGN_IN_PER_USER
from workforce_core.services.two_factor import confirm_two_factor, start_two_factor
from workforce_entrypoints.bootstrap import Settings, bootstrap

pytestmark = pytest.mark.postgres


@pytest.fixture
def servers(postgres_schema: PostgresSchema, tmp_path: Path) -> Iterator[tuple[World, list[str]]]:
    url = postgres_schema.fresh_url()
    services = bootstrap(Settings(database_url=url))
    try:
        with serving(url, tmp_path) as first, serving(url, tmp_path) as second:
            yield World(services), [first, second]
    finally:
        services.close()


def test_the_rate_limit_holds_across_two_server_processes(servers: tuple[World, list[str]]) -> None:
    world, bases = servers
    account = world.account()
    headers = world.key(account.id, ("workers:read",))

    def call(n: int) -> int:
        return httpx.get(f"{bases[n % 2]}/api/v1/me.php", headers=headers, timeout=30).status_code

    with ThreadPoolExecutor(max_workers=40) as pool:
        statuses = list(pool.map(call, range(80)))
    assert statuses.count(200) == 60
    assert statuses.count(429) == 20


def test_an_idempotency_key_holds_across_two_server_processes(servers: tuple[World, list[str]]) -> None:
    world, bases = servers
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "across"}
    first = httpx.post(f"{bases[0]}/api/v1/workers.php", headers=headers, json={"name": "Ann"}, timeout=30)
    again = httpx.post(f"{bases[1]}/api/v1/workers.php", headers=headers, json={"name": "Ann"}, timeout=30)
    assert first.status_code == 201
    assert again.status_code == 201
    assert again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"

    race = {**headers, "Idempotency-Key": "race-across"}

    def post(n: int) -> int:
        url = f"{bases[n % 2]}/api/v1/workers.php"
        return httpx.post(url, headers=race, json={"name": "Bob"}, timeout=30).status_code

    with ThreadPoolExecutor(max_workers=10) as pool:
        statuses = list(pool.map(post, range(10)))
    assert set(statuses) <= {201, 409}
    assert len([e for e in world.outbox("worker.created") if e["data"]["name"] == "Bob"]) == 1


def test_fifty_workers_created_at_once_across_two_processes_get_fifty_distinct_badges(
    servers: tuple[World, list[str]],
) -> None:
    world, bases = servers
    account = world.account()
    headers = world.key(account.id, ("workers:write",))

    def post(n: int) -> httpx.Response:
        url = f"{bases[n % 2]}/api/v1/workers.php"
        return httpx.post(url, headers=headers, json={"name": f"Worker {n}"}, timeout=60)

    with ThreadPoolExecutor(max_workers=25) as pool:
        replies = list(pool.map(post, range(50)))
    assert [reply.status_code for reply in replies] == [201] * 50
    badges = {reply.json()["data"]["employee_id"] for reply in replies}
    assert len(badges) == 50


def test_twenty_bookings_onto_a_headcount_of_five_across_two_processes(servers: tuple[World, list[str]]) -> None:
    world, bases = servers
    account = world.account()
    site = world.site(account.id, "Depot", geofence_mode="disabled")
    headers = world.key(account.id, ("shifts:write",), rate_limit_per_minute=600)
    day = (date.today() + timedelta(days=7)).isoformat()  # the servers run on the real clock
    slot = {"location_id": site.id, "shift_date": day, "start_time": "09:00", "end_time": "17:00", "headcount": 5}
    created = httpx.post(f"{bases[0]}/api/v1/demands.php", headers=headers, json=slot, timeout=30)
    assert created.status_code == 201, created.text
    demand_id = created.json()["data"]["id"]
    workers = [world.worker(account.id, f"Racer {n:02}").worker.id for n in range(20)]

    def book(n: int) -> httpx.Response:
        body = {"worker_id": workers[n], "demand_id": demand_id}
        return httpx.post(f"{bases[n % 2]}/api/v1/shifts.php", headers=headers, json=body, timeout=60)

    with ThreadPoolExecutor(max_workers=20) as pool:
        replies = list(pool.map(book, range(20)))
    assert sorted(r.status_code for r in replies) == [201] * 5 + [409] * 15, [r.text for r in replies]
    assert {r.json()["error_code"] for r in replies if r.status_code == 409} == {"conflict"}
    read = httpx.get(f"{bases[1]}/api/v1/demands.php?id={demand_id}", headers=headers, timeout=30).json()["data"]
    assert (read["headcount"], read["filled"], read["open"], read["status"]) == (5, 5, 0, "filled")
    assert read["filled"] + read["open"] == read["headcount"]
    assert sorted(s["worker_id"] for s in read["shifts"]) == sorted(
        r.json()["data"]["worker_id"] for r in replies if r.status_code == 201
    )


def test_overlapping_bookings_of_one_worker_sent_to_two_processes_at_once_give_one_201_and_one_409(
    servers: tuple[World, list[str]],
) -> None:
    world, bases = servers
    book_overlapping_pairs_at_once(world, bases)


def test_sign_in_throttling_holds_across_two_server_processes(servers: tuple[World, list[str]]) -> None:
    world, bases = servers
    account = world.account()
    user, _ = make_user(world.services, "owner", account.id)

    def attempt(n: int) -> int:
        with httpx.Client(base_url=bases[n % 2], timeout=60) as browser:
            form = browser.get("/console/sign-in")
            token = CSRF.search(form.text)
            assert token is not None
            sent = {"email": user.email, "password": f"wrong guess {n}", "csrf_token": token.group(1)}
            return browser.post("/console/sign-in", data=sent).status_code

    with ThreadPoolExecutor(max_workers=12) as pool:
        statuses = list(pool.map(attempt, range(SIGN_IN_PER_USER + 12)))
    assert statuses.count(401) == SIGN_IN_PER_USER
    assert statuses.count(429) == 12


def test_code_throttling_holds_across_two_server_processes(servers: tuple[World, list[str]]) -> None:
    world, bases = servers
    account = world.account()
    user, password = make_user(world.services, "owner", account.id)
    factor = start_two_factor(user.id, uow=world.services.uow, codes=world.services.codes, clock=world.services.clock)
    confirm_two_factor(
        ConfirmTwoFactor(user_id=user.id, code=pyotp.TOTP(factor.secret).now()),
        uow=world.services.uow,
        codes=world.services.codes,
        limiter=world.services.limiter,  # the database's: the servers' too
        clock=world.services.clock,
    )

    def password_step(n: int) -> str:
        with httpx.Client(base_url=bases[n % 2], timeout=60) as browser:
            form = browser.get("/console/sign-in")
            token = CSRF.search(form.text)
            assert token is not None
            sent = {"email": user.email, "password": password, "csrf_token": token.group(1)}
            assert browser.post("/console/sign-in", data=sent).status_code == 303
            return str(browser.cookies["workforce_second_step"])

    challenges = [password_step(n) for n in range(3)]  # three sign-ins waiting for a code, on both servers

    def attempt(n: int) -> int:
        held = {"workforce_second_step": challenges[n % 3]}
        with httpx.Client(base_url=bases[n % 2], cookies=held, timeout=60) as browser:
            step = browser.get("/console/sign-in/code")
            token = CSRF.search(step.text)
            assert token is not None
            guess = {"code": f"guess {n}", "csrf_token": token.group(1)}
            return browser.post("/console/sign-in/code", data=guess).status_code

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = list(pool.map(attempt, range(rules.CODES_PER_USER + 3)))
    assert statuses.count(401) == rules.CODES_PER_USER - 1  # confirming the set-up took one of the person's
    assert statuses.count(429) == 4
