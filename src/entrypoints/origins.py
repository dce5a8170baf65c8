"""Where the write being served came from (``model.audit.Origin``): set once per request by the request-id
middleware (the caller's address, the reply's ``X-Request-Id``, the surface its path is on) and once by
the command line; and, on the people's pages, the signed-in person once their visit is open.
``Services.run`` reads both to stamp the audit rows of the use case it calls.

A context variable, so a request's value follows it onto the storage threads (``StorageThreads.run`` runs
each call in a copy of the caller's context) and never reaches another request.
"""

from __future__ import annotations

from contextvars import ContextVar

from workforce_core.model.audit import Origin, Via
from workforce_core.model.people import Actor

ORIGIN: ContextVar[Origin | None] = ContextVar("origin", default=None)
PERSON: ContextVar[Actor | None] = ContextVar("person", default=None)  # the signed-in person of a page
SURFACES = (  # a worker's offer link is answered on their phone, as the worker app is
    ("/console", Via.CONSOLE),
    ("/portal", Via.PORTAL),
    ("/kiosk", Via.KIOSK),
    ("/app", Via.APP),
    ("/offers", Via.APP),
)


def via_of(path: str) -> Via:
    """The surface a request's path is on (the API otherwise)."""
    for prefix, via in SURFACES:
        if path == prefix or path.startswith(prefix + "/"):
            return via
    return Via.API


def set_origin(origin: Origin | None) -> None:
    ORIGIN.set(origin)


def current() -> Origin | None:
    return ORIGIN.get()


def set_person(actor: Actor) -> None:
    """The person the page being served is for (set once their visit is open)."""
    PERSON.set(actor)


def person() -> Actor | None:
    return PERSON.get()
