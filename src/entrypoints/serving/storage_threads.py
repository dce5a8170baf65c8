"""The threads that run the API's storage work (storage is synchronous; the event loop must not wait on it).

A few threads, not one per request in flight. The work is mostly Python (building statements, mapping
rows, encoding JSON) and holds the GIL, so eight requests on eight threads fight over it: every call
into SQLite lets the GIL go (each row fetched, each statement), and getting it back waits on another
thread's turn. Measured on two cores with eight connections: on SQLite one thread answers the most
requests (1.5-2x Starlette's default pool of forty; two threads fall between); on PostgreSQL, whose
round trips do wait outside the GIL, four threads answered more than one or two. Hence the default: 1
on SQLite, 4 on PostgreSQL; ``--threads`` (or ``WORKFORCE_HTTP_THREADS``) sets another.

One pool per process and size, shared by every app built in it (the tests build hundreds): its idle
threads are not worth closing with an app.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

THREADS_ENV = "WORKFORCE_HTTP_THREADS"
SQLITE_THREADS = 1
POSTGRES_THREADS = 4
MAX_THREADS = 64

P = ParamSpec("P")
T = TypeVar("T")

_pools: dict[int, ThreadPoolExecutor] = {}
_guard = threading.Lock()


def threads_from_env(*, postgres: bool) -> int:
    """The pool's size from ``WORKFORCE_HTTP_THREADS`` (1 to 64), else the default for the database."""
    text = os.environ.get(THREADS_ENV, "").strip()
    if not text:
        return POSTGRES_THREADS if postgres else SQLITE_THREADS
    if not text.isdigit() or not 1 <= int(text) <= MAX_THREADS:
        raise ValueError(f"{THREADS_ENV} must be a whole number from 1 to {MAX_THREADS}, not {text!r}")
    return int(text)


class StorageThreads:
    """Runs a synchronous call on the process's pool of ``size`` threads and awaits its result."""

    def __init__(self, size: int) -> None:
        with _guard:
            pool = _pools.get(size)
            if pool is None:
                pool = _pools[size] = ThreadPoolExecutor(size, thread_name_prefix="storage")
        self.size = size
        self._pool = pool

    async def run(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call(*args, **kwargs)`` on the pool, in a copy of the caller's context (as Starlette's own
        ``run_in_threadpool`` does, so context variables read the same in the thread)."""
        context = contextvars.copy_context()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, functools.partial(context.run, call, *args, **kwargs))
