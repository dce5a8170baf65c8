"""Which calls of ``Services.run`` write audited, and for whom: the units of work a use case opens are
bound (``steps.audited_writes``) to who it acts for and where the request came from (``origins``).

A call is audited when it names who acts (``principal``, ``actor``, a kiosk's or worker's visit that
carries a principal), when a person's page makes it (``origins.person``), when it comes through the
worker app or a kiosk (a device writes for a worker), or at the command line; the rows then say who
(the key, the person) or nobody (a device, the console's operator), and from where. The server's own
jobs (no request) are not. ``UNAUDITED`` names the use cases a request calls to sign in and out and to
keep its session: the session is their record.

With ``Services.strict_audit`` (the tests') a write made in a request for nobody, by a use case not named
in ``UNAUDITED``, that leaves no audit row of its own fails: a new write whose entry point forgets whom it
acts for is found by any test that makes it.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from workforce_core.model.audit import Via
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.services import (
    inbox,
    kiosk_devices,
    own_sessions,
    second_step,
    sign_in,
    sign_off_links,
    two_factor,
    worker_sessions,
)
from workforce_core.steps.audit_rows import Who
from workforce_core.steps.audited_writes import Acting, AuditedUnitOfWorkFactory, RefusingUnauditedFactory
from workforce_entrypoints import origins

if TYPE_CHECKING:
    from workforce_entrypoints.bootstrap import Services

DEVICES = (Via.APP, Via.KIOSK, Via.CLI)  # a write through these is audited even when it names no one

UNAUDITED: frozenset[Callable[..., object]] = frozenset(
    {
        sign_in.sign_in,  # a person signs in: the session is the record
        sign_in.sign_out,
        sign_in.signed_in,  # each page of the console keeps its session (its last use, once a minute)
        second_step.sign_in_with_code,
        own_sessions.end_own_session,
        own_sessions.end_other_sessions,
        two_factor.start_two_factor,  # a secret not yet in use (confirming it is audited)
        sign_off_links.open_sign_off_link,  # a client's link opens a session
        worker_sessions.sign_in_worker,
        worker_sessions.open_app_link,
        worker_sessions.signed_worker,  # each page of the worker app keeps its session
        worker_sessions.sign_out_worker,
        kiosk_devices.kiosk_of,  # each call of a kiosk notes when it was last seen
        inbox.mark_read,  # a worker read a message: no record changed
    }
)


def bound(
    services: Services, use_case: Callable[..., object], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Services:
    """``services`` with their units of work audited for this call (or refusing, in strict mode, an unaudited
    write made in a request), or as they are."""
    if use_case in UNAUDITED:
        return services
    acting = acting_of(use_case, args, kwargs)
    if acting is not None:
        return attrs.evolve(services, uow=AuditedUnitOfWorkFactory(services.uow, acting, services.clock.now))
    if services.strict_audit and origins.current() is not None:
        return attrs.evolve(services, uow=RefusingUnauditedFactory(services.uow, _name(use_case)))
    return services


def acting_of(use_case: Callable[..., object], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Acting | None:
    """Whom a call writes for (None: nobody the log could name, and not a device's nor the command line's)."""
    origin = origins.current()
    principal, actor = kwargs.get("principal"), kwargs.get("actor")
    carrier = next((a for a in args if isinstance(getattr(a, "principal", None), Principal)), None)
    if principal is None and carrier is not None:
        principal = carrier.principal
    principal = principal if isinstance(principal, Principal) else None
    if not isinstance(actor, Actor):
        actor = next((a for a in args if isinstance(a, Actor)), None) or origins.person()
    if principal is None and actor is None and (origin is None or origin.via not in DEVICES):
        return None
    command = next((a for a in args if a is not carrier and attrs.has(type(a))), None)
    return Acting(Who.of(principal, actor), origin, _name(use_case), command, _subject(use_case, args))


def _name(use_case: Callable[..., object]) -> str:
    return getattr(use_case, "__name__", "write")


def _subject(use_case: Callable[..., object], args: tuple[Any, ...]) -> tuple[str, int] | None:
    """The record a use case's first argument names by its id (``key_id`` 7: the key 7), if it does."""
    name = _first_parameter(use_case)
    first = args[0] if args else None
    if name is None or not name.endswith("_id") or not isinstance(first, int) or isinstance(first, bool):
        return None
    return name[: -len("_id")], first


@cache
def _first_parameter(use_case: Callable[..., object]) -> str | None:
    try:
        parameters = list(inspect.signature(use_case).parameters.values())
    except (TypeError, ValueError):
        return None
    return parameters[0].name if parameters and parameters[0].kind is not inspect.Parameter.KEYWORD_ONLY else None
