"""Evidence files of a worker's documents on the console: a PDF, JPEG or PNG sent with a
form (the use case reads its type from its bytes and caps its size; a refused file leaves nothing),
and read back through its random id, only by a person who sees the worker, as an attachment never
cached. The id is 256 random bits: no address of a file can be guessed, and knowing one is not enough."""

from __future__ import annotations

from urllib.parse import quote

from starlette.datastructures import UploadFile
from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.errors import ValidationFailed
from workforce_core.model.documents import MAX_EVIDENCE_BYTES
from workforce_core.rules.pages import Page
from workforce_core.services import evidence
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import Visit, console_route


def add_evidence(visit: Visit) -> Response:
    sent = visit.form.get("file") if visit.form is not None else None
    if not isinstance(sent, UploadFile) or not sent.filename:
        raise ValidationFailed("file", "Choose the file to keep: a PDF, JPEG or PNG.")
    content = sent.file.read(MAX_EVIDENCE_BYTES + 1)  # one byte more than allowed is enough to refuse it
    document_id = int(visit.path["document_id"])
    visit.services.run(evidence.add_evidence, document_id, content, sent.filename, principal=visit.client)
    return back_to(visit, f"/workers/{int(visit.path['worker_id'])}/documents", Done.EVIDENCE_KEPT)


def evidence_file(visit: Visit) -> Response:
    found, content = visit.services.run(evidence.evidence_content, visit.path["token"], principal=visit.client)
    name = quote(found.file_name or f"evidence-{found.document_id}", safe="")
    headers = {"Cache-Control": "no-store", "Content-Disposition": f"attachment; filename*=UTF-8''{name}"}
    return secure(Response(content, media_type=found.content_type, headers=headers))


ROUTES: list[BaseRoute] = [
    console_route(
        "/{client_id:int}/workers/{worker_id:int}/documents/{document_id:int}/evidence", add_evidence, methods=("POST",)
    ),
    console_route("/{client_id:int}/evidence/{token:str}", evidence_file, opens=Page.WORKERS),
]
