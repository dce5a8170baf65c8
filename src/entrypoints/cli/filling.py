"""``workforce fill send|next-rounds|answer``: fill a requirement with rounds of offers (each worker gets
a message with a one-tap link), send the next rounds of those that ended with places open, and answer
an offer through its link's token as the worker's tap would."""

from __future__ import annotations

import typer
from attrs import evolve

from workforce_core.services import filling
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Fill requirements with rounds of offers; send the next rounds.", no_args_is_help=True)
BASE_HELP = "The address workers reach the service at, for the links (default: WORKFORCE_PUBLIC_URL)."


@app.command("send")
@command
def send_command(
    ctx: typer.Context,
    demand: int = typer.Option(..., "--demand", help="The requirement's id."),
    base: str | None = typer.Option(None, "--base", help=BASE_HELP),
) -> None:
    """Offer the requirement to the best eligible workers not offered it yet, as many as the account's
    round factor per open place; print the round, its offers and each worker's warnings."""
    sent = _based(services(ctx), base).run(filling.fill, demand)
    emit(
        {
            "round": sent.round.number,
            "expires_at": sent.round.expires_at.isoformat(),
            "offer_ids": [offer.id for offer in sent.offers],
            "worker_ids": [offer.worker_id for offer in sent.offers],
            "warnings": {str(worker): list(codes) for worker, codes in sent.warnings.items()},
        }
    )


@app.command("next-rounds")
@command
def next_rounds_command(ctx: typer.Context, base: str | None = typer.Option(None, "--base", help=BASE_HELP)) -> None:
    """Close the rounds whose time ran out: the next round goes where places are open, or the
    coordinators are told nobody is left (``serve`` runs this on its schedule)."""
    emit({"closed_round_ids": _based(services(ctx), base).run(filling.next_rounds)})


@app.command("answer")
@command
def answer_command(
    ctx: typer.Context,
    token: str = typer.Argument(
        ..., help='The token at the end of the offer\'s link (after "--" when it begins with "-").'
    ),
    given: str = typer.Argument(..., help="accept or decline"),
) -> None:
    """Answer an offer through its link (used once): booked, declined, or filled (the places went to
    quicker workers)."""
    if given not in ("accept", "decline"):
        raise typer.BadParameter("accept or decline")
    emit({"answer": services(ctx).run(filling.answer_by_link, token, given)})


def _based(s: Services, base: str | None) -> Services:
    """The services with the links' base given on the command line (else WORKFORCE_PUBLIC_URL)."""
    return s if base is None else evolve(s, settings=evolve(s.settings, public_url=base))
