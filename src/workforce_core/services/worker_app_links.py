"""One-time sign-in links of the worker app, made by the agency from the console's worker page or
``workforce worker app-link``: a random token (only its SHA-256 kept) that opens a session of the
app for one worker, once, within ``rules.worker_app.APP_LINK_LIFE``. The link is shown once to the
person who made it, who sends it to the worker (a text message, a chat)."""

from __future__ import annotations

import secrets

from attrs import field, frozen

from workforce_core.errors import NotFound, WorkerInactive
from workforce_core.model.keys import hash_secret
from workforce_core.model.people import Actor
from workforce_core.model.worker_app import WorkerAppLink
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.rules.worker_app import APP_LINK_LIFE, may_use_app

LINK_PATH = "/app/link/"


@frozen
class MadeAppLink:
    """The stored link and the address to send (``{link_base}/app/link/{token}``), shown once."""

    link: WorkerAppLink
    url: str = field(repr=False)


def make_app_link(
    worker_id: int,
    *,
    link_base: str,
    uow: UnitOfWorkFactory,
    clock: Clock,
    actor: Actor | None = None,
    client_id: int | None = None,
) -> MadeAppLink:
    """A link for one worker of an account the person reaches (and of ``client_id``, the page's account,
    when given; else 404 ``worker_id``), whose role looks after workers (else 403); a worker who may not
    use the app (a leaver, suspended, pending) is 409 ``worker_inactive``."""
    people.require(actor, Power.WORKERS)
    now = clock.now()
    token = secrets.token_urlsafe(32)
    with uow() as tx:
        worker = tx.workers.get(worker_id)
        elsewhere = client_id is not None and worker is not None and worker.client_id != client_id
        if worker is None or elsewhere or not people.reaches(actor, worker.client_id, worker.location_id):
            raise NotFound("The worker was not found.", field="worker_id")
        if not may_use_app(worker):
            raise WorkerInactive()
        link = tx.worker_app_links.add(
            WorkerAppLink(
                worker_id=worker.id,
                client_id=worker.client_id,
                token_hash=hash_secret(token),
                created_at=now,
                expires_at=now + APP_LINK_LIFE,
                created_by=actor.user_id if actor is not None else None,
            )
        )
        tx.commit()
    return MadeAppLink(link, f"{link_base.rstrip('/')}{LINK_PATH}{token}")
