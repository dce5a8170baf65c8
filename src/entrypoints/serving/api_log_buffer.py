"""The API log's writer: a request only appends its record to a queue in memory (no statement of its
own, none in its transaction: a GET still writes nothing); a thread of the process writes what is
queued in one batch about every second, and whatever is left when the services close.

A process that crashes loses at most the last second of its log. When the database refuses a batch
(down, full), the batch is logged and dropped rather than kept: the log must never slow or fail the
API. The queue holds at most ``MOST`` records; past that, the oldest waiting ones are dropped.
"""

from __future__ import annotations

import logging
import threading
from collections import deque

from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports import ApiLog

INTERVAL = 1.0  # seconds between batches
MOST = 100_000  # records waiting at most (a minute of a busy process)
BATCH = 1000  # records in one statement
log = logging.getLogger("workforce.api_log")


class ApiLogBuffer:
    def __init__(self, store: ApiLog, *, interval: float = INTERVAL, most: int = MOST) -> None:
        self.store = store
        self.interval = interval
        self.waiting: deque[ApiRequest] = deque(maxlen=most)
        self.stopping = threading.Event()
        self.writing = threading.Lock()  # one batch at a time: the thread's, or a flush asked for
        self.starting = threading.Lock()
        self.thread: threading.Thread | None = None

    def record(self, entry: ApiRequest) -> None:
        """Queue a request's record (a request pays for an append); the writer starts with the first."""
        self.waiting.append(entry)
        if self.thread is None:
            self._start()

    def flush(self) -> int:
        """Write every record queued now (not those queued meanwhile: under load a pass chasing them wrote
        a batch of one or two at every request); how many were written."""
        written = 0
        with self.writing:
            left = len(self.waiting)
            while left > 0 and self.waiting:
                batch = [self.waiting.popleft() for _ in range(min(BATCH, left, len(self.waiting)))]
                left -= len(batch)
                try:
                    self.store.add(batch)
                except Exception:
                    log.exception("the API log dropped %d requests it could not write", len(batch))
                    continue
                written += len(batch)
        return written

    def close(self) -> None:
        """Stop the writer and write what is left."""
        self.stopping.set()
        thread = self.thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()
        self.flush()

    def _start(self) -> None:
        with self.starting:
            if self.thread is None and not self.stopping.is_set():
                self.thread = threading.Thread(target=self._run, name="workforce-api-log", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while not self.stopping.wait(self.interval):
            self.flush()
