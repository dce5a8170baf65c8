"""The API log on the memory adapter: a key's requests newest first, paged and found by request id or
status, another account's key out of reach, the retention's cut-off, the secrets cut from a path, and
the writer that queues records and writes them in batches."""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta
from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from workforce_adapters.memory.api_log import MemoryApiLog
from workforce_core.errors import InvalidParameter, NotFound, RoleNotAllowed, ValidationFailed
from workforce_core.model.api_requests import PATH_LENGTH, ApiRequest
from workforce_core.model.people import Actor, Role
from workforce_core.ports import Paging
from workforce_core.rules.api_log import logged_path, status_range
from workforce_core.services.accounts import CreateKey, create_key
from workforce_core.services.api_log import KeyRequests, forget_old_requests, key_requests
from workforce_entrypoints.bootstrap import API_LOG_DAYS_ENV, api_log_days
from workforce_entrypoints.serving.api_log_buffer import ApiLogBuffer

NOW = datetime(2026, 4, 1, 8, 0, tzinfo=UTC)


class Log:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(NOW)
        self.client = self.db.add_client("Acme Staffing")
        self.other = self.db.add_client("Rival Staffing")
        self.key_id = self.key(self.client.id)
        self.other_key_id = self.key(self.other.id)
        self.log = MemoryApiLog()
        self.owner = Actor(1, Role.OWNER, self.client.id)

    def key(self, client_id: int) -> int:
        made = create_key(CreateKey(client_id=client_id, name="sync", scopes=()), uow=self.uow, clock=self.clock)
        return made.key.id

    def request(self, n: int, *, status: int = 200, ago: timedelta = timedelta(0), key_id: int | None = None) -> str:
        request_id = f"{n:032x}"
        self.log.add([
            ApiRequest(
                client_id=self.client.id if key_id is None else self.other.id,
                api_key_id=key_id or self.key_id,
                at=NOW - ago,
                method="GET",
                path=f"/api/v1/workers.php?offset={n}",
                status=status,
                duration_ms=n,
                request_id=request_id,
            )
        ])  # fmt: skip
        return request_id

    def read(self, **asked: object) -> list[str]:
        query = KeyRequests(client_id=self.client.id, key_id=self.key_id, **asked)  # type: ignore[arg-type]
        found = key_requests(query, uow=self.uow, api_log=self.log, actor=self.owner)
        return [r.request_id for r in found.requests.items]


@pytest.fixture
def world() -> Log:
    return Log()


def test_a_keys_requests_come_newest_first_a_page_at_a_time(world: Log) -> None:
    ids = [world.request(n, ago=timedelta(minutes=10 - n)) for n in range(5)]
    world.request(9, key_id=world.other_key_id)
    assert world.read() == ids[::-1]
    assert world.read(paging=Paging(limit=2, offset=2)) == [ids[2], ids[1]]
    query = KeyRequests(client_id=world.client.id, key_id=world.key_id, paging=Paging(limit=2))
    assert key_requests(query, uow=world.uow, api_log=world.log, actor=world.owner).requests.total == 5


def test_a_request_is_found_by_the_id_its_caller_quotes_and_by_status(world: Log) -> None:
    wanted = world.request(1)
    failed = world.request(2, status=404)
    broken = world.request(3, status=500)
    quoted = "-".join((wanted[:8], wanted[8:12], wanted[12:16], wanted[16:20], wanted[20:])).upper()
    assert world.read(request_id=f"  {quoted} ") == [wanted]
    assert world.read(status="4xx") == [failed]
    assert world.read(status="500") == [broken]
    assert world.read(status="2xx", request_id=failed) == []
    with pytest.raises(InvalidParameter) as bad_id:
        world.read(request_id="req-1")
    assert bad_id.value.extra["parameter"] == "request_id"
    with pytest.raises(InvalidParameter):
        world.read(status="4x")


def test_another_accounts_key_is_not_found_and_only_owners_and_admins_read(world: Log) -> None:
    world.request(1, key_id=world.other_key_id)
    query = KeyRequests(client_id=world.client.id, key_id=world.other_key_id)
    with pytest.raises(NotFound):
        key_requests(query, uow=world.uow, api_log=world.log, actor=world.owner)
    operator = Actor(2, Role.OPERATOR, None)
    with pytest.raises(NotFound):  # an operator reaches both accounts, but the key is not this one's
        key_requests(query, uow=world.uow, api_log=world.log, actor=operator)
    coordinator = Actor(3, Role.COORDINATOR, world.client.id)
    with pytest.raises(RoleNotAllowed):
        key_requests(
            KeyRequests(client_id=world.client.id, key_id=world.key_id),
            uow=world.uow,
            api_log=world.log,
            actor=coordinator,
        )


def test_the_retention_deletes_what_is_older_than_its_days_and_keeps_the_rest(world: Log) -> None:
    world.request(1, ago=timedelta(days=30, seconds=1))
    kept = [world.request(2, ago=timedelta(days=30)), world.request(3, ago=timedelta(days=29))]
    assert forget_old_requests(api_log=world.log, clock=world.clock, api_log_days=30) == 1
    assert world.read() == kept[::-1]
    assert forget_old_requests(api_log=world.log, clock=world.clock, api_log_days=1) == 2
    assert world.read() == []


def test_secret_like_parameters_and_keys_are_cut_from_a_logged_path() -> None:
    assert logged_path("/api/v1/me.php", "") == "/api/v1/me.php"
    assert (
        logged_path("/api/v1/workers.php", "search=Ann+Lee&access_token=abc&Password=x&q=wfk_AbCdEf")
        == "/api/v1/workers.php?search=Ann+Lee&access_token=...&Password=...&q=..."
    )
    assert logged_path("/api/v1/x", "sig=1&api_key=2&limit=3") == "/api/v1/x?sig=...&api_key=...&limit=3"
    assert logged_path("/api/v1/x", "%74oken=abc&search=monkey") == "/api/v1/x?%74oken=...&search=monkey"
    assert logged_path("/api/v1/x", "limit=5&q=wfk%5Fabc") == "/api/v1/x?limit=5&q=..."
    assert len(logged_path("/api/v1/x", "search=" + "a" * 5000)) == PATH_LENGTH


@given(st.text(min_size=1, max_size=40))
def test_no_secret_value_survives_in_a_logged_path(secret: str) -> None:
    path = logged_path("/api/v1/workers.php", urlencode({"token": secret, "api_key": secret, "limit": 5}))
    assert path == "/api/v1/workers.php?token=...&api_key=...&limit=5"


@pytest.mark.parametrize(("chosen", "statuses"), [("2xx", (200, 299)), ("5xx", (500, 599)), ("404", (404, 404))])
def test_a_status_filter_is_a_class_or_a_code(chosen: str, statuses: tuple[int, int]) -> None:
    assert status_range(chosen) == statuses
    for wrong in ("6xx", "99", "1000", "abc"):
        with pytest.raises(ValueError, match=wrong):
            status_range(wrong)


def _entry(n: int) -> ApiRequest:
    return ApiRequest(1, 1, NOW, "GET", "/api/v1/me.php", 200, 1, f"{n:032x}")


def test_the_writer_queues_records_and_writes_them_in_a_batch_on_its_thread_and_on_close() -> None:
    store = MemoryApiLog()
    buffer = ApiLogBuffer(store, interval=0.05)
    buffer.record(_entry(1))
    assert buffer.thread is not None
    assert buffer.thread.daemon
    deadline = time.monotonic() + 5
    while not store.kept and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [r.request_id for r in store.kept] == [f"{1:032x}"]
    buffer.interval = 3600.0
    buffer.record(_entry(2))
    buffer.close()  # the last records are written when the services close
    assert len(store.kept) == 2
    assert not buffer.thread.is_alive()


def test_a_batch_the_store_refuses_is_dropped_and_the_next_one_written(caplog: pytest.LogCaptureFixture) -> None:
    class Refusing(MemoryApiLog):
        fail = True

        def add(self, entries: object) -> None:  # type: ignore[override]
            if self.fail:
                self.fail = False
                raise OSError("the database is down")
            super().add(entries)  # type: ignore[arg-type]

    store = Refusing()
    buffer = ApiLogBuffer(store, interval=3600.0)
    buffer.record(_entry(1))
    assert buffer.flush() == 0
    assert "dropped 1 requests" in caplog.text
    buffer.record(_entry(2))
    assert buffer.flush() == 1
    assert [r.request_id for r in store.kept] == [f"{2:032x}"]
    buffer.close()


def test_a_flush_writes_what_was_queued_when_it_began_not_what_comes_meanwhile() -> None:
    class Busy(MemoryApiLog):  # requests keep arriving while each batch is written
        batches: list[int] = []

        def add(self, entries: object) -> None:  # type: ignore[override]
            self.batches.append(len(entries))  # type: ignore[arg-type]
            super().add(entries)  # type: ignore[arg-type]
            if len(self.batches) < 5:  # (a pass that chased them would end after five)
                buffer.record(_entry(1000 + len(self.batches)))

    store = Busy()
    buffer = ApiLogBuffer(store, interval=3600.0)
    for n in range(3):
        buffer.record(_entry(n))
    assert buffer.flush() == 3
    assert store.batches == [3]  # one batch; the record queued meanwhile waits for the next pass
    assert len(buffer.waiting) == 1
    buffer.close()


def test_the_queue_keeps_at_most_its_size_dropping_the_oldest() -> None:
    store = MemoryApiLog()
    buffer = ApiLogBuffer(store, interval=3600.0, most=3)
    for n in range(5):
        buffer.record(_entry(n))
    buffer.close()
    assert [r.request_id for r in store.kept] == [f"{n:032x}" for n in (2, 3, 4)]


def test_records_from_many_threads_are_all_written() -> None:
    store = MemoryApiLog()
    buffer = ApiLogBuffer(store, interval=0.01)
    threads = [
        threading.Thread(target=lambda n=n: [buffer.record(_entry(n * 100 + i)) for i in range(100)]) for n in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    buffer.close()
    assert len({r.request_id for r in store.kept}) == 400


@pytest.mark.parametrize(("sent", "days"), [(None, 30), ("", 30), ("7", 7), (" 90 ", 90), ("3660", 3660)])
def test_the_retention_is_a_whole_number_of_days_from_the_environment(sent: str | None, days: int) -> None:
    assert api_log_days(sent) == days


@pytest.mark.parametrize("sent", ["0", "3661", "-1", "1.5", "thirty"])
def test_a_retention_that_is_no_whole_number_of_days_stops_the_start(sent: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        api_log_days(sent)
    assert refused.value.extra["field"] == API_LOG_DAYS_ENV
