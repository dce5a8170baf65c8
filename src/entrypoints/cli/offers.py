"""``workforce offer send|answer``: offer a requirement's slot to workers, and record their answers."""

from __future__ import annotations

import typer

from workforce_adapters.json import offer_record
from workforce_core.commands.demands import SendOffers
from workforce_core.errors import InvalidParameter
from workforce_core.services import offers
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Shift offers of a requirement.", no_args_is_help=True)


@app.command("send")
@command
def send(
    ctx: typer.Context,
    demand: int = typer.Option(..., help="The requirement id."),
    worker: list[int] = typer.Option(..., help="A worker id (repeat for several)."),
) -> None:
    """Offer the requirement to each worker (all or none); prints {count, offer_ids, offers}."""
    s = services(ctx)
    made = s.run(offers.send, SendOffers(demand_id=demand, worker_ids=tuple(worker)))
    emit({"count": len(made), "offer_ids": [v.offer.id for v in made], "offers": [offer_record(v) for v in made]})


@app.command("answer")
@command
def answer(
    ctx: typer.Context,
    offer_id: int = typer.Argument(..., metavar="ID"),
    reply: str = typer.Argument(..., metavar="accept|decline"),
) -> None:
    """The worker's answer: accept books them onto the requirement (same rules as POST /shifts.php);
    no shift event is sent either way."""
    if reply not in ("accept", "decline"):
        raise InvalidParameter("answer", "the answer is accept or decline.")
    s = services(ctx)
    view = s.run(offers.answer, offer_id, "accept" if reply == "accept" else "decline")
    emit(offer_record(view))


@app.command("withdraw")
@command
def withdraw(ctx: typer.Context, offer_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Take back an offer not answered yet (status withdrawn)."""
    s = services(ctx)
    emit(offer_record(s.run(offers.withdraw, offer_id)))


@app.command("expire")
@command
def expire(ctx: typer.Context) -> None:
    """Offers not answered by the end of their requirement become expired (``serve`` does it every few
    minutes); prints {count, offer_ids}."""
    s = services(ctx)
    lapsed = s.run(offers.expire)
    emit({"count": len(lapsed), "offer_ids": lapsed})
