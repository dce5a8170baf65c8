"""The API log's port answers alike on memory, SQLite and PostgreSQL: a batch reads back as added,
one key's requests newest first (ties in the order added, newest added first) a page at a time,
filtered by request id and by a range of statuses, and the retention deletes strictly before its
moment."""

from __future__ import annotations

from datetime import timedelta

from tests.contract.test_ports import T0, Backend, backend  # noqa: F401 (the fixture)
from workforce_adapters.memory.api_log import MemoryApiLog
from workforce_adapters.sql.api_log import SqlApiLog
from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports import ApiLog, ApiLogQuery, Paging


def _log(backend: Backend) -> ApiLog:  # noqa: F811
    return MemoryApiLog() if backend.engine is None else SqlApiLog(backend.engine)


def _request(n: int, *, key: int = 1, minutes: int = 0, status: int = 200) -> ApiRequest:
    return ApiRequest(
        client_id=7,
        api_key_id=key,
        at=T0 + timedelta(minutes=minutes),
        method="POST" if n % 2 else "GET",
        path=f"/api/v1/workers.php?offset={n}&token=...",
        status=status,
        duration_ms=n * 3,
        request_id=f"{n:032x}",
    )


def test_the_api_log_reads_back_a_keys_requests_alike_on_every_backend(backend: Backend) -> None:  # noqa: F811
    log = _log(backend)
    log.add([])
    batch = [
        _request(1, minutes=0),
        _request(2, minutes=5, status=404),
        _request(3, minutes=5, status=500),
        _request(4, minutes=9, status=201),
        _request(5, key=2, minutes=9),
    ]
    log.add(batch)
    every = log.requests(ApiLogQuery(1))
    assert every.total == 4
    assert every.items == (batch[3], batch[2], batch[1], batch[0])
    second = log.requests(ApiLogQuery(1, Paging(limit=2, offset=2)))
    assert (second.items, second.total) == ((batch[1], batch[0]), 4)
    assert log.requests(ApiLogQuery(1, request_id=f"{2:032x}")).items == (batch[1],)
    assert log.requests(ApiLogQuery(1, request_id=f"{5:032x}")).items == ()  # another key's
    failed = log.requests(ApiLogQuery(1, statuses=(400, 499)))
    assert (failed.items, failed.total) == ((batch[1],), 1)
    assert log.requests(ApiLogQuery(1, statuses=(200, 299))).items == (batch[3], batch[0])


def test_the_api_log_forgets_strictly_before_its_moment_on_every_backend(backend: Backend) -> None:  # noqa: F811
    log = _log(backend)
    log.add([_request(1, minutes=0), _request(2, minutes=5), _request(3, key=2, minutes=1)])
    assert log.forget_before(T0 + timedelta(minutes=5)) == 2
    assert log.forget_before(T0 + timedelta(minutes=5)) == 0
    assert [r.request_id for r in log.requests(ApiLogQuery(1)).items] == [f"{2:032x}"]
    assert log.requests(ApiLogQuery(2)).total == 0
