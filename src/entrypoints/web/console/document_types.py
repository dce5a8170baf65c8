"""The account's document types, in Setup: the list (what each is, whether it expires, the
job roles that need a valid one to work) and a new one. Coordinators reach it too (the worker's
documents page links it): who looks after workers may add the types their documents need."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.documents import CreateDocumentType
from workforce_core.model.documents import DocumentKind
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.services import documents
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

KINDS: dict[str, str] = {
    DocumentKind.RIGHT_TO_WORK: "Right to work check",
    DocumentKind.LICENCE: "Licence or card (forklift, CSCS, SIA, DBS ...)",
}
PATH = "/setup/document-types"


def types_page(visit: Visit) -> Response:
    return visit.page(
        "document_types.html",
        types=visit.services.run(documents.document_types, visit.client),
        kinds=KINDS,
        may_change=may(visit.signed.actor, Power.WORKERS),
    )


def add_type(visit: Visit) -> Response:
    given = filled(visit, "name", "kind")
    roles = [role.strip() for role in (visit.value("job_roles") or "").split(",") if role.strip()]
    command = structure(CreateDocumentType, {**given, "expires": visit.value("expires") == "1", "job_roles": roles})
    visit.services.run(documents.create_document_type, command, principal=visit.client)
    return back_to(visit, PATH, Done.DOCUMENT_TYPE_ADDED)


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}" + PATH, types_page, opens=Page.WORKERS),
    console_route("/{client_id:int}" + PATH, add_type, methods=("POST",)),
]
