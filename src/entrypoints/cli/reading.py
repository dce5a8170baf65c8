"""What the console's list and show commands share: the client's operator and the pay week asked for."""

from __future__ import annotations

from datetime import date

import typer

from workforce_core.model.principal import Principal
from workforce_core.rules.fields import read_day
from workforce_core.services import console_reads
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.state import services


def operator(ctx: typer.Context, client_id: int) -> tuple[Services, Principal]:
    s = services(ctx)
    return s, s.run(console_reads.operator, client_id)


def in_week(ctx: typer.Context, client_id: int, text: str) -> tuple[Services, Principal, date, date]:
    """The client's operator, and the first and last day of its pay week holding the day ``text``."""
    s, caller = operator(ctx, client_id)
    day = read_day(text.strip(), "week")
    assert day is not None
    first, last = console_reads.pay_week(caller, day)
    return s, caller, first, last


def client_option() -> int:
    result: int = typer.Option(..., "--client", help="The client account's id.")
    return result


def week_option() -> str:
    result: str = typer.Option(..., "--week", help="Any date YYYY-MM-DD inside the pay week.")
    return result
