"""``workforce webhooks dispatch|verify``: deliver the outbox's events to the webhook subscriptions, and
check a captured delivery's signatures as a receiver would."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import attrs
import typer

from workforce_adapters.webhooks.signing import verify as verify_signatures
from workforce_core.errors import ValidationFailed
from workforce_core.services.dispatch import DEFAULT_CONCURRENCY, DispatchReport, dispatch
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.output import command, emit, fail
from workforce_entrypoints.cli.receiver import DEFAULT_PORT, receiver, secret_from
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Webhooks: deliver events to the subscriptions; verify a delivery; receive them locally.", no_args_is_help=True
)
DEFAULT_INTERVAL = 2.0  # seconds between passes when running on
log = logging.getLogger("workforce.webhooks")


def dispatch_until(
    stop: threading.Event,
    built: Services,
    *,
    concurrency: int = DEFAULT_CONCURRENCY,
    interval: float = DEFAULT_INTERVAL,
    report: Callable[[DispatchReport], None] = lambda _: None,
) -> None:
    """Dispatch every ``interval`` seconds until ``stop`` is set; a failed pass (the database away for a
    moment, say) is logged and the next one tried."""
    while not stop.is_set():
        try:  # a sender per pass: the certificates are read again, so a renewed store is used without a restart
            done = built.run(dispatch, concurrency=concurrency)
        except Exception:
            log.exception("a webhook dispatch pass failed; trying again")
        else:
            if done.fanned_out or done.attempts or done.refused:
                report(done)
        stop.wait(interval)


@app.command("dispatch")
@command
def dispatch_command(
    ctx: typer.Context,
    once: bool = typer.Option(False, "--once", help="Deliver what is due now, print what was done, and exit."),
    concurrency: int = typer.Option(
        DEFAULT_CONCURRENCY, min=1, max=64, help="Deliveries sent at the same time (a slow receiver holds one)."
    ),
    interval: float = typer.Option(
        DEFAULT_INTERVAL, min=0.1, max=600, help="Seconds between passes when running on (without --once)."
    ),
) -> None:
    """Fan out new events and send every delivery that is due, retrying on the spec's schedule. Without
    --once it runs on, printing a line per pass that did something. Several dispatchers may share one
    PostgreSQL database (each attempt is made once); on SQLite run one (`serve` runs one by default)."""
    s = services(ctx)
    if once:
        emit(attrs.asdict(s.run(dispatch, concurrency=concurrency)))
        return
    try:
        dispatch_until(threading.Event(), s, concurrency=concurrency, interval=interval, report=_print)
    except KeyboardInterrupt:
        return


def _print(report: DispatchReport) -> None:
    emit(attrs.asdict(report))


@app.command("verify")
@command
def verify(
    secret: str = typer.Option(..., help="The subscription's signing secret (whsec_...)."),
    header: list[str] = typer.Option(
        [], "--header", "-H", help="A header of the delivery, 'Name: value' (repeat for each)."
    ),
) -> None:
    """Whether a captured delivery verifies: its raw body on standard input, its headers as --header.
    Both signatures are checked (X-Service-Signature and webhook-signature), with constant-time
    comparisons; exit 0 when both verify, 1 otherwise."""
    headers: dict[str, str] = {}
    for line in header:
        name, colon, value = line.partition(":")
        if not colon or not name.strip():
            raise ValidationFailed("header", f"a header is 'Name: value', not {line!r}.")
        headers[name.strip()] = value.strip()
    body = sys.stdin.buffer.read()
    found = verify_signatures(secret, headers, body, now=datetime.now(UTC))
    result = {
        "verified": found.verified,
        "x_service_signature": found.service_signature,
        "webhook_signature": found.standard_signature,
        "timestamp_recent": found.timestamp_recent,
    }
    if not found.verified:
        fail("not_verified", "The delivery does not verify with this secret.", **result)
    emit(result)


@app.command("receive")
@command
def receive(
    cert: Path = typer.Option(
        ..., help="The receiver's TLS certificate (PEM); the sender must trust it (SSL_CERT_FILE)."
    ),
    key: Path = typer.Option(..., help="Its private key (PEM)."),
    secret: str | None = typer.Option(None, help="The subscription's signing secret (whsec_...)."),
    keys_file: Path | None = typer.Option(
        None, help="Or the file `workforce demo --keys-file` wrote: the demo subscription's secret is in it."
    ),
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(DEFAULT_PORT),
) -> None:
    """A local HTTPS receiver to try webhooks out: prints one JSON line per delivery (event, delivery id,
    whether both signatures verify) and answers 204, or 401 when they do not verify. `make receiver`
    starts it for the demo's subscription; stop it with Ctrl-C."""
    if secret is None:
        if keys_file is None:
            raise ValidationFailed("secret", "give --secret, or --keys-file with the demo's webhook secret.")
        try:
            secret = secret_from(keys_file)
        except (OSError, ValueError) as error:
            raise ValidationFailed("keys_file", str(error)) from None
    server = receiver(host, port, cert=cert, key=key, secret=secret)
    typer.echo(f"Receiving webhooks on https://{host}:{port}/ (Ctrl-C stops)", err=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        return
    finally:
        server.server_close()
