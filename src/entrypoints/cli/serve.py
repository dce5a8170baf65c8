"""``workforce serve``: the HTTP API under uvicorn, with the settings a server facing clients needs.

Forwarding headers (``X-Forwarded-For``, ``X-Forwarded-Proto``) are believed only from the proxies
named in ``--forwarded-allow-ips``: otherwise any client could pick the address the unknown-key
throttle counts. A connection must send its request head within ``--header-timeout`` seconds
(``request_head``), and past ``--limit-concurrency`` open connections new requests get 503. The rate
limits' storage is chosen once for all the processes. Replies do not name the server software. A
webhook dispatcher runs beside the server, in the serving process (one however many ``--workers``),
unless ``--no-dispatch``; so do the timed jobs (``cli.schedule``: auto clock-out, offer expiry, the
clients' sign-off deadline, and every few seconds the figures of stale worker-weeks), unless
``--no-schedule``.
"""

from __future__ import annotations

import os
import threading

import typer
import uvicorn

from workforce_entrypoints.bootstrap import (
    DATABASE_ENV,
    RATE_LIMIT_ENV,
    Settings,
    bootstrap,
    is_postgres,
    make_engine,
    rate_limit_storage,
    schema,
)
from workforce_entrypoints.cli.output import command, fail
from workforce_entrypoints.cli.request_head import DEFAULT_HEADER_SECONDS, HEADER_TIMEOUT_ENV, RequestHeadDeadline
from workforce_entrypoints.cli.schedule import NOTIFY_INTERVAL, notifier_jobs, refresh_until, run_until
from workforce_entrypoints.cli.state import database_url
from workforce_entrypoints.cli.webhooks import dispatch_until
from workforce_entrypoints.serving.storage_threads import MAX_THREADS, THREADS_ENV

FORWARDED_ENV = "WORKFORCE_FORWARDED_ALLOW_IPS"
LIMIT_CONCURRENCY_ENV = "WORKFORCE_LIMIT_CONCURRENCY"
DEFAULT_LIMIT_CONCURRENCY = 500
KEEP_ALIVE_SECONDS = 5
MAX_HEAD_BYTES = 16 * 1024


@command
def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(8000),
    workers: int = typer.Option(
        1, min=1, max=64, help="Server processes (they share the rate limits through the database or Redis)."
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        envvar=FORWARDED_ENV,
        help="Addresses or networks (comma-separated, e.g. 127.0.0.1 or 10.0.0.0/8) of the reverse proxies whose "
        "X-Forwarded-For and X-Forwarded-Proto are believed; default none.",
    ),
    header_timeout: float = typer.Option(
        DEFAULT_HEADER_SECONDS,
        min=0.1,
        max=300,
        envvar=HEADER_TIMEOUT_ENV,
        help="Seconds a connection has to send a request line and headers (after opening or its last reply).",
    ),
    limit_concurrency: int = typer.Option(
        DEFAULT_LIMIT_CONCURRENCY,
        min=2,
        envvar=LIMIT_CONCURRENCY_ENV,
        help="Open connections per process past which new requests are answered 503.",
    ),
    threads: int | None = typer.Option(
        None,
        min=1,
        max=MAX_THREADS,
        envvar=THREADS_ENV,
        help="Threads per process that run the storage work [default: 1 on SQLite, where more only wait on "
        "each other for Python's interpreter lock; 4 on PostgreSQL, whose round trips overlap].",
    ),
    dispatch: bool = typer.Option(
        True,
        "--dispatch/--no-dispatch",
        help="Deliver webhooks in the background (one dispatcher for the server); --no-dispatch when "
        "`workforce webhooks dispatch` runs elsewhere.",
    ),
    schedule: bool = typer.Option(
        True,
        "--schedule/--no-schedule",
        help="Run the timed jobs in the background every 5 minutes: the auto clock-out rule and the expiry of "
        "offers whose requirement has ended; and every 5 seconds the stale figures; --no-schedule when "
        "`timesheet auto-close`, `offer expire` and `price refresh` run elsewhere (cron).",
    ),
) -> None:
    """Run the HTTP API (refuses a database that is not migrated)."""
    url = database_url(ctx)
    engine = make_engine(url)
    try:
        current = schema.is_current(engine)
        postgres = is_postgres(engine)
    finally:
        engine.dispose()
    if not current:
        fail(
            "database_not_migrated",
            "The database is not at the latest schema: run `workforce db upgrade` first.",
        )
    try:  # every process must count in the same place: chosen here, handed to them in the environment
        limits = rate_limit_storage(Settings.from_env(url), postgres=postgres, processes=workers)
    except ValueError as error:
        fail("invalid_rate_limit_storage", str(error))
    os.environ[DATABASE_ENV] = url
    os.environ[RATE_LIMIT_ENV] = limits
    os.environ[HEADER_TIMEOUT_ENV] = str(header_timeout)
    if threads is not None:
        os.environ[THREADS_ENV] = str(threads)
    proxies = [address.strip() for address in forwarded_allow_ips.split(",") if address.strip()]
    stop = threading.Event()
    background = bootstrap(Settings.from_env(url))
    if dispatch:
        threading.Thread(target=dispatch_until, args=(stop, background), name="webhook-dispatcher", daemon=True).start()
    if schedule:
        threading.Thread(target=run_until, args=(stop, background), name="timed-jobs", daemon=True).start()
        threading.Thread(target=refresh_until, args=(stop, background), name="figures", daemon=True).start()
        notify = {"interval": NOTIFY_INTERVAL, "chosen": notifier_jobs}
        threading.Thread(target=run_until, args=(stop, background), kwargs=notify, name="notifier", daemon=True).start()
    try:
        _serve(host, port, workers, proxies, limit_concurrency)
    finally:
        stop.set()


def _serve(host: str, port: int, workers: int, proxies: list[str], limit_concurrency: int) -> None:
    uvicorn.run(
        "workforce_entrypoints.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or None,
        server_header=False,
        http=RequestHeadDeadline,
        limit_concurrency=limit_concurrency,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
    )
