"""/document-evidence.php: a document's evidence file, sent as the request's body (POST
``?document_id=&file_name=``; its type is read from its bytes), and read back by its random id (GET
``?id=``) as an attachment, never cached."""

from __future__ import annotations

from urllib.parse import quote

from starlette.responses import Response

from workforce_adapters.json.documents import evidence_record
from workforce_core.errors import InvalidParameter
from workforce_core.services import evidence
from workforce_entrypoints.http.endpoint import Call, Endpoint, Method
from workforce_entrypoints.http.replies import record


def get(call: Call) -> Response:
    token = call.params.text("id", max_length=128)
    if token is None:
        raise InvalidParameter("id", "id is required: the evidence file's id.")
    found, content = call.services.run(evidence.evidence_content, token, principal=call.principal)
    name = quote(found.file_name or f"evidence-{found.document_id}", safe="")
    headers = {"Cache-Control": "no-store", "Content-Disposition": f"attachment; filename*=UTF-8''{name}"}
    return Response(content, media_type=found.content_type, headers=headers)


def post(call: Call) -> Response:
    document_id = call.params.identifier("document_id")
    if document_id is None:
        raise InvalidParameter("document_id", "document_id is required.")
    kept = call.services.run(
        evidence.add_evidence,
        document_id,
        call.raw_body,
        call.params.text("file_name", max_length=300),
        principal=call.principal,
    )
    return record(evidence_record(kept), status=201, message="Evidence kept.")


ENDPOINT = Endpoint(
    "document-evidence",
    {"GET": Method(get, ("workers:read",)), "POST": Method(post, ("workers:write",))},
)
