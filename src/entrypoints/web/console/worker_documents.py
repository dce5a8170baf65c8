"""A worker's documents on the console: their right-to-work checks, licences and cards, each
with its status in words (valid, expiring in N days, expired) and its evidence files; a right-to-work
check added with the check the Home Office names, a licence or card with its dates; a document changed
(a follow-up check) or taken off. Each write calls the use case the API calls, as the signed-in person,
and goes back to the page saying what was done. Evidence files: ``document_evidence``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from attrs import frozen
from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.documents import CreateWorkerDocument, UpdateWorkerDocument
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.documents import MAX_EVIDENCE_BYTES, DocumentKind, DocumentStatus, RightToWorkCheck
from workforce_core.ports import Paging, WorkerFilter
from workforce_core.rules.documents import status_on
from workforce_core.rules.london import local_date
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.services import documents, reads
from workforce_core.views import DocumentView
from workforce_entrypoints.web.common.badges import TONES, Tone
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

# the Home Office's checks, as a coordinator reads them
CHECKS: dict[str, str] = {
    RightToWorkCheck.MANUAL_LIST_A: "Manual check of a List A document (permanent right to work)",
    RightToWorkCheck.MANUAL_LIST_B: "Manual check of a List B document (time-limited permission)",
    RightToWorkCheck.ONLINE_SHARE_CODE: "Online check with the worker's share code",
    RightToWorkCheck.IDSP: "Identity service provider check (British or Irish passport)",
}
# the same, short, as the list of documents shows them
CHECKS_SHORT: dict[str, str] = {
    RightToWorkCheck.MANUAL_LIST_A: "List A, by hand",
    RightToWorkCheck.MANUAL_LIST_B: "List B, by hand",
    RightToWorkCheck.ONLINE_SHARE_CODE: "online, share code",
    RightToWorkCheck.IDSP: "identity service provider",
}
# the forms' labels, for a refusal that names a field by its code
LABELS: dict[str, str] = {
    "type_id": "Type",
    "reference": "Number or share code",
    "check_method": "Check",
    "list_b_group": "List B group",
    "checked_on": "Check date",
    "checked_by": "Checked by",
    "issue_date": "Issue date",
    "expiry_date": "Expiry date",
    "follow_up_date": "Follow-up check date",
}
NAMED = re.compile(r"\b(" + "|".join(LABELS) + r")\b")
CHECK_FIELDS = ("check_method", "list_b_group", "checked_on", "checked_by", "follow_up_date")
DOCUMENT_FIELDS = ("reference", "issue_date", "expiry_date")
WHOLE = ("type_id", "list_b_group")


@frozen
class DocumentRow:
    """A document as its page lists it: the view, its status's words and the badge's tone."""

    view: DocumentView
    status: str
    words: str
    tone: str


def status_words(status: DocumentStatus, left: int | None) -> str:
    if status == DocumentStatus.EXPIRING:
        return "expires today" if left == 0 else f"expiring in {left} day{'' if left == 1 else 's'}"
    return status.value.replace("_", " ")


def row_of(visit: Visit, view: DocumentView) -> DocumentRow:
    today = local_date(visit.services.clock.now())
    status, left = status_on(view.document, today, visit.client.client.settings.document_warning_days)
    return DocumentRow(view, status.value, status_words(status, left), TONES.get(status, Tone.NEUTRAL).value)


def _worker(visit: Visit) -> int:
    return int(visit.path["worker_id"])


def documents_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    worker_id = _worker(visit)
    found = s.run(documents.worker_documents, p, worker_id)
    view = reads.one(s.run(reads.workers, p, WorkerFilter(p.client_id, Paging(limit=1), id=worker_id)))
    types = [t for t in s.run(documents.document_types, p) if t.retired_at is None]
    return visit.page(
        "worker_documents.html",
        w=view.worker,
        rows=[row_of(visit, v) for v in found],
        right_to_work_types=[t for t in types if t.kind == DocumentKind.RIGHT_TO_WORK],
        licence_types=[t for t in types if t.kind != DocumentKind.RIGHT_TO_WORK],
        checks=CHECKS,
        checks_short=CHECKS_SHORT,
        checked_by=visit.signed.user.email,
        as_of=local_date(s.clock.now()),
        max_kib=MAX_EVIDENCE_BYTES // 1024,
        may_change=may(visit.signed.actor, Power.WORKERS),
    )


def _given(visit: Visit, *names: str) -> dict[str, Any]:
    given = filled(visit, *names)
    for name in WHOLE:
        if name in given:
            given[name] = visit.number(name)
    return given


@contextmanager
def in_words() -> Iterator[None]:
    """A refusal of the form said with the form's labels (“Check date” is ...), not the fields' codes."""
    try:
        yield
    except ValidationFailed as error:
        field = error.extra.get("field")
        raise ValidationFailed(field, NAMED.sub(lambda m: f"“{LABELS[m.group(1)]}”", error.message)) from None


def _back(visit: Visit, done: Done) -> Response:
    return back_to(visit, f"/workers/{_worker(visit)}/documents", done)


def add_document(visit: Visit) -> Response:
    given = {"worker_id": _worker(visit), **_given(visit, "type_id", *DOCUMENT_FIELDS, *CHECK_FIELDS)}
    with in_words():
        command = structure(CreateWorkerDocument, given)
        visit.services.run(documents.add_document, command, principal=visit.client)
    return _back(visit, Done.DOCUMENT_ADDED)


def _document(visit: Visit) -> int:
    """The document of the path, as the caller sees it on this worker's page (else 404)."""
    document_id = int(visit.path["document_id"])
    seen = visit.services.run(documents.one_document, visit.client, document_id)
    if seen.document.worker_id != _worker(visit):
        raise NotFound("The document was not found.")
    return document_id


def change_document(visit: Visit) -> Response:
    given = {"id": _document(visit), **_given(visit, *DOCUMENT_FIELDS, *CHECK_FIELDS)}
    with in_words():
        command = structure(UpdateWorkerDocument, given)
        visit.services.run(documents.update_document, command, principal=visit.client)
    return _back(visit, Done.DOCUMENT_CHANGED)


def remove_document(visit: Visit) -> Response:
    visit.services.run(documents.remove_document, _document(visit), principal=visit.client)
    return _back(visit, Done.DOCUMENT_REMOVED)


POST = ("POST",)
DOCUMENTS = "/{client_id:int}/workers/{worker_id:int}/documents"
ROUTES: list[BaseRoute] = [
    console_route(DOCUMENTS, documents_page, opens=Page.WORKERS),
    console_route(DOCUMENTS, add_document, methods=POST),
    console_route(DOCUMENTS + "/{document_id:int}/change", change_document, methods=POST),
    console_route(DOCUMENTS + "/{document_id:int}/remove", remove_document, methods=POST),
]
