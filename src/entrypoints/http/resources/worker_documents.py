"""/worker-documents.php: a worker's documents (GET ``?worker_id=``, or one by ``?id=``), a new one
(POST), a change such as a follow-up check (PUT ``?id=``) and one taken off (DELETE ``?id=``)."""

from __future__ import annotations

from starlette.responses import Response

from workforce_adapters.json.commands import structure
from workforce_adapters.json.documents import document_record
from workforce_core.commands.documents import CreateWorkerDocument, UpdateWorkerDocument
from workforce_core.errors import InvalidParameter
from workforce_core.ports import Page
from workforce_core.services import documents
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import listing, record


def _id(call: Call, name: str = "id") -> int:
    found = call.params.identifier(name)
    if found is None:
        raise InvalidParameter(name, f"{name} is required.")
    return found


def get(call: Call) -> Response:
    s, p = call.services, call.params
    one = p.identifier("id")
    if one is not None:
        return record(document_record(s.run(documents.one_document, call.principal, one)))
    paging = p.paging()
    found = s.run(documents.worker_documents, call.principal, _id(call, "worker_id"))
    shown = found[paging.offset : paging.offset + paging.limit]
    return listing([document_record(v) for v in shown], Page(tuple(shown), len(found)), paging)


def post(call: Call) -> Response:
    command = structure(CreateWorkerDocument, call.body(), exact=True)
    view = call.services.run(documents.add_document, command, principal=call.principal)
    return record(document_record(view), status=201, message="Document recorded.")


def put(call: Call) -> Response:
    command = structure(UpdateWorkerDocument, {**call.body(), "id": _id(call)}, exact=True)
    view = call.services.run(documents.update_document, command, principal=call.principal)
    return record(document_record(view), message="Document updated.")


def delete(call: Call) -> Response:
    document_id = _id(call)
    call.services.run(documents.remove_document, document_id, principal=call.principal)
    return record({"id": document_id, "removed": True}, message="Document removed.")


ENDPOINT = Endpoint(
    "worker-documents",
    {
        "GET": Method(get, ("workers:read",)),
        "POST": Method(post, ("workers:write",)),
        "PUT": Method(put, ("workers:write",)),
        "DELETE": Method(delete, ("workers:write",)),
    },
)
