"""One-time sign-off links: the agency sends a hirer contact a link that signs them in to one pay week
of the portal. The link is kept by the hash of its token, used once, ends after a week, and who sent
it, to whom, for which week and when it was used are recorded; the mail goes to the outbox the
operator's mailer reads (the ``Mailer`` port), after the link is stored."""

from __future__ import annotations

import secrets
from datetime import date

from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.keys import hash_secret
from workforce_core.model.people import Actor, Role, SignOffLink, User, WebSession
from workforce_core.ports import Clock, Mailer, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.london import local_text
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.people import Power


@frozen
class OpenedLink:
    """The session a link opened (``token``: the cookie's value) and the week it is for."""

    session: WebSession
    token: str
    client_id: int
    week_start: date


def sign_off_contacts(client_id: int, *, uow: UnitOfWorkFactory) -> list[User]:
    """The account's active hirer contacts, who can be sent a link."""
    with uow(read_only=True) as tx:
        return [user for user in tx.users.listed(client_id) if user.role == Role.APPROVER and user.active]


def send_sign_off_link(
    user_id: int,
    week: date,
    *,
    link_base: str,
    uow: UnitOfWorkFactory,
    clock: Clock,
    mailer: Mailer,
    actor: Actor | None = None,
) -> SignOffLink:
    """A link for the contact ``user_id`` (an approver of an account the sender reaches) to the pay week
    holding ``week``; the mail with ``{link_base}/portal/link/{token}`` is written to the outbox."""
    people.require(actor, Power.APPROVE)
    now = clock.now()
    token = secrets.token_urlsafe(32)
    with uow() as tx:
        contact = tx.users.get(user_id)
        if contact is None or contact.role != Role.APPROVER or not contact.active or contact.client_id is None:
            raise NotFound(f"no hirer contact {user_id}.", field="user_id")
        client = tx.clients.get(contact.client_id)
        if client is None or not people.reaches_account(actor, client.id):
            raise NotFound(f"no hirer contact {user_id}.", field="user_id")
        first = week_start(week, client.settings.pay_week_start_day)
        link = tx.sign_off_links.add(
            SignOffLink(
                user_id=contact.id,
                client_id=client.id,
                week_start=first,
                token_hash=hash_secret(token),
                created_at=now,
                expires_at=now + people.SIGN_OFF_LINK_LIFE,
                created_by=actor.user_id if actor is not None else None,
            )
        )
        tx.commit()
    body = (
        f"Please sign off the hours of the week starting {first:%A %d %B %Y} for {client.name}.\n\n"
        f"{link_base.rstrip('/')}/portal/link/{token}\n\n"
        f"The link works once and until {local_text(link.expires_at)} (UK time)."
    )
    mailer.send(contact.email, f"Hours to sign off: week of {first:%d %B %Y}", body)
    return link


def open_sign_off_link(token: str, *, address: str, uow: UnitOfWorkFactory, clock: Clock) -> OpenedLink:
    """Sign the contact in to the link's week (a session limited to it), once; a used, expired or
    unknown link, or a contact no longer active, is 404."""
    now = clock.now()
    with uow() as tx:
        link = tx.sign_off_links.by_token_hash(hash_secret(token))
        contact = tx.users.get(link.user_id) if link is not None else None
        usable = link is not None and contact is not None and contact.active and now < link.expires_at
        if link is None or contact is None or not usable or not tx.sign_off_links.claim(link.id, now):
            raise NotFound("This sign-off link was used already, has ended or does not exist.")
        made, session_token = WebSession.begin(contact.id, now, address, only_week=link.week_start)
        session = tx.sessions.add(made)
        tx.commit()
    return OpenedLink(session, session_token, link.client_id, link.week_start)
