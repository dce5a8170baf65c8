"""The API log in memory, for unit tests and embedders: the same answers as the database's."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime

from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports import ApiLogQuery, Page


class MemoryApiLog:
    def __init__(self) -> None:
        self.kept: list[ApiRequest] = []
        self.lock = threading.Lock()

    def add(self, entries: Sequence[ApiRequest]) -> None:
        with self.lock:
            self.kept.extend(entries)

    def requests(self, query: ApiLogQuery) -> Page[ApiRequest]:
        with self.lock:
            order = list(enumerate(self.kept))
        found = [
            (n, r)
            for n, r in order
            if r.api_key_id == query.api_key_id
            and (query.request_id is None or r.request_id == query.request_id)
            and (query.statuses is None or query.statuses[0] <= r.status <= query.statuses[1])
        ]
        found.sort(key=lambda pair: (pair[1].at, pair[0]), reverse=True)
        start = query.paging.offset
        return Page(items=tuple(r for _, r in found[start : start + query.paging.limit]), total=len(found))

    def forget_before(self, moment: datetime) -> int:
        with self.lock:
            before = len(self.kept)
            self.kept = [r for r in self.kept if r.at >= moment]
            return before - len(self.kept)
