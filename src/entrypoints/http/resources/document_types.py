"""/document-types.php: the account's document types (GET), and a new one (POST), with the job roles
that need a valid one."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json.commands import structure
from workforce_adapters.json.documents import document_type_record
from workforce_core.commands.documents import CreateDocumentType
from workforce_core.ports import Page
from workforce_core.services import documents
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def get(call: Call) -> Response:
    paging = call.params.paging()
    found = call.services.run(documents.document_types, call.principal)
    shown = found[paging.offset : paging.offset + paging.limit]
    return listing([document_type_record(t) for t in shown], Page(tuple(shown), len(found)), paging)


def post(call: Call) -> Response:
    command = structure(CreateDocumentType, call.body(), exact=True)
    made = call.services.run(documents.create_document_type, command, principal=call.principal)
    return record(document_type_record(made), status=201, message="Document type created.")


ENDPOINT = Endpoint(
    "document-types",
    {"GET": Method(get, ("workers:read",)), "POST": Method(post, ("workers:write",))},
)
